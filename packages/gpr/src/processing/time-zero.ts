import { SPEED_OF_LIGHT_M_PER_S, type Radargram } from '../model/radargram';
import { withSamples } from './radargram-copy';

/** How the direct wave's arrival is picked on the mean trace. */
export interface DirectWaveOptions {
  /**
   * The first break is the first sample whose deviation from the leading sample reaches this fraction of the
   * largest deviation (0–1). Default 0.2.
   */
  thresholdFraction?: number;
  /** Average at most this many evenly spaced traces (the direct wave is the same in all). Default 256. */
  maxTraces?: number;
}

/**
 * Finds the first break of the direct wave: on the sum of (up to 256 evenly spaced) traces (the direct wave is
 * the same in every trace, reflections are not), the first sample whose deviation from sample 0 reaches a fraction of the
 * largest deviation. Time zero (the transmit instant) is that arrival minus s/c for an antenna separation s.
 *
 * @param rg - the radargram.
 * @param options - the threshold.
 * @returns the sample index of the first break (0 for a flat mean trace).
 * @example
 * ```ts
 * // Mean trace [5, 5, 6, 9, 25, 5]: deviations [0, 0, 1, 4, 20, 0], max 20, 20 % = 4 → sample 3.
 * findDirectWaveSample(rg); // 3
 * ```
 */
export function findDirectWaveSample(rg: Radargram, options: DirectWaveOptions = {}): number {
  const fraction = Math.min(1, Math.max(0, options.thresholdFraction ?? 0.2));
  const n = rg.samplesPerTrace;
  const stride = Math.max(1, Math.floor(rg.traces / Math.max(1, options.maxTraces ?? 256)));
  const mean = new Float64Array(n);
  for (let t = 0; t < rg.traces; t += stride) {
    for (let s = 0, p = t * n; s < n; s++, p++) mean[s] += rg.samples[p];
  }
  const baseline = mean[0];
  let largest = 0;
  for (let s = 0; s < mean.length; s++) largest = Math.max(largest, Math.abs(mean[s] - baseline));
  if (largest === 0) return 0;
  const threshold = fraction * largest;
  for (let s = 0; s < mean.length; s++) if (Math.abs(mean[s] - baseline) >= threshold) return s;
  return 0;
}

/** Where the shifted radargram starts and how long it is. */
export interface TimeZeroOptions {
  /** Samples to drop from the top of every trace (integer ≥ 0; clamped to the trace length − 1). */
  startSample: number;
  /** Samples to keep after the start (integer ≥ 1); default: all that remain. */
  signalLength?: number;
  /**
   * Two-way time of the new first sample, seconds. Default: the old time of that sample,
   * `timeOffsetS + startSample × sampleIntervalS` (a plain crop).
   */
  firstSampleTimeS?: number;
}

/**
 * Time-zero correction: drops the samples before time zero (and optionally those past a signal length) from
 * every trace, and sets the time of the new first sample.
 *
 * @param rg - the radargram.
 * @param options - start sample, length, and the time of the new first sample.
 * @returns a new radargram with `samplesPerTrace = min(signalLength, samplesPerTrace − startSample)`.
 * @example
 * ```ts
 * // 4 samples per trace [a b c d]; start 1, length 2 → [b c]
 * applyTimeZero(rg, { startSample: 1, signalLength: 2 }).samplesPerTrace; // 2
 * ```
 */
export function applyTimeZero(rg: Radargram, options: TimeZeroOptions): Radargram {
  const start = Math.min(Math.max(0, Math.floor(options.startSample)), rg.samplesPerTrace - 1);
  const available = rg.samplesPerTrace - start;
  const requested = options.signalLength === undefined ? available : Math.floor(options.signalLength);
  const length = Math.max(1, Math.min(available, requested));
  const out = new Float32Array(rg.traces * length);
  for (let t = 0; t < rg.traces; t++) {
    const from = t * rg.samplesPerTrace + start;
    out.set(rg.samples.subarray(from, from + length), t * length);
  }
  return withSamples(rg, out, {
    samplesPerTrace: length,
    timeOffsetS: options.firstSampleTimeS ?? rg.timeOffsetS + start * rg.sampleIntervalS,
  });
}

/**
 * Time-zero correction from the direct wave: crops every trace at the direct wave's first break
 * ({@link findDirectWaveSample}) and sets the new first sample's time to s/c, the air-wave travel time across
 * the antenna separation (so later times count from the transmit instant).
 *
 * @param rg - the radargram.
 * @param options - the pick threshold and an optional signal length in samples.
 * @returns the shifted radargram.
 * @example
 * ```ts
 * const aligned = applyDirectWaveTimeZero(rg); // first row = direct-wave arrival
 * ```
 */
export function applyDirectWaveTimeZero(
  rg: Radargram,
  options: DirectWaveOptions & { signalLength?: number } = {},
): Radargram {
  return applyTimeZero(rg, {
    startSample: findDirectWaveSample(rg, options),
    signalLength: options.signalLength,
    firstSampleTimeS: rg.antennaSeparationM / SPEED_OF_LIGHT_M_PER_S,
  });
}
