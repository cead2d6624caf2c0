import { refinedExtremum, traceEnvelope } from '../detection/analytic-signal';
import type { PreparedScan } from '../detection/prepare-scan';

/** One travel-time pick on a hyperbola limb. */
export interface LimbPick {
  /** Trace index. */
  traceIndex: number;
  /** Fractional sample index of the tracked lobe. */
  sample: number;
  /** Normalised cross-correlation with the apex wavelet (0–1), used as the pick's weight. */
  correlation: number;
}

/** The apex of a reflection: where its envelope peaks and which lobe is tracked. */
export interface ApexLobe {
  /** Trace of the apex. */
  trace: number;
  /** Fractional sample of the tracked lobe (the strongest lobe under the envelope peak). */
  sample: number;
  /** Sign of the tracked lobe. */
  polarity: 1 | -1;
  /** Envelope at the apex, data units. */
  amplitude: number;
  /** Apex wavelet: three traces averaged, ± `half` samples around the lobe, Hann-tapered. */
  template: Float64Array;
  /** Half-length of the template, samples. */
  half: number;
}

/**
 * Finds the apex lobe near a candidate: the trace (within ±12 mm unless fixed) and time (within ± one period, or
 * ± `windowPeriods`) of the strongest envelope, then the strongest lobe under it — of the given sign, or of either
 * sign — refined to a fraction of a sample.
 *
 * @param scan - the prepared scan.
 * @param xIdx - candidate apex trace.
 * @param tIdx - candidate apex sample.
 * @param isTraceFixed - keep the trace (a user's label).
 * @param polarity - track a lobe of this sign (the scan's reflection polarity); default the stronger lobe.
 * @param windowPeriods - how far from `tIdx` the envelope peak is searched, periods. Default 1.
 * @returns the apex lobe with its wavelet template, or undefined at the edge of the data.
 * @example
 * ```ts
 * const apex = findApexLobe(scan, 120, 85, false);
 * ```
 */
export function findApexLobe(
  scan: PreparedScan,
  xIdx: number,
  tIdx: number,
  isTraceFixed: boolean,
  polarity?: 1 | -1,
  windowPeriods = 1,
): ApexLobe | undefined {
  const { data, envelope, samplesPerTrace: n, traces, traceSpacingM: dx } = scan;
  const period = scan.periodSamples;
  const lo = Math.max(scan.firstUsableSample, tIdx - windowPeriods * period);
  const hi = tIdx + windowPeriods * period + 1;
  let trace = Math.min(traces - 1, Math.max(0, Math.round(xIdx)));
  let best = refinedExtremum(envelope.subarray(trace * n, trace * n + n), lo, hi, 1);
  if (!isTraceFixed) {
    const reach = Math.max(1, Math.round(0.012 / dx));
    const centre = trace;
    for (let t = Math.max(0, centre - reach); t <= Math.min(traces - 1, centre + reach); t++) {
      const peak = refinedExtremum(envelope.subarray(t * n, t * n + n), lo, hi, 1);
      if (peak && (!best || peak.value > best.value)) {
        best = peak;
        trace = t;
      }
    }
  }
  if (!best) return undefined;
  const row = data.subarray(trace * n, trace * n + n);
  const positive = refinedExtremum(row, best.index - period / 2, best.index + period / 2 + 1, 1);
  const negative = refinedExtremum(row, best.index - period / 2, best.index + period / 2 + 1, -1);
  if (!positive || !negative) return undefined;
  const sign: 1 | -1 = polarity ?? (positive.value >= -negative.value ? 1 : -1);
  const sample = sign === 1 ? positive.index : negative.index;
  const half = Math.max(3, Math.round(period));
  const template = new Float64Array(2 * half + 1);
  for (let t = Math.max(0, trace - 1); t <= Math.min(traces - 1, trace + 1); t++) {
    for (let i = -half; i <= half; i++) template[i + half] += interpolate(data, t * n, n, sample + i);
  }
  for (let i = 0; i < template.length; i++) {
    template[i] *= 0.5 - 0.5 * Math.cos((2 * Math.PI * (i + 0.5)) / template.length);
  }
  return { trace, sample, polarity: sign, amplitude: best.value, template, half };
}

/** Options of {@link pickAlongCurve}. */
export interface CurvePickOptions {
  /** Predicted sample of the tracked lobe for a trace (absolute, from the current model). */
  predict: (traceIndex: number) => number;
  /** Picks must lie within this many samples of the prediction. */
  toleranceSamples: number;
  /** Outermost traces on each side (inclusive). */
  minTrace: number;
  maxTrace: number;
  /** Smallest correlation accepted. Default 0.6. */
  minCorrelation?: number;
  /** Smallest envelope accepted, data units. */
  minAmplitude: number;
  /** Consecutive misses that end a limb. Default 2. */
  maxMisses?: number;
  /**
   * After a gap of two or more misses, a pick resumes the limb only if its offset from the prediction is within
   * this many samples of the offset before the gap; otherwise the limb ends there. Default Infinity.
   */
  resumeToleranceSamples?: number;
  /** Pick every n-th trace (dense scans need no more than one pick per ~3 mm). Default 1. */
  traceStride?: number;
  /**
   * Traces a neighbour's limb passes (from `interferenceLimits`). Not used by the picking: skipping them cost cover
   * accuracy on the random development set (decision 0047).
   */
  excluded?: ReadonlySet<number>;
}

