/**
 * In place, replaces every sample by (`mode: 'mean'`) or subtracts from it (`mode: 'subtract'`) the mean of the
 * same sample over a centred window of `2·halfWidth + 1` traces, truncated at the ends of the line. Uses
 * running sums and a ring of the original traces still needed, so it costs O(traces × samples) whatever the
 * window.
 *
 * @param samples - amplitudes, trace-major; modified in place.
 * @param traces - number of traces.
 * @param samplesPerTrace - samples per trace.
 * @param halfWidth - traces on each side of the centre trace (≥ 0).
 * @param mode - `'mean'` to smooth, `'subtract'` to remove a moving background.
 * @param afterTrace - called with a trace's first index once its result is written (the trace is not read again,
 *   so the caller may go on changing it in the same pass).
 * @returns nothing.
 * @example
 * ```ts
 * const x = Float32Array.of(0, 3, 6); // three traces of one sample
 * movingTraceMeanInPlace(x, 3, 1, 1, 'mean'); // x = [1.5, 3, 4.5]
 * ```
 */
export function movingTraceMeanInPlace(
  samples: Float32Array,
  traces: number,
  samplesPerTrace: number,
  halfWidth: number,
  mode: 'mean' | 'subtract',
  afterTrace?: (base: number) => void,
): void {
  const h = Math.max(0, Math.floor(halfWidth));
  const n = samplesPerTrace;
  const sum = new Float64Array(n);
  const ringSize = h + 1;
  const ring = new Float32Array(ringSize * n);
  const windowEnd = Math.min(traces - 1, h);
  for (let j = 0; j <= windowEnd; j++) {
    const base = j * n;
    for (let s = 0; s < n; s++) sum[s] += samples[base + s];
  }
  let lo = 0;
  let hi = windowEnd;
  const isMean = mode === 'mean';
  for (let t = 0; t < traces; t++) {
    const wantLo = Math.max(0, t - h);
    const wantHi = Math.min(traces - 1, t + h);
    if (wantHi === hi + 1 && wantLo === lo + 1) {
      // The window slides by one trace: add the new trace, drop the oldest and write the mean (or subtract it) in one pass (the
      // same operations in the same order as the general steps below, so the same values).
      const addBase = wantHi * n;
      const slot = (t % ringSize) * n;
      const dropBase = (lo % ringSize) * n;
      const base = t * n;
      const inverseCount = 1 / (wantHi - wantLo + 1);
      // One loop per mode (no test per sample).
      if (isMean) {
        for (let s = 0; s < n; s++) {
          const total = sum[s] + samples[addBase + s] - ring[dropBase + s];
          sum[s] = total;
          ring[slot + s] = samples[base + s];
          samples[base + s] = total * inverseCount;
        }
      } else {
        for (let s = 0; s < n; s++) {
          const total = sum[s] + samples[addBase + s] - ring[dropBase + s];
          sum[s] = total;
          const original = samples[base + s];
          ring[slot + s] = original;
          samples[base + s] = original - total * inverseCount;
        }
      }
      hi = wantHi;
      lo = wantLo;
      afterTrace?.(base);
      continue;
    }
    while (hi < wantHi) {
      hi++;
      const base = hi * n;
      for (let s = 0; s < n; s++) sum[s] += samples[base + s];
    }
    while (lo < wantLo) {
      const ringBase = (lo % ringSize) * n;
      for (let s = 0; s < n; s++) sum[s] -= ring[ringBase + s];
      lo++;
    }
    const base = t * n;
    const ringBase = (t % ringSize) * n;
    const inverseCount = 1 / (hi - lo + 1);
    for (let s = 0; s < n; s++) {
      const original = samples[base + s];
      ring[ringBase + s] = original;
      const mean = sum[s] * inverseCount;
      samples[base + s] = mode === 'mean' ? mean : original - mean;
    }
    afterTrace?.(base);
  }
}
