import type { Radargram } from '../model/radargram';
import { meanTrace, withSamples } from './radargram-copy';
import { movingTraceMeanInPlace } from './trace-window';

/**
 * Full-width background removal in place: subtracts the mean trace (the mean of each sample over all traces).
 * Removes the direct wave and horizontal ringing; flat reflectors disappear too.
 *
 * @param samples - amplitudes, trace-major; modified in place.
 * @param traces - number of traces.
 * @param samplesPerTrace - samples per trace.
 * @returns nothing.
 * @example
 * ```ts
 * const x = Float32Array.of(1, 10, 3, 30); // two traces of two samples; mean trace [2, 20]
 * removeMeanTraceInPlace(x, 2, 2);         // x = [-1, -10, 1, 10]
 * ```
 */
export function removeMeanTraceInPlace(samples: Float32Array, traces: number, samplesPerTrace: number): void {
  const mean = meanTrace(samples, traces, samplesPerTrace);
  for (let t = 0; t < traces; t++) {
    const base = t * samplesPerTrace;
    for (let s = 0; s < samplesPerTrace; s++) samples[base + s] -= mean[s];
  }
}

/** Which background to subtract. */
export interface BackgroundRemovalOptions {
  /**
   * Width of the moving window in traces (odd; an even width is widened by one). Omit (or give a width of at
   * least the trace count) for full-width removal of the mean trace.
   */
  windowTraces?: number;
}

/**
 * Mean (background) removal: subtracts the mean trace over the whole line, or over a moving window of traces
 * centred on each trace (keeps long flat reflectors that a full-width mean would erase only when they are
 * longer than the window).
 *
 * @param rg - the radargram.
 * @param options - full width (default) or a moving window in traces.
 * @returns a new radargram.
 * @example
 * ```ts
 * const clean = removeBackground(rg);                         // full width
 * const local = removeBackground(rg, { windowTraces: 101 });  // ±50 traces
 * ```
 */
export function removeBackground(rg: Radargram, options: BackgroundRemovalOptions = {}): Radargram {
  const out = rg.samples.slice();
  const window = options.windowTraces;
  if (window === undefined || window >= rg.traces) removeMeanTraceInPlace(out, rg.traces, rg.samplesPerTrace);
  else movingTraceMeanInPlace(out, rg.traces, rg.samplesPerTrace, Math.floor(window / 2), 'subtract');
  return withSamples(rg, out);
}
