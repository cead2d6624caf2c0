/**
 * A line scan's signal resampled onto depth, as the GPR scan page's Rebars tab draws it under its bars (and the
 * PDF report prints it). Shared by the web app and the API.
 */

/** The signal as far as the depth section needs it (trace-major float32). */
export interface DepthSignal {
  traces: number;
  samplesPerTrace: number;
  sampleIntervalS: number;
  timeOffsetS: number;
  /** `data[t * samplesPerTrace + s]`. */
  data: Float32Array;
}

/** How the analysis converted time to depth (from the LINE_SCAN_REBAR_2 result). */
export interface DepthConversion {
  /** Transmit instant on the signal's time axis, s. */
  timeZeroS: number;
  /** Wave speed in the concrete, m/s (c / √ε). */
  velocityMPerS: number;
  antennaSeparationM: number;
}

/** A greyscale depth section: `width` traces × `height` rows, RGBA, covering depth 0…`depthM`. */
export interface DepthImage {
  width: number;
  height: number;
  depthM: number;
  rgba: Uint8ClampedArray<ArrayBuffer>;
}

/**
 * The signal resampled onto depth with the analysis' own time zero, permittivity and antenna separation, so
 * the bars it found sit on their hyperbola apexes: row r is depth d = (r + ½)·Δd, read at two-way time
 * t0 + 2·√(d² + (s/2)²)/v. The mean trace is removed first (the direct wave's horizontal bands) and each
 * row is scaled by its own spread (a gain that follows depth), then shown in greys.
 *
 * @param signal - the decoded signal.
 * @param conversion - time zero, velocity and antenna separation.
 * @param maxDepthM - deepest row wanted (clamped to what the record reaches).
 * @param rows - image height.
 * @returns the image, or null when the record reaches no depth.
 * @example
 * ```ts
 * const image = renderSignalDepthImage(signal, { timeZeroS: 1e-9, velocityMPerS: 1.1e8, antennaSeparationM: 0.04 }, 0.3, 300);
 * ```
 */
export function renderSignalDepthImage(
  signal: DepthSignal,
  conversion: DepthConversion,
  maxDepthM: number,
  rows: number,
): DepthImage | null {
  const { traces, samplesPerTrace: n, sampleIntervalS: dt, timeOffsetS, data } = signal;
  const { timeZeroS, velocityMPerS: v, antennaSeparationM: sep } = conversion;
  const lastTime = timeOffsetS + (n - 1) * dt - timeZeroS;
  const reach = Math.sqrt(Math.max(0, (v * lastTime) / 2) ** 2 - (sep / 2) ** 2) || 0;
  const depthM = Math.min(maxDepthM, reach);
  if (traces === 0 || n < 2 || !(depthM > 0) || !(v > 0) || !(dt > 0)) return null;

  const mean = new Float64Array(n);
  for (let t = 0; t < traces; t++) for (let s = 0; s < n; s++) mean[s]! += data[t * n + s]!;
  for (let s = 0; s < n; s++) mean[s]! /= traces;

  const rgba = new Uint8ClampedArray(traces * rows * 4);
  const row = new Float64Array(traces);
  for (let r = 0; r < rows; r++) {
    const depth = ((r + 0.5) / rows) * depthM;
    const time = timeZeroS + (2 * Math.hypot(depth, sep / 2)) / v;
    const index = (time - timeOffsetS) / dt;
    const i0 = Math.min(Math.max(Math.floor(index), 0), n - 2);
    const frac = Math.min(Math.max(index - i0, 0), 1);
    let sumSquares = 0;
    for (let t = 0; t < traces; t++) {
      const a = data[t * n + i0]! - mean[i0]!;
      const b = data[t * n + i0 + 1]! - mean[i0 + 1]!;
      const value = a + (b - a) * frac;
      row[t] = value;
      sumSquares += value * value;
    }
    const spread = Math.sqrt(sumSquares / traces) * 3 || 1;
    for (let t = 0; t < traces; t++) {
      const grey = 128 + 127 * Math.max(-1, Math.min(1, row[t]! / spread));
      const at = (r * traces + t) * 4;
      rgba[at] = grey;
      rgba[at + 1] = grey;
      rgba[at + 2] = grey;
      rgba[at + 3] = 255;
    }
  }
  return { width: traces, height: rows, depthM, rgba };
}
