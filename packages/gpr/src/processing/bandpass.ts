import type { Radargram } from '../model/radargram';
import { getFftPlan, nextPowerOfTwo } from './fft';
import { withSamples } from './radargram-copy';

/** A zero-phase Butterworth band-pass. */
export interface BandPassOptions {
  /** Lower −6 dB corner, Hz (0 = no high-pass). */
  lowHz: number;
  /** Upper −6 dB corner, Hz (Infinity or ≥ Nyquist = no low-pass). */
  highHz: number;
  /** Butterworth order of each pass (the response is squared, as a forward–backward filter's). Default 2. */
  order?: number;
}

/**
 * Gain of the zero-phase Butterworth band-pass at a frequency: the squared magnitude of an order-n Butterworth
 * high-pass at `lowHz` times a low-pass at `highHz`, i.e. what filtering forwards and backwards gives
 * (so each corner is at −6 dB, gain 0.5).
 *
 * @param frequencyHz - frequency, Hz (≥ 0).
 * @param options - corners and order.
 * @returns the real, non-negative gain (no phase shift).
 * @example
 * ```ts
 * bandPassResponse(1e9, { lowHz: 1e9, highHz: Infinity });   // 0.5
 * bandPassResponse(2e9, { lowHz: 0, highHz: 1e9, order: 1 }); // 1 / (1 + 4) = 0.2
 * ```
 */
export function bandPassResponse(frequencyHz: number, options: BandPassOptions): number {
  const order = options.order ?? 2;
  const f = Math.abs(frequencyHz);
  const low = options.lowHz > 0 ? (f === 0 ? 0 : 1 / (1 + (options.lowHz / f) ** (2 * order))) : 1;
  const high = Number.isFinite(options.highHz) ? 1 / (1 + (f / options.highHz) ** (2 * order)) : 1;
  return low * high;
}

/**
 * Band-pass filters every trace in place through the FFT: each trace is zero-padded to at least 1.5× its
 * length (to a power of two, so the filter's tails do not wrap around), transformed, multiplied by
 * {@link bandPassResponse} and transformed back. Two traces share one complex FFT (the real response keeps
 * them apart).
 *
 * @param samples - amplitudes, trace-major; modified in place.
 * @param traces - number of traces.
 * @param samplesPerTrace - samples per trace.
 * @param sampleIntervalS - sample interval, seconds.
 * @param options - corners and order.
 * @returns nothing.
 * @example
 * ```ts
 * bandPassInPlace(rg.samples.slice(), rg.traces, rg.samplesPerTrace, rg.sampleIntervalS, {
 *   lowHz: 0.5e9,
 *   highHz: 4e9,
 * });
 * ```
 */
export function bandPassInPlace(
  samples: Float32Array,
  traces: number,
  samplesPerTrace: number,
  sampleIntervalS: number,
  options: BandPassOptions,
): void {
  const n = samplesPerTrace;
  const size = nextPowerOfTwo(Math.ceil(1.5 * n));
  const plan = getFftPlan(size);
  const response = new Float64Array(size);
  for (let k = 0; k < size; k++) {
    const bin = k <= size / 2 ? k : size - k;
    response[k] = bandPassResponse(bin / (size * sampleIntervalS), options);
  }
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  for (let t = 0; t < traces; t += 2) {
    const a = t * n;
    const hasPair = t + 1 < traces;
    re.fill(0);
    im.fill(0);
    for (let s = 0; s < n; s++) re[s] = samples[a + s];
    if (hasPair) for (let s = 0; s < n; s++) im[s] = samples[a + n + s];
    plan.forward(re, im);
    for (let k = 0; k < size; k++) {
      re[k] *= response[k];
      im[k] *= response[k];
    }
    plan.inverse(re, im);
    for (let s = 0; s < n; s++) samples[a + s] = re[s];
    if (hasPair) for (let s = 0; s < n; s++) samples[a + n + s] = im[s];
  }
}

/**
 * Zero-phase Butterworth band-pass of every trace (see {@link bandPassInPlace}).
 *
 * @param rg - the radargram.
 * @param options - corners in Hz and order.
 * @returns a new radargram.
 * @example
 * ```ts
 * // keep 0.4–4 GHz around a 1.6 GHz antenna
 * const filtered = applyBandPass(rg, { lowHz: 0.4e9, highHz: 4e9 });
 * ```
 */
export function applyBandPass(rg: Radargram, options: BandPassOptions): Radargram {
  const out = rg.samples.slice();
  bandPassInPlace(out, rg.traces, rg.samplesPerTrace, rg.sampleIntervalS, options);
  return withSamples(rg, out);
}
