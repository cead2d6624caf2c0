// The apex time of each found bar against the truth's two-way time, split into its parts (decision 0065):
// time zero (the engine's transmit instant minus the source pulse's peak), the envelope offset (the engine's
// apex reference, tracked lobe + pooled offset, minus the data's own envelope peak at the apex trace) and the rest
// (the data's envelope peak minus the source peak minus the model's time at the truth: the bar's echo itself —
// its radius, the wavelet's shape, the medium). The model is the engine's (straight rays + surface coupling and
// scattering terms). fitApex: the label's apex time (what the cover converts) minus the straight-ray time to the
// top. All in ps; positive = late (reads deep).
// `node --import tsx packages/gpr/bench/apex-split.ts [name-filter]` (sim set), `... cylinder` (gprMax example).
import path from 'node:path';
import {
  analyzeLineScan,
  bistaticTravelTimeS,
  detectLine,
  surfaceCouplingCorrections,
  type Radargram,
} from '../src/index';
import { halfOf, readFirstRadargram, simScans, truePermittivity } from './sim-report';

interface Case {
  name: string;
  rg: Radargram;
  eps: number;
  sourcePeakS: number;
  bars: { xM: number; coverM: number; radiusM: number }[];
  ghz: number;
}

const dataDir = path.resolve(import.meta.dirname, '../../../../shared/data');
const filter = process.argv[2] ?? 'dev-';

async function cases(): Promise<Case[]> {
  if (filter === 'cylinder') {
    const f = 1.5e9;
    return [
      {
        name: 'gprMax-cylinder',
        rg: await readFirstRadargram(
          path.join(dataDir, 'real/gprmax-cylinder-synthetic/cylinder_Bscan_2D_all.out'),
          {
            traceSpacingM: 0.002,
            antennaSeparationM: 0.04,
            antennaHeightM: 0,
          },
        ),
        eps: 6,
        sourcePeakS: Math.SQRT2 / f,
        bars: [{ xM: 0.08, coverM: 0.08, radiusM: 0.01 }],
        ghz: 1.5,
      },
    ];
  }
  const out: Case[] = [];
  for await (const { truth, radargram } of simScans(filter)) {
    const eps: number = truePermittivity(truth);
    out.push({
      name: truth.name,
      rg: radargram,
      eps,
      sourcePeakS: truth.dzt.sourceDelayNs * 1e-9,
      bars: truth.rebars,
      ghz: truth.centerFrequencyHz / 1e9,
    });
  }
  return out;
}

const ps = (s: number): string => (s * 1e12).toFixed(0).padStart(5);
console.log('scan             half GHz  εr   R  cover |  total   t0  offset  echo | fitApex | mm per 10 ps');
for (const c of await cases()) {
  const result = analyzeLineScan(c.rg);
  // The analysis' own time zero (with a stated antenna height it is the second pass's, at the pooled εr: 0070).
  const line = detectLine(c.rg, { timeZeroS: result.timeZeroS });
  const { scan, offset } = line;
  const dt = scan.sampleIntervalS;
  const s = scan.antennaSeparationM;
  const t0File = c.rg.timeOffsetS + scan.timeZeroSample * dt;
  const t0err = t0File - c.sourcePeakS; // > 0: the engine's zero is late, every time reads short
  const n = scan.samplesPerTrace;
  for (const t of c.bars) {
    const d = line.detections.find((d) => Math.abs(d.result.fit.x0M - t.xM) < 0.01);
    if (!d) continue;
    const bar = { x0M: t.xM, coverM: t.coverM, radiusM: t.radiusM };
    // The pick nearest the true apex.
    const pick = d.result.picks.reduce((a, p) =>
      Math.abs(p.traceIndex * scan.traceSpacingM - t.xM) < Math.abs(a.traceIndex * scan.traceSpacingM - t.xM)
        ? p
        : a,
    );
    const x = pick.traceIndex * scan.traceSpacingM;
    const corr = scan.surfaceCoupling
      ? surfaceCouplingCorrections(Float64Array.of(x), bar, c.eps, s, scan.surfaceCoupling)[0]
      : 0;
    const modelS = bistaticTravelTimeS(x, bar, c.eps, s) + corr;
    const engineSample = pick.sample + offset.offsetSamples;
    const engineS = (engineSample - scan.timeZeroSample) * dt;
    // The data's own envelope peak: the local maximum of the envelope nearest the engine's reference (± a period).
    const env = scan.envelope.subarray(pick.traceIndex * n, pick.traceIndex * n + n);
    const half = Math.round(scan.periodSamples);
    let best = -1;
    for (
      let i = Math.max(1, Math.round(engineSample) - half);
      i < Math.min(n - 1, Math.round(engineSample) + half);
      i++
    ) {
      if (
        env[i] >= env[i - 1] &&
        env[i] > env[i + 1] &&
        (best < 0 || Math.abs(i - engineSample) < Math.abs(best - engineSample))
      )
        best = i;
    }
    if (best < 0) continue;
    const a = env[best - 1];
    const b = env[best];
    const cc = env[best + 1];
    const envSample = best + (0.5 * (a - cc)) / (a - 2 * b + cc);
    const offsetErr = (engineSample - envSample) * dt;
    const echo = c.rg.timeOffsetS + envSample * dt - c.sourcePeakS - modelS;
    const total = engineS - modelS;
    // The fitted apex (what the cover comes from) and the pick's own envelope offset.
    const found = result.rebars.find((r) => Math.abs(r.xM - t.xM) < 0.01);
    const fitApexS = found
      ? c.rg.timeOffsetS + (found.hyperbola.tIdxFrac ?? found.hyperbola.tIdx) * dt - result.timeZeroS
      : NaN;
    // Against the straight-ray time to the top (the label's apex and the cover convert with straight rays).
    const fitModel = bistaticTravelTimeS(t.xM, bar, c.eps, s);
    const mmPer10ps = ((0.3 / Math.sqrt(c.eps)) * 10e-12 * 1e9) / 2; // m·1e3 per 10 ps two-way
    console.log(
      `${c.name.padEnd(16)} ${(halfOf(c.name) ?? '-').padEnd(4)} ${c.ghz.toFixed(1)} ${c.eps.toFixed(2)} ${(t.radiusM * 1000).toFixed(0).padStart(2)} ${(t.coverM * 1000).toFixed(0).padStart(5)} | ${ps(total)} ${ps(-t0err)} ${ps(offsetErr)} ${ps(echo)} | ${ps(fitApexS - fitModel)} | ${(mmPer10ps * 1000).toFixed(2)}`,
    );
  }
}
