import { computeRebarStatistics, positionAcross, type RebarStatistics, type StatCard } from '@gprhub/gpr';
import type { RebarOrientation, ResultRebar } from './rebar-results';

/** Covers counted by default (spec §9: depth range [0, 0.6] m). */
export const DEFAULT_DEPTH_RANGE_M: [number, number] = [0, 0.6];

/** One stat card: average (1 decimal), minimum and maximum (whole), millimetres. */
export type StatValues = StatCard;
/** The three cards (Diameter over the known diameters, Cover, C-C distance) and the overlay flags. */
export type { RebarStatistics };

/**
 * Where a bar lies across its own direction: a VERTICAL bar (running along y) by its mean x, a HORIZONTAL bar
 * by its mean y. A line-scan bar ([x, 0, depth]) is placed by x whatever its orientation, since its y is 0.
 */
export const getPositionAcross = (rebar: Pick<ResultRebar, 'depthCoords' | 'orientation'>): number =>
  positionAcross(rebar);

/**
 * The stat cards of the bars of one orientation (or all when `orientation` is null), by the engine package's
 * one rule (`computeRebarStatistics`): diameter 2·R of the bars whose diameter is known (a default radius is not
 * a measurement, decision 0054); cover within the depth range; centre-to-centre distance between neighbours
 * across the bars' direction, counted only over 0.08 m.
 * @example computeOrientationStatistics(bars, 0).spacing?.avgMm // 150 for vertical bars every 15 cm
 */
export function computeOrientationStatistics(
  rebars: ResultRebar[],
  orientation: RebarOrientation | null,
  depthRangeM: [number, number] = DEFAULT_DEPTH_RANGE_M,
): RebarStatistics {
  const bars = orientation === null ? rebars : rebars.filter((r) => r.orientation === orientation);
  return computeRebarStatistics(bars, { depthRangeM });
}
