import { DEFAULT_PERMITTIVITY } from '../model/radargram';
import type { BandPassOptions } from './bandpass';

/** Options of the processing chain ({@link processRadargram}); every field is optional. */
export interface ProcessingOptions {
  /**
   * How time zero is found: `'direct-wave'` picks the first break of the direct wave on the mean trace;
   * `'start-offset'` drops `startOffset` samples (the vendor viewer's behaviour). Default `'direct-wave'`.
   */
  timeZero?: 'direct-wave' | 'start-offset';
  /** Samples dropped from the top of each trace in `'start-offset'` mode (integer ≥ 0). Default 41. */
  startOffset?: number;
  /** Samples kept after time zero (integer 1–655), or `'all'`. Default 550. */
  signalLength?: number | 'all';
  /** Dewow window in samples, `true` for two periods of the centre frequency, `false` for none. Default true. */
  dewow?: boolean | number;
  /** Subtract the mean trace (background removal). Default true. */
  meanRemoval?: boolean;
  /** Moving mean-removal window in traces; omit for full width. */
  meanRemovalWindow?: number;
  /** Boxcar smoothing window (samples along time and traces across; 0 or 1 = none). Default 0. */
  smoothing?: number;
  /** Optional zero-phase band-pass. Default none. */
  bandPass?: BandPassOptions;
  /** Apply the time gain (the viewer's "time scaling" switch). Default true. */
  timeScaling?: boolean;
  /** Time gain, dB per ns below time zero (0–10). Default 5. */
  timeGainDbPerNs?: number;
  /** Linear gain, dB (−20 to 80). Default 12. */
  linearGainDb?: number;
  /** Constant gain factor (≥ 0). Default 1. */
  constantGain?: number;
  /** Average relative permittivity of the medium (≥ 1), for migration and depth axes. Default 7. */
  permittivity?: number;
  /** Stolt f-k migration at `permittivity`. Default false. */
  migrate?: boolean;
  /** Replace traces by their envelope. Default false. */
  envelope?: boolean;
  /**
   * Amplitude units: before the gains, the 99.9th percentile of |amplitude| is scaled to this value
   * (`false` keeps the file's raw units). Default 4.
   */
  normalizeTo?: number | false;
}

/** A fully resolved and clamped option set. */
export type ResolvedProcessingOptions = Required<Omit<ProcessingOptions, 'bandPass' | 'meanRemovalWindow'>> &
  Pick<ProcessingOptions, 'bandPass' | 'meanRemovalWindow'>;

/** Largest signal length the viewer allows, samples (spec §9). */
export const MAX_SIGNAL_LENGTH = 655;
/** Linear gain bounds, dB (spec §5). */
export const LINEAR_GAIN_RANGE_DB = [-20, 80] as const;
/** Time gain bounds, dB/ns (spec §5). */
export const TIME_GAIN_RANGE_DB_PER_NS = [0, 10] as const;
/** Quantile of |amplitude| that {@link ProcessingOptions.normalizeTo} refers to. */
export const NORMALIZE_QUANTILE = 0.999;

/**
 * The GPR scan page's signal viewer defaults (spec §9): start offset 41, signal length 550, 5 dB/ns,
 * linear gain 12 dB, constant gain 1, permittivity 7. Amplitudes are normalised so that the strongest
 * reflections (99.9th percentile) are 4 units: after the preset's gains at time zero (×3.98) they reach 80 %
 * of the −20…20 colour scale, and the time gain lifts deeper, weaker ones.
 */
export const SIGNAL_VIEWER_PRESET: Readonly<ResolvedProcessingOptions> = {
  timeZero: 'direct-wave',
  startOffset: 41,
  signalLength: 550,
  dewow: true,
  meanRemoval: true,
  smoothing: 0,
  timeScaling: true,
  timeGainDbPerNs: 5,
  linearGainDb: 12,
  constantGain: 1,
  permittivity: DEFAULT_PERMITTIVITY,
  migrate: false,
  envelope: false,
  normalizeTo: 4,
};

/**
 * The signal-based viewer's preset (spec §9): start offset 41, signal length 450, 2 dB/ns, linear gain 0.1 dB,
 * constant gain 0.4; used for the scan preview (greys, −0.01…0.01 in 100 shades). By the same rule as the
 * signal viewer's, amplitudes are normalised so that the strongest reflections reach 80 % of that scale after
 * the preset's gains at time zero: 0.008 / (0.4 × 10^(0.1/20)) ≈ 0.02.
 */
export const SIGNAL_BASED_VIEWER_PRESET: Readonly<ResolvedProcessingOptions> = {
  ...SIGNAL_VIEWER_PRESET,
  signalLength: 450,
  timeGainDbPerNs: 2,
  linearGainDb: 0.1,
  constantGain: 0.4,
  normalizeTo: 0.02,
};

/**
 * Fills in defaults from a preset and clamps every option to the spec's bounds: linear gain −20…80 dB,
 * time gain 0…10 dB/ns, permittivity ≥ 1, start offset an integer ≥ 0, signal length an integer 1…655,
 * smoothing an integer ≥ 0, constant gain ≥ 0. Non-finite numbers fall back to the preset's value.
 *
 * @param options - what the caller set.
 * @param preset - the defaults. Default {@link SIGNAL_VIEWER_PRESET}.
 * @returns the resolved options.
 * @example
 * ```ts
 * resolveProcessingOptions({ linearGainDb: 100, startOffset: -3.7 }); // linearGainDb 80, startOffset 0
 * ```
 */
export function resolveProcessingOptions(
  options: ProcessingOptions = {},
  preset: Readonly<ResolvedProcessingOptions> = SIGNAL_VIEWER_PRESET,
): ResolvedProcessingOptions {
  const merged = { ...preset, ...withoutUndefined(options) };
  const num = (value: number, fallback: number): number => (Number.isFinite(value) ? value : fallback);
  const clamp = (value: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, value));
  const length = merged.signalLength;
  const dewow = merged.dewow;
  return {
    ...merged,
    startOffset: Math.max(0, Math.round(num(merged.startOffset, preset.startOffset))),
    signalLength:
      length === 'all'
        ? 'all'
        : clamp(Math.round(num(length, Number(preset.signalLength) || 550)), 1, MAX_SIGNAL_LENGTH),
    dewow: typeof dewow === 'number' ? Math.max(0, Math.round(num(dewow, 0))) : dewow,
    smoothing: Math.max(0, Math.round(num(merged.smoothing, 0))),
    timeGainDbPerNs: clamp(num(merged.timeGainDbPerNs, preset.timeGainDbPerNs), ...TIME_GAIN_RANGE_DB_PER_NS),
    linearGainDb: clamp(num(merged.linearGainDb, preset.linearGainDb), ...LINEAR_GAIN_RANGE_DB),
    constantGain: Math.max(0, num(merged.constantGain, preset.constantGain)),
    permittivity: Math.max(1, num(merged.permittivity, preset.permittivity)),
  };
}

function withoutUndefined(options: ProcessingOptions): ProcessingOptions {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as ProcessingOptions;
}
