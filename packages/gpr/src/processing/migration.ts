import type { Radargram } from '../model/radargram';
import { velocityFromPermittivity } from '../physics/time-depth';
import { getFftPlan, nextPowerOfTwo } from './fft';
import { withSamples } from './radargram-copy';

/** Stolt migration settings. */
export interface MigrationOptions {
  /** Relative permittivity of the medium (≥ 1); the wave speed is c/√εr. */
  permittivity: number;
  /** Extra zero traces at least, before rounding the trace count up to a power of two. Default 16. */
  padTraces?: number;
  /** Time padding factor before rounding up to a power of two (≥ 1). Default 2. */
  padTimeFactor?: number;
  /**
   * Highest frequency migrated, Hz; the spectrum above it is dropped (it holds only noise, and skipping it
   * saves most of the work at fine sampling). Default 3 × the centre frequency (a Ricker wavelet is 50 dB down
   * there), or the Nyquist frequency when the centre frequency is unknown.
   */
  maxFrequencyHz?: number;
}

/**
 * Stolt f-k migration (exploding-reflector, constant velocity): 2-D FFT over time and traces, remapping of
 * every (ω, kx) to ω′ = √(ω² + (v·kx/2)²) with linear interpolation and the obliquity factor ω/ω′, and the
 * inverse FFT. Diffraction hyperbolas collapse to their apexes when the permittivity is right. The first sample
 * is taken as time zero (apply time-zero correction first); the antenna separation is neglected.
 *
 * Two real traces share each time FFT, only 0 ≤ ω ≤ `maxFrequencyHz` is kept, and the trace FFTs run only over
 * those frequencies, so the work is a fraction of a full complex 2-D FFT pair.
 *
 * @param rg - the radargram (needs `traceSpacingM > 0`).
 * @param options - permittivity and padding.
 * @returns the migrated radargram on the same time axis (amplitudes in the same units).
 * @throws RangeError when the trace spacing is unknown (0).
 * @example
 * ```ts
 * const focused = migrateStolt(processed, { permittivity: 7 });
 * ```
 */
export function migrateStolt(rg: Radargram, options: MigrationOptions): Radargram {
  if (!(rg.traceSpacingM > 0)) {
    throw new RangeError(
      'migration needs the trace spacing, but this radargram has none (time-triggered scan?)',
    );
  }
  const nx = rg.traces;
  const nt = rg.samplesPerTrace;
  const tracesPadded = nextPowerOfTwo(nx + Math.max(0, Math.floor(options.padTraces ?? 16)));
  const timePadded = nextPowerOfTwo(Math.ceil(nt * Math.max(1, options.padTimeFactor ?? 2)));
  const maxFrequencyHz =
    options.maxFrequencyHz ?? (rg.centreFrequencyHz ? 3 * rg.centreFrequencyHz : Number.POSITIVE_INFINITY);
  // Rows kept: temporal frequencies j = 0 … rows−1 (at most NT/2), plus one zero row to interpolate towards.
  const rows = Math.min(timePadded / 2, Math.ceil(maxFrequencyHz * timePadded * rg.sampleIntervalS)) + 1;
  // Spectrum table, one row per temporal frequency j, each row the traces (then wavenumbers).
  const gRe = new Float64Array((rows + 1) * tracesPadded);
  const gIm = new Float64Array((rows + 1) * tracesPadded);
  forwardTime(rg.samples, nx, nt, timePadded, tracesPadded, rows, gRe, gIm);
  transformRows(gRe, gIm, rows, tracesPadded, false);
  const halfVelocity = velocityFromPermittivity(options.permittivity) / 2;
  // (v/2)·kx in frequency bins: kx = 2π m / (N dx) and dω = 2π / (NT dt).
  const kxToBins = (halfVelocity * timePadded * rg.sampleIntervalS) / (tracesPadded * rg.traceSpacingM);
  stolt(gRe, gIm, rows, tracesPadded, kxToBins);
  transformRows(gRe, gIm, rows, tracesPadded, true);
  const out = new Float32Array(nx * nt);
  inverseTime(gRe, gIm, nx, nt, timePadded, tracesPadded, rows, out);
  return withSamples(rg, out);
}

