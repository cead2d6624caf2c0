import { DEFAULT_PERMITTIVITY } from '../model/radargram';
import { permittivityFromApexTime } from '../fitting/bistatic-cylinder';
import type { Estimate } from './types';

/**
 * Relative error of a permittivity read from hyperbola curvature that no number of bars averages away: what the
 * travel-time model (straight rays plus the antennas' surface coupling, radius marginalised) still misses — the
 * antenna height it assumes, the bar as a point scatterer, the time reference's constant offset. Calibrated on
 * half A of the random development set (issue #13) so that about 68 % of cover errors fall within one `coverSdM`.
 * Recalibrated with the stationary reflection point on (decision 0074; its covers are closer, their sds were not):
 * 5 % covered 81 %, 4.5 % 78 %, 4 % 74 %, 3.5–2.5 % 70 %, 2 % 63 %; the largest value of the plateau nearest 68 %
 * is kept. Half B confirms 3.5 % (61 %; pooled 65 %, pooled |error|/sd at 68 % 1.01). (Before: 5 %, 71 % on A.) A
 * calibration on a known cover uses the apex time only and carries no such term.
 */
export const MODEL_PERMITTIVITY_FRACTION = 0.035;

/**
 * One hyperbola's permittivity for pooling. A bar of unknown radius may carry its εr at each radius it was fitted
 * with (`mixture`, weights summing to 1, the radius posterior): its `value` and `sd` are the mixture's mean and
 * spread, which {@link poolPermittivity} uses to reject outliers and measure the spread between bars.
 */
export interface PermittivityEstimate extends Estimate {
  mixture?: { weight: number; value: number; sd: number }[];
}

/** Where the scan's permittivity came from. */
export type PermittivitySource = 'estimated' | 'prior' | 'user' | 'calibrated';

/** The scan's permittivity with its provenance. */
export interface PooledPermittivity extends Estimate {
  source: PermittivitySource;
  /** Number of hyperbolas that contributed (after outlier rejection). */
  count: number;
}

/**
 * Pools per-hyperbola permittivities into one value for the scan (algorithms.md §4.4 step 5): a random-effects
 * weighted mean — weights 1/(σᵢ² + τ²), where τ² is the spread between hyperbolas beyond their own
 * uncertainties (DerSimonian–Laird) — after rejecting (from four hyperbolas up) values more than 3 robust
 * deviations from the weighted median. Each hyperbola's σ is first widened by a systematic floor (default 5 %
 * of its value: the radius–permittivity trade-off and limb effects the fit's formal error ignores), so no single
 * fit can dominate. Bars of unknown radius that bring their εr at each radius (`mixture`) are pooled jointly over
 * their radii ({@link jointRadiusPool}, decision 0063) instead of at each one's radius-averaged value; with one
 * component each this is the same random-effects mean. The result's standard deviation adds
 * {@link MODEL_PERMITTIVITY_FRACTION} of the value for the curvature model's own error, which is common to all bars. With no hyperbola the result is the prior
 * (default εr 7, sd 1.5). Bars that disagree widen the uncertainty.
 *
 * @param estimates - per-hyperbola permittivity and 1-σ (sd > 0).
 * @param prior - value used when there is nothing to pool. Default { value: 7, sd: 1.5 }.
 * @param systematicFraction - relative systematic floor added in quadrature to each σ. Default 0.05.
 * @param modelFraction - relative model error added to the pooled σ. Default {@link MODEL_PERMITTIVITY_FRACTION} (3.5 %).
 * @returns the pooled permittivity.
 * @example
 * ```ts
 * poolPermittivity([{ value: 7.1, sd: 0.2 }, { value: 6.9, sd: 0.2 }]); // ≈ { value: 7, sd: 0.38, source: 'estimated', count: 2 }
 * ```
 */
