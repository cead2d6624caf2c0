import type { RebarOrientation, ResultRebar } from './rebar-results';

/** Covers counted by default (spec §9: depth range [0, 0.6] m). */
export const DEFAULT_DEPTH_RANGE_M: [number, number] = [0, 0.6];
/** Adjacent bars closer than this are not counted in the C-C distance (spec §9), metres. */
export const MIN_SPACING_M = 0.08;

/** One stat card: average (1 decimal), minimum and maximum (whole), millimetres. */
export interface StatValues {
  avgMm: number;
  minMm: number;
  maxMm: number;
  count: number;
}

/** The three cards (Diameter, Cover, C-C distance) of a set of bars, and the overlay flags. */
export interface RebarStatistics {
  /** Diameters of the bars whose diameter is known (set by hand or claimed by the engine; decision 0054). */
  diameter: StatValues | null;
  cover: StatValues | null;
  spacing: StatValues | null;
  /** 'Diameter not optimized by this analysis'. */
  hasDefaultRadius: boolean;
  /** How many bars have the engine's default radius (out of `barCount`). */
  defaultRadiusCount: number;
  /** How many bars of the layer there are. */
  barCount: number;
  /** 'No rebars found during analysis'. */
  isEmpty: boolean;
}

function summarize(valuesMm: number[]): StatValues | null {
  if (valuesMm.length === 0) return null;
  const avg = valuesMm.reduce((a, b) => a + b, 0) / valuesMm.length;
  return {
    avgMm: Math.round(avg * 10) / 10,
    minMm: Math.round(Math.min(...valuesMm)),
    maxMm: Math.round(Math.max(...valuesMm)),
    count: valuesMm.length,
  };
}

/**
 * Where a bar lies across its own direction: a VERTICAL bar (running along y) by its mean x, a HORIZONTAL bar
 * by its mean y. A line-scan bar ([x, 0, depth]) is placed by x whatever its orientation, since its y is 0.
 */
export function getPositionAcross(rebar: Pick<ResultRebar, 'depthCoords' | 'orientation'>): number {
  const axis = rebar.orientation === 1 && rebar.depthCoords.some((p) => p[1] !== 0) ? 1 : 0;
  return rebar.depthCoords.reduce((sum, p) => sum + p[axis], 0) / rebar.depthCoords.length;
}

/**
 * The stat cards of the bars of one orientation (or all when `orientation` is null): diameter 2·R of the bars
 * whose diameter is known (a default radius is not a measurement); cover
 * within the depth range; centre-to-centre distance between neighbours across the bars' direction, counted
 * only over 0.08 m.
 * @example computeOrientationStatistics(bars, 0).spacing?.avgMm // 150 for vertical bars every 15 cm
 */
export function computeOrientationStatistics(
  rebars: ResultRebar[],
  orientation: RebarOrientation | null,
  depthRangeM: [number, number] = DEFAULT_DEPTH_RANGE_M,
): RebarStatistics {
  const bars = orientation === null ? rebars : rebars.filter((r) => r.orientation === orientation);
  const [minDepth, maxDepth] = depthRangeM;
  const spacings: number[] = [];
  for (const side of [0, 1] as const) {
    const positions = bars
      .filter((r) => r.orientation === side)
      .map(getPositionAcross)
      .sort((a, b) => a - b);
    for (let i = 1; i < positions.length; i++) {
      const gap = positions[i]! - positions[i - 1]!;
      if (gap > MIN_SPACING_M) spacings.push(gap * 1000);
    }
  }
  const defaultRadiusCount = bars.filter((r) => r.usesDefaultRadius).length;
  return {
    diameter: summarize(bars.filter((r) => !r.usesDefaultRadius).map((r) => r.R * 2000)),
    cover: summarize(
      bars
        .map((r) => r.coverM)
        .filter((c) => c >= minDepth && c <= maxDepth)
        .map((c) => c * 1000),
    ),
    spacing: summarize(spacings),
    hasDefaultRadius: defaultRadiusCount > 0,
    defaultRadiusCount,
    barCount: bars.length,
    isEmpty: bars.length === 0,
  };
}
