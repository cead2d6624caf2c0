// Decision 0080: how much of the low pooled εr of the random development set comes from fits whose curvature a
// neighbour cuts short (decision 0078), and how much is there on isolated bars too.
// `node --import tsx packages/gpr/bench/eps-aperture.ts [name-filter]`. One row per detection of the line (as
// `linePermittivities` sees it): its εr (radius marginalised, as pooled; and at the true radius) against the
// scene's, its picks per limb and limb length (mm), the smallest gap at its limb edges to a neighbour's predicted
// lobe (periods), its weight in the pool. Then the mean and pool-weighted εr error by class, and per scan the
// cover bias that the pooled εr alone explains, with the pool as is and pooled from the isolated fits only.
import {
  analyzeLineScan,
  detectLine,
  linePermittivities,
  matchBars,
  offsetFor,
  poolPermittivity,
  predictedSample,
  refitDetection,
  type TruthBar,
} from '../src/index';
import { halfOf, simScans, truePermittivity } from './sim-report';

const filter = process.argv[2] ?? 'random';
const pct = (v: number, truth: number): number => (100 * (v - truth)) / truth;

interface Row {
  half: string;
  err: number;
  errTrueR: number;
  weight: number;
  minLimb: number;
  /** The shorter limb's length, mm. */
  minLimbMm: number;
  gap: number;
  oneSided: boolean;
  radiusMm: number;
  coverMm: number;
  ghz: number;
  sigma: number;
  /** εr change at the true radius for the envelope offset one sample later, %. */
  perSample: number;
  /** εr change at the true radius with the Tx–Rx separation 4 mm shorter, %. */
  perSeparation: number;
  /** The bar's own envelope offset minus the pooled one, samples. */
  ownOffset: number;
  /** εr error at the true radius with the bar's own envelope offset, %. */
  errOwnOffset: number;
}
const rows: Row[] = [];
const scans: {
  name: string;
  half: string;
  engine: number;
  isolated: number;
  trueRadius: number;
  dCoverEps: number[];
  dCoverIsolated: number[];
  dCoverTrueRadius: number[];
}[] = [];

/** Cover at another εr for the same apex time (bistatic, straight rays). */
const coverAt = (coverM: number, eps: number, epsNew: number, s: number): number => {
  const oneWay = Math.hypot(coverM, s / 2) * Math.sqrt(eps / epsNew);
  return Math.sqrt(Math.max(0, oneWay * oneWay - (s * s) / 4));
};

