// Every missed and every false bar of the simulations, with its scene (truth file) and the stage that lost it
// (issue #13): `node --import tsx packages/gpr/bench/sim-misses.ts [name-filter]`. For each missed bar: the
// nearest reported bar (found at the right place but with the cover > 5 mm off, or not reported), the nearest
// detection of a search without the confidence and strength thresholds (filtered there, with its confidence and
// strength), and the best stack peak within 10 mm (never a candidate).
import {
  analyzeLineScan,
  computeDiffractionStack,
  directWaveAmplitude,
  findHyperbolas,
  findStackPeaks,
  matchBars,
  prepareScan,
  reflectionStrength,
  type TruthBar,
} from '../src/index';
import { halfOf, simScans } from './sim-report';

const filter = process.argv[2] ?? '';
const mm = (v: number): string => (v * 1000).toFixed(1);

const counts = new Map<string, number>();
const count = (k: string): void => void counts.set(k, (counts.get(k) ?? 0) + 1);

for await (const { truth, radargram: rg } of simScans(filter)) {
  const result = analyzeLineScan(rg);
  const found = result.rebars;
  const m = matchBars(truth.rebars, found);
  const matchedT = new Set(m.matches.map(([i]) => i));
  const matchedF = new Set(m.matches.map(([, j]) => j));
  if (matchedT.size === truth.rebars.length && matchedF.size === found.length) continue;
  const half = halfOf(truth.name) ?? '-';
  console.log(
    `\n${truth.name} [${half}] εr ${truth.epsilonR} ${(truth.centerFrequencyHz / 1e9).toFixed(1)} GHz agg ${truth.aggregate ?? 0}` +
      ` wall ${truth.backwallDepthM ?? '-'} snr ${truth.dzt?.snrDb ?? '-'} εr est ${result.permittivity.value.toFixed(2)}`,
  );
  console.log(
    '  truth: ' +
      truth.rebars.map((b) => `x${mm(b.xM)}/c${mm(b.coverM ?? 0)}/r${mm(b.radiusM ?? 0)}`).join('  '),
  );
  console.log(
    '  found: ' + found.map((b) => `x${mm(b.xM)}/c${mm(b.coverM)}/conf${b.confidence.toFixed(2)}`).join('  '),
  );
  const scan = prepareScan(rg);
  const loose = findHyperbolas(scan, { minConfidence: 0, minReflectionStrength: 0 });
  const direct = directWaveAmplitude(scan);
  const stack = computeDiffractionStack(loose.scan, { radiusM: 0.006 });
  const peaks = findStackPeaks(stack, {
    minScore: 0,
    minSeparationM: 0.02,
    minSeparationSamples: scan.periodSamples / 2,
    traceSpacingM: scan.traceSpacingM,
    maxPeaks: 400,
  });
  truth.rebars.forEach((t, i) => {
    if (matchedT.has(i)) return;
    const others = truth.rebars.filter((_, k) => k !== i);
    const spacing = Math.min(Infinity, ...others.map((o) => Math.abs(o.xM - t.xM)));
    const neighbour = others.reduce<TruthBar | undefined>(
      (b, o) => (b === undefined || Math.abs(o.xM - t.xM) < Math.abs(b.xM - t.xM) ? o : b),
      undefined,
    );
    const tol = Math.min(0.01, spacing / 4);
    const near = found
      .map((f) => ({ f, dx: f.xM - t.xM }))
      .sort((a, b) => Math.abs(a.dx) - Math.abs(b.dx))[0];
    const det = loose.detections
      .map((d) => ({ d, dx: d.result.fit.x0M - t.xM }))
      .sort((a, b) => Math.abs(a.dx) - Math.abs(b.dx))[0];
    const peak = peaks
      .filter((p) => Math.abs(p.xIdx * scan.traceSpacingM - t.xM) <= 0.01)
      .sort((a, b) => b.score - a.score)[0];
    let stage: string;
    if (near && Math.abs(near.dx) <= tol) stage = 'cover-off';
    else if (det && Math.abs(det.dx) <= tol) stage = 'thresholds/finish';
    else if (det && Math.abs(det.dx) <= 0.02) stage = 'x-off';
    else if (peak) stage = 'no-detection (peak)';
    else stage = 'no-peak';
    count(stage);
    console.log(
      `  MISS x${mm(t.xM)} c${mm(t.coverM ?? 0)} r${mm(t.radiusM ?? 0)} spacing ${mm(spacing)} neighbour r${mm(neighbour?.radiusM ?? 0)} c${mm(neighbour?.coverM ?? 0)}` +
        ` → ${stage}` +
        (near ? ` | nearest bar dx ${mm(near.dx)} dc ${mm(near.f.coverM - (t.coverM ?? 0))}` : '') +
        (det
          ? ` | loose det dx ${mm(det.dx)} c${mm(det.d.result.fit.coverM)} ε${det.d.result.fit.permittivity.toFixed(1)} conf ${det.d.confidence.toFixed(2)} str ${reflectionStrength(loose.scan, det.d, direct).toFixed(2)}`
          : '') +
        (peak ? ` | peak score ${peak.score.toFixed(1)} t${peak.tIdx} ε${peak.permittivity.toFixed(1)}` : ''),
    );
  });
  found.forEach((f, j) => {
    if (matchedF.has(j)) return;
    count('false');
    const t = truth.rebars
      .map((b) => ({ b, dx: f.xM - b.xM }))
      .sort((a, b) => Math.abs(a.dx) - Math.abs(b.dx))[0];
    console.log(
      `  FALSE x${mm(f.xM)} c${mm(f.coverM)} conf ${f.confidence.toFixed(2)}` +
        (t ? ` | nearest truth dx ${mm(t.dx)} dc ${mm(f.coverM - (t.b.coverM ?? 0))}` : ''),
    );
  });
}
console.log('\nCOUNTS', Object.fromEntries(counts));
