import type { Radargram } from '../model/radargram';
import { bandPassInPlace } from './bandpass';
import { dewowTrace } from './dewow';
import { envelopeInPlace } from './envelope';
import { applyCurveInPlace, gainCurve } from './gain';
import { migrateStolt } from './migration';
import { absoluteQuantile } from './normalize';
import {
  NORMALIZE_QUANTILE,
  resolveProcessingOptions,
  SIGNAL_VIEWER_PRESET,
  type ProcessingOptions,
  type ResolvedProcessingOptions,
} from './options';
import { smoothInPlace, smoothTraceInPlace } from './smoothing';
import { withSamples } from './radargram-copy';
import { findTimeZero } from '../detection/time-zero-estimate';
import { streamMovingBackgroundChain } from './streamed-chain';
import { findDirectWaveSample } from './time-zero';
import { movingTraceMeanInPlace } from './trace-window';

/** Samples the normalisation quantile is estimated from (evenly strided). */
const QUANTILE_SAMPLES = 131_072;

/** The processed radargram and what the chain decided on the way. */
export interface ProcessingResult {
  /** The processed radargram (samples `startSample …` of the input, in normalised signal units). */
  radargram: Radargram;
  /** Index, in the input, of the processed radargram's first sample (time zero). */
  startSample: number;
  /** Factor that converted the input's units to signal units (before gains); 1 when not normalised. */
  normalizationFactor: number;
  /** The options after defaults and clamping. */
  options: ResolvedProcessingOptions;
}

/**
 * Runs the signal viewer's processing chain, in this order: time zero (direct-wave first break, or the start
 * offset) and signal length; dewow; mean (background) removal; band-pass; smoothing; Stolt migration;
 * envelope; normalisation to signal units; constant × linear × time gain. Only one full-size buffer is
 * allocated (two with migration); every step after the crop works in place, and with the default options the
 * whole chain is two passes over the data (crop + dewow + mean sum; mean subtraction + normalisation + gain).
 * With a moving background (a mean removal window shorter than the line) and no band-pass, migration or
 * envelope, every step up to the gain runs in one sweep over the traces (`streamMovingBackgroundChain`,
 * decision 0079), with the same samples.
 *
 * @param rg - the radargram as read.
 * @param options - chain options; unset ones come from `preset`, all are clamped to the spec's bounds.
 * @param preset - defaults. Default {@link SIGNAL_VIEWER_PRESET}.
 * @returns the processed radargram, the time-zero sample and the normalisation factor.
 * @example
 * ```ts
 * const { radargram, startSample } = processRadargramDetailed(rg, { linearGainDb: 20 });
 * ```
 */
