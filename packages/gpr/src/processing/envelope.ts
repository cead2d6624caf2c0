import type { Radargram } from '../model/radargram';
import { getFftPlan, nextPowerOfTwo } from './fft';
import { withSamples } from './radargram-copy';

/**
 * Envelope (instantaneous amplitude) of every trace in place: |x + i·H(x)|, with the Hilbert transform H taken
 * through the FFT (positive frequencies doubled, negative ones zeroed). Traces are zero-padded to a power of two.
 *
 * @param samples - amplitudes, trace-major; modified in place (all values become ≥ 0).
 * @param traces - number of traces.
 * @param samplesPerTrace - samples per trace.
 * @returns nothing.
 * @example
 * ```ts
 * const x = Float32Array.from({ length: 64 }, (_, i) => 3 * Math.cos((2 * Math.PI * 5 * i) / 64));
 * envelopeInPlace(x, 1, 64); // every value ≈ 3
 * ```
 */
export function envelopeInPlace(samples: Float32Array, traces: number, samplesPerTrace: number): void {
  const n = samplesPerTrace;
  const size = nextPowerOfTwo(n);
  const plan = getFftPlan(size);
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  const half = size / 2;
  for (let t = 0; t < traces; t++) {
    const base = t * n;
    re.fill(0);
    im.fill(0);
    for (let s = 0; s < n; s++) re[s] = samples[base + s];
    plan.forward(re, im);
    for (let k = 1; k < size; k++) {
      const factor = k < half ? 2 : k === half ? 1 : 0;
      re[k] *= factor;
      im[k] *= factor;
    }
    plan.inverse(re, im);
    for (let s = 0; s < n; s++) samples[base + s] = Math.sqrt(re[s] * re[s] + im[s] * im[s]);
  }
}

/**
 * Envelope of every trace (Hilbert transform through the FFT): a positive, phase-free picture of reflection
 * strength, useful to pick hyperbola apexes.
 *
 * @param rg - the radargram.
 * @returns a new radargram with amplitudes ≥ 0.
 * @example
 * ```ts
 * const strength = computeEnvelope(processed);
 * ```
 */
export function computeEnvelope(rg: Radargram): Radargram {
  const out = rg.samples.slice();
  envelopeInPlace(out, rg.traces, rg.samplesPerTrace);
  return withSamples(rg, out);
}
