// How much of each scan's permittivity error is the bar radius that curvature cannot see (issue #13, decision
// 0081): `node --import tsx packages/gpr/bench/radius-prior-split.ts [name-filter]`. Per random gprMax scan: the
// pooled εr as the engine pools it (radius marginalised over 4–14 mm) and with each found bar's radius set to its
// true one (what a known bar size gives), each with |error| / sd; then, per bar, the χ² spread over the radii
// against the εr spread, and the latest pick's time against the back wall's. `SYNTH=1` instead runs the
// project's synthetic B-scans (createSyntheticBScan): the two scenes of dev-random-22 and -20 with and without
// their back wall, and single bars of every radius, with the coverage of the reported sd.
import {
  analyzeLineScan,
  createSyntheticBScan,
  detectLine,
  linePermittivities,
  MARGINAL_RADII_M,
  poolPermittivity,
  refitDetection,
  SPEED_OF_LIGHT_M_PER_S,
  type BarGeometry,
} from '../src/index';
import { halfOf, simScans, truePermittivity } from './sim-report';

const filter = process.argv[2] ?? 'random';
const pct = (v: number, truth: number): number => (100 * (v - truth)) / truth;
const median = (a: number[]): number => {
  const s = [...a].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

interface Row {
  half: string;
  error: number;
  z: number;
  knownError: number;
  knownZ: number;
}

function summary(label: string, rows: Row[]): void {
  const abs = (k: 'error' | 'knownError') => rows.map((r) => Math.abs(r[k]));
  const within = (k: 'z' | 'knownZ') => (100 * rows.filter((r) => Math.abs(r[k]) <= 1).length) / rows.length;
  console.log(
    `${label.padEnd(4)} ${String(rows.length).padStart(2)} scans | marginal: median ${median(abs('error')).toFixed(1)} %, ` +
      `worst ${Math.max(...abs('error')).toFixed(1)} %, within 1 sd ${within('z').toFixed(0)} % | true radius: median ` +
      `${median(abs('knownError')).toFixed(1)} %, worst ${Math.max(...abs('knownError')).toFixed(1)} %, within 1 sd ` +
      `${within('knownZ').toFixed(0)} %`,
  );
}

async function gprMax(): Promise<void> {
  const rows: Row[] = [];
  for await (const { truth, radargram } of simScans(filter)) {
    const line = detectLine(radargram);
    const eps = truePermittivity(truth);
    const bars = truth.rebars as { xM: number; coverM: number; radiusM: number }[];
    const radii = line.detections.map(
      (d) => bars.find((b) => Math.abs(b.xM - d.result.fit.x0M) < 0.01)?.radiusM,
    );
    const marginal = poolPermittivity(linePermittivities(line));
    const known = poolPermittivity(linePermittivities({ ...line, radii }));
    const row: Row = {
      half: halfOf(truth.name) ?? '-',
      error: pct(marginal.value, eps),
      z: (marginal.value - eps) / marginal.sd,
      knownError: pct(known.value, eps),
      knownZ: (known.value - eps) / known.sd,
    };
    rows.push(row);
    console.log(
      `${truth.name} ${row.half} εr ${eps.toFixed(2)} R[${radii.map((r) => (r ? r * 1000 : '-')).join(',')}] ` +
        `marginal ${marginal.value.toFixed(2)} ± ${marginal.sd.toFixed(2)} (${row.error.toFixed(1)} %, z ${row.z.toFixed(2)}) ` +
        `true R ${known.value.toFixed(2)} ± ${known.sd.toFixed(2)} (${row.knownError.toFixed(1)} %, z ${row.knownZ.toFixed(2)})`,
    );
    const { scan } = line;
    const wallDepthM = truth.backwallDepthM;
    const wallS =
      typeof wallDepthM !== 'number'
        ? undefined
        : (2 * Math.hypot(wallDepthM, scan.antennaSeparationM / 2) * Math.sqrt(eps)) / SPEED_OF_LIGHT_M_PER_S;
    for (const d of line.detections) {
      const fits = MARGINAL_RADII_M.map((r) => refitDetection(scan, d, line.offset.offsetSamples, r));
      const chi = fits.map((f) => f?.chiSquare ?? NaN);
      const epsR = fits.map((f) => f?.permittivity ?? NaN);
      const latestS =
        (Math.max(...d.result.picks.map((p) => p.sample)) + line.offset.offsetSamples - scan.timeZeroSample) *
        scan.sampleIntervalS;
      console.log(
        `  x${(d.result.fit.x0M * 1000).toFixed(0)}: ${d.result.picks.length} picks, χ² ${Math.min(...chi).toFixed(2)}–` +
          `${Math.max(...chi).toFixed(2)} over R 4–14 mm while εr ${epsR[0].toFixed(2)}–${epsR[epsR.length - 1].toFixed(2)}; ` +
          `latest pick ${(latestS * 1e9).toFixed(2)} ns` +
          (wallS === undefined ? '' : `, back wall ${(wallS * 1e9).toFixed(2)} ns`),
      );
    }
  }
  console.log('');
  summary(
    'A',
    rows.filter((r) => r.half === 'A'),
  );
  summary(
    'B',
    rows.filter((r) => r.half === 'B'),
  );
  summary('all', rows);
}

const scanOf = (
  eps: number,
  frequencyHz: number,
  bars: BarGeometry[],
  seed: number,
  stones: number,
  backWallDepthM?: number,
) =>
  createSyntheticBScan({
    traces: 127,
    traceSpacingM: 0.004,
    samplesPerTrace: 512,
    sampleIntervalS: 1.758855953812599e-11,
    centreFrequencyHz: frequencyHz,
    permittivity: eps,
    antennaSeparationM: 0.036,
    bars,
    seed,
    clutterScatterers: stones,
    ...(backWallDepthM !== undefined && { backWallDepthM }),
  });

function synthetic(): void {
  const scenes = [
    {
      name: 'dev-random-22 (2.6 GHz, εr 7.93)',
      eps: 7.93,
      frequencyHz: 2.6e9,
      wallM: 0.211,
      stones: 0,
      bars: [
        { x0M: 0.064, coverM: 0.026, radiusM: 0.014 },
        { x0M: 0.222, coverM: 0.06, radiusM: 0.006 },
        { x0M: 0.388, coverM: 0.036, radiusM: 0.014 },
      ],
    },
    {
      name: 'dev-random-20 (1.6 GHz, εr 7.31, 70 stones)',
      eps: 7.31,
      frequencyHz: 1.6e9,
      wallM: 0.239,
      stones: 70,
      bars: [{ x0M: 0.1, coverM: 0.046, radiusM: 0.004 }],
    },
  ];
  for (const s of scenes)
    for (const seed of [1, 2, 3]) {
      const read = (wall?: number) =>
        analyzeLineScan(scanOf(s.eps, s.frequencyHz, s.bars, seed, s.stones, wall)).permittivity;
      const without = read();
      const withWall = read(s.wallM);
      console.log(
        `${s.name} seed ${seed}: εr ${without.value.toFixed(3)} ± ${without.sd.toFixed(2)} (${pct(without.value, s.eps).toFixed(1)} %) ` +
          `without the back wall, ${withWall.value.toFixed(3)} with it`,
      );
    }
  // Single bars: the εr of one fit, radius marginalised, against the reported sd.
  const rows: { radiusM: number; error: number; z: number }[] = [];
  for (const radiusM of MARGINAL_RADII_M)
    for (const coverM of [0.03, 0.05, 0.08])
      for (const stones of [0, 70])
        for (const seed of [1, 2]) {
          const eps = 7;
          const result = analyzeLineScan(scanOf(eps, 2e9, [{ x0M: 0.25, coverM, radiusM }], seed, stones));
          if (result.permittivity.source !== 'estimated') continue;
          const { value, sd } = result.permittivity;
          rows.push({ radiusM, error: pct(value, eps), z: (value - eps) / sd });
        }
  console.log(
    '\nsingle bar, εr 7, 2 GHz, covers 30/50/80 mm, 0 or 70 stones, 2 seeds: εr error by true radius',
  );
  for (const radiusM of MARGINAL_RADII_M) {
    const sel = rows.filter((r) => r.radiusM === radiusM);
    console.log(
      `  R${(radiusM * 1000).toFixed(0).padStart(2)}: mean ${(sel.reduce((a, r) => a + r.error, 0) / sel.length).toFixed(1)} %, ` +
        `worst ${Math.max(...sel.map((r) => Math.abs(r.error))).toFixed(1)} %, within 1 sd ` +
        `${sel.filter((r) => Math.abs(r.z) <= 1).length}/${sel.length}, within 2 sd ${sel.filter((r) => Math.abs(r.z) <= 2).length}/${sel.length}`,
    );
  }
}

if (process.env.SYNTH) synthetic();
else await gprMax();