/**
 * Picks the apex lobe along a predicted curve, outwards from the apex on both sides (algorithms.md §4.4 step
 * 3): in each trace the apex wavelet is cross-correlated around the prediction, and the pick is the extremum of
 * the tracked polarity at the best lag, refined to a fraction of a sample. Predictions are absolute (from a
 * fitted model), so picks cannot drift onto a neighbour's limb; a limb ends after `maxMisses` misses.
 *
 * @param scan - the prepared scan.
 * @param apex - the apex lobe and its template.
 * @param options - prediction, tolerance, trace range and thresholds.
 * @returns the picks sorted by trace, the apex's own pick included.
 * @example
 * ```ts
 * const picks = pickAlongCurve(scan, apex, { predict, toleranceSamples: 5, minTrace: 0, maxTrace: 199, minAmplitude: 0 });
 * ```
 */
export function pickAlongCurve(scan: PreparedScan, apex: ApexLobe, options: CurvePickOptions): LimbPick[] {
  const { envelope, samplesPerTrace: n } = scan;
  const picks: LimbPick[] = [];
  const minCorrelation = options.minCorrelation ?? 0.6;
  const maxMisses = options.maxMisses ?? 2;
  const stride = Math.max(1, Math.round(options.traceStride ?? 1));
  const own = trackLobe(scan, apex.trace, options.predict(apex.trace), apex, options.toleranceSamples);
  if (own) picks.push({ traceIndex: apex.trace, ...own });
  const resumeTolerance = options.resumeToleranceSamples ?? Infinity;
  for (const direction of [-1, 1]) {
    let misses = 0;
    // Offset of the last pick from its prediction (the apex's own, to begin with).
    let lastOffset = own ? own.sample - options.predict(apex.trace) : undefined;
    const step = direction * stride;
    // Each side stops at its own limit only (the apex may lie just beyond the other one).
    const isInside = (trace: number): boolean =>
      direction < 0 ? trace >= options.minTrace : trace <= options.maxTrace;
    for (let trace = apex.trace + step; isInside(trace) && trace >= 0 && trace < scan.traces; trace += step) {
      const predicted = options.predict(trace);
      const pick = trackLobe(scan, trace, predicted, apex, options.toleranceSamples);
      const amplitude = pick
        ? envelope[trace * n + Math.min(n - 1, Math.max(0, Math.round(pick.sample)))]
        : 0;
      if (!pick || pick.correlation < minCorrelation || amplitude < options.minAmplitude) {
        if (++misses >= maxMisses) break;
        continue;
      }
      const offset = pick.sample - predicted;
      // Across a gap the limb must go on where it left off: a pick that jumps is another reflection's (a
      // neighbour's limb the prediction happens to pass through), and the limb ends before it.
      if (misses >= 2 && lastOffset !== undefined && Math.abs(offset - lastOffset) > resumeTolerance) break;
      misses = 0;
      lastOffset = offset;
      picks.push({ traceIndex: trace, ...pick });
    }
  }
  return picks.sort((a, b) => a.traceIndex - b.traceIndex);
}

function trackLobe(
  scan: PreparedScan,
  trace: number,
  predicted: number,
  apex: ApexLobe,
  tolerance: number,
): { sample: number; correlation: number } | undefined {
  const { data, samplesPerTrace: n } = scan;
  const { template, half } = apex;
  const base = trace * n;
  const reach = Math.max(1, Math.round(tolerance));
  const templateEnergy = energyOf(template);
  const centre = Math.round(predicted);
  const correlations = correlationScratch(2 * reach + 3);
  for (let lag = -reach - 1; lag <= reach + 1; lag++) {
    let dot = 0;
    let energy = 0;
    for (let i = -half; i <= half; i++) {
      const s = centre + lag + i;
      const v = s >= 0 && s < n ? data[base + s] : 0;
      dot += v * template[i + half];
      energy += v * v;
    }
    correlations[lag + reach + 1] = dot / Math.sqrt(Math.max(1e-300, energy * templateEnergy));
  }
  // The lag of best correlation finds the lobe (the whole wavelet votes, so a neighbour's lobe is not taken);
  // the pick is the lobe's own peak near it (the same phase as at the apex), unless noise puts that peak more
  // than a sixth of a period away, in which case the correlation's lag is kept.
  const best = refinedExtremum(correlations, 1, correlations.length - 1, 1);
  if (!best) return undefined;
  const lag = centre + best.index - reach - 1;
  if (Math.abs(lag - predicted) > tolerance) return undefined;
  const row = data.subarray(base, base + n);
  const lobe = refinedExtremum(row, lag - reach / 2, lag + reach / 2 + 1, apex.polarity);
  const peak = lobe ? lobePeak(row, lobe.index, Math.max(1, Math.round(scan.periodSamples / 8))) : undefined;
  const sample = peak !== undefined && Math.abs(peak - lag) <= scan.periodSamples / 6 ? peak : lag;
  return { sample, correlation: best.value };
}

