// Issue #13, decision 0073: how the envelope offset depends on which bars were found. For each simulated scene
// and time zero moved by −3, 0, +3 ps: the pooled offset(s) (poolEnvelopeOffset; one per tracked-lobe group),
// each found bar's own offset, the offset applied to it (offsetFor) and its truth-implied offset: the offset that
// puts its apex pick at the model's two-way time to the true bar with time zero at the source peak (what the
// offset should be were time zero exact; it includes the bar's own echo shape). Also the spread of the main pool
// over the subsets that drop one bar. Samples (≈ 20–25 ps on the sims); positive = envelope peak after the lobe.
// `node --import tsx packages/gpr/bench/offset-pool.ts [name-filter]`
import { analyzeLineScan, bistaticTravelTimeS, detectLine, surfaceCouplingCorrections } from '../src/index';
import { offsetFor, poolEnvelopeOffset } from '../src/rebar/bar-fits';
import { halfOf, simScans, truePermittivity } from './sim-report';

const filter = process.argv[2] ?? 'dev-';
const f = (v: number, d = 1): string => (Number.isFinite(v) ? v.toFixed(d) : '–').padStart(6);
const SHIFTS_PS = [-3, 0, 3];

interface Row {
  half: string;
  main: number[];
  errors: number[][];
  errorsOld: number[][];
  mainOld: number[];
  loo: number;
  looOld: number;
}
const rows: Row[] = [];
console.log('scene              half shift | pools | bars: x/true cover own → used (truth-implied)');
for await (const { truth, radargram: rg } of simScans(filter)) {
  const eps = truePermittivity(truth);
  const t0 = analyzeLineScan(rg).timeZeroS;
  const half = halfOf(truth.name) ?? 'four';
  const row: Row = { half, main: [], errors: [], errorsOld: [], mainOld: [], loo: 0, looOld: 0 };
  for (const shift of SHIFTS_PS) {
    const line = detectLine(rg, { timeZeroS: t0 + shift * 1e-12 });
    const { scan, detections, offset } = line;
    const dt = scan.sampleIntervalS;
    const sourceSample = (truth.dzt.sourceDelayNs * 1e-9 - rg.timeOffsetS) / dt;
    const errors: number[] = [];
    const errorsOld: number[] = [];
    // The old definition: one stack of every detection's wavelet, applied to all.
    const old = poolEnvelopeOffset(detections).offsetSamples;
    const bars = detections.map((d) => {
      const used = offsetFor(offset, d).offsetSamples;
      const t = (truth.rebars as { xM: number; coverM: number; radiusM: number }[]).find(
        (b) => Math.abs(b.xM - d.result.fit.x0M) < 0.01,
      );
      let implied = NaN;
      if (t) {
        const pick = d.result.picks.reduce((a, p) =>
          Math.abs(p.traceIndex * scan.traceSpacingM - t.xM) <
          Math.abs(a.traceIndex * scan.traceSpacingM - t.xM)
            ? p
            : a,
        );
        const x = pick.traceIndex * scan.traceSpacingM;
        const bar = { x0M: t.xM, coverM: t.coverM, radiusM: t.radiusM };
        const s = scan.antennaSeparationM;
        const corr = scan.surfaceCoupling
          ? surfaceCouplingCorrections(Float64Array.of(x), bar, eps, s, scan.surfaceCoupling)[0]
          : 0;
        implied = sourceSample + (bistaticTravelTimeS(x, bar, eps, s) + corr) / dt - pick.sample;
        errors.push(used - implied);
        errorsOld.push(old - implied);
      }
      const where = `${(d.result.fit.x0M * 1e3).toFixed(0)}/${t ? (t.coverM * 1e3).toFixed(0) : 'F'}`;
      return `${where} ${d.result.offsetSamples.toFixed(1)}→${used.toFixed(1)} (${f(implied).trim()})`;
    });
    row.main.push(offset.offsetSamples);
    row.errors.push(errors);
    row.errorsOld.push(errorsOld);
    row.mainOld.push(old);
    if (shift === 0 && detections.length > 1) {
      const loo = detections.map(
        (_, i) =>
          poolEnvelopeOffset(
            detections.filter((_, j) => j !== i),
            scan.periodSamples,
          ).offsetSamples,
      );
      row.loo = Math.max(...loo) - Math.min(...loo);
      const looOld = detections.map(
        (_, i) => poolEnvelopeOffset(detections.filter((_, j) => j !== i)).offsetSamples,
      );
      row.looOld = Math.max(...looOld) - Math.min(...looOld);
    }
    const pools =
      `old ${old.toFixed(2)}, new ` +
      [offset, ...(offset.otherLobes ?? [])].map((p) => p.offsetSamples.toFixed(2)).join(' & ');
    console.log(
      `${truth.name.padEnd(18)} ${half.padEnd(4)} ${String(shift).padStart(3)}   | ${pools} | ${bars.join('; ')}`,
    );
  }
  rows.push(row);
}
const mean = (v: number[]): number => v.reduce((sum, x) => sum + x, 0) / Math.max(1, v.length);
const spreadOf = (v: number[]): number => Math.max(...v) - Math.min(...v);
console.log(
  '\nold → new: one stack of all wavelets → pooled per tracked lobe (offsetFor)\n' +
    'set   scenes | mean |applied − implied| at −3 / 0 / +3 ps | main pool spread over ±3 ps mean / max | leave-one-out spread mean / max',
);
for (const h of ['A', 'B', 'four']) {
  const r = rows.filter((x) => x.half === h);
  const err = (k: number, old: boolean) =>
    mean(r.flatMap((x) => (old ? x.errorsOld : x.errors)[k].map(Math.abs))).toFixed(2);
  const sp = r.map((x) => spreadOf(x.main));
  const spOld = r.map((x) => spreadOf(x.mainOld));
  console.log(
    `${h.padEnd(5)} ${String(r.length).padStart(4)}   | ${SHIFTS_PS.map((_, k) => `${err(k, true)}→${err(k, false)}`).join(' / ')} | ${mean(spOld).toFixed(2)}→${mean(sp).toFixed(2)} / ${Math.max(...spOld).toFixed(2)}→${Math.max(...sp).toFixed(2)} | ${mean(r.map((x) => x.looOld)).toFixed(2)}→${mean(r.map((x) => x.loo)).toFixed(2)} / ${Math.max(...r.map((x) => x.looOld)).toFixed(2)}→${Math.max(...r.map((x) => x.loo)).toFixed(2)}`,
  );
}
