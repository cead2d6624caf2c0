import type { DetectedHyperbola } from '../detection/detect-hyperbolas';
import type { DetectionCore, ScanGeometry } from './line-detections';
import { SPEED_OF_LIGHT_M_PER_S } from '../model/radargram';
import { fitBarToTravelTimes, type BarFit, type TravelTimes } from '../fitting/fit-hyperbola';
import { envelopePeakOffset, type LimbPick } from '../fitting/pick-limbs';

/**
 * Travel times of a hyperbola's picks: (pick + envelope offset − time zero) × dt, at the picks' midpoints.
 *
 * @param scan - the prepared scan.
 * @param picks - the picks.
 * @param offsetSamples - envelope offset added to every pick, samples.
 * @returns positions (m), two-way times from the transmit instant (s) and weights.
 * @example
 * ```ts
 * const times = timesFromPicks(scan, detection.result.picks, 2.8);
 * ```
 */
export function timesFromPicks(scan: ScanGeometry, picks: LimbPick[], offsetSamples: number): TravelTimes {
  const dt = scan.sampleIntervalS;
  return {
    positionsM: Float64Array.from(picks, (p) => p.traceIndex * scan.traceSpacingM),
    timesS: Float64Array.from(picks, (p) => (p.sample + offsetSamples - scan.timeZeroSample) * dt),
    weights: Float64Array.from(picks, (p) => Math.max(0.05, p.correlation)),
  };
}

/** The envelope offset of a scan and how well the hyperbolas agree on it, samples. */
export interface PooledOffset {
  offsetSamples: number;
  sdSamples: number;
  /**
   * The pools of detections that tracked another lobe of the wavelet than the main group (their own offsets lie
   * a lobe apart), each with the median of its members' own offsets (`centreSamples`); absent when all agree.
   * The main group's centre is `centreSamples` at the top level. {@link offsetFor} picks a detection's.
   */
  centreSamples?: number;
  otherLobes?: { offsetSamples: number; sdSamples: number; centreSamples: number }[];
}

/**
 * The envelope offset that applies to one detection: that of the group whose tracked lobe it shares (the pool
 * whose centre is nearest its own offset; {@link poolEnvelopeOffset}).
 *
 * @param offset - the scan's pooled offset.
 * @param detection - the detection (its own `result.offsetSamples` is read).
 * @returns the offset and its 1-σ, samples.
 * @example
 * ```ts
 * const { offsetSamples } = offsetFor(line.offset, line.detections[0]);
 * ```
 */
export function offsetFor(
  offset: PooledOffset,
  detection: { result: { offsetSamples: number } },
): { offsetSamples: number; sdSamples: number } {
  let best = { offsetSamples: offset.offsetSamples, sdSamples: offset.sdSamples };
  if (!offset.otherLobes || offset.centreSamples === undefined) return best;
  const own = detection.result.offsetSamples;
  let distance = Math.abs(own - offset.centreSamples);
  for (const group of offset.otherLobes) {
    const d = Math.abs(own - group.centreSamples);
    if (d < distance) {
      distance = d;
      best = { offsetSamples: group.offsetSamples, sdSamples: group.sdSamples };
    }
  }
  return best;
}

function weightedMedian(values: number[], weights: number[]): number {
  const order = values.map((_, i) => i).sort((a, b) => values[a] - values[b]);
  const total = weights.reduce((sum, w) => sum + w, 0);
  let below = 0;
  for (let k = 0; k < order.length; k++) {
    below += weights[order[k]];
    if (below > total / 2 + 1e-12) return values[order[k]];
    if (Math.abs(below - total / 2) <= 1e-12 && k + 1 < order.length)
      return (values[order[k]] + values[order[k + 1]]) / 2;
  }
  return values[order[order.length - 1]];
}

/**
 * Groups detections by the wavelet lobe they tracked: every detection tracks a lobe of the scan's reflection
 * polarity, but a Ricker-like wavelet whose main lobe is of the other sign has two such lobes of nearly equal
 * height, half a period either side, and a detection may lock onto either (dev-random-09: own offsets −10 and
 * +11 samples at a 39-sample period). Their offsets to the one envelope peak differ by that lobe spacing, so
 * they cannot share an offset, nor be stacked together. Groups: the detections within a quarter period of the
 * confidence-weighted median of the own offsets, then the same among the rest, until none is left; each
 * detection then joins the group whose centre is nearest (so {@link offsetFor} finds it again from its offset).
 */
