import type { Radargram } from '../model/radargram';

/**
 * A radargram with new samples (and optionally other fields changed), sharing the untouched metadata
 * (header, marks, GPS) with the original. Every processing step returns one of these, so the input is never
 * modified.
 *
 * @param rg - the source radargram.
 * @param samples - the new amplitudes, trace-major, length `traces × (changes.samplesPerTrace ?? rg.samplesPerTrace)`.
 * @param changes - other fields to replace, e.g. `samplesPerTrace` and `timeOffsetS` after cropping.
 * @returns a new Radargram object.
 * @example
 * ```ts
 * const doubled = withSamples(rg, rg.samples.map((v) => 2 * v));
 * ```
 */
export function withSamples(
  rg: Radargram,
  samples: Float32Array,
  changes: Partial<Omit<Radargram, 'samples'>> = {},
): Radargram {
  const result: Radargram = { ...rg, ...changes, samples };
  if (samples.length !== result.traces * result.samplesPerTrace) {
    throw new RangeError(
      `samples hold ${samples.length} values, expected ${result.traces} traces × ${result.samplesPerTrace}`,
    );
  }
  return result;
}

/**
 * Mean of each sample index over all traces (the "mean trace" or background).
 *
 * @param samples - amplitudes, trace-major.
 * @param traces - number of traces.
 * @param samplesPerTrace - samples per trace.
 * @returns a Float64Array of length `samplesPerTrace` (zeros when there are no traces).
 * @example
 * ```ts
 * meanTrace(Float32Array.of(1, 2, 3, 6), 2, 2); // [2, 4]
 * ```
 */
export function meanTrace(samples: Float32Array, traces: number, samplesPerTrace: number): Float64Array {
  const mean = new Float64Array(samplesPerTrace);
  for (let t = 0; t < traces; t++) {
    const base = t * samplesPerTrace;
    for (let s = 0; s < samplesPerTrace; s++) mean[s] += samples[base + s];
  }
  if (traces > 0) for (let s = 0; s < samplesPerTrace; s++) mean[s] /= traces;
  return mean;
}