export function poolPermittivity(
  estimates: PermittivityEstimate[],
  prior: Estimate = { value: DEFAULT_PERMITTIVITY, sd: 1.5 },
  systematicFraction = 0.05,
  modelFraction = MODEL_PERMITTIVITY_FRACTION,
): PooledPermittivity {
  const valid = estimates
    .filter((e) => Number.isFinite(e.value) && Number.isFinite(e.sd) && e.sd > 0)
    .map((e) => ({
      value: e.value,
      sd: Math.hypot(e.sd, systematicFraction * e.value),
      mixture: e.mixture?.filter((m) => Number.isFinite(m.value) && m.sd > 0 && m.weight > 0),
    }));
  if (valid.length === 0) return { ...prior, source: 'prior', count: 0 };
  const median = weightedMedian(valid);
  const deviations = valid.map((e) => Math.abs(e.value - median));
  const spread = 1.4826 * weightedMedian(valid.map((e, i) => ({ value: deviations[i], sd: e.sd })));
  const kept =
    valid.length < 4
      ? valid
      : valid.filter((e) => Math.abs(e.value - median) <= 3 * Math.hypot(spread, e.sd));
  const used = kept.length > 0 ? kept : valid;
  const tau2 = betweenBarVariance(used);
  const wr = used.map((e) => 1 / (e.sd * e.sd + tau2));
  const sumWr = wr.reduce((a, b) => a + b, 0);
  const value = used.reduce((a, e, i) => a + wr[i] * e.value, 0) / sumWr;
  const joint = used.length > 1 ? jointRadiusPool(used, systematicFraction, tau2) : undefined;
  const pooled = joint ?? { value, sd: Math.sqrt(1 / sumWr) };
  return {
    value: pooled.value,
    sd: Math.hypot(pooled.sd, modelFraction * pooled.value),
    source: 'estimated',
    count: used.length,
  };
}

/** DerSimonian–Laird spread between estimates beyond their own sds (τ², 0 for fewer than two). */
function betweenBarVariance(estimates: Estimate[]): number {
  if (estimates.length < 2) return 0;
  const w = estimates.map((e) => 1 / (e.sd * e.sd));
  const sumW = w.reduce((a, b) => a + b, 0);
  const fixedMean = estimates.reduce((a, e, i) => a + w[i] * e.value, 0) / sumW;
  const q = estimates.reduce((a, e, i) => a + w[i] * (e.value - fixedMean) ** 2, 0);
  const c = sumW - w.reduce((a, b) => a + b * b, 0) / sumW;
  return c > 0 ? Math.max(0, (q - (estimates.length - 1)) / c) : 0;
}

type Mixture = NonNullable<PermittivityEstimate['mixture']>;

/**
 * The shared εr of bars whose radii are unknown, each bar's εr given as a mixture over radii (decision 0063):
 * the product of the mixtures ({@link jointMixturePosterior}), first with the spread between bars τ² of their
 * radius-averaged values, then with the τ² of each bar read at the radii that agree with that first value (a
 * thick shallow bar and a thin deep one that disagree at their middle radii but agree at their own radii are not
 * "heterogeneous", and τ² from their middle-radius values would blur the agreement away). Undefined unless
 * every bar brings a mixture.
 */
function jointRadiusPool(
  used: { value: number; sd: number; mixture?: Mixture }[],
  systematicFraction: number,
  tau2: number,
): Estimate | undefined {
  const mixtures = used.map((e) => e.mixture);
  if (!mixtures.every((m): m is Mixture => m !== undefined && m.length > 0)) return undefined;
  const first = jointMixturePosterior(mixtures, systematicFraction, tau2);
  if (!first) return undefined;
  const conditional = used.map((e, i) => {
    const weights = mixtures[i].map(
      (m) =>
        m.weight *
        Math.exp(-0.5 * ((first.value - m.value) / Math.hypot(m.sd, systematicFraction * m.value)) ** 2),
    );
    const total = weights.reduce((a, b) => a + b, 0);
    const value = total > 0 ? mixtures[i].reduce((a, m, k) => a + weights[k] * m.value, 0) / total : e.value;
    return { value, sd: e.sd };
  });
  return jointMixturePosterior(mixtures, systematicFraction, betweenBarVariance(conditional)) ?? first;
}

/**
 * Mean and 1-σ of one εr shared by bars whose radii are unknown: the product over bars of each bar's mixture over
 * radii (components widened like single estimates: the systematic floor and the spread between bars τ²), on a
 * grid. With one component per bar this is the random-effects mean; with several, the radii that agree on one εr
 * carry it, where averaging each bar at its own middle radius pulled thick shallow bars' εr (and the scan's) low.
 */
