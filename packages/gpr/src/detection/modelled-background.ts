import { hilbertImage } from './analytic-signal';
import type { PreparedScan } from './prepare-scan';

/** A found hyperbola, as the background re-estimate needs it. */
export interface ModelledReflection {
  /** Predicted sample of the apex wavelet's centre at a trace (from the fit). */
  predict: (traceIndex: number) => number;
  /** The apex wavelet, centred on index `(length − 1) / 2`. */
  wavelet: Float64Array;
}

/**
 * Re-estimates the background without the bars' own reflections. The mean trace of a line includes every bar's
 * reflection smeared over the times of its hyperbola — a large share of the line at the apex times when bars are
 * close or deep — and subtracting it bends the picked hyperbolas (sharper near the apex, biasing the permittivity
 * high). Here each found reflection is modelled trace by trace as its apex wavelet at the fitted time, scaled by
 * least squares, and removed from the dewowed data; the mean of that residual is the background, which is then
 * subtracted from the dewowed data (the reflections stay). Long lines, whose first pass used a moving window,
 * are left as they are.
 *
 * @param scan - the prepared scan (its `dewowed` data are used).
 * @param reflections - the hyperbolas found in a first pass.
 * @returns a new prepared scan with the cleaner data, Hilbert transform and envelope.
 * @example
 * ```ts
 * const cleaner = removeModelledBackground(scan, bars.map((b) => ({ predict, wavelet })));
 * ```
 */
export function removeModelledBackground(
  scan: PreparedScan,
  reflections: ModelledReflection[],
): PreparedScan {
  const { traces, samplesPerTrace: n, dewowed } = scan;
  if (reflections.length === 0 || scan.backgroundWindowTraces > 0) return scan;
  const residual = dewowed.slice();
  for (const reflection of reflections) {
    const w = reflection.wavelet;
    const half = (w.length - 1) / 2;
    let energy = 0;
    for (const v of w) energy += v * v;
    if (!(energy > 0)) continue;
    for (let t = 0; t < traces; t++) {
      const centre = reflection.predict(t);
      const start = Math.ceil(centre - half);
      const end = Math.floor(centre + half);
      if (end < 0 || start >= n) continue;
      // Least-squares scale of the wavelet at this trace (linear interpolation of the wavelet at the shift).
      let dot = 0;
      let norm = 0;
      const shifted: number[] = [];
      for (let s = Math.max(0, start); s <= Math.min(n - 1, end); s++) {
        const u = s - centre + half;
        const i = Math.floor(u);
        const f = u - i;
        const value = i + 1 < w.length ? w[i] * (1 - f) + w[i + 1] * f : w[i];
        shifted.push(value);
        dot += value * residual[t * n + s];
        norm += value * value;
      }
      if (!(norm > 0.05 * energy)) continue;
      const scale = dot / norm;
      let k = 0;
      for (let s = Math.max(0, start); s <= Math.min(n - 1, end); s++)
        residual[t * n + s] -= scale * shifted[k++];
    }
  }
  const background = new Float64Array(n);
  for (let t = 0; t < traces; t++) for (let s = 0; s < n; s++) background[s] += residual[t * n + s] / traces;
  const data = new Float32Array(dewowed.length);
  for (let t = 0; t < traces; t++) {
    for (let s = 0; s < n; s++) data[t * n + s] = dewowed[t * n + s] - background[s];
  }
  const hilbert = hilbertImage(data, traces, n);
  const envelope = new Float32Array(data.length);
  for (let i = 0; i < data.length; i++) envelope[i] = Math.sqrt(data[i] * data[i] + hilbert[i] * hilbert[i]);
  return { ...scan, data, hilbert, envelope };
}
