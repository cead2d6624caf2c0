import type { AreaScan } from '@gprhub/contract';
import type { LineResult, ResultRebar } from './rebar-results';

// Where the lines lie on the grid lives in packages/gpr (shared with the API's exports and reports).
export { FALLBACK_LINE_SPACING_M, formatLineLabel, getLineNumber, placeLines } from '@gprhub/gpr';
export type { PlacedLine } from '@gprhub/gpr';
import type { PlacedLine } from '@gprhub/gpr';

/** A rectangle of the grid, metres. */
export interface PlanExtent {
  width: number;
  height: number;
}

const cmToM = (cm: number | null | undefined) =>
  cm !== null && cm !== undefined && cm > 0 ? cm / 100 : null;

/** The plan's extent: the grid size when the CSV gives it, grown to hold every line and bar. */
export function getPlanExtent(
  area: Pick<AreaScan, 'gridSizeX' | 'gridSizeY' | 'areaScanWidth' | 'areaScanHeight'>,
  lines: PlacedLine[],
  rebars: ResultRebar[],
): PlanExtent {
  let width = cmToM(area.gridSizeX) ?? cmToM(area.areaScanWidth) ?? 0;
  let height = cmToM(area.gridSizeY) ?? cmToM(area.areaScanHeight) ?? 0;
  for (const line of lines)
    for (const [x, y] of [line.from, line.to]) {
      width = Math.max(width, x);
      height = Math.max(height, y);
    }
  for (const rebar of rebars)
    for (const [x, y] of rebar.depthCoords) {
      width = Math.max(width, x);
      height = Math.max(height, y);
    }
  return { width: Math.max(width, 0.1), height: Math.max(height, 0.1) };
}

/** A detection of one line, placed on the plan (while the area analysis runs, before bars are linked). */
export interface PlanHit {
  id: string;
  lineNodeId: string;
  x: number;
  y: number;
  orientation: 0 | 1;
  coverM: number;
  /** The detection's confidence 0–1, when the engine gave one. */
  confidence: number | null;
}

/**
 * Places each line's detections on the grid: a bar seen at distance d along a LEFT_TO_RIGHT line at y is the
 * point (d, y) of a VERTICAL bar; along a BOTTOM_TO_TOP line at x, the point (x, d) of a HORIZONTAL bar.
 */
export function placeLineHits(lines: PlacedLine[], results: LineResult[]): PlanHit[] {
  const byId = new Map(lines.map((line) => [line.nodeId, line]));
  return results.flatMap((result) => {
    const line = byId.get(result.nodeId);
    if (!line) return [];
    const isAlongX = line.direction === 'LEFT_TO_RIGHT';
    return result.rebars.map((rebar) => {
      const along = rebar.depthCoords[0]![0];
      return {
        id: `${result.nodeId}:${rebar.id}`,
        lineNodeId: result.nodeId,
        x: isAlongX ? line.from[0] + along : line.from[0],
        y: isAlongX ? line.from[1] : line.from[1] + along,
        orientation: isAlongX ? (0 as const) : (1 as const),
        coverM: rebar.coverM,
        confidence: rebar.confidence,
      };
    });
  });
}

/** Maps plan metres to drawing pixels: y grows upwards in the plan and downwards on screen. */
export interface PlanTransform {
  scale: number;
  toX: (xM: number) => number;
  toY: (yM: number) => number;
  width: number;
  height: number;
}

/**
 * The transform that fits the extent into `maxWidthPx` × `maxHeightPx` (keeping metres square) inside
 * margins, with the origin at the bottom left.
 * @example createPlanTransform({ width: 1, height: 0.5 }, 400, 400, 20).toY(0) // 20 + 180 = 200
 */
export function createPlanTransform(
  extent: PlanExtent,
  maxWidthPx: number,
  maxHeightPx: number,
  marginPx: number,
): PlanTransform {
  const scale = Math.max(
    1e-6,
    Math.min((maxWidthPx - 2 * marginPx) / extent.width, (maxHeightPx - 2 * marginPx) / extent.height),
  );
  const width = extent.width * scale + 2 * marginPx;
  const height = extent.height * scale + 2 * marginPx;
  return {
    scale,
    width,
    height,
    toX: (xM) => marginPx + xM * scale,
    toY: (yM) => height - marginPx - yM * scale,
  };
}

/**
 * Axis ticks every `step` metres from 0 to `max` (inclusive, within floating-point slack).
 * @example getAxisTicks(0.35, 0.1) // [0, 0.1, 0.2, 0.3]
 */
export function getAxisTicks(max: number, step: number): number[] {
  const ticks: number[] = [];
  for (let i = 0; i * step <= max + 1e-9; i++) ticks.push(Math.round(i * step * 1e6) / 1e6);
  return ticks;
}

/** An axis step giving about `count` ticks over `max` metres: 0.05, 0.1, 0.2, 0.25 or 0.5 m, or whole metres. */
export function chooseAxisStep(max: number, count = 8): number {
  const steps = [0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5];
  return steps.find((step) => max / step <= count) ?? 10;
}
