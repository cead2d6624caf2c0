import type { TraceGps } from '../model/radargram';
import { median } from './values';

/** Per-trace coordinate fields as stored (before the scalar), plus the scalar and unit codes. */
export interface SegyTraceCoordinates {
  x: Float64Array;
  y: Float64Array;
  /** Trace-header bytes 70–71 of the first trace. */
  scalar: number;
  /** Trace-header bytes 88–89: 1 length, 2 arc-seconds, 3 decimal degrees, 4 DMS. */
  units: number;
  /** Binary-header measurement system: 1 metres, 2 feet. */
  measurementSystem: number;
  /** Which fields the values came from, for display. */
  source: string;
}

/** What the coordinates say about the line geometry. */
export interface SegyGeometry {
  traceSpacingM: number;
  positionsM?: Float64Array;
  gps?: TraceGps[];
  /** How the scalar was applied, for the header display. */
  note: string;
  warning?: string;
}

const EARTH_RADIUS_M = 6_371_008.8;

function haversineM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

const isPlausibleSpacing = (m: number): boolean => m >= 1e-4 && m <= 10;

/**
 * Turns SEG-Y trace coordinates into a trace spacing and along-line positions. The coordinate scalar is
 * applied as the standard says (positive multiplies, negative divides) unless that gives an implausible
 * spacing (outside 0.1 mm – 10 m) while the opposite reading is plausible: RGPR writes 1000 and means
 * "divide". Geographic units (arc-seconds, degrees) become GPS fixes and haversine distances.
 *
 * @param c - the raw coordinates.
 * @returns spacing (m, 0 when the coordinates are all equal), positions and a note on the scalar.
 * @example
 * ```ts
 * // RGPR: scalar 1000, x = 0, 250, 500 … → 0.25 m spacing
 * segyGeometry({ x, y, scalar: 1000, units: 1, measurementSystem: 0, source: 'group X/Y' }).traceSpacingM;
 * ```
 */
export function segyGeometry(c: SegyTraceCoordinates): SegyGeometry {
  const n = c.x.length;
  const standard = c.scalar > 0 ? c.scalar : c.scalar < 0 ? 1 / -c.scalar : 1;
  const inverted = c.scalar > 0 ? 1 / c.scalar : c.scalar < 0 ? -c.scalar : 1;
  if (c.units === 2 || c.units === 3) {
    const perDegree = c.units === 2 ? 1 / 3600 : 1;
    const lat = (i: number): number => c.y[i] * standard * perDegree;
    const lon = (i: number): number => c.x[i] * standard * perDegree;
    const gps: TraceGps[] = [];
    const positionsM = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      gps.push({ traceIndex: i, latitudeDeg: lat(i), longitudeDeg: lon(i) });
      if (i > 0) positionsM[i] = positionsM[i - 1] + haversineM(lat(i - 1), lon(i - 1), lat(i), lon(i));
    }
    const steps = Array.from({ length: Math.max(0, n - 1) }, (_, i) => positionsM[i + 1] - positionsM[i]);
    return { traceSpacingM: median(steps), positionsM, gps, note: `geographic (${c.source})` };
  }
  const unitM = c.measurementSystem === 2 ? 0.3048 : 1;
  const rawSteps = new Float64Array(Math.max(0, n - 1));
  for (let i = 1; i < n; i++) rawSteps[i - 1] = Math.hypot(c.x[i] - c.x[i - 1], c.y[i] - c.y[i - 1]);
  const rawStep = median(rawSteps);
  if (!(rawStep > 0) || !Number.isFinite(rawStep)) {
    return { traceSpacingM: 0, note: 'no trace coordinates' };
  }
  let factor = standard * unitM;
  let note = `scalar ${c.scalar} applied as the standard says (${c.source})`;
  let warning: string | undefined;
  if (!isPlausibleSpacing(rawStep * factor) && isPlausibleSpacing(rawStep * inverted * unitM)) {
    factor = inverted * unitM;
    note = `scalar ${c.scalar} applied inverted, as RGPR writes it (${c.source})`;
  } else if (!isPlausibleSpacing(rawStep * factor)) {
    warning = `trace coordinates give an implausible spacing of ${rawStep * factor} m; spacing left unknown`;
    return { traceSpacingM: 0, note, warning };
  }
  const positionsM = new Float64Array(n);
  for (let i = 1; i < n; i++) positionsM[i] = positionsM[i - 1] + rawSteps[i - 1] * factor;
  return { traceSpacingM: rawStep * factor, positionsM, note };
}
