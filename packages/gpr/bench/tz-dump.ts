// Dumps, per simulated scan, the direct wave's lobe and the frequencies the engine reads, against the truth.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { prepareScan, readGprFileAsync, SPEED_OF_LIGHT_M_PER_S } from '../src/index';
import { truePermittivity } from './sim-report';

const dir = path.resolve(import.meta.dirname, '../../../../shared/data/sim');
const rows = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith('.truth.json')).sort()) {
  const truth = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const r = await readGprFileAsync({ name: truth.file, bytes: new Uint8Array(readFileSync(path.join(dir, truth.file))) });
  const rg = r.radargrams[0];
  const scan = prepareScan(rg);
  const lobeS = rg.timeOffsetS + scan.directWave.mainLobeSample * rg.sampleIntervalS;
  rows.push({
    name: truth.name,
    f0: truth.centerFrequencyHz,
    eps: truePermittivity(truth),
    sourcePeakS: truth.dzt.sourceDelayNs * 1e-9,
    lobeDelayS: lobeS - truth.dzt.sourceDelayNs * 1e-9 - scan.antennaSeparationM / SPEED_OF_LIGHT_M_PER_S,
    sep: scan.antennaSeparationM,
    directHz: scan.directWave.dominantFrequencyHz,
    reflHz: scan.surfaceCoupling?.frequencyHz,
    polarity: scan.directWave.polarity,
  });
}
console.log(JSON.stringify(rows));
