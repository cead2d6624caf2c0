// Where a found bar's cover error comes from (decision 0063): per bar matched at a true bar's place, the reported
// cover error split into the part the pooled εr makes (the same picks refitted at the true εr) and what is left at
// the true εr (time reference: pooled envelope offset, picks). Columns: scan, half, GHz, bar x/cover/R, εr pool
// error %, the bar's own εr error % (marginal radius), the bar's own envelope offset − pooled offset (samples), the
// cover error as reported, at the true εr, at the true εr with the bar's own offset, mm.
// `node --import tsx packages/gpr/bench/cover-split.ts [name-filter]`
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  analyzeLineScan,
  detectLine,
  matchBars,
  readGprFileAsync,
  refitDetection,
  type TruthBar,
} from '../src/index';
import { halfOf, simHeight } from './sim-report';

const dir = path.resolve(import.meta.dirname, '../../../../shared/data/sim');
const filter = process.argv[2] ?? 'random';
const f1 = (v: number | undefined): string => (v === undefined ? '–' : v.toFixed(1));
console.log(
  'scan half GHz x_mm cover_mm R_mm dEpsPool% dEpsOwn% ownOff-pool dCover dCover@trueEps dCover@trueEps,ownOff',
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
  const eps: number = truth.epsilonR;
  if (truth.debye) continue;
  const result = analyzeLineScan(rg);
  const line = detectLine(rg);
  const bars = truth.rebars as Required<TruthBar>[];
  for (const [i, j] of matchBars(bars, result.rebars).positionMatches) {
    const t = bars[i];
    const b = result.rebars[j];
    const k = line.detections.findIndex((d) => Math.abs(d.result.fit.x0M - b.xM) < 0.005);
    if (k < 0) continue;
    const d = line.detections[k];
    const off = line.offset.offsetSamples;
    const own = refitDetection(line.scan, d, off, undefined);
    const atTrue = refitDetection(line.scan, d, off, undefined, eps);
    const atTrueOwn = refitDetection(line.scan, d, d.result.offsetSamples, undefined, eps);
    console.log(
      [
        truth.name,
        halfOf(truth.name) ?? '-',
        truth.centerFrequencyHz / 1e9,
        (t.xM * 1000).toFixed(0),
        (t.coverM * 1000).toFixed(0),
        (t.radiusM * 1000).toFixed(0),
        f1((100 * (result.permittivity.value - eps)) / eps),
        f1(own && (100 * (own.permittivity - eps)) / eps),
        (d.result.offsetSamples - off).toFixed(2),
        f1((b.coverM - t.coverM) * 1000),
        f1(atTrue && (atTrue.coverM - t.coverM) * 1000),
        f1(atTrueOwn && (atTrueOwn.coverM - t.coverM) * 1000),
      ].join(' '),
    );
  }
}