console.log(
  'scan half εr_true x_mm R_mm cover_mm picksL picksR limbL_mm limbR_mm edgeGap_per oneSided εr_marg err% εr_trueR errR% poolW',
);
for await (const { truth, radargram: rg } of simScans(filter)) {
  const eps: number = truePermittivity(truth);
  const half = halfOf(truth.name) ?? '-';
  const bars = truth.rebars as Required<TruthBar>[];
  const line = detectLine(rg);
  const { scan } = line;
  const period = scan.periodSamples;
  const hasTwoSided = line.detections.some((d) => !d.isOneSided);
  const isolatedIdx: number[] = [];
  const trueRadii: (number | undefined)[] = line.detections.map(() => undefined);
  line.detections.forEach((d, i) => {
    const offset = offsetFor(line.offset, d).offsetSamples;
    const fit = refitDetection(scan, d, offset, undefined);
    if (!fit) return;
    const x0 = fit.x0M;
    const near = bars.reduce((b, t) => (Math.abs(t.xM - x0) < Math.abs(b.xM - x0) ? t : b), bars[0]);
    if (!near || Math.abs(near.xM - x0) > 0.01) return;
    const atTrue = refitDetection(scan, d, offset, near.radiusM);
    trueRadii[i] = near.radiusM;
    const later = refitDetection(scan, { ...d }, offset + 1, near.radiusM);
    const own = refitDetection(scan, { ...d }, d.result.offsetSamples, near.radiusM);
    const narrower = refitDetection(
      { ...scan, antennaSeparationM: scan.antennaSeparationM - 0.004 },
      { ...d },
      offset,
      near.radiusM,
    );
    const picks = d.result.picks;
    const dx = scan.traceSpacingM;
    const left = picks.filter((p) => p.traceIndex * dx < x0 - dx / 2);
    const right = picks.filter((p) => p.traceIndex * dx > x0 + dx / 2);
    const limb = (ps: typeof picks): number =>
      ps.length ? Math.max(...ps.map((p) => Math.abs(p.traceIndex * dx - x0))) * 1000 : 0;
    // Gap at each limb's outermost pick to the nearest other detection's predicted lobe, periods.
    const edgeGap = (p: (typeof picks)[number] | undefined): number =>
      p === undefined
        ? Infinity
        : Math.min(
            Infinity,
            ...line.detections
              .filter((o) => o !== d)
              .map((o) => Math.abs(predictedSample(scan, o, p.traceIndex) - p.sample) / period),
          );
    const gap = Math.min(edgeGap(left[0]), edgeGap(right[right.length - 1]));
    const weakness = Math.max(0.2, d.confidence);
    const sd = Math.hypot(fit.permittivitySd / weakness, 0.05 * fit.permittivity);
    const counted = !(d.isOneSided && hasTwoSided);
    const weight = counted ? 1 / (sd * sd) : 0;
    if (counted && gap >= 0.9 && Math.min(left.length, right.length) >= 3) isolatedIdx.push(i);
    const row: Row = {
      half,
      err: pct(fit.permittivity, eps),
      errTrueR: atTrue ? pct(atTrue.permittivity, eps) : NaN,
      weight,
      minLimb: Math.min(left.length, right.length),
      minLimbMm: Math.min(limb(left), limb(right)),
      gap,
      oneSided: d.isOneSided === true,
      radiusMm: near.radiusM * 1000,
      coverMm: near.coverM * 1000,
      ghz: truth.centerFrequencyHz / 1e9,
      sigma: truth.conductivitySPerM ?? NaN,
      perSample: atTrue && later ? pct(later.permittivity, atTrue.permittivity) : NaN,
      perSeparation: atTrue && narrower ? pct(narrower.permittivity, atTrue.permittivity) : NaN,
      ownOffset: d.result.offsetSamples - offset,
      errOwnOffset: own ? pct(own.permittivity, eps) : NaN,
    };
    rows.push(row);
    console.log(
      [
        truth.name,
        half,
        eps.toFixed(2),
        (near.xM * 1000).toFixed(0),
        row.radiusMm.toFixed(0),
        (near.coverM * 1000).toFixed(0),
        left.length,
        right.length,
        limb(left).toFixed(0),
        limb(right).toFixed(0),
        Number.isFinite(gap) ? gap.toFixed(2) : 'inf',
        row.oneSided ? 'Y' : '-',
        fit.permittivity.toFixed(2),
        row.err.toFixed(1),
        atTrue?.permittivity.toFixed(2) ?? '–',
        row.errTrueR.toFixed(1),
        weight.toFixed(2),
      ].join(' '),
    );
  });
  // The scan's pool as the engine makes it, and pooled from the isolated fits only (all if there are none).
  const engine = poolPermittivity(linePermittivities(line)).value;
  const isoLine = isolatedIdx.length
    ? {
        ...line,
        detections: isolatedIdx.map((i) => line.detections[i]),
        radii: isolatedIdx.map(() => undefined),
      }
    : line;
  const isolated = poolPermittivity(linePermittivities(isoLine)).value;
  // Every found bar at its true radius (a false one stays marginalised): the radius average's share.
  const trueRadius = poolPermittivity(linePermittivities({ ...line, radii: trueRadii })).value;
  // Cover error the pooled εr explains on each matched bar: the bar's cover minus its cover at the true εr.
  const result = analyzeLineScan(rg);
  const s = result.antennaSeparationM;
  const matched = matchBars(bars, result.rebars).positionMatches.map(([, j]) => result.rebars[j]);
  // Cover error that a pooled εr explains on each matched bar: its cover with that εr minus with the true εr.
  const fromEps = (value: number): number[] =>
    matched.map(
      (b) =>
        (coverAt(b.coverM, result.permittivity.value, value, s) -
          coverAt(b.coverM, result.permittivity.value, eps, s)) *
        1000,
    );
  const dCoverEps = fromEps(result.permittivity.value);
  scans.push({
    name: truth.name,
    half,
    engine: pct(engine, eps),
    isolated: pct(isolated, eps),
    trueRadius: pct(trueRadius, eps),
    dCoverEps,
    dCoverIsolated: fromEps(isolated),
    dCoverTrueRadius: fromEps(trueRadius),
  });
  console.log(
    `# ${truth.name} pool ${engine.toFixed(2)} (${pct(engine, eps).toFixed(1)} %), isolated-only ${isolated.toFixed(2)} (${pct(isolated, eps).toFixed(1)} %, ${isolatedIdx.length} fits), true radii ${pct(trueRadius, eps).toFixed(1)} %; cover from εr ${dCoverEps.map((v) => v.toFixed(1)).join(' ')}`,
  );
}

const mm = (v: number[]): string =>
  v.length ? (v.reduce((a, b) => a + b, 0) / v.length).toFixed(2).padStart(6) : '     –';
const mean = (v: number[]): string =>
  v.length ? (v.reduce((a, b) => a + b, 0) / v.length).toFixed(1).padStart(6) : '     –';
