import type { Radargram } from '../model/radargram';
import { withSamples } from './radargram-copy';

/**
 * Dewow in place: subtracts from every sample the mean of a centred window of `windowSamples` samples of the
 * same trace (truncated at the ends), removing the slowly varying "wow" of induction and DC drift.
 *
 * @param samples - amplitudes, trace-major; modified in place.
 * @param traces - number of traces.
 * @param samplesPerTrace - samples per trace.
 * @param windowSamples - window length in samples (≥ 1; an even length is widened by one to stay centred).
 * @returns nothing.
 * @example
 * ```ts
 * const x = Float32Array.of(1, 2, 6); // one trace, window 3: means [1.5, 3, 4]
 * dewowInPlace(x, 1, 3, 3);           // x = [-0.5, -1, 2]
 * ```
 */
export function dewowInPlace(
  samples: Float32Array,
  traces: number,
  samplesPerTrace: number,
  windowSamples: number,
): void {
  const scratch = new Float32Array(samplesPerTrace);
  for (let t = 0; t < traces; t++) {
    const base = t * samplesPerTrace;
    scratch.set(samples.subarray(base, base + samplesPerTrace));
    dewowTrace(scratch, 0, samples, base, samplesPerTrace, windowSamples);
  }
}

/**
 * Dewows one trace from `src` into `dst` (which may be another array, so a crop and a dewow can share one
 * pass): `dst[d + s] = src[b + s] − mean(src[b + s − h … b + s + h])`, the window truncated at the trace's ends.
 *
 * @param src - source amplitudes.
 * @param srcBase - index of the trace's first sample in `src`.
 * @param dst - destination amplitudes (must not overlap the source trace).
 * @param dstBase - index of the trace's first sample in `dst`.
 * @param length - samples in the trace.
 * @param windowSamples - window length in samples (an even length is widened by one; ≤ 1 gives all zeros).
 * @returns nothing.
 * @example
 * ```ts
 * const out = new Float32Array(3);
 * dewowTrace(Float32Array.of(1, 2, 6), 0, out, 0, 3, 3); // out = [-0.5, -1, 2]
 * ```
 */
export function dewowTrace(
  src: Float32Array,
  srcBase: number,
  dst: Float32Array,
  dstBase: number,
  length: number,
  windowSamples: number,
): void {
  const half = Math.max(0, Math.floor(windowSamples / 2));
  if (half === 0 || length <= 2 * half + 1) {
    dewowTraceSlow(src, srcBase, dst, dstBase, length, half);
    return;
  }
  // Head: the window grows from [0, half] to [0, 2·half].
  let sum = 0;
  for (let i = 0; i <= half; i++) sum += src[srcBase + i];
  for (let s = 0; s < half; s++) {
    dst[dstBase + s] = src[srcBase + s] - sum / (half + 1 + s);
    sum += src[srcBase + s + half + 1];
  }
  // Middle: a full window [s − half, s + half] of constant length.
  const inverse = 1 / (2 * half + 1);
  const end = length - half;
  for (let s = half; s < end - 1; s++) {
    dst[dstBase + s] = src[srcBase + s] - sum * inverse;
    sum += src[srcBase + s + half + 1] - src[srcBase + s - half];
  }
  dst[dstBase + end - 1] = src[srcBase + end - 1] - sum * inverse;
  // Tail: the window shrinks at the end of the trace.
  for (let s = end; s < length; s++) {
    sum -= src[srcBase + s - half - 1];
    dst[dstBase + s] = src[srcBase + s] - sum / (length - s + half);
  }
}

/** Short traces (window as long as the trace): the direct, general form. */
function dewowTraceSlow(
  src: Float32Array,
  srcBase: number,
  dst: Float32Array,
  dstBase: number,
  length: number,
  half: number,
): void {
  let lo = 0;
  let hi = 0;
  let sum = 0;
  for (let s = 0; s < length; s++) {
    const wantHi = s + half + 1 < length ? s + half + 1 : length;
    while (hi < wantHi) sum += src[srcBase + hi++];
    const wantLo = s > half ? s - half : 0;
    while (lo < wantLo) sum -= src[srcBase + lo++];
    dst[dstBase + s] = src[srcBase + s] - sum / (hi - lo);
  }
}

/**
 * Dewow: removes the low-frequency trend of every trace by subtracting a centred running mean.
 * A window of one to three periods of the antenna's centre frequency is usual.
 *
 * @param rg - the radargram.
 * @param windowSamples - running-mean window, samples (≥ 1).
 * @returns a new radargram.
 * @example
 * ```ts
 * // 1.6 GHz antenna, 15.625 ps sampling: one period is 40 samples
 * const dewowed = applyDewow(rg, 40);
 * ```
 */
export function applyDewow(rg: Radargram, windowSamples: number): Radargram {
  const out = rg.samples.slice();
  dewowInPlace(out, rg.traces, rg.samplesPerTrace, windowSamples);
  return withSamples(rg, out);
}
