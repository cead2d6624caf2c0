/**
 * Reading rebar analysis results. The API serves results as untyped JSON (`Record<string, unknown>`); these
 * functions take what the engine writes (see apps/api/src/jobs/compute.ts) and keep only well-formed values,
 * so a screen never draws a half-parsed bar.
 */

/** 0 VERTICAL, 1 HORIZONTAL (spec §3 Rebar v2). */
export type RebarOrientation = 0 | 1;

/** A bar as the screens draw it: Rebar v2 plus the engine's cover when it gave one. */
export interface ResultRebar {
  id: string;
  /** [x, y, centre depth] triples, metres. */
  depthCoords: [number, number, number][];
  /** Radius, metres. */
  R: number;
  orientation: RebarOrientation;
  usesDefaultRadius: boolean;
  /** Cover (surface to top of bar), metres: the engine's, else mean centre depth minus R. */
  coverM: number;
  /** The cover's 1-σ, metres, when the engine gave one. */
  coverSdM?: number;
  /** Confidence 0–1 when the engine gave one. */
  confidence: number | null;
  /** Drawn from a user's correction of one of its lines (issue #14 item 5). */
  isCorrected?: boolean;
}

/** A hyperbola picked on a line (trace and sample index of the apex). */
export interface ResultHyperbola {
  id: string;
  xIdx: number;
  tIdx: number;
  /** The engine's apex below a sample, same axis as `tIdx` (decision 0034). */
  tIdxFrac?: number;
  confidence: number;
}

/** One line's own results inside an area-scan analysis (present while it runs, and at the end). */
export interface LineResult {
  nodeId: string;
  name: string;
  rebars: ResultRebar[];
  hyperbolas: ResultHyperbola[];
  permittivity: number | null;
  /** Time zero the line's detections were picked with, seconds on the file's time axis. */
  timeZeroS: number | null;
  /** The line's result as the engine wrote it (what a line's Rebars editor reads). */
  raw?: Record<string, unknown>;
}

/** What the rebar screens need from a rebar analysis' results. */
export interface RebarResults {
  rebars: ResultRebar[];
  /** The permittivity the covers were computed with (one for the whole analysis). */
  permittivity: number | null;
  /** [Epsilon 0, Epsilon inf, Conductivity, Tau]; may hold fewer than 4 values. */
  materialProperties: number[];
  lines: LineResult[];
  warnings: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function readTriples(value: unknown): [number, number, number][] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (p): p is [number, number, number] =>
      Array.isArray(p) && p.length === 3 && p.every((n) => isFiniteNumber(n)),
  );
}

/** A bar from the engine's JSON, or null when it is not a usable Rebar v2. */
export function readRebar(value: unknown): ResultRebar | null {
  if (!isRecord(value)) return null;
  const depthCoords = readTriples(value.depthCoords);
  const { R, orientation } = value;
  if (depthCoords.length === 0 || !isFiniteNumber(R) || R < 0) return null;
  if (orientation !== 0 && orientation !== 1) return null;
  const meanDepth = depthCoords.reduce((sum, p) => sum + p[2], 0) / depthCoords.length;
  return {
    id: typeof value.id === 'string' ? value.id : `${depthCoords[0]!.join(':')}`,
    depthCoords,
    R,
    orientation,
    usesDefaultRadius: value.usesDefaultRadius === true,
    coverM: isFiniteNumber(value.coverM) ? value.coverM : meanDepth - R,
    ...(isFiniteNumber(value.coverSdM) && value.coverSdM > 0 && { coverSdM: value.coverSdM }),
    confidence: isFiniteNumber(value.confidence) ? value.confidence : null,
  };
}

/** Every readable bar of a list (others are dropped). */
export function readRebars(value: unknown): ResultRebar[] {
  if (!Array.isArray(value)) return [];
  return value.map(readRebar).filter((r): r is ResultRebar => r !== null);
}

function readHyperbolas(value: unknown): ResultHyperbola[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).flatMap((h) =>
    isFiniteNumber(h.xIdx) && isFiniteNumber(h.tIdx)
      ? [
          {
            id: typeof h.id === 'string' ? h.id : `${h.xIdx}:${h.tIdx}`,
            xIdx: h.xIdx,
            tIdx: h.tIdx,
            ...(isFiniteNumber(h.tIdxFrac) && h.tIdxFrac >= 0 && { tIdxFrac: h.tIdxFrac }),
            confidence: isFiniteNumber(h.confidence) ? h.confidence : 0,
          },
        ]
      : [],
  );
}

/** The engine writes permittivity as a number or as `{ value, sd, … }`. */
export function readPermittivity(value: unknown): number | null {
  if (isFiniteNumber(value)) return value;
  if (isRecord(value) && isFiniteNumber(value.value)) return value.value;
  return null;
}

function readLine(value: unknown): LineResult | null {
  if (!isRecord(value) || typeof value.nodeId !== 'string') return null;
  return {
    nodeId: value.nodeId,
    name: typeof value.name === 'string' ? value.name : '',
    rebars: readRebars(value.rebars),
    hyperbolas: readHyperbolas(value.hyperbolas),
    permittivity: readPermittivity(value.permittivity),
    timeZeroS: isFiniteNumber(value.timeZeroS) ? value.timeZeroS : null,
    raw: value,
  };
}

/**
 * The rebar results of an analysis (line, area, or either dual type), or empty results for null.
 * @example readRebarResults({ rebars: [], permittivity: { value: 7.1 } }).permittivity // 7.1
 */
export function readRebarResults(results: Record<string, unknown> | null | undefined): RebarResults {
  if (!results) return { rebars: [], permittivity: null, materialProperties: [], lines: [], warnings: [] };
  const materials = Array.isArray(results.materialProperties)
    ? results.materialProperties.filter(isFiniteNumber)
    : [];
  return {
    rebars: readRebars(results.rebars),
    permittivity: readPermittivity(results.permittivity),
    materialProperties: materials,
    lines: Array.isArray(results.lines)
      ? results.lines.map(readLine).filter((l): l is LineResult => l !== null)
      : [],
    warnings: Array.isArray(results.warnings)
      ? results.warnings.filter((w): w is string => typeof w === 'string')
      : [],
  };
}

/** The bars of one side of a dual-orientation result (`results.parallel.rebars` or `.perpendicular`). */
export function readSideRebars(
  results: Record<string, unknown> | null | undefined,
  side: 'parallel' | 'perpendicular',
): ResultRebar[] {
  const part = results?.[side];
  return isRecord(part) ? readRebars(part.rebars) : [];
}

/**
 * The points an area's permittivity can be calibrated on: every line's crossing of every bar (where a cover
 * meter reading or a drill hole on that line's path would be), listed under its bar.
 *
 * @example areaCalibrationPoints([bar])[0] // { id: 'b1:0', group: 'Bar 1 (vertical)', label: 'x 0.150 m, y 0.000 m, cover 40.0 mm', position: { xM: 0.15, yM: 0 } }
 */
export function areaCalibrationPoints(rebars: readonly ResultRebar[]): {
  id: string;
  group: string;
  label: string;
  position: { xM: number; yM: number };
}[] {
  return rebars.flatMap((bar, i) =>
    bar.depthCoords.map(([x, y, depth], k) => ({
      id: `${bar.id}:${k}`,
      group: `Bar ${i + 1} (${bar.orientation === 0 ? 'vertical' : 'horizontal'})`,
      label: `x ${x.toFixed(3)} m, y ${y.toFixed(3)} m, cover ${((depth - bar.R) * 1000).toFixed(1)} mm`,
      position: { xM: x, yM: y },
    })),
  );
}