function lobeGroups(detections: DetectedHyperbola[], periodSamples: number): DetectedHyperbola[][] {
  const reach = periodSamples / 4;
  const centres: number[] = [];
  let rest = detections;
  while (rest.length > 0) {
    const centre = weightedMedian(
      rest.map((d) => d.result.offsetSamples),
      rest.map((d) => Math.max(d.confidence, 1e-6)),
    );
    centres.push(centre);
    rest = rest.filter((d) => Math.abs(d.result.offsetSamples - centre) > reach);
  }
  const groups = centres.map((): DetectedHyperbola[] => []);
  for (const d of detections) {
    let best = 0;
    centres.forEach((c, k) => {
      if (Math.abs(d.result.offsetSamples - c) < Math.abs(d.result.offsetSamples - centres[best])) best = k;
    });
    groups[best].push(d);
  }
  return groups.filter((g) => g.length > 0);
}

/**
 * One envelope offset for the whole scan: the hyperbolas' stacked wavelets, normalised and weighted by
 * confidence, are summed and the envelope peak of the sum is taken (one antenna, one wavelet: pooling removes
 * the noise of single hyperbolas, whose two strongest lobes are often nearly equal). The spread is the robust
 * deviation of the single offsets from it, divided by √n, floored at a quarter sample. Detections that tracked
 * another lobe of the wavelet (own offsets more than a quarter period from the main group's) are pooled apart,
 * in `otherLobes` (decision 0073): stacked with the others, a wavelet centred on another lobe moved the whole
 * scan's offset by a third of a period when a time-zero change of 3 ps let one such detection in.
 *
 * @param detections - the scan's detections (same tracked polarity assumed; others are sign-flipped).
 * @param periodSamples - the scan's dominant period, samples (the lobe spacing is about half of it); omitted:
 *   one group.
 * @returns the pooled offset and its 1-σ, samples (0 ± 1 without detections).
 * @example
 * ```ts
 * const { offsetSamples } = poolEnvelopeOffset(detections, scan.periodSamples);
 * ```
 */
export function poolEnvelopeOffset(detections: DetectedHyperbola[], periodSamples?: number): PooledOffset {
  if (detections.length === 0) return { offsetSamples: 0, sdSamples: 1 };
  const groups = periodSamples ? lobeGroups(detections, periodSamples) : [detections];
  if (groups.length === 1) return stackedOffset(detections);
  // The main group: the most confidence.
  const weight = (g: DetectedHyperbola[]) => g.reduce((sum, d) => sum + d.confidence, 0);
  const ranked = [...groups].sort((a, b) => weight(b) - weight(a));
  const centre = (g: DetectedHyperbola[]) =>
    weightedMedian(
      g.map((d) => d.result.offsetSamples),
      g.map((d) => Math.max(d.confidence, 1e-6)),
    );
  return {
    ...stackedOffset(ranked[0]),
    centreSamples: centre(ranked[0]),
    otherLobes: ranked.slice(1).map((g) => ({ ...stackedOffset(g), centreSamples: centre(g) })),
  };
}

function stackedOffset(detections: DetectedHyperbola[]): { offsetSamples: number; sdSamples: number } {
  const length = Math.min(...detections.map((d) => d.result.wavelet.length));
  const sum = new Float64Array(length);
  const half = Math.round((length - 1) / 4);
  for (const d of detections) {
    const w = d.result.wavelet;
    const skip = (w.length - length) / 2;
    let energy = 0;
    for (let i = 0; i < length; i++) energy += w[i + skip] ** 2;
    const scale = (d.confidence * d.result.apex.polarity) / Math.sqrt(Math.max(energy, 1e-300));
    for (let i = 0; i < length; i++) sum[i] += scale * w[i + skip];
  }
  const offsetSamples = envelopePeakOffset(sum, half);
  const deviations = detections
    .map((d) => Math.abs(d.result.offsetSamples - offsetSamples))
    .sort((a, b) => a - b);
  const mad = 1.4826 * deviations[Math.floor(deviations.length / 2)];
  return { offsetSamples, sdSamples: Math.max(0.25, mad / Math.sqrt(detections.length)) };
}

/**
 * Radii a bar of unknown size is fitted with, metres: the field's range (4–14 mm), over which the radius is
 * marginalised (issue #13: a single default radius biased εr low and cover deep on thick bars).
 */
export const MARGINAL_RADII_M = [0.004, 0.006, 0.008, 0.01, 0.012, 0.014] as const;

