// Stage-by-stage trace of one simulation's bars through the first detection pass (issue #13):
// `node --import tsx packages/gpr/bench/sim-trace.ts dev-random-09 [xMm ...]`. For each truth bar (or each given
// x): the stack peaks within 15 mm, the screening fit each seeds (position, cover, εr, picks per limb, misfit) and
// why it fails `isPlausibleFit`, then which bars survive merging, echo and limb-crossing removal.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  computeDiffractionStack,
  coupledPrediction,
  modelReflections,
  subtractReflections,
  DETECTION_RADIUS_M,
  findHyperbolas,
  findStackPeaks,
  fitCandidate,
  isPlausibleFit,
  mergeDuplicates,
  prepareScan,
  readGprFileAsync,
  reflectionPolarity,
  analyzeLineScan,
  removeEchoes,
  removeLimbCrossings,
  type FittedCandidate,
  type PreparedScan,
  type TruthBar,
} from '../src/index';
import { simHeight } from './sim-report';

const dir = path.resolve(import.meta.dirname, '../../../../shared/data/sim');
const name = process.argv[2] ?? 'dev-random-09';
const mm = (v: number): string => (v * 1000).toFixed(1);
const truth = JSON.parse(readFileSync(path.join(dir, `${name}.truth.json`), 'utf8')) as {
  file: string;
  rebars: TruthBar[];
};
const read = await readGprFileAsync({
  name: truth.file,
  bytes: new Uint8Array(readFileSync(path.join(dir, truth.file))),
});
// BENCH_T0_SHIFT_PS moves time zero from the analysis' own by that many ps (decision 0070's fragility test).
const shiftS = Number(process.env.BENCH_T0_SHIFT_PS ?? 0) * 1e-12;
const rg = { ...read.radargrams[0], ...simHeight() };
const scan = prepareScan(rg, shiftS !== 0 ? { timeZeroS: analyzeLineScan(rg).timeZeroS + shiftS } : {});
const xs = process.argv.slice(3).map((v) => Number(v) / 1000);
const targets = xs.length > 0 ? xs : truth.rebars.map((b) => b.xM);
const radiusM = DETECTION_RADIUS_M;
console.log(
  `${name}: period ${scan.periodSamples.toFixed(1)} samples, t0 ${scan.timeZeroSample.toFixed(1)}, first usable ${scan.firstUsableSample}, dx ${mm(scan.traceSpacingM)} mm`,
);
console.log(
  'truth: ' + truth.rebars.map((b) => `x${mm(b.xM)}/c${mm(b.coverM ?? 0)}/r${mm(b.radiusM ?? 0)}`).join('  '),
);

function why(s: PreparedScan, c: FittedCandidate): string {
  const { fit, picks, leftCount, rightCount } = c.result;
  const out: string[] = [];
  if (picks.length < 6) out.push('picks<6');
  if (Math.min(leftCount, rightCount) < (s.traceSpacingM > 0.005 ? 1 : 2)) out.push('one-limb');
  if (fit.rmsSamples > 0.12 * s.periodSamples)
    out.push(`rms ${(fit.rmsSamples / s.periodSamples).toFixed(2)}P`);
  if (fit.permittivity < 3 || fit.permittivity > 25) out.push('eps');
  if (!(fit.coverSdM < 0.02)) out.push(`coverSd ${mm(fit.coverSdM)}`);
  const first = picks[0]?.traceIndex ?? 0;
  const last = picks[picks.length - 1]?.traceIndex ?? 0;
  const apex = fit.x0M / s.traceSpacingM;
  if (apex < first - 1 || apex > last + 1) out.push('apex-outside');
  return out.join(',') || '?';
}

const stack = computeDiffractionStack(scan, { radiusM });
const peaks = findStackPeaks(stack, {
  minScore: 0,
  minSeparationM: 0.02,
  minSeparationSamples: scan.periodSamples / 2,
  traceSpacingM: scan.traceSpacingM,
  maxPeaks: 1000,
});
const used = peaks
  .filter((p) => p.score >= 3)
  .slice(0, Math.max(40, Math.ceil((scan.traces * scan.traceSpacingM) / 0.015)));
