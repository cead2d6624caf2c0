import { DEFAULT_SIGNAL_COLORMAP, MAX_SIGNAL_LENGTH } from '@gprhub/gpr';

/** What the signal viewer's option panel sets (seed 000 §5, §9). Kept in the browser (§3 local preferences). */
export interface SignalSettings {
  /** Boxcar smoothing window, samples × traces (0 or 1: none). */
  smoothing: number;
  /** Subtract the mean trace (background removal). */
  meanRemoval: boolean;
  /** Apply the time gain ("time scaling"). */
  timeScaling: boolean;
  /** Average relative permittivity of the concrete, for the depth axis and the hyperbola curves. */
  permittivity: number;
  /** Linear gain, dB. */
  linearGainDb: number;
  /** Time gain, dB per ns below time zero. */
  timeGainDbPerNs: number;
  /** Colour map name (one of the package's 43). */
  colormap: string;
  /** Time zero from the direct wave's first break (true) or `startOffset` samples dropped (false). */
  isAutoTimeZero: boolean;
  /** Samples dropped from the top of each trace when time zero is not automatic. */
  startOffset: number;
  /** Samples shown below time zero. */
  signalLength: number;
}

/** A numeric field's bounds and its step. `isInteger` rounds after clamping. */
export interface NumericBounds {
  min: number;
  max: number;
  step: number;
  isInteger?: boolean;
}

/** The spec's bounds (seed 000 §5): permittivity 1–20 (minimum 1), gains, start offset 0–100, length ≤ 655. */
export const SIGNAL_BOUNDS = {
  smoothing: { min: 0, max: 15, step: 1, isInteger: true },
  permittivity: { min: 1, max: 20, step: 0.1 },
  linearGainDb: { min: -20, max: 80, step: 0.5 },
  timeGainDbPerNs: { min: 0, max: 10, step: 0.1 },
  startOffset: { min: 0, max: 100, step: 1, isInteger: true },
  signalLength: { min: 1, max: MAX_SIGNAL_LENGTH, step: 1, isInteger: true },
} as const satisfies Record<string, NumericBounds>;

export type NumericSetting = keyof typeof SIGNAL_BOUNDS;

/** The signal viewer's defaults (seed 000 §9): offset 41, length 550, 5 dB/ns, 12 dB, viridis, εr 7. */
export const DEFAULT_SIGNAL_SETTINGS: Readonly<SignalSettings> = {
  smoothing: 0,
  meanRemoval: true,
  timeScaling: true,
  permittivity: 7,
  linearGainDb: 12,
  timeGainDbPerNs: 5,
  colormap: DEFAULT_SIGNAL_COLORMAP,
  isAutoTimeZero: true,
  startOffset: 41,
  signalLength: 550,
};

/**
 * Reads a number as a person types it: a comma is a decimal separator ("2,5" is 2.5), spaces are ignored.
 * @returns the number, or null when the text is not one.
 * @example parseDecimal(' 12,5 ') // 12.5
 */
export function parseDecimal(text: string): number | null {
  const cleaned = text.trim().replace(/\s+/g, '').replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

/**
 * Clamps a value to its bounds (rounding integers).
 * @example clampToBounds(120, SIGNAL_BOUNDS.linearGainDb) // 80
 */
export function clampToBounds(value: number, bounds: NumericBounds): number {
  const clamped = Math.min(bounds.max, Math.max(bounds.min, value));
  return bounds.isInteger ? Math.round(clamped) : clamped;
}

/**
 * Settings read back from storage: anything missing, of the wrong type or out of bounds takes the default
 * or is clamped, so a stale or hand-edited preference never breaks the viewer.
 */
export function sanitizeSignalSettings(stored: unknown, colormaps: readonly string[]): SignalSettings {
  const raw = (stored && typeof stored === 'object' ? stored : {}) as Partial<Record<string, unknown>>;
  const out: SignalSettings = { ...DEFAULT_SIGNAL_SETTINGS };
  for (const key of Object.keys(SIGNAL_BOUNDS) as NumericSetting[]) {
    const value = raw[key];
    if (typeof value === 'number' && Number.isFinite(value))
      out[key] = clampToBounds(value, SIGNAL_BOUNDS[key]);
  }
  for (const key of ['meanRemoval', 'timeScaling', 'isAutoTimeZero'] as const) {
    if (typeof raw[key] === 'boolean') out[key] = raw[key];
  }
  const colormap = raw.colormap;
  if (typeof colormap === 'string') {
    const match = colormaps.find((name) => name.toLowerCase() === colormap.toLowerCase());
    if (match) out.colormap = match;
  }
  return out;
}