/** A bar fit with the radius it was fitted with (the posterior mean when marginalised) and its 1-σ. */
export interface RadiusBarFit extends BarFit {
  radiusM: number;
  radiusSdM: number;
}

/**
 * Refits a detection's picks with a given envelope offset and, optionally, a fixed permittivity and an
 * obliquity correction. With no radius the fit is repeated for the radii of {@link MARGINAL_RADII_M} and the
 * estimates are averaged under the posterior of the radius (flat prior, likelihood exp(−Δχ²/2s²) with s² the
 * best fit's residual variance); their sds include the spread between radii. Radii of negligible weight, uphill
 * beyond one of weight below e⁻³⁰, are not fitted.
 *
 * @param scan - the prepared scan.
 * @param detection - the detection (its picks are reused, not re-picked).
 * @param offsetSamples - envelope offset, samples.
 * @param radiusM - bar radius, metres; undefined to marginalise over the field's radii.
 * @param fixedPermittivity - hold εr fixed at this value.
 * @param lateralScale - sin θ for a bar crossing the line at θ (1 = perpendicular): positions and separation
 *   are scaled by it, so the fitted permittivity is the true one rather than the apparent εr·sin²θ.
 * @returns the fit, or undefined with too few picks.
 * @example
 * ```ts
 * const fit = refitDetection(scan, detection, 2.8, undefined, 7.1);
 * fit?.radiusM; // posterior mean radius, m
 * ```
 */
export function refitDetection(
  scan: ScanGeometry,
  detection: DetectionCore,
  offsetSamples: number,
  radiusM: number | undefined,
  fixedPermittivity?: number,
  lateralScale = 1,
): RadiusBarFit | undefined {
  // The same refit is asked for more than once (pooling, then the free fit reported with each bar): memoised
  // per detection object and arguments.
  const key = `${offsetSamples}|${radiusM ?? 'marginal'}|${fixedPermittivity ?? ''}|${lateralScale}|${scan.timeZeroSample}`;
  let memo = REFITS.get(detection);
  if (!memo) REFITS.set(detection, (memo = new Map()));
  if (memo.has(key)) return memo.get(key);
  const result = refitOverRadii(scan, detection, offsetSamples, radiusM, fixedPermittivity, lateralScale);
  memo.set(key, result);
  return result;
}

const REFITS = new WeakMap<DetectionCore, Map<string, RadiusBarFit | undefined>>();

function refitOverRadii(
  scan: ScanGeometry,
  detection: DetectionCore,
  offsetSamples: number,
  radiusM: number | undefined,
  fixedPermittivity: number | undefined,
  lateralScale: number,
): RadiusBarFit | undefined {
  if (radiusM !== undefined) {
    const fit = refit(scan, detection, offsetSamples, radiusM, fixedPermittivity, lateralScale);
    return fit && { ...fit, radiusM, radiusSdM: 0 };
  }
  // Each radius's fit through the memo, so the radius mixture of the pool (radiusMixture) reuses them.
  const parameters = fixedPermittivity === undefined ? 3 : 2;
  const usable = fitsAroundTheBestRadius(
    (r) => refitDetection(scan, detection, offsetSamples, r, fixedPermittivity, lateralScale),
    detection.radiusM,
    parameters,
  );
  if (usable.length === 0) return undefined;
  const weights = radiusWeights(
    usable.map((u) => u.fit),
    parameters,
  );
  const total = weights.reduce((a, b) => a + b, 0);
  const best = usable.reduce((a, b) => (b.fit.chiSquare < a.fit.chiSquare ? b : a));
  const mean = (value: (u: (typeof usable)[number]) => number): number =>
    usable.reduce((a, u, k) => a + weights[k] * value(u), 0) / total;
  const sd = (value: (u: (typeof usable)[number]) => number, own: (f: BarFit) => number): number => {
    const m = mean(value);
    return Math.sqrt(mean((u) => own(u.fit) ** 2 + (value(u) - m) ** 2));
  };
  return {
    ...best.fit,
    x0M: mean((u) => u.fit.x0M),
    coverM: mean((u) => u.fit.coverM),
    permittivity: mean((u) => u.fit.permittivity),
    x0SdM: sd(
      (u) => u.fit.x0M,
      (f) => f.x0SdM,
    ),
    coverSdM: sd(
      (u) => u.fit.coverM,
      (f) => f.coverSdM,
    ),
    permittivitySd:
      fixedPermittivity === undefined
        ? sd(
            (u) => u.fit.permittivity,
            (f) => f.permittivitySd,
          )
        : 0,
    radiusM: mean((u) => u.radiusM),
    radiusSdM: sd(
      (u) => u.radiusM,
      () => 0,
    ),
  };
}