const polarity = reflectionPolarity(scan, used.slice(0, 8));
const describe = (c: FittedCandidate): string => {
  const f = c.result.fit;
  return `x${mm(f.x0M)} c${mm(f.coverM)} ε${f.permittivity.toFixed(2)} picks ${c.result.picks.length} (${c.result.leftCount}/${c.result.rightCount}) rms ${(f.rmsSamples / scan.periodSamples).toFixed(3)}P amp ${c.result.apex.amplitude.toExponential(2)}`;
};
for (const x of targets) {
  const t = truth.rebars.find((b) => Math.abs(b.xM - x) < 0.002);
  console.log(`\n== x${mm(x)}${t ? ` c${mm(t.coverM ?? 0)} r${mm(t.radiusM ?? 0)}` : ''}`);
  const near = peaks.filter((p) => Math.abs(p.xIdx * scan.traceSpacingM - x) <= 0.015).slice(0, 6);
  for (const p of near) {
    const result = fitCandidate(scan, p.xIdx, p.tIdx, {
      permittivity: p.permittivity,
      radiusM,
      polarity,
      isOffsetAtNearestPeak: true,
    });
    const c = result ? { score: p.score, result, radiusM } : undefined;
    const ok = c ? isPlausibleFit(scan, c) : false;
    console.log(
      `  peak x${mm(p.xIdx * scan.traceSpacingM)} t${p.tIdx} score ${p.score.toFixed(2)} ε${p.permittivity}${p.score >= 3 ? '' : ' (below 3)'} → ` +
        (c ? `${describe(c)} ${ok ? 'PLAUSIBLE' : 'rejected: ' + why(scan, c)}` : 'no fit'),
    );
  }
}
// The first pass, as findHyperbolas runs it.
const fitted: FittedCandidate[] = [];
for (const p of used) {
  const result = fitCandidate(scan, p.xIdx, p.tIdx, {
    permittivity: p.permittivity,
    radiusM,
    polarity,
    isOffsetAtNearestPeak: true,
  });
  if (!result) continue;
  const c = { score: p.score, result, radiusM };
  if (isPlausibleFit(scan, c)) fitted.push(c);
}
const merged = mergeDuplicates(fitted, scan);
const echoes = removeEchoes(scan, merged);
const crossings = removeLimbCrossings(scan, echoes);
const list = (label: string, cs: FittedCandidate[]): void =>
  console.log(
    `\n${label} (${cs.length}):\n` +
      cs.map((c) => '  ' + describe(c) + ` score ${c.score.toFixed(1)}`).join('\n'),
  );
list('first pass, merged', merged);
const gone = (a: FittedCandidate[], b: FittedCandidate[]): FittedCandidate[] =>
  a.filter((c) => !b.includes(c));
list('removed as echoes', gone(merged, echoes));
list('removed as limb crossings', gone(echoes, crossings));
// The first residual round: the survivors' modelled reflections subtracted, stacked and screened again.
if (crossings.length > 0) {
  const modelled = modelReflections(
    scan,
    crossings.map((b) => ({ predict: coupledPrediction(scan, b), wavelet: b.result.wavelet })),
  );
  const residual = subtractReflections(modelled.scan, modelled.models);
  const rstack = computeDiffractionStack(residual, { radiusM });
  const rpeaks = findStackPeaks(rstack, {
    minScore: 0,
    minSeparationM: 0.02,
    minSeparationSamples: scan.periodSamples / 2,
    traceSpacingM: scan.traceSpacingM,
    maxPeaks: 1000,
  });
  console.log('\nresidual round 1:');
  for (const x of targets) {
    const near = rpeaks.filter((p) => Math.abs(p.xIdx * scan.traceSpacingM - x) <= 0.015).slice(0, 4);
    console.log(`== x${mm(x)}`);
    for (const p of near) {
      const result = fitCandidate(residual, p.xIdx, p.tIdx, {
        permittivity: p.permittivity,
        radiusM,
        polarity,
        isOffsetAtNearestPeak: true,
      });
      const c = result ? { score: p.score, result, radiusM } : undefined;
      const ok = c ? isPlausibleFit(residual, c) : false;
      console.log(
        `  peak x${mm(p.xIdx * scan.traceSpacingM)} t${p.tIdx} score ${p.score.toFixed(2)} ε${p.permittivity}${p.score >= 3 ? '' : ' (below 3)'} → ` +
          (c ? `${describe(c)} ${ok ? 'PLAUSIBLE' : 'rejected: ' + why(residual, c)}` : 'no fit'),
      );
    }
  }
}
const loose = findHyperbolas(scan, { minConfidence: 0, minReflectionStrength: 0 });
list('findHyperbolas (no thresholds)', loose.detections);
