import type { Radargram } from '../model/radargram';
import { withSamples } from './radargram-copy';

/**
 * Largest absolute amplitude (NaN samples are ignored).
 *
 * @param samples - amplitudes.
 * @returns the peak |amplitude| (0 for empty or all-zero data).
 * @example
 * ```ts
 * peakAmplitude(Float32Array.of(1, -4, 3)); // 4
 * ```
 */
export function peakAmplitude(samples: Float32Array): number {
  let peak = 0;
  for (let i = 0; i < samples.length; i++) {
    const v = Math.abs(samples[i]);
    peak = v > peak ? v : peak;
  }
  return peak;
}

const HISTOGRAM_BINS = 4096;

/**
 * Quantile of |amplitude| from a histogram of 4,096 bins between 0 and the peak: O(n), no sorting, accurate
 * to peak/4096. NaN samples are ignored.
 *
 * @param samples - amplitudes.
 * @param quantile - between 0 and 1 (1 gives the peak).
 * @param maxSamples - estimate from at most this many samples, evenly strided (odd stride, so it does not
 *   follow the trace length). Default: all.
 * @returns the amplitude below which that fraction of |samples| lies (the upper edge of its bin).
 * @example
 * ```ts
 * absoluteQuantile(Float32Array.from({ length: 1000 }, (_, i) => i + 1), 0.5); // ≈ 500 (within 1000/4096)
 * ```
 */
export function absoluteQuantile(samples: Float32Array, quantile: number, maxSamples = Infinity): number {
  let stride = Math.max(1, Math.ceil(samples.length / Math.max(1, maxSamples)));
  if (stride > 1 && stride % 2 === 0) stride++;
  let peak = 0;
  for (let i = 0; i < samples.length; i += stride) {
    const v = Math.abs(samples[i]);
    peak = v > peak ? v : peak;
  }
  if (peak === 0 || quantile >= 1) return peak;
  const counts = new Uint32Array(HISTOGRAM_BINS);
  const toBin = HISTOGRAM_BINS / peak;
  let valid = 0;
  for (let i = 0; i < samples.length; i += stride) {
    const bin = Math.abs(samples[i]) * toBin;
    if (bin >= 0) {
      counts[bin < HISTOGRAM_BINS ? Math.floor(bin) : HISTOGRAM_BINS - 1]++;
      valid++;
    }
  }
  const wanted = Math.max(0, quantile) * valid;
  let seen = 0;
  for (let b = 0; b < HISTOGRAM_BINS; b++) {
    seen += counts[b];
    if (seen >= wanted) return ((b + 1) * peak) / HISTOGRAM_BINS;
  }
  return peak;
}

/**
 * Multiplies every sample by the factor that brings a quantile of |amplitude| to `target`, in place.
 *
 * @param samples - amplitudes; modified in place.
 * @param target - the value the quantile should take.
 * @param quantile - which quantile of |amplitude| to scale by (1 = the peak).
 * @param maxSamples - estimate the quantile from at most this many samples (see {@link absoluteQuantile}).
 * @returns the factor applied (1 when the data are all zero).
 * @example
 * ```ts
 * const x = Float32Array.of(1, -4, 2);
 * normalizeInPlace(x, 1, 1); // returns 0.25; x = [0.25, -1, 0.5]
 * ```
 */
export function normalizeInPlace(
  samples: Float32Array,
  target: number,
  quantile: number,
  maxSamples = Infinity,
): number {
  const reference = absoluteQuantile(samples, quantile, maxSamples);
  if (!(reference > 0)) return 1;
  const factor = target / reference;
  for (let i = 0; i < samples.length; i++) samples[i] *= factor;
  return factor;
}

/**
 * Scales amplitudes so that a quantile of |amplitude| (by default the peak) becomes `target`; data that are all
 * zero stay zero. The processing chain works in such normalised units so that gains and colour scales mean
 * the same thing for every instrument, whatever its raw units (16-bit counts, 32-bit counts, V/m).
 *
 * @param rg - the radargram.
 * @param target - the value the quantile should take. Default 1.
 * @param quantile - quantile of |amplitude| to scale by, 0–1. Default 1 (the peak).
 * @returns a new radargram.
 * @example
 * ```ts
 * normalizeAmplitude(rg).samples;            // peak |amplitude| = 1
 * normalizeAmplitude(rg, 4, 0.999).samples;  // 99.9 % of |amplitudes| ≤ 4
 * ```
 */
export function normalizeAmplitude(rg: Radargram, target = 1, quantile = 1): Radargram {
  const out = rg.samples.slice();
  normalizeInPlace(out, target, quantile);
  return withSamples(rg, out);
}
