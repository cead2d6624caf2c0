/**
 * Bars as the exports and reports hand them over: one flat record per bar, in metres, read from an analysis
 * result or a user's correction (spec §3 Rebar v2 plus the engine's extras). Anything that is not a usable
 * bar is skipped, as the screens skip it.
 */
export interface ExportBar {
  id: string;
  /** 'VERTICAL' (orientation 0) or 'HORIZONTAL' (1). */
  orientation: 'VERTICAL' | 'HORIZONTAL';
  /** Position along the line (line scans) or the bar's mean grid x, metres. */
  xM: number;
  /** Mean grid y, metres (0 on a line scan). */
  yM: number;
  /** Bar's axis as a polyline on the grid: [x, y] of its first and last points, metres. */
  startXM: number;
  startYM: number;
  endXM: number;
  endYM: number;
  /** Depth of the bar's centre, metres. */
  centreDepthM: number;
  /** Cover (surface to the top of the bar), metres. */
  coverM: number;
  /** 1-σ of the cover, metres, when the engine gave one (not for bars placed by hand). */
  coverSdM: number | null;
  /** Radius, metres. */
  radiusM: number;
  /** Diameter in mm when determined (the engine's nominal size or the user's), else null: 'undetermined'. */
  diameterMm: number | null;
  /** Confidence 0–1 that it is a real bar, when the engine gave one. */
  confidence: number | null;
  /** From a user's correction. */
  isCorrected: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function readTriples(value: unknown): [number, number, number][] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (p): p is [number, number, number] => Array.isArray(p) && p.length === 3 && p.every(isFiniteNumber),
  );
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/**
 * One bar of a result or correction, or null when it is not a usable Rebar v2.
 * @param value - the JSON of one bar.
 * @param isCorrected - whether it comes from a user's correction.
 * @example toExportBar({ id: 'a', depthCoords: [[0.5, 0, 0.046]], R: 0.006, orientation: 1, usesDefaultRadius: true }, false)?.coverM // 0.04
 */
export function toExportBar(value: unknown, isCorrected: boolean): ExportBar | null {
  if (!isRecord(value) || typeof value.id !== 'string') return null;
  const points = readTriples(value.depthCoords);
  const { R, orientation } = value;
  if (points.length === 0 || !isFiniteNumber(R) || R < 0 || (orientation !== 0 && orientation !== 1)) return null;
  const centreDepthM = mean(points.map((p) => p[2]));
  // The engine's cover (an area bar's is the median of its lines'; an edit keeps it in step), else centre − R.
  const coverM = isFiniteNumber(value.coverM) ? value.coverM : centreDepthM - R;
  const usesDefaultRadius = value.usesDefaultRadius !== false;
  const nominal = isFiniteNumber(value.nominalDiameterMm) ? value.nominalDiameterMm : null;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  return {
    id: value.id,
    orientation: orientation === 0 ? 'VERTICAL' : 'HORIZONTAL',
    xM: mean(points.map((p) => p[0])),
    yM: mean(points.map((p) => p[1])),
    startXM: first[0],
    startYM: first[1],
    endXM: last[0],
    endYM: last[1],
    centreDepthM,
    coverM,
    coverSdM: isFiniteNumber(value.coverSdM) ? value.coverSdM : null,
    radiusM: R,
    diameterMm: nominal ?? (usesDefaultRadius ? null : Math.round(R * 2000)),
    confidence: isFiniteNumber(value.confidence) ? value.confidence : null,
    isCorrected: isCorrected || value.isCorrected === true,
  };
}

/** Every usable bar of a list, in order along x then y. */
export function toExportBars(values: unknown, isCorrected: boolean): ExportBar[] {
  if (!Array.isArray(values)) return [];
  return values
    .map((v) => toExportBar(v, isCorrected))
    .filter((b): b is ExportBar => b !== null)
    .sort((a, b) => a.xM - b.xM || a.yM - b.yM);
}