function jointMixturePosterior(
  mixtures: Mixture[],
  systematicFraction: number,
  tau2: number,
): Estimate | undefined {
  const bars = mixtures.map((mixture) =>
    mixture.map((m) => ({
      weight: m.weight,
      value: m.value,
      sd: Math.sqrt(m.sd * m.sd + (systematicFraction * m.value) ** 2 + tau2),
    })),
  );
  const all = bars.flat();
  const logPosterior = (eps: number): number => {
    let sum = 0;
    for (const bar of bars) {
      let p = 0;
      for (const m of bar) p += m.weight * Math.exp(-0.5 * ((eps - m.value) / m.sd) ** 2);
      sum += Math.log(Math.max(p, 1e-300));
    }
    return sum;
  };
  const grid = (from: number, to: number, n: number): { eps: Float64Array; logP: Float64Array } => {
    const eps = Float64Array.from({ length: n }, (_, k) => from + ((to - from) * k) / (n - 1));
    return { eps, logP: eps.map(logPosterior) };
  };
  // A coarse grid over every component's reach finds where the product lives (many bars make it narrow), a fine
  // one there gives its moments: 600 evaluations instead of thousands (a 50-line area pools ~200 bars).
  const lo = Math.min(...all.map((m) => m.value - 6 * m.sd));
  const hi = Math.max(...all.map((m) => m.value + 6 * m.sd));
  if (!(hi > lo)) return undefined;
  const coarse = grid(lo, hi, 201);
  const coarseTop = Math.max(...coarse.logP);
  let first = coarse.logP.findIndex((v) => v > coarseTop - 40);
  let last = coarse.logP.length - 1 - [...coarse.logP].reverse().findIndex((v) => v > coarseTop - 40);
  first = Math.max(0, first - 1);
  last = Math.min(coarse.logP.length - 1, last + 1);
  const fine = grid(coarse.eps[first], coarse.eps[last], 401);
  const top = Math.max(...fine.logP);
  let total = 0;
  let sum = 0;
  let squares = 0;
  fine.logP.forEach((v, k) => {
    const w = Math.exp(v - top);
    total += w;
    sum += w * fine.eps[k];
    squares += w * fine.eps[k] ** 2;
  });
  const mean = sum / total;
  return { value: mean, sd: Math.sqrt(Math.max(0, squares / total - mean * mean)) };
}

function weightedMedian(estimates: Estimate[]): number {
  const sorted = [...estimates].sort((a, b) => a.value - b.value);
  const weights = sorted.map((e) => 1 / (e.sd * e.sd));
  const total = weights.reduce((a, b) => a + b, 0);
  let running = 0;
  for (let i = 0; i < sorted.length; i++) {
    running += weights[i];
    if (running >= total / 2) return sorted[i].value;
  }
  return sorted[sorted.length - 1].value;
}

/**
 * Calibrates the permittivity on a bar of known cover (algorithms.md §2: "tag calibration"): the apex time of
 * the bar's reflection does not depend on its radius, so εr = (c·t / (2·√(d² + (s/2)²)))².
 *
 * @param apexTimeS - two-way apex time of the bar from the transmit instant, seconds.
 * @param apexTimeSdS - its 1-σ, seconds.
 * @param coverM - the known cover, metres.
 * @param antennaSeparationM - transmitter–receiver separation, metres.
 * @returns the calibrated permittivity, source 'calibrated'.
 * @example
 * ```ts
 * calibratePermittivity(9.371e-10, 1e-11, 0.05, 0.03565); // ≈ { value: 7, sd: 0.15, source: 'calibrated', count: 1 }
 * ```
 */
export function calibratePermittivity(
  apexTimeS: number,
  apexTimeSdS: number,
  coverM: number,
  antennaSeparationM: number,
): PooledPermittivity {
  const value = permittivityFromApexTime(apexTimeS, coverM, antennaSeparationM);
  return {
    value,
    sd: (2 * value * apexTimeSdS) / Math.max(apexTimeS, 1e-30),
    source: 'calibrated',
    count: 1,
  };
}

/** The permittivities concrete can have (dry to saturated, algorithms.md §1): εr 4–16. */
export const PLAUSIBLE_CONCRETE_PERMITTIVITY = [4, 16] as const;

/**
 * A note when a scan's permittivity lies outside what concrete allows ({@link PLAUSIBLE_CONCRETE_PERMITTIVITY}):
 * the covers computed with it are then suspect, and a calibration on a bar of known cover is the remedy.
 *
 * @param value - the permittivity in use.
 * @param source - where it came from: a calibrated value asks to check the measured cover instead.
 * @returns the note, or undefined when the value is plausible.
 * @example
 * ```ts
 * permittivityPlausibilityNote(3.2); // 'εr 3.2 is below 4, implausible for concrete: …'
 * permittivityPlausibilityNote(7); // undefined
 * ```
 */
export function permittivityPlausibilityNote(
  value: number,
  source: PermittivitySource = 'estimated',
): string | undefined {
  const [low, high] = PLAUSIBLE_CONCRETE_PERMITTIVITY;
  if (value >= low && value <= high) return undefined;
  const side = value < low ? `below ${low}` : `above ${high}`;
  if (source === 'calibrated')
    return (
      `The calibration gives εr ${value.toFixed(1)}, ${side}, implausible for concrete: ` +
      'check the measured cover and the bar it was measured on.'
    );
  return (
    `εr ${value.toFixed(1)} is ${side}, implausible for concrete: the covers may be wrong. ` +
    'Measure one bar’s cover (cover meter or drill hole) and calibrate on it.'
  );
}
