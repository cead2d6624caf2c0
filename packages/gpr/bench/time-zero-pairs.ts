// Decision 0070: the direct-wave lobe model of time zero on the simulated set, paired. For each scene: time zero
// against the source peak (old rule: lobe − s/c; new: minus the modelled lobe delay at the antennas' stated 4 mm),
// and the cover error of the bars found by both runs (|Δx| ≤ 10 mm to a true bar), so the time-zero effect is seen
// apart from which bars detection happens to keep.
// `node --import tsx packages/gpr/bench/time-zero-pairs.ts`
import { analyzeLineScan, type LineScanAnalysis } from '../src/index';
import { halfOf, SIM_ANTENNA_HEIGHT_M, simScans } from './sim-report';

const ps = (s: number): string => (s * 1e12).toFixed(1).padStart(6);
const mm = (m: number): string => (m * 1e3).toFixed(2).padStart(6);
const groups = new Map<string, { old: number[]; now: number[]; t0old: number[]; t0new: number[] }>();
const group = (k: string) => {
  if (!groups.has(k)) groups.set(k, { old: [], now: [], t0old: [], t0new: [] });
  return groups.get(k)!;
};
console.log(
  'scene              half  GHz   εr   | t0 − peak old   new | εr old  new | common bars: cover error old → new (mm)',
);
// Read as a user's file arrives (no antenna height), and again with the simulations' 4 mm stated.
for await (const { truth, radargram: rg } of simScans('', {})) {
  const peak = truth.dzt.sourceDelayNs * 1e-9;
  const old: LineScanAnalysis = analyzeLineScan(rg);
  const now: LineScanAnalysis = analyzeLineScan({ ...rg, antennaHeightM: SIM_ANTENNA_HEIGHT_M });
  const half = halfOf(truth.name) ?? 'four';
  const g = group(half);
  g.t0old.push(old.timeZeroS - peak);
  g.t0new.push(now.timeZeroS - peak);
  const pairs: string[] = [];
  for (const bar of truth.rebars as { xM: number; coverM: number }[]) {
    const near = (res: LineScanAnalysis) =>
      res.rebars.find((b) => Math.abs(b.xM - bar.xM) <= 0.01 && Math.abs(b.coverM - bar.coverM) <= 0.005);
    const a = near(old);
    const b = near(now);
    if (!a || !b) continue;
    g.old.push(a.coverM - bar.coverM);
    g.now.push(b.coverM - bar.coverM);
    pairs.push(`${mm(a.coverM - bar.coverM)} →${mm(b.coverM - bar.coverM)}`);
  }
  console.log(
    `${truth.name.padEnd(18)} ${half.padEnd(4)} ${(truth.centerFrequencyHz / 1e9).toFixed(1)}  ${Number(truth.epsilonR).toFixed(2)} |` +
      ` ${ps(old.timeZeroS - peak)} ${ps(now.timeZeroS - peak)} | ${old.permittivity.value.toFixed(2)} ${now.permittivity.value.toFixed(2)} | ${pairs.join('; ')}`,
  );
}
const mean = (v: number[]): number => v.reduce((s, x) => s + x, 0) / Math.max(1, v.length);
const mae = (v: number[]): number => mean(v.map(Math.abs));
console.log(
  '\ngroup  scenes  t0 − peak mean old / new (ps)  |t0 − peak| mean old / new  | common bars  bias old / new (mm)  MAE old / new',
);
for (const [k, g] of groups) {
  console.log(
    `${k.padEnd(6)} ${String(g.t0old.length).padStart(4)}   ${ps(mean(g.t0old))} / ${ps(mean(g.t0new))}            ${ps(mae(g.t0old))} / ${ps(mae(g.t0new))}      ${String(g.old.length).padStart(4)}   ${mm(mean(g.old))} / ${mm(mean(g.now))}   ${mm(mae(g.old))} / ${mm(mae(g.now))}`,
  );
}