/**
 * Posterior weights of the radii a bar was fitted with (flat prior, likelihood exp(−Δχ²/2s²) with s² the best
 * fit's residual variance), unnormalised.
 */
function radiusWeights(fits: BarFit[], parameters: number): number[] {
  const best = fits.reduce((a, b) => (b.chiSquare < a.chiSquare ? b : a));
  const variance = Math.max(0.01, best.chiSquare / Math.max(1, best.count - parameters));
  return fits.map((f) => Math.exp(-(f.chiSquare - best.chiSquare) / (2 * variance)));
}

/**
 * A bar's free permittivity as a mixture over the radii of {@link MARGINAL_RADII_M}: each radius's fit (εr and
 * its 1-σ) weighted by the radius posterior of {@link refitDetection} (the same weights, so the mixture's mean is
 * the marginalised εr). Pooled, the bars' mixtures are multiplied ({@link poolPermittivity}): bars that share
 * one εr then agree on the radii that fit it, instead of each being averaged at a middle radius (decision 0063).
 *
 * @param scan - the prepared scan.
 * @param detection - the detection.
 * @param offsetSamples - envelope offset, samples.
 * @param lateralScale - as in {@link refitDetection}.
 * @returns normalised weights with each radius's εr and 1-σ, or undefined with no usable fit.
 * @example
 * ```ts
 * radiusMixture(scan, detection, 2.8); // [{ weight: 0.2, value: 6.9, sd: 0.3 }, …]
 * ```
 */
export function radiusMixture(
  scan: ScanGeometry,
  detection: DetectionCore,
  offsetSamples: number,
  lateralScale = 1,
): { weight: number; value: number; sd: number }[] | undefined {
  // The radii that carry weight (decision 0064): one left out weighs below e^-14 of the best at its own best εr.
  const fits = fitsAroundTheBestRadius(
    (r) => refitDetection(scan, detection, offsetSamples, r, undefined, lateralScale),
    detection.radiusM,
    3,
  )
    .map((u) => u.fit)
    .filter((f) => f.permittivitySd > 0);
  if (fits.length === 0) return undefined;
  const weights = radiusWeights(fits, 3);
  const total = weights.reduce((a, b) => a + b, 0);
  return fits.map((f, k) => ({ weight: weights[k] / total, value: f.permittivity, sd: f.permittivitySd }));
}

/**
 * Radii whose posterior weight relative to the best, exp(−Δχ²/2s²), is below exp(−this) (≈ 8e-7) are not fitted
 * beyond the first such radius: each would move the averages by less than a millionth of the spread between the
 * radii's estimates (on the synthetic line the results moved by ≤ 1.5e-14 relative: the radii left out weigh far
 * less).
 */
const NEGLIGIBLE_WEIGHT_EXPONENT = 14;

/**
 * The fits of {@link MARGINAL_RADII_M} that carry weight in the radius posterior, in radius order (decision 0064):
 * χ² is a smooth profile over the radius, so the fits go downhill from the detection's radius to the minimum and
 * then outwards from it until a radius's weight is negligible; the radii beyond it, further uphill, are not
 * fitted (on the synthetic line and area half or more of the radii carry a weight below 1e-6). Fits fail only for
 * too few picks, which does not depend on the radius: then nothing is returned.
 *
 * @param fitAt - the fit with the radius held at the given value.
 * @param startRadiusM - where the descent starts (the nearest listed radius).
 * @param parameters - free parameters of each fit (for the residual variance).
 * @returns the fitted radii and their fits, ascending in radius.
 */
