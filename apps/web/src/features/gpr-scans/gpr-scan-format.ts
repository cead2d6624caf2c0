import type { AreaScanDirection } from '@gprhub/contract';

/**
 * The scan number as the spec shows it: L plus three digits.
 * @example formatScanNumber(7) // 'L007'
 */
export function formatScanNumber(scanNumber: number | null | undefined): string | null {
  if (scanNumber === null || scanNumber === undefined || !Number.isFinite(scanNumber)) return null;
  return `L${String(Math.trunc(scanNumber)).padStart(3, '0')}`;
}

/**
 * A length in metres shown in centimetres (spec §9: scan length in cm), one decimal when it has one.
 * @example formatLengthCm(2.811) // '281.1 cm'
 */
export function formatLengthCm(lengthM: number): string {
  const cm = Math.round(lengthM * 1000) / 10;
  return `${Number.isInteger(cm) ? cm.toFixed(0) : cm.toFixed(1)} cm`;
}

const DIRECTION_LABELS: Record<AreaScanDirection, string> = {
  LEFT_TO_RIGHT: 'Left to right',
  BOTTOM_TO_TOP: 'Bottom to top',
};

/** 'Left to right' or 'Bottom to top' (null when the scan is in no area scan). */
export function formatDirection(direction: AreaScanDirection | null | undefined): string | null {
  return direction ? DIRECTION_LABELS[direction] : null;
}

/** A value in mm with `decimals` decimals, as the stat cards show it. */
export function formatMm(valueMm: number, decimals: number): string {
  return valueMm.toFixed(decimals);
}

/**
 * The four material properties of a rebar result (spec §2: Epsilon 0, Epsilon inf, Conductivity, Tau), or
 * null when fewer than 4 values exist ('Insufficient material properties data').
 */
export function readMaterialProperties(value: unknown): [number, number, number, number] | null {
  if (!Array.isArray(value) || value.length < 4) return null;
  const four = value.slice(0, 4);
  if (!four.every((v) => typeof v === 'number' && Number.isFinite(v))) return null;
  return four as [number, number, number, number];
}

/**
 * A number shown with 3 significant digits, in scientific notation when very small or large (Tau in seconds).
 * @example formatSignificant(8.2e-12) // '8.20e-12'
 */
export function formatSignificant(value: number): string {
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude < 1e-3 || magnitude >= 1e5) return value.toExponential(2);
  return String(Number(value.toPrecision(3)));
}
