// Decision 0080: how much of the low pooled εr of the random development set comes from fits whose curvature a
// neighbour cuts short (decision 0078), and how much is there on isolated bars too.
// `node --import tsx packages/gpr/bench/eps-aperture.ts [name-filter]`. One row per detection of the line (as
// `linePermittivities` sees it): its εr (radius marginalised, as pooled; and at the true radius) against the
// scene's, its picks per limb and limb length (mm), the smallest gap at its limb edges to a neighbour's predicted
// lobe (periods), its weight in the pool. Then the mean and pool-weighted εr error by class, and per scan the
// cover bias that the pooled εr alone explains, with the pool as is and pooled from the isolated fits only.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  analyzeLineScan,
  detectLine,
  linePermittivities,
  matchBars,
  offsetFor,
  poolPermittivity,
  predictedSample,
  readGprFileAsync,
  refitDetection,
  type TruthBar,
} from '../src/index';
import { halfOf, simHeight, truePermittivity } from './sim-report';

const dir = path.resolve(import.meta.dirname, '../../../../shared/data/sim');
const filter = process.argv[2] ?? 'random';
const pct = (v: number, truth: number): number => (100 * (v - truth)) / truth;

interface Row {
  half: string;
  err: number;
  errTrueR: number;
  weight: number;
  minLimb: number;
  gap: number;
  oneSided: boolean;
  radiusMm: number;
}
const rows: Row[] = [];
const scans: {
  name: string;
  half: string;
  engine: number;
  isolated: number;
  trueRadius: number;
  dCoverEps: number[];
}[] = [];

/** Cover at another εr for the same apex time (bistatic, straight rays). */
const coverAt = (coverM: number, eps: number, epsNew: number, s: number): number => {
  const oneWay = Math.hypot(coverM, s / 2) * Math.sqrt(eps / epsNew);
  return Math.sqrt(Math.max(0, oneWay * oneWay - (s * s) / 4));
};

console.log(
  'scan half εr_true x_mm R_mm cover_mm picksL picksR limbL_mm limbR_mm edgeGap_per oneSided εr_marg err% εr_trueR errR% poolW',
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
      gap,
      oneSided: d.isOneSided === true,
      radiusMm: near.radiusM * 1000,
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
  const dCoverEps = matchBars(bars, result.rebars).positionMatches.map(([, j]) => {
    const b = result.rebars[j];
    return (b.coverM - coverAt(b.coverM, result.permittivity.value, eps, s)) * 1000;
  });
  scans.push({
    name: truth.name,
    half,
    engine: pct(engine, eps),
    isolated: pct(isolated, eps),
    trueRadius: pct(trueRadius, eps),
    dCoverEps,
  });
  console.log(
    `# ${truth.name} pool ${engine.toFixed(2)} (${pct(engine, eps).toFixed(1)} %), isolated-only ${isolated.toFixed(2)} (${pct(isolated, eps).toFixed(1)} %, ${isolatedIdx.length} fits), true radii ${pct(trueRadius, eps).toFixed(1)} %; cover from εr ${dCoverEps.map((v) => v.toFixed(1)).join(' ')}`,
  );
}

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
console.log(
  '\nPOOLED εr ERROR % AND COVER BIAS FROM εr (mm)   half  scans  engine pool  isolated-only  true radii  cover bias from εr',
);
for (const half of ['A', 'B']) {
  const hs = scans.filter((s) => s.half === half);
  const median = (v: number[]): string => {
    const s = [...v].sort((a, b) => a - b);
    return s.length ? s[Math.floor(s.length / 2)].toFixed(1) : '–';
  };
  console.log(
    `  ${half}  ${hs.length}  mean ${mean(hs.map((s) => s.engine))} (median ${median(hs.map((s) => s.engine))})  mean ${mean(hs.map((s) => s.isolated))} (median ${median(hs.map((s) => s.isolated))})  mean ${mean(hs.map((s) => s.trueRadius))} (median ${median(hs.map((s) => s.trueRadius))})  ${mean(hs.flatMap((s) => s.dCoverEps))}`,
  );
}
