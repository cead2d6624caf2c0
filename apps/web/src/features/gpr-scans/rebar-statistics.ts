import { adjacentSpacingsMm, summarizeMm, type StatCard } from '@gprhub/gpr';
import type { LineRebar } from './line-rebars';
import { getRebarCover, getRebarX } from './line-rebars';

/** Spacing between adjacent bars counts only above this, metres (spec §9). */
export const MIN_SPACING_M = 0.08;

/** One stat card: average with 1 decimal, minimum and maximum with 0 decimals, millimetres (spec §9). */
export type StatCardValues = StatCard;

/** The stat cards of the Rebars tab. */
export interface LineRebarStatistics {
  /**
   * Diameters of the counted bars whose diameter is known (set by hand, or claimed by the engine); bars left at
   * the engine's default radius are not measured and stay out of it (decision 0054).
   */
  diameter: StatCardValues | null;
  cover: StatCardValues | null;
  /** Centre-to-centre distance between two adjacent rebars. */
  spacing: StatCardValues | null;
  /** Ids of the bars whose cover lies in the range: the ones counted and highlighted. */
  countedIds: Set<string>;
  /** A counted bar has the engine's default radius ('Diameter not optimized by this analysis'). */
  hasDefaultRadius: boolean;
  /** How many counted bars have the engine's default radius. */
  defaultRadiusCount: number;
  /** How many bars are counted (cover in the range). */
  countedCount: number;
  /** No bars at all ('No rebars found during analysis'). */
  isEmpty: boolean;
}

/**
 * The statistics of a line scan's bars (spec §2 "Stat cards", §9): only bars whose cover lies in the cover
 * range count; diameter = 2R over the bars whose diameter is known (not the engine's default); cover = centre depth − R; the C-C distance is taken between bars adjacent along
 * the line (among the counted ones) and only when over 0.08 m (closer pairs are one bar seen twice or a
 * bundle, not a spacing).
 *
 * @param rebars - the bars shown (analysis or corrected results).
 * @param coverRangeM - the cover range slider, metres [min, max] (inclusive).
 * @returns the three cards (null when nothing counts) and the flags of the card messages.
 * @example
 * computeLineRebarStatistics(bars, [0, 0.6]).spacing // { avgMm: 203.2, minMm: 198, maxMm: 209, count: 13 }
 */
export function computeLineRebarStatistics(
  rebars: readonly LineRebar[],
  coverRangeM: readonly [number, number],
): LineRebarStatistics {
  const [minCover, maxCover] = coverRangeM;
  // A micrometre of slack: a bar dragged exactly onto the slider's bound counts.
  const counted = rebars.filter((bar) => {
    const cover = getRebarCover(bar);
    return cover >= minCover - 1e-9 && cover <= maxCover + 1e-9;
  });
  const defaultRadiusCount = counted.filter((bar) => bar.usesDefaultRadius).length;
  return {
    diameter: summarizeMm(counted.filter((bar) => !bar.usesDefaultRadius).map((bar) => bar.R * 2000)),
    cover: summarizeMm(
      counted.map((bar) => getRebarCover(bar) * 1000),
      counted.map((bar) => bar.coverSdM).filter((sd): sd is number => typeof sd === 'number' && sd > 0),
    ),
    spacing: summarizeMm(adjacentSpacingsMm(counted.map(getRebarX), MIN_SPACING_M)),
    countedIds: new Set(counted.map((bar) => bar.id)),
    hasDefaultRadius: defaultRadiusCount > 0,
    defaultRadiusCount,
    countedCount: counted.length,
    isEmpty: rebars.length === 0,
  };
}
