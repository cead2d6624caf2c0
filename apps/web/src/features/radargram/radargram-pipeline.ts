import {
  buildShadePalette,
  DEFAULT_ANTENNA_SEPARATION_M,
  gainCurve,
  getColormap,
  processRadargramDetailed,
  SIGNAL_COLOR_SCALE,
  type Radargram,
} from '@gprhub/gpr';
import type { SignalSettings } from './signal-settings';

/** A scan's signal as the viewer receives it (the signal route's binary form, decoded). */
export interface SignalData {
  traces: number;
  samplesPerTrace: number;
  sampleIntervalS: number;
  traceSpacingM: number;
  /** Two-way time of the first sample, seconds. */
  timeOffsetS: number;
  /** Trace-major float32 amplitudes: `data[t * samplesPerTrace + s]`. */
  data: Float32Array;
}

/** The slow part of the chain's result: everything before the gains, reused while only gains or colours move. */
export interface PreparedSignal {
  /** The cache key it was made for (see {@link prepareKey}). */
  key: string;
  /** Cropped, dewowed, background-removed, smoothed, normalised amplitudes (traces × rows). */
  samples: Float32Array;
  traces: number;
  /** Rows shown (samples from time zero). */
  rows: number;
  /** Index, on the file's sample axis, of row 0. */
  startSample: number;
  /** Two-way time of row 0 after transmission, seconds. */
  firstRowTimeS: number;
  sampleIntervalS: number;
}

/** Where a frame's rows sit in time: enough for axes and overlays. */
export interface FrameGeometry {
  traces: number;
  rows: number;
  startSample: number;
  firstRowTimeS: number;
  sampleIntervalS: number;
  traceSpacingM: number;
  /** The file's own time of sample 0, seconds (hyperbola labels are on the file's sample axis). */
  fileTimeOffsetS: number;
}

/** The settings that change the slow stage (gains and colours do not). */
export function prepareKey(settings: SignalSettings): string {
  const timeZero = settings.isAutoTimeZero ? 'auto' : `offset:${settings.startOffset}`;
  return `${timeZero}|${settings.signalLength}|${settings.meanRemoval}|${settings.smoothing}`;
}

/** The signal as the package's radargram model (what the processing chain takes). */
export function toRadargram(signal: SignalData): Radargram {
  return {
    samples: signal.data,
    traces: signal.traces,
    samplesPerTrace: signal.samplesPerTrace,
    sampleIntervalS: signal.sampleIntervalS,
    timeOffsetS: signal.timeOffsetS,
    traceSpacingM: signal.traceSpacingM,
    antennaSeparationM: DEFAULT_ANTENNA_SEPARATION_M,
    marks: [],
    format: 'dzt',
    name: 'signal',
    header: [],
  };
}

/**
 * Runs the signal viewer's chain (packages/gpr `processRadargramDetailed`) up to, not including, the gains:
 * time zero and length, dewow, mean removal, smoothing, normalisation. Gains are linear and last, so
 * {@link renderFrame} applies them per frame at the cost of one multiply per sample.
 */
export function prepareSignal(signal: SignalData, settings: SignalSettings): PreparedSignal {
  const result = processRadargramDetailed(toRadargram(signal), {
    timeZero: settings.isAutoTimeZero ? 'direct-wave' : 'start-offset',
    startOffset: settings.startOffset,
    signalLength: settings.signalLength,
    meanRemoval: settings.meanRemoval,
    smoothing: settings.smoothing,
    linearGainDb: 0,
    timeScaling: false,
    constantGain: 1,
  });
  const rg = result.radargram;
  return {
    key: prepareKey(settings),
    samples: rg.samples,
    traces: rg.traces,
    rows: rg.samplesPerTrace,
    startSample: result.startSample,
    firstRowTimeS: rg.timeOffsetS,
    sampleIntervalS: rg.sampleIntervalS,
  };
}

const paletteCache = new Map<string, Uint32Array>();

/** The colour map's 255 shades as packed RGBA pixels (memory byte order), cached by name. */
export function getPackedPalette(colormap: string): Uint32Array {
  let packed = paletteCache.get(colormap);
  if (!packed) {
    const palette = buildShadePalette(getColormap(colormap), SIGNAL_COLOR_SCALE.shades);
    packed = new Uint32Array(palette.slice().buffer);
    paletteCache.set(colormap, packed);
  }
  return packed;
}

/**
 * Applies the gains (linear, and time when time scaling is on) and the colour map on the −20…20 scale in
 * 255 shades, the same mapping as packages/gpr `renderRadargramRgba`, in one pass.
 * @param target - optional RGBA buffer of `traces × rows × 4` bytes to fill (a new one otherwise).
 * @returns RGBA pixels, `traces` wide and `rows` high, rows top to bottom.
 */
export function renderFrame(
  prepared: PreparedSignal,
  settings: SignalSettings,
  target?: Uint8ClampedArray,
): Uint8ClampedArray {
  const { traces: width, rows: height, samples } = prepared;
  const curve = gainCurve(height, prepared.sampleIntervalS, {
    constant: 1,
    linearDb: settings.linearGainDb,
    timeDbPerNs: settings.timeScaling ? settings.timeGainDbPerNs : 0,
  });
  const colors = getPackedPalette(settings.colormap);
  const shades = colors.length;
  const last = shades - 1;
  const min = SIGNAL_COLOR_SCALE.min;
  const factor = shades / (SIGNAL_COLOR_SCALE.max - SIGNAL_COLOR_SCALE.min);
  // Fold the colour scale into the curve: shade = x·curve·factor − min·factor.
  const scaled = new Float32Array(height);
  for (let y = 0; y < height; y++) scaled[y] = curve[y] * factor;
  const offset = -min * factor;
  const data =
    target && target.length === width * height * 4 ? target : new Uint8ClampedArray(width * height * 4);
  const pixels = new Uint32Array(data.buffer, data.byteOffset, width * height);
  for (let x = 0; x < width; x++) {
    const base = x * height;
    for (let y = 0, p = x; y < height; y++, p += width) {
      const v = samples[base + y] * scaled[y] + offset;
      let k = v > -1e9 && v < 1e9 ? v | 0 : v > 0 ? last : 0;
      k &= ~(k >> 31);
      const over = k - last;
      pixels[p] = colors[last + (over & (over >> 31))];
    }
  }
  return data;
}

/** The geometry of a prepared signal, for axes and overlays. */
export function frameGeometry(prepared: PreparedSignal, signal: SignalData): FrameGeometry {
  return {
    traces: prepared.traces,
    rows: prepared.rows,
    startSample: prepared.startSample,
    firstRowTimeS: prepared.firstRowTimeS,
    sampleIntervalS: prepared.sampleIntervalS,
    traceSpacingM: signal.traceSpacingM,
    fileTimeOffsetS: signal.timeOffsetS,
  };
}