export function processRadargramDetailed(
  rg: Radargram,
  options: ProcessingOptions = {},
  preset: Readonly<ResolvedProcessingOptions> = SIGNAL_VIEWER_PRESET,
): ProcessingResult {
  const o = resolveProcessingOptions(options, preset);
  const isDirectWave = o.timeZero === 'direct-wave';
  const startSample = Math.min(
    rg.samplesPerTrace - 1,
    isDirectWave ? findDirectWaveSample(rg) : o.startOffset,
  );
  const available = rg.samplesPerTrace - startSample;
  const n = o.signalLength === 'all' ? available : Math.min(available, o.signalLength);
  const traces = rg.traces;
  // Direct-wave mode: the display still starts at the direct wave's first break, but its time counts from the one
  // time zero of the package (findTimeZero, decision 0015), the transmit instant the rebar engine uses.
  const firstSampleTimeS = isDirectWave
    ? rg.timeOffsetS +
      startSample * rg.sampleIntervalS -
      findTimeZero(rg, { permittivity: o.permittivity }).timeZeroS
    : rg.timeOffsetS + startSample * rg.sampleIntervalS;
  const isFullMean = o.meanRemoval && (o.meanRemovalWindow === undefined || o.meanRemovalWindow >= traces);
  const samples = new Float32Array(traces * n);
  const dewowWindow = typeof o.dewow === 'number' ? o.dewow : o.dewow ? defaultDewowWindow(rg) : 0;
  if (o.meanRemoval && !isFullMean && !o.bandPass && !o.migrate && !o.envelope) {
    // A moving background and nothing between it and the smoothing: every step in one sweep over the traces.
    const out = withSamples(rg, samples, { samplesPerTrace: n, timeOffsetS: firstSampleTimeS });
    return { ...streamChain(rg, out, o, startSample, dewowWindow), startSample, options: o };
  }
  // One pass: crop, dewow, and sum the mean trace.
  const sum = new Float64Array(isFullMean ? n : 0);
  for (let t = 0; t < traces; t++) {
    const src = t * rg.samplesPerTrace + startSample;
    const dst = t * n;
    if (dewowWindow > 1) dewowTrace(rg.samples, src, samples, dst, n, dewowWindow);
    else samples.set(rg.samples.subarray(src, src + n), dst);
    if (isFullMean) for (let s = 0; s < n; s++) sum[s] += samples[dst + s];
  }
  const mean = new Float32Array(n);
  for (let i = 0; i < n && isFullMean; i++) mean[i] = sum[i] / traces;
  const hasMiddleSteps = Boolean(o.bandPass) || o.smoothing > 1 || o.migrate || o.envelope;
  // Smoothing along time follows the mean removal directly when there is no band-pass: each trace is smoothed in
  // the mean removal's pass, once its background is off (the same operations on the same values).
  const halfTime = Math.floor(o.smoothing / 2);
  const isTimeSmoothingFused = halfTime > 0 && !o.bandPass && (isFullMean ? hasMiddleSteps : o.meanRemoval);
  const prefix = new Float64Array(isTimeSmoothingFused ? n + 1 : 0);
  const smoothTrace = isTimeSmoothingFused
    ? (base: number): void => smoothTraceInPlace(samples, base, n, halfTime, prefix)
    : undefined;
  if (isFullMean && hasMiddleSteps) subtractCurveInPlace(samples, traces, mean, null, smoothTrace);
  else if (o.meanRemoval && !isFullMean) {
    movingTraceMeanInPlace(
      samples,
      traces,
      n,
      Math.floor(Math.max(1, o.meanRemovalWindow ?? 1) / 2),
      'subtract',
      smoothTrace,
    );
  }
  let out = withSamples(rg, samples, { samplesPerTrace: n, timeOffsetS: firstSampleTimeS });
  if (o.bandPass) bandPassInPlace(out.samples, traces, n, out.sampleIntervalS, o.bandPass);
  if (o.smoothing > 1) {
    smoothInPlace(out.samples, traces, n, {
      samples: isTimeSmoothingFused ? 1 : o.smoothing,
      traces: o.smoothing,
    });
  }
  if (o.migrate) out = migrateStolt(out, { permittivity: o.permittivity });
  if (o.envelope) envelopeInPlace(out.samples, traces, n);
  // Without middle steps the mean trace is still to be subtracted: fold it into the last pass.
  const pending = isFullMean && !hasMiddleSteps ? mean : null;
  const reference = o.normalizeTo === false ? 0 : quantileAfterMean(out.samples, pending, n);
  const normalizationFactor = o.normalizeTo !== false && reference > 0 ? o.normalizeTo / reference : 1;
  const curve = gainCurve(n, out.sampleIntervalS, {
    constant: o.constantGain * normalizationFactor,
    linearDb: o.linearGainDb,
    timeDbPerNs: o.timeScaling ? o.timeGainDbPerNs : 0,
  });
  if (pending) subtractCurveInPlace(out.samples, traces, pending, curve);
  else applyCurveInPlace(out.samples, traces, curve);
  return { radargram: out, startSample, normalizationFactor, options: o };
}

/**
 * The signal viewer's processing chain (see {@link processRadargramDetailed}), returning only the radargram.
 *
 * @param rg - the radargram as read.
 * @param options - chain options (defaults: the spec's signal viewer preset).
 * @param preset - defaults. Default {@link SIGNAL_VIEWER_PRESET}; use `SIGNAL_BASED_VIEWER_PRESET` for previews.
 * @returns the processed radargram, ready for {@link renderRadargramRgba} with the −20…20 colour scale.
 * @example
 * ```ts
 * const shown = processRadargram(rg);                                  // spec defaults
 * const preview = processRadargram(rg, {}, SIGNAL_BASED_VIEWER_PRESET); // scan preview
 * ```
 */
