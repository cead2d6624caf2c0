import type { Radargram } from '../model/radargram';
import { withSamples } from './radargram-copy';

/** The three gains of the signal viewer, applied together as one factor per sample. */
export interface GainOptions {
  /** Constant factor (dimensionless). Default 1. */
  constant?: number;
  /** Linear gain, dB of amplitude (factor 10^(dB/20)). Default 0. */
  linearDb?: number;
  /** Time gain, dB per nanosecond below the first sample (factor 10^(g·t/20), t in ns). Default 0. */
  timeDbPerNs?: number;
}

/**
 * The gain factor of every sample of a trace: `constant × 10^((linearDb + timeDbPerNs × tNs) / 20)` where
 * `tNs = i × sampleIntervalS × 1e9` is the time of sample `i` below the first sample.
 *
 * @param samplesPerTrace - samples per trace.
 * @param sampleIntervalS - sample interval, seconds.
 * @param options - the gains.
 * @returns a Float32Array of factors, one per sample.
 * @example
 * ```ts
 * // 20 dB/ns with 0.5 ns sampling: sample 2 is 1 ns down → ×10
 * gainCurve(3, 0.5e-9, { timeDbPerNs: 20 }); // [1, 3.1623, 10]
 * ```
 */
export function gainCurve(
  samplesPerTrace: number,
  sampleIntervalS: number,
  options: GainOptions,
): Float32Array {
  const constant = options.constant ?? 1;
  const linearDb = options.linearDb ?? 0;
  const timeDbPerNs = options.timeDbPerNs ?? 0;
  const curve = new Float32Array(samplesPerTrace);
  const dtNs = sampleIntervalS * 1e9;
  for (let i = 0; i < samplesPerTrace; i++) {
    curve[i] = constant * Math.pow(10, (linearDb + timeDbPerNs * i * dtNs) / 20);
  }
  return curve;
}

/**
 * Multiplies every trace by a per-sample factor, in place.
 *
 * @param samples - amplitudes, trace-major; modified in place.
 * @param traces - number of traces.
 * @param curve - one factor per sample (its length is the samples per trace).
 * @returns nothing.
 * @example
 * ```ts
 * const x = Float32Array.of(1, 1, 2, 2);
 * applyCurveInPlace(x, 2, Float32Array.of(1, 10)); // x = [1, 10, 2, 20]
 * ```
 */
export function applyCurveInPlace(samples: Float32Array, traces: number, curve: Float32Array): void {
  const n = curve.length;
  for (let t = 0; t < traces; t++) {
    const base = t * n;
    for (let s = 0; s < n; s++) samples[base + s] *= curve[s];
  }
}

/**
 * Applies constant, linear (dB) and time (dB/ns) gain together.
 *
 * @param rg - the radargram.
 * @param options - the gains.
 * @returns a new radargram.
 * @example
 * ```ts
 * const shown = applyGain(rg, { constant: 1, linearDb: 12, timeDbPerNs: 5 }); // the viewer's defaults
 * ```
 */
export function applyGain(rg: Radargram, options: GainOptions): Radargram {
  const out = rg.samples.slice();
  applyCurveInPlace(out, rg.traces, gainCurve(rg.samplesPerTrace, rg.sampleIntervalS, options));
  return withSamples(rg, out);
}

/**
 * Linear gain: multiplies every sample by 10^(dB/20).
 *
 * @param rg - the radargram.
 * @param gainDb - gain, dB of amplitude (6.02 dB doubles, −20 dB divides by 10).
 * @returns a new radargram.
 * @example
 * ```ts
 * applyLinearGain(rg, 20); // every sample × 10
 * ```
 */
export function applyLinearGain(rg: Radargram, gainDb: number): Radargram {
  return applyGain(rg, { linearDb: gainDb });
}

/**
 * Time gain: multiplies sample `i` by 10^(g·tᵢ/20), tᵢ = i × sampleInterval in ns below the first sample,
 * compensating the spreading and attenuation losses that grow with depth.
 *
 * @param rg - the radargram.
 * @param gainDbPerNs - gain slope, dB per nanosecond.
 * @returns a new radargram.
 * @example
 * ```ts
 * applyTimeGain(rg, 5); // a sample 4 ns down is multiplied by 10^(20/20) = 10
 * ```
 */
export function applyTimeGain(rg: Radargram, gainDbPerNs: number): Radargram {
  return applyGain(rg, { timeDbPerNs: gainDbPerNs });
}

/**
 * Constant gain: multiplies every sample by a factor.
 *
 * @param rg - the radargram.
 * @param factor - the factor (dimensionless).
 * @returns a new radargram.
 * @example
 * ```ts
 * applyConstantGain(rg, 0.4); // the signal-based viewer's constant gain
 * ```
 */
export function applyConstantGain(rg: Radargram, factor: number): Radargram {
  return applyGain(rg, { constant: factor });
}
