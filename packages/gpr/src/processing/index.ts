export { removeBackground, removeMeanTraceInPlace } from './background';
export type { BackgroundRemovalOptions } from './background';
export { applyBandPass, bandPassInPlace, bandPassResponse } from './bandpass';
export type { BandPassOptions } from './bandpass';
export { defaultDewowWindow, processRadargram, processRadargramDetailed } from './chain';
export type { ProcessingResult } from './chain';
export { applyDewow, dewowInPlace, dewowTrace } from './dewow';
export { computeEnvelope, envelopeInPlace } from './envelope';
export { getFftPlan, nextPowerOfTwo } from './fft';
export type { FftPlan } from './fft';
export {
  applyConstantGain,
  applyCurveInPlace,
  applyGain,
  applyLinearGain,
  applyTimeGain,
  gainCurve,
} from './gain';
export type { GainOptions } from './gain';
export { migrateStolt } from './migration';
export type { MigrationOptions } from './migration';
export { absoluteQuantile, normalizeAmplitude, normalizeInPlace, peakAmplitude } from './normalize';
export {
  LINEAR_GAIN_RANGE_DB,
  MAX_SIGNAL_LENGTH,
  NORMALIZE_QUANTILE,
  resolveProcessingOptions,
  SIGNAL_BASED_VIEWER_PRESET,
  SIGNAL_VIEWER_PRESET,
  TIME_GAIN_RANGE_DB_PER_NS,
} from './options';
export type { ProcessingOptions, ResolvedProcessingOptions } from './options';
export { meanTrace, withSamples } from './radargram-copy';
export { smoothInPlace, smoothRadargram } from './smoothing';
export type { SmoothingOptions } from './smoothing';
export { applyDirectWaveTimeZero, applyTimeZero, findDirectWaveSample } from './time-zero';
export type { DirectWaveOptions, TimeZeroOptions } from './time-zero';
export { movingTraceMeanInPlace } from './trace-window';
