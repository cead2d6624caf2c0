/** The fields of a bar that the stat cards read (a Rebar v2 plus the engine's cover, or depthCoords alone). */
export interface StatRebar {
  /** [x, y, centre depth] triples, metres. */
  depthCoords: [number, number, number][];
  /** Radius, metres. */
  R: number;
  /** 0 VERTICAL, 1 HORIZONTAL. */
  orientation: number;
  usesDefaultRadius: boolean;
  /** Cover, metres; when absent, the mean centre depth of depthCoords minus R. */
  coverM?: number;
  /** The cover's 1-σ, metres, when the engine gave one (the cover card's ±). */
  coverSdM?: number;
}

/** One stat card: average (1 decimal), minimum and maximum (0 decimals), millimetres. */
export interface StatCard {
  avgMm: number;
  minMm: number;
  maxMm: number;
  /** Number of values behind the card. */
  count: number;
  /** Typical 1-σ of one value (median of the per-bar sds, 0.1 mm); only when sds were given. */
  sdMm?: number;
}

/** The three stat cards of the Rebars tab (null when there is nothing to show). */
export interface RebarStatistics {
  /** Diameters of the bars whose diameter is known: a default radius is an assumption, not a measurement. */
  diameter: StatCard | null;
  cover: StatCard | null;
  /** Centre-to-centre distance between adjacent bars ("C-C distance"). */
  spacing: StatCard | null;
  /** True when any bar uses the default radius ('Diameter not optimized by this analysis'). */
  hasDefaultRadius: boolean;
  /** How many bars use the default radius, of `barCount`. */
  defaultRadiusCount: number;
  barCount: number;
  /** True when there are no bars ('No rebars found during analysis'). */
  isEmpty: boolean;
}

/** Options of {@link computeRebarStatistics}. */
export interface StatisticsOptions {
  /** Only covers within [min, max] metres count (the depth-range slider; default [0, 0.6]). */
  depthRangeM?: [number, number];
  /** Spacings up to this are not counted, metres (spec: only adjacent bars over 0.08 m apart). Default 0.08. */
  minSpacingM?: number;
}

/**
 * The stat cards of spec §2/§9: diameter (2·R, over the bars whose diameter is known), cover (filtered by the depth range) and centre-to-centre distance
 * between adjacent bars of the same orientation (sorted by position across them; counted only when over
 * 0.08 m), each as average with 1 decimal and minimum and maximum with 0 decimals, in millimetres.
 *
 * @param rebars - the bars (line- or area-scan results).
 * @param options - depth range and spacing threshold.
 * @returns the three cards and the flags for the overlay messages.
 * @example
 * ```ts
 * computeRebarStatistics(result.rebars, { depthRangeM: [0, 0.1] }).cover; // { avgMm: 40.6, minMm: 40, maxMm: 41, count: 4 }
 * ```
 */
export function computeRebarStatistics(
  rebars: readonly StatRebar[],
  options: StatisticsOptions = {},
): RebarStatistics {
  const [minDepth, maxDepth] = options.depthRangeM ?? [0, 0.6];
  const minSpacing = options.minSpacingM ?? 0.08;
  const inRange = rebars.filter((r) => {
    const c = coverOf(r);
    return c >= minDepth && c <= maxDepth;
  });
  const covers = inRange.map((r) => coverOf(r) * 1000);
  const coverSds = inRange.map((r) => r.coverSdM).filter((sd): sd is number => sd !== undefined && sd > 0);
  const spacings: number[] = [];
  for (const orientation of new Set(rebars.map((r) => r.orientation))) {
    const positions = rebars.filter((r) => r.orientation === orientation).map(positionAcross);
    spacings.push(...adjacentSpacingsMm(positions, minSpacing));
  }
  const defaultRadiusCount = rebars.filter((r) => r.usesDefaultRadius).length;
  return {
    diameter: summarizeMm(rebars.filter((r) => !r.usesDefaultRadius).map((r) => r.R * 2000)),
    cover: summarizeMm(covers, coverSds),
    spacing: summarizeMm(spacings),
    hasDefaultRadius: defaultRadiusCount > 0,
    defaultRadiusCount,
    barCount: rebars.length,
    isEmpty: rebars.length === 0,
  };
}

function coverOf(rebar: StatRebar): number {
  if (rebar.coverM !== undefined) return rebar.coverM;
  const depths = rebar.depthCoords.map((p) => p[2]);
  return depths.reduce((a, b) => a + b, 0) / Math.max(1, depths.length) - rebar.R;
}

/**
 * Position of a bar across its direction: x for VERTICAL bars (and line scans, whose y is 0), y for HORIZONTAL
 * ones.
 */
export function positionAcross(rebar: Pick<StatRebar, 'depthCoords' | 'orientation'>): number {
  const axis = rebar.orientation === 1 && rebar.depthCoords.some((p) => p[1] !== 0) ? 1 : 0;
  const values = rebar.depthCoords.map((p) => p[axis]);
  return values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
}

/**
 * Centre-to-centre distances between neighbours, in mm: the positions (metres, any order) sorted, and only the
 * gaps over `minSpacingM` kept (closer pairs are one bar seen twice or a bundle, not a spacing).
 * @example adjacentSpacingsMm([0.3, 0.1, 0.15], 0.08) // [150]
 */
export function adjacentSpacingsMm(positionsM: readonly number[], minSpacingM = 0.08): number[] {
  const sorted = [...positionsM].sort((a, b) => a - b);
  const spacings: number[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const gap = sorted[i]! - sorted[i - 1]!;
    if (gap > minSpacingM) spacings.push(gap * 1000);
  }
  return spacings;
}

/**
 * One stat card of values in mm: average with 1 decimal, minimum and maximum with 0, the count, and, when
 * per-value sds are given (metres), their median as the typical 1-σ of one value (0.1 mm). Null without values.
 * @example summarizeMm([40.4, 41.6, 45.1]) // { avgMm: 42.4, minMm: 40, maxMm: 45, count: 3 }
 */
export function summarizeMm(valuesMm: readonly number[], sdsM: readonly number[] = []): StatCard | null {
  if (valuesMm.length === 0) return null;
  const avg = valuesMm.reduce((a, b) => a + b, 0) / valuesMm.length;
  const sorted = sdsM.filter((sd) => sd > 0).sort((a, b) => a - b);
  const half = sorted.length >> 1;
  const sdM = sorted.length % 2 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
  return {
    avgMm: Math.round(avg * 10) / 10,
    minMm: Math.round(Math.min(...valuesMm)),
    maxMm: Math.round(Math.max(...valuesMm)),
    count: valuesMm.length,
    ...(sorted.length > 0 && { sdMm: Math.round(sdM * 10000) / 10 }),
  };
}
