import type { Radargram } from '../model/radargram';
import { withSamples } from './radargram-copy';
import { movingTraceMeanInPlace } from './trace-window';

/** Boxcar smoothing window. */
export interface SmoothingOptions {
  /** Window along time, samples (odd; an even width is widened by one; 1 or less = none). Default 1. */
  samples?: number;
  /** Window across traces (odd; 1 or less = none). Default 1. */
  traces?: number;
}

/**
 * Boxcar smoothing in place: a centred moving average along each trace and/or across traces, truncated at the
 * edges. Separable, O(1) per sample whatever the window.
 *
 * @param samples - amplitudes, trace-major; modified in place.
 * @param traces - number of traces.
 * @param samplesPerTrace - samples per trace.
 * @param options - window sizes.
 * @returns nothing.
 * @example
 * ```ts
 * const x = Float32Array.of(0, 3, 6, 0); // one trace, window 3 → [1.5, 3, 3, 3]
 * smoothInPlace(x, 1, 4, { samples: 3 });
 * ```
 */
export function smoothInPlace(
  samples: Float32Array,
  traces: number,
  samplesPerTrace: number,
  options: SmoothingOptions,
): void {
  const halfTime = Math.max(0, Math.floor((options.samples ?? 1) / 2));
  const halfTraces = Math.max(0, Math.floor((options.traces ?? 1) / 2));
  if (halfTime > 0) {
    const prefix = new Float64Array(samplesPerTrace + 1);
    for (let t = 0; t < traces; t++)
      smoothTraceInPlace(samples, t * samplesPerTrace, samplesPerTrace, halfTime, prefix);
  }
  if (halfTraces > 0) movingTraceMeanInPlace(samples, traces, samplesPerTrace, halfTraces, 'mean');
}

/**
 * The boxcar along time of one trace, in place ({@link smoothInPlace}'s time step, exposed so that the processing
 * chain can smooth each trace in the same pass as the step before): sample `s` becomes the mean of samples
 * `s − halfTime … s + halfTime`, truncated at the trace's ends.
 *
 * @param samples - amplitudes, trace-major; the trace is modified in place.
 * @param base - index of the trace's first sample.
 * @param n - samples in the trace.
 * @param halfTime - half-width of the window, samples (≥ 1).
 * @param prefix - scratch of at least `n + 1` values whose first is 0 (reused between traces).
 * @returns nothing.
 * @example
 * ```ts
 * const x = Float32Array.of(0, 3, 6, 0);
 * smoothTraceInPlace(x, 0, 4, 1, new Float64Array(5)); // x = [1.5, 3, 3, 3]
 * ```
 */
export function smoothTraceInPlace(
  samples: Float32Array,
  base: number,
  n: number,
  halfTime: number,
  prefix: Float64Array,
): void {
  // One pass: the prefix sum runs `halfTime` samples ahead of the sample written (which it has already read).
  const lead = Math.min(halfTime, n);
  let running = 0;
  for (let s = 0; s < lead; s++) prefix[s + 1] = running += samples[base + s];
  for (let s = 0; s < n; s++) {
    const hi = s + halfTime + 1 < n ? s + halfTime + 1 : n;
    if (hi === s + halfTime + 1) prefix[hi] = running += samples[base + hi - 1];
    const lo = s > halfTime ? s - halfTime : 0;
    samples[base + s] = (prefix[hi] - prefix[lo]) / (hi - lo);
  }
}

/**
 * Smooths a radargram with a boxcar (moving average) along time and/or across traces.
 *
 * @param rg - the radargram.
 * @param options - window sizes in samples and traces.
 * @returns a new radargram.
 * @example
 * ```ts
 * const smooth = smoothRadargram(rg, { samples: 3, traces: 3 });
 * ```
 */
export function smoothRadargram(rg: Radargram, options: SmoothingOptions): Radargram {
  const out = rg.samples.slice();
  smoothInPlace(out, rg.traces, rg.samplesPerTrace, options);
  return withSamples(rg, out);
}
