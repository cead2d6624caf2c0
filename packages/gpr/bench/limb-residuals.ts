// Picks minus the engine's model at the truth (x, cover, radius, εr), per bar of one simulation, by distance from
// the apex (decision 0063): where limbs lean early or late. `node --import tsx packages/gpr/bench/limb-residuals.ts dev-random-17`
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  bistaticTravelTimeS,
  detectLine,
  readGprFileAsync,
  surfaceCouplingCorrections,
  type TruthBar,
} from '../src/index';
import { simHeight } from './sim-report';

const dir = path.resolve(import.meta.dirname, '../../../../shared/data/sim');
const name = process.argv[2] ?? 'dev-random-17';
const truth = JSON.parse(readFileSync(path.join(dir, `${name}.truth.json`), 'utf8'));
const read = await readGprFileAsync({
  name: truth.file,
  bytes: new Uint8Array(readFileSync(path.join(dir, truth.file))),
});
const line = detectLine({ ...read.radargrams[0], ...simHeight() });
const { scan, offset } = line;
const eps = truth.epsilonR as number;
const s = scan.antennaSeparationM;
const dt = scan.sampleIntervalS;
console.log(
  `${name}: period ${(scan.periodSamples * dt * 1e12).toFixed(0)} ps, pooled offset ${offset.offsetSamples.toFixed(2)}`,
);
for (const t of truth.rebars as Required<TruthBar>[]) {
  const d = line.detections.find((d) => Math.abs(d.result.fit.x0M - t.xM) < 0.01);
  if (!d) {
    console.log(`x${t.xM * 1000}: not found`);
    continue;
  }
  const bar = { x0M: t.xM, coverM: t.coverM, radiusM: t.radiusM };
  const xs = Float64Array.from(d.result.picks, (p) => p.traceIndex * scan.traceSpacingM);
  const corr = scan.surfaceCoupling
    ? surfaceCouplingCorrections(xs, bar, eps, s, scan.surfaceCoupling)
    : new Float64Array(xs.length);
  const rows = d.result.picks.map((p, k) => {
    const model = bistaticTravelTimeS(xs[k], bar, eps, s) + corr[k];
    const pick = (p.sample + offset.offsetSamples - scan.timeZeroSample) * dt;
    return [Math.round((xs[k] - t.xM) * 1000), Math.round((pick - model) * 1e12)];
  });
  console.log(
    `x${(t.xM * 1000).toFixed(0)} c${(t.coverM * 1000).toFixed(0)} R${(t.radiusM * 1000).toFixed(0)}: ` +
      rows.map(([a, b]) => `${a}:${b}`).join(' '),
  );
}
