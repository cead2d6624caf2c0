// Where the permittivity bias of issue #13 comes from (decision 0048): one row per bar the engine found at a true
// bar's place, on the random development set. `node --import tsx packages/gpr/bench/eps-bias.ts [name-filter]`.
// Columns: the scene (half, centre frequency, conductivity, true εr) and bar (radius, cover); the scan's pooled εr;
// the bar's own εr from its hyperbola's curvature with the radius marginalised (what the pool uses) and fitted
// at the true radius; the εr that its apex time gives at the true cover (tests the time reference alone: time
// zero, antenna offset, wavelet reference); the apex time's error against the true travel time, ns; the cover
// error, mm. Followed by the per-bar εr error by half and radius.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  analyzeLineScan,
  detectLine,
  matchBars,
  permittivityFromApexTime,
  readGprFileAsync,
  refitDetection,
  SPEED_OF_LIGHT_M_PER_S,
  type TruthBar,
} from '../src/index';
import { halfOf, simHeight, truePermittivity } from './sim-report';

const dir = path.resolve(import.meta.dirname, '../../../../shared/data/sim');
const filter = process.argv[2] ?? 'random';
const pct = (v: number, truth: number): number => (100 * (v - truth)) / truth;
const errors = new Map<string, { marginal: number[]; trueRadius: number[]; apex: number[] }>();

console.log(
  'scan half GHz σ εr_true εr_pool R_mm cover_mm εr_marginal εr_trueR εr_apex apex_dt_ns dcover_mm',
);
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.truth.json') && f.includes(filter))
  .sort()) {
  const truth = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const read = await readGprFileAsync({
    name: truth.file,
    bytes: new Uint8Array(readFileSync(path.join(dir, truth.file))),
  });
  const rg = { ...read.radargrams[0], ...simHeight() };
  const eps: number = truePermittivity(truth);
  const result = analyzeLineScan(rg);
  const line = detectLine(rg);
  const bars = truth.rebars as Required<TruthBar>[];
  const s = result.antennaSeparationM;
  const half = halfOf(truth.name) ?? '-';
  for (const [i, j] of matchBars(bars, result.rebars).positionMatches) {
    const t = bars[i];
    const b = result.rebars[j];
    const k = line.detections.findIndex((d) => Math.abs(d.result.fit.x0M - b.xM) < 0.005);
    if (k < 0) continue;
    const detection = line.detections[k];
    const marginal = refitDetection(line.scan, detection, line.offset.offsetSamples, undefined);
    const atTrue = refitDetection(line.scan, detection, line.offset.offsetSamples, t.radiusM);
    const apexS =
      rg.timeOffsetS + (b.hyperbola.tIdxFrac ?? b.hyperbola.tIdx) * rg.sampleIntervalS - result.timeZeroS;
    const epsApex = permittivityFromApexTime(apexS, t.coverM, s);
    const trueApexS = (2 * Math.hypot(t.coverM, s / 2) * Math.sqrt(eps)) / SPEED_OF_LIGHT_M_PER_S;
    const key = `${half} R${(t.radiusM * 1000).toFixed(0).padStart(2)}`;
    const e = errors.get(key) ?? { marginal: [], trueRadius: [], apex: [] };
    errors.set(key, e);
    if (marginal) e.marginal.push(pct(marginal.permittivity, eps));
    if (atTrue) e.trueRadius.push(pct(atTrue.permittivity, eps));
    e.apex.push(pct(epsApex, eps));
    console.log(
      [
        truth.name,
        half,
        truth.centerFrequencyHz / 1e9,
        truth.conductivitySPerM,
        eps.toFixed(2),
        result.permittivity.value.toFixed(2),
        (t.radiusM * 1000).toFixed(0),
        (t.coverM * 1000).toFixed(0),
        marginal?.permittivity.toFixed(2) ?? '–',
        atTrue?.permittivity.toFixed(2) ?? '–',
        epsApex.toFixed(2),
        ((apexS - trueApexS) * 1e9).toFixed(3),
        ((b.coverM - t.coverM) * 1000).toFixed(1),
      ].join(' '),
    );
  }
}
const mean = (v: number[]): string =>
  v.length ? (v.reduce((a, b) => a + b, 0) / v.length).toFixed(1).padStart(6) : '     –';
console.log('\nMEAN εr ERROR % BY HALF AND RADIUS   marginal  true R  apex time   bars');
for (const key of [...errors.keys()].sort()) {
  const e = errors.get(key)!;
  console.log(
    `  ${key.padEnd(32)} ${mean(e.marginal)}  ${mean(e.trueRadius)}  ${mean(e.apex)}   ${e.apex.length}`,
  );
}