export function processRadargram(
  rg: Radargram,
  options: ProcessingOptions = {},
  preset: Readonly<ResolvedProcessingOptions> = SIGNAL_VIEWER_PRESET,
): Radargram {
  return processRadargramDetailed(rg, options, preset).radargram;
}

/**
 * Default dewow window: two periods of the antenna's centre frequency (1 ns when it is unknown), in samples.
 *
 * @param rg - the radargram (its sample interval and centre frequency are used).
 * @returns the window length in samples (≥ 3).
 * @example
 * ```ts
 * defaultDewowWindow({ ...rg, sampleIntervalS: 15.625e-12, centreFrequencyHz: 1.6e9 }); // 80
 * ```
 */
export function defaultDewowWindow(rg: Pick<Radargram, 'sampleIntervalS' | 'centreFrequencyHz'>): number {
  const seconds = rg.centreFrequencyHz && rg.centreFrequencyHz > 0 ? 2 / rg.centreFrequencyHz : 1e-9;
  return Math.max(3, Math.round(seconds / rg.sampleIntervalS));
}

/**
 * The chain with a moving background and no band-pass, migration or envelope, in one sweep over the traces
 * ({@link streamMovingBackgroundChain}); then, when normalising, the quantile and the gain over the output.
 */
function streamChain(
  rg: Radargram,
  out: Radargram,
  o: ResolvedProcessingOptions,
  startSample: number,
  dewowWindow: number,
): { radargram: Radargram; normalizationFactor: number } {
  const n = out.samplesPerTrace;
  const curveFor = (factor: number): Float32Array =>
    gainCurve(n, out.sampleIntervalS, {
      constant: o.constantGain * factor,
      linearDb: o.linearGainDb,
      timeDbPerNs: o.timeScaling ? o.timeGainDbPerNs : 0,
    });
  const half = o.smoothing > 1 ? Math.floor(o.smoothing / 2) : 0;
  streamMovingBackgroundChain(rg.samples, rg.traces, rg.samplesPerTrace, out.samples, {
    startSample,
    n,
    dewowWindow,
    halfMeanTraces: Math.floor(Math.max(1, o.meanRemovalWindow ?? 1) / 2),
    halfTime: half,
    halfTraces: half,
    curve: o.normalizeTo === false ? curveFor(1) : null,
  });
  if (o.normalizeTo === false) return { radargram: out, normalizationFactor: 1 };
  const reference = quantileAfterMean(out.samples, null, n);
  const normalizationFactor = reference > 0 ? o.normalizeTo / reference : 1;
  applyCurveInPlace(out.samples, rg.traces, curveFor(normalizationFactor));
  return { radargram: out, normalizationFactor };
}

/**
 * `x ← (x − mean[s]) × curve[s]` for every trace (no curve: just the subtraction), in place; `afterTrace` is
 * called with each trace's first index once it is done.
 */
function subtractCurveInPlace(
  samples: Float32Array,
  traces: number,
  mean: Float32Array,
  curve: Float32Array | null,
  afterTrace?: (base: number) => void,
): void {
  const n = mean.length;
  for (let t = 0; t < traces; t++) {
    const base = t * n;
    if (curve) for (let s = 0; s < n; s++) samples[base + s] = (samples[base + s] - mean[s]) * curve[s];
    else for (let s = 0; s < n; s++) samples[base + s] -= mean[s];
    afterTrace?.(base);
  }
}

/** The normalisation quantile of |x − mean[s]| (mean absent: of |x|), from a strided subsample. */
function quantileAfterMean(samples: Float32Array, mean: Float32Array | null, n: number): number {
  if (!mean) return absoluteQuantile(samples, NORMALIZE_QUANTILE, QUANTILE_SAMPLES);
  let stride = Math.max(1, Math.ceil(samples.length / QUANTILE_SAMPLES));
  if (stride % 2 === 0) stride++;
  const picked = new Float32Array(Math.ceil(samples.length / stride));
  for (let i = 0, k = 0; i < samples.length; i += stride, k++) picked[k] = samples[i] - mean[i % n];
  return absoluteQuantile(picked, NORMALIZE_QUANTILE);
}