/**
 * Σv² of a lobe's template, kept per template array (a bar's limbs are tracked with one template, trace after
 * trace; templates are not modified once made): the same sum, in the same order, as computed per trace before.
 */
function energyOf(template: ArrayLike<number> & object): number {
  const known = TEMPLATE_ENERGY.get(template);
  if (known !== undefined) return known;
  let energy = 0;
  for (let i = 0; i < template.length; i++) energy += template[i] * template[i];
  TEMPLATE_ENERGY.set(template, energy);
  return energy;
}

const TEMPLATE_ENERGY = new WeakMap<object, number>();

/** {@link trackLobe}'s correlations, one buffer per length (every element is written before it is read). */
function correlationScratch(length: number): Float64Array {
  let buffer = CORRELATIONS.get(length);
  if (!buffer) CORRELATIONS.set(length, (buffer = new Float64Array(length)));
  return buffer;
}

const CORRELATIONS = new Map<number, Float64Array>();

/**
 * Peak of a lobe to a fraction of a sample: the vertex of the least-squares parabola through the 2·half + 1
 * samples around it. A three-point parabola on a lobe that spans tens of samples turns noise of a few per cent
 * into picks scattered by ±1 sample (dev-debye-deep: 38-sample period, 24 dB); fitting ± an eighth of a period
 * averages it down while the lobe is still a parabola there.
 *
 * @param row - one trace.
 * @param centre - the lobe's approximate peak (e.g. from {@link refinedExtremum}).
 * @param half - half-width of the fit, samples.
 * @returns the fractional index of the peak, or undefined at the trace's edge or for a flat lobe.
 * @example
 * ```ts
 * lobePeak(Float64Array.from({ length: 41 }, (_, i) => -((i - 20.3) ** 2)), 20, 4); // 20.3
 * ```
 */
export function lobePeak(row: ArrayLike<number>, centre: number, half: number): number | undefined {
  const c = Math.round(centre);
  if (c - half < 0 || c + half >= row.length) return undefined;
  // y = a + b·u + q·u² over u = −half…half; the odd moments vanish.
  let s0 = 0;
  let s2 = 0;
  let s4 = 0;
  let y0 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let u = -half; u <= half; u++) {
    const y = row[c + u];
    s0 += 1;
    s2 += u * u;
    s4 += u * u * u * u;
    y0 += y;
    y1 += u * y;
    y2 += u * u * y;
  }
  const b = y1 / s2;
  const q = (s0 * y2 - s2 * y0) / (s0 * s4 - s2 * s2);
  if (q === 0) return undefined;
  const offset = -b / (2 * q);
  return Math.abs(offset) <= half ? c + offset : undefined;
}

function interpolate(values: Float32Array, base: number, n: number, sample: number): number {
  const s0 = Math.floor(sample);
  if (s0 < 0 || s0 >= n - 1) return 0;
  const f = sample - s0;
  return values[base + s0] * (1 - f) + values[base + s0 + 1] * f;
}

/**
 * The picked traces aligned on their picks and summed: the hyperbola's average wavelet, ± two template
 * half-lengths around the tracked lobe (index `2·half` is the lobe).
 *
 * @param scan - the prepared scan.
 * @param picks - picks of one hyperbola.
 * @param half - half-length of the apex template, samples.
 * @returns the stacked wavelet, length 4·half + 1.
 * @example
 * ```ts
 * const wavelet = stackOnPicks(scan, picks, apex.half);
 * ```
 */
export function stackOnPicks(scan: PreparedScan, picks: LimbPick[], half: number): Float64Array {
  const { data, samplesPerTrace: n } = scan;
  const width = 2 * half;
  const stack = new Float64Array(2 * width + 1);
  for (const pick of picks) {
    for (let i = -width; i <= width; i++)
      stack[i + width] += interpolate(data, pick.traceIndex * n, n, pick.sample + i);
  }
  return stack;
}

/**
 * Offset, samples, from the tracked lobe (the centre of a stacked wavelet) to the wavelet's envelope peak
 * within ± `half`. Adding it to phase picks gives arrival times that do not depend on the wavelet's phase: the
 * direct wave's main lobe, which fixes time zero, is the envelope peak of a zero-phase wavelet, while a
 * reflection's wavelet is phase-rotated by the scattering and the 2-D/3-D spreading.
 *
 * @param wavelet - a stacked wavelet from {@link stackOnPicks} (or a sum of several).
 * @param half - half-length of the apex template, samples.
 * @returns the offset in samples (0 for an empty wavelet).
 * @example
 * ```ts
 * envelopePeakOffset(stackOnPicks(scan, picks, apex.half), apex.half); // e.g. 3.1
 * ```
 */
export function envelopePeakOffset(wavelet: Float64Array, half: number): number {
  const width = (wavelet.length - 1) / 2;
  const envelope = traceEnvelope(wavelet);
  const peak = refinedExtremum(envelope, width - half, width + half + 1, 1);
  return peak && peak.value > 0 ? peak.index - width : 0;
}