const wmean = (rs: Row[]): string => {
  const w = rs.reduce((a, r) => a + r.weight, 0);
  return w > 0 ? (rs.reduce((a, r) => a + r.weight * r.err, 0) / w).toFixed(1).padStart(6) : '     –';
};
const classes: [string, (r: Row) => boolean][] = [
  ['one-sided', (r) => r.oneSided],
  ['two-sided, edge gap < 0.6 per', (r) => !r.oneSided && r.gap < 0.6],
  ['two-sided, edge gap 0.6-0.9', (r) => !r.oneSided && r.gap >= 0.6 && r.gap < 0.9],
  ['two-sided, gap >= 0.9, limb < 3', (r) => !r.oneSided && r.gap >= 0.9 && r.minLimb < 3],
  ['isolated (gap >= 0.9, limbs >= 3)', (r) => !r.oneSided && r.gap >= 0.9 && r.minLimb >= 3],
  ['  isolated R <= 8 mm', (r) => !r.oneSided && r.gap >= 0.9 && r.minLimb >= 3 && r.radiusMm <= 8],
  ['  isolated R >= 10 mm', (r) => !r.oneSided && r.gap >= 0.9 && r.minLimb >= 3 && r.radiusMm >= 10],
  ['two-sided, shorter limb < 40 mm', (r) => !r.oneSided && r.minLimbMm < 40],
  ['two-sided, shorter limb 40-55 mm', (r) => !r.oneSided && r.minLimbMm >= 40 && r.minLimbMm < 55],
  ['two-sided, shorter limb >= 55 mm', (r) => !r.oneSided && r.minLimbMm >= 55],
];
console.log(
  '\nεr ERROR % BY CLASS          half  fits  mean(marg)  mean(trueR)  pool-weighted  weight share',
);
for (const half of ['A', 'B']) {
  const hr = rows.filter((r) => r.half === half);
  const total = hr.reduce((a, r) => a + r.weight, 0);
  for (const [name, test] of classes) {
    const rs = hr.filter(test);
    const share = rs.reduce((a, r) => a + r.weight, 0) / total;
    console.log(
      `  ${name.padEnd(36)} ${half}  ${String(rs.length).padStart(4)}  ${mean(rs.map((r) => r.err))}      ${mean(rs.map((r) => r.errTrueR).filter(Number.isFinite))}       ${wmean(rs)}        ${(100 * share).toFixed(0)} %`,
    );
  }
}
const isIsolated = (r: Row): boolean => !r.oneSided && r.gap >= 0.9 && r.minLimb >= 3;
console.log(
  '\nISOLATED FITS AT THE TRUE RADIUS, εr ERROR % BY SCENE   half  fits  mean(trueR)  mean(marg)  own offset − pooled (samples)  mean(trueR, own offset)',
);
const scenes: [string, (r: Row) => boolean][] = [
  ['1.6 GHz', (r) => r.ghz < 1.8],
  ['2.0 GHz', (r) => r.ghz >= 1.8 && r.ghz < 2.3],
  ['2.6 GHz', (r) => r.ghz >= 2.3],
  ['σ < 0.01 S/m', (r) => r.sigma < 0.01],
  ['σ ≥ 0.01 S/m', (r) => r.sigma >= 0.01],
  ['cover < 50 mm', (r) => r.coverMm < 50],
  ['cover 50-90 mm', (r) => r.coverMm >= 50 && r.coverMm < 90],
  ['cover ≥ 90 mm', (r) => r.coverMm >= 90],
  ['R 4-6 mm', (r) => r.radiusMm <= 6],
  ['R 8-10 mm', (r) => r.radiusMm >= 8 && r.radiusMm <= 10],
  ['R 12-14 mm', (r) => r.radiusMm >= 12],
];
for (const half of ['A', 'B']) {
  const hr = rows.filter((r) => r.half === half && isIsolated(r));
  for (const [name, test] of scenes) {
    const rs = hr.filter(test);
    console.log(
      `  ${name.padEnd(16)} ${half}  ${String(rs.length).padStart(4)}  ${mean(rs.map((r) => r.errTrueR))}  ${mean(rs.map((r) => r.err))}  ${mean(rs.map((r) => r.ownOffset))}  ${mean(rs.map((r) => r.errOwnOffset))}`,
    );
  }
  console.log(
    `  sensitivity ${half}: εr per +1 sample of envelope offset ${mean(hr.map((r) => r.perSample))} %, per −4 mm Tx–Rx ${mean(hr.map((r) => r.perSeparation))} %`,
  );
}
console.log(
  '\nPOOLED εr ERROR % AND COVER BIAS FROM εr (mm)   half  scans  engine pool  isolated-only  true radii  cover bias from εr: pool / isolated-only / true radii',
);
for (const half of ['A', 'B']) {
  const hs = scans.filter((s) => s.half === half);
  const median = (v: number[]): string => {
    const s = [...v].sort((a, b) => a - b);
    return s.length ? s[Math.floor(s.length / 2)].toFixed(1) : '–';
  };
  console.log(
    `  ${half}  ${hs.length}  mean ${mean(hs.map((s) => s.engine))} (median ${median(hs.map((s) => s.engine))})  mean ${mean(hs.map((s) => s.isolated))} (median ${median(hs.map((s) => s.isolated))})  mean ${mean(hs.map((s) => s.trueRadius))} (median ${median(hs.map((s) => s.trueRadius))})  ${mm(hs.flatMap((s) => s.dCoverEps))} / ${mm(hs.flatMap((s) => s.dCoverIsolated))} / ${mm(hs.flatMap((s) => s.dCoverTrueRadius))}`,
  );
}