/**
 * Remaps every (j, kx) in place: out(j) = in(b) · j / b with b = √(j² + w²), w the wavenumber in bins,
 * interpolating linearly between rows. Row j only reads rows ≥ j, so ascending j works in place.
 */
function stolt(re: Float64Array, im: Float64Array, rows: number, count: number, kxToBins: number): void {
  const w2 = new Float64Array(count);
  for (let m = 0; m < count; m++) {
    const w = (m <= count / 2 ? m : m - count) * kxToBins;
    w2[m] = w * w;
  }
  for (let j = 0; j < rows; j++) {
    const row = j * count;
    for (let m = 0; m < count; m++) {
      if (w2[m] === 0) continue;
      const b = Math.sqrt(j * j + w2[m]);
      const lo = Math.floor(b);
      if (lo >= rows) {
        re[row + m] = 0;
        im[row + m] = 0;
        continue;
      }
      const frac = b - lo;
      const scale = j / b;
      const p = lo * count + m;
      const q = p + count;
      re[row + m] = scale * (re[p] + frac * (re[q] - re[p]));
      im[row + m] = scale * (im[p] + frac * (im[q] - im[p]));
    }
  }
}

/** Half spectra (ω ≥ 0) of every trace, two real traces per complex FFT, into g[j·count + x]. */
function forwardTime(
  samples: Float32Array,
  nx: number,
  nt: number,
  size: number,
  count: number,
  rows: number,
  gRe: Float64Array,
  gIm: Float64Array,
): void {
  const plan = getFftPlan(size);
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  for (let x = 0; x < nx; x += 2) {
    const hasPair = x + 1 < nx;
    re.fill(0);
    im.fill(0);
    for (let s = 0; s < nt; s++) re[s] = samples[x * nt + s];
    if (hasPair) for (let s = 0; s < nt; s++) im[s] = samples[(x + 1) * nt + s];
    plan.forward(re, im);
    for (let j = 0, p = x; j < rows; j++, p += count) {
      const k = j === 0 ? 0 : size - j;
      // A = (Z(j) + conj Z(−j)) / 2, B = (Z(j) − conj Z(−j)) / 2i
      gRe[p] = (re[j] + re[k]) / 2;
      gIm[p] = (im[j] - im[k]) / 2;
      if (hasPair) {
        gRe[p + 1] = (im[j] + im[k]) / 2;
        gIm[p + 1] = (re[k] - re[j]) / 2;
      }
    }
  }
}

/** FFT (or inverse) of every row (one temporal frequency across traces), in place. */
function transformRows(
  gRe: Float64Array,
  gIm: Float64Array,
  rows: number,
  count: number,
  inverse: boolean,
): void {
  const plan = getFftPlan(count);
  for (let j = 0; j < rows; j++) {
    const re = gRe.subarray(j * count, (j + 1) * count);
    const im = gIm.subarray(j * count, (j + 1) * count);
    if (inverse) plan.inverse(re, im);
    else plan.forward(re, im);
  }
}

/** Real traces back from their half spectra, two per complex inverse FFT (Hermitian completion). */
function inverseTime(
  gRe: Float64Array,
  gIm: Float64Array,
  nx: number,
  nt: number,
  size: number,
  count: number,
  rows: number,
  out: Float32Array,
): void {
  const plan = getFftPlan(size);
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  const half = size / 2;
  const kept = Math.min(rows, half);
  for (let x = 0; x < nx; x += 2) {
    const hasPair = x + 1 < nx;
    re.fill(0);
    im.fill(0);
    for (let j = 0, p = x; j < kept; j++, p += count) {
      const ar = gRe[p];
      const ai = j === 0 ? 0 : gIm[p];
      const br = hasPair ? gRe[p + 1] : 0;
      const bi = hasPair && j > 0 ? gIm[p + 1] : 0;
      // Z(j) = A + iB; Z(−j) = conj(A) + i·conj(B)
      re[j] = ar - bi;
      im[j] = ai + br;
      if (j > 0) {
        re[size - j] = ar + bi;
        im[size - j] = br - ai;
      }
    }
    re[half] = 0;
    im[half] = 0;
    plan.inverse(re, im);
    for (let s = 0; s < nt; s++) out[x * nt + s] = re[s];
    if (hasPair) for (let s = 0; s < nt; s++) out[(x + 1) * nt + s] = im[s];
  }
}