function fitsAroundTheBestRadius(
  fitAt: (radiusM: number) => BarFit | undefined,
  startRadiusM: number,
  parameters: number,
): { fit: BarFit; radiusM: number }[] {
  const radii = MARGINAL_RADII_M;
  const fits: (BarFit | undefined)[] = new Array<BarFit | undefined>(radii.length);
  const isTried = new Array<boolean>(radii.length).fill(false);
  const chi = (k: number): number => {
    if (!isTried[k]) {
      isTried[k] = true;
      fits[k] = fitAt(radii[k]);
    }
    return fits[k]?.chiSquare ?? NaN;
  };
  let start = 0;
  for (let k = 1; k < radii.length; k++)
    if (Math.abs(radii[k] - startRadiusM) < Math.abs(radii[start] - startRadiusM)) start = k;
  if (!Number.isFinite(chi(start))) {
    // No fit (too few picks), or a χ² that orders nothing: every radius, as the plain average does.
    for (let k = 0; k < radii.length; k++) chi(k);
  } else {
    // Downhill to a minimum: right while it falls, else left while it falls.
    let best = start;
    const step = start + 1 < radii.length && chi(start + 1) < chi(start) ? 1 : -1;
    while (best + step >= 0 && best + step < radii.length && chi(best + step) < chi(best)) best += step;
    // Outwards from the minimum until a radius's weight is negligible (that radius is kept; the ones beyond are
    // further uphill).
    const fit = fits[best] as BarFit;
    const variance = Math.max(0.01, fit.chiSquare / Math.max(1, fit.count - parameters));
    const isNegligible = (k: number): boolean =>
      (chi(k) - fit.chiSquare) / (2 * variance) > NEGLIGIBLE_WEIGHT_EXPONENT;
    for (let k = best + 1; k < radii.length && !isNegligible(k); k++);
    for (let k = best - 1; k >= 0 && !isNegligible(k); k--);
  }
  const out: { fit: BarFit; radiusM: number }[] = [];
  for (let k = 0; k < radii.length; k++) {
    const fit = fits[k];
    if (fit) out.push({ fit, radiusM: radii[k] });
  }
  return out;
}

function refit(
  scan: ScanGeometry,
  detection: DetectionCore,
  offsetSamples: number,
  radiusM: number,
  fixedPermittivity: number | undefined,
  lateralScale: number,
): BarFit | undefined {
  const { fit } = detection.result;
  const times = timesFromPicks(scan, detection.result.picks, offsetSamples);
  // An oblique bar (angle θ to the line) is seen through lateral distances shrunk by sin θ: scale positions
  // and separation, fit, and scale the position back.
  if (lateralScale !== 1) times.positionsM = times.positionsM.map((x) => x * lateralScale);
  const result = fitBarToTravelTimes(times, {
    antennaSeparationM: scan.antennaSeparationM * lateralScale,
    radiusM,
    sampleIntervalS: scan.sampleIntervalS,
    fixedPermittivity,
    start: {
      x0M: fit.x0M * lateralScale,
      coverM: fit.coverM,
      permittivity: fixedPermittivity ?? fit.permittivity,
    },
    permittivityRange: [2, 30],
    surfaceCoupling: scan.surfaceCoupling,
  });
  if (!result || lateralScale === 1) return result;
  return { ...result, x0M: result.x0M / lateralScale, x0SdM: result.x0SdM / lateralScale };
}

/** Inputs of {@link coverSdM}. */
export interface CoverErrorBudget {
  /** Cover, metres. */
  coverM: number;
  /** Cover 1-σ from the fixed-permittivity fit, metres. */
  fitSdM: number;
  /** Permittivity used and its 1-σ. */
  permittivity: number;
  permittivitySd: number;
  /** Time-zero and offset 1-σ, seconds. */
  timeSdS: number;
  /** Antenna separation, metres. */
  antennaSeparationM: number;
}

/**
 * 1-σ of a cover, combining in quadrature the fit's own uncertainty, the permittivity's (∂d/∂ε·σε, at fixed
 * apex time), the time reference's (∂d/∂t·σt) and a 0.3 mm model floor (staircase, wavelet and near-field
 * effects that the travel-time model ignores).
 *
 * @param budget - cover, fit uncertainty, permittivity, time uncertainty and separation.
 * @returns the standard deviation in metres.
 * @example
 * ```ts
 * coverSdM({ coverM: 0.04, fitSdM: 0.0005, permittivity: 7, permittivitySd: 0.15, timeSdS: 5e-12, antennaSeparationM: 0.036 });
 * ```
 */
export function coverSdM(budget: CoverErrorBudget): number {
  const { coverM: d, permittivity: eps, antennaSeparationM: s } = budget;
  const oneWay = Math.sqrt(d * d + (s * s) / 4);
  const velocity = SPEED_OF_LIGHT_M_PER_S / Math.sqrt(eps);
  // d = √((v t/2)² − s²/4) with v t/2 = oneWay.
  const dDdEps = -(oneWay * oneWay) / (2 * eps * Math.max(d, 1e-4));
  const dDdT = (velocity * oneWay) / (2 * Math.max(d, 1e-4));
  return Math.sqrt(
    budget.fitSdM ** 2 + (dDdEps * budget.permittivitySd) ** 2 + (dDdT * budget.timeSdS) ** 2 + 0.0003 ** 2,
  );
}
