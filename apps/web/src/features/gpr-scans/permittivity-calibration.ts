/**
 * Where a cover was measured: along a line scan (xM), a point of an area's grid (xM, yM), or along one scan of a
 * dual-orientation pair (scan, xM), metres.
 */
export interface MeasuredPoint {
  xM: number;
  yM?: number;
  scan?: 'parallel' | 'perpendicular';
}

/** The permittivity of a rebar analysis as the scan and area pages show it (issue #13 items 7 and 8). */
export interface PermittivityInUse {
  value: number;
  sd: number;
  source: 'estimated' | 'prior' | 'user' | 'calibrated';
  count: number;
  /** The bar of known cover it was calibrated on, when `source` is 'calibrated'. */
  calibration: (MeasuredPoint & { coverM: number }) | null;
  /** The engine's note when the value lies outside what concrete allows (εr 4–16). */
  note: string | null;
  /** The bars' diameter the run was given (known from the drawings), metres; null when the engine estimated it. */
  barDiameterM: number | null;
}

/** The nominal bar diameters a surveyor picks from, mm (the common sizes of EN 10080). */
export const NOMINAL_BAR_DIAMETERS_MM = [6, 8, 10, 12, 14, 16, 20, 25, 28, 32, 40] as const;

const SOURCES = ['estimated', 'prior', 'user', 'calibrated'] as const;
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Reads the permittivity, its calibration and plausibility note from an analysis' results.
 *
 * @example readPermittivityInUse({ permittivity: { value: 6.8, sd: 0.4, source: 'estimated', count: 5 } })?.value // 6.8
 */
export function readPermittivityInUse(results: Record<string, unknown> | null): PermittivityInUse | null {
  const p = results?.permittivity as Record<string, unknown> | undefined;
  if (!p || !isNumber(p.value) || !isNumber(p.sd)) return null;
  const source = SOURCES.find((s) => s === p.source) ?? 'estimated';
  const c = results?.calibration as Record<string, unknown> | undefined;
  return {
    value: p.value,
    sd: p.sd,
    source,
    count: isNumber(p.count) ? p.count : 0,
    calibration:
      c && isNumber(c.xM) && isNumber(c.coverM)
        ? {
            xM: c.xM,
            ...(isNumber(c.yM) ? { yM: c.yM } : {}),
            ...(c.scan === 'parallel' || c.scan === 'perpendicular' ? { scan: c.scan } : {}),
            coverM: c.coverM,
          }
        : null,
    note: typeof results?.permittivityNote === 'string' ? results.permittivityNote : null,
    barDiameterM: isNumber(results?.barDiameterM) ? results.barDiameterM : null,
  };
}

/**
 * "εr 6.84 ± 0.35" with where it comes from.
 *
 * @example describePermittivity({ value: 6.84, sd: 0.35, source: 'estimated', count: 5, calibration: null, note: null })
 * // 'εr 6.84 ± 0.35, estimated from 5 hyperbolas'
 */
export function describePermittivity(p: PermittivityInUse): string {
  const value = `εr ${p.value.toFixed(2)} ± ${p.sd.toFixed(2)}`;
  switch (p.source) {
    case 'calibrated':
      return p.calibration
        ? `${value}, calibrated on the bar at ${describePoint(p.calibration)} (measured cover ${(p.calibration.coverM * 1000).toFixed(1)} mm)`
        : `${value}, calibrated on a bar of known cover`;
    case 'user':
      return `εr ${p.value.toFixed(2)}, given by the user`;
    case 'prior':
      return `${value}, assumed (no hyperbola to estimate it from)`;
    default:
      return `${value}, estimated from ${p.count} hyperbola${p.count === 1 ? '' : 's'}`;
  }
}

/**
 * Where a cover was measured, as the calibration says it.
 *
 * @example describePoint({ xM: 0.42 }) // '0.420 m'
 * @example describePoint({ xM: 0.42, yM: 0.1 }) // 'x 0.420 m, y 0.100 m'
 * @example describePoint({ xM: 0.3, scan: 'perpendicular' }) // '0.300 m of the perpendicular scan'
 */
export function describePoint(point: MeasuredPoint): string {
  if (point.yM !== undefined) return `x ${point.xM.toFixed(3)} m, y ${point.yM.toFixed(3)} m`;
  return point.scan === undefined
    ? `${point.xM.toFixed(3)} m`
    : `${point.xM.toFixed(3)} m of the ${point.scan} scan`;
}

/**
 * A measured cover typed in millimetres as metres, or an error message.
 *
 * @example parseMeasuredCover('35') // { coverM: 0.035 }
 */
export function parseMeasuredCover(text: string): { coverM: number } | { error: string } {
  const mm = Number(text.trim().replace(',', '.'));
  if (text.trim() === '' || !Number.isFinite(mm)) return { error: 'Enter the measured cover in mm' };
  if (mm <= 0 || mm > 500) return { error: 'The cover must be between 0 and 500 mm' };
  return { coverM: mm / 1000 };
}
