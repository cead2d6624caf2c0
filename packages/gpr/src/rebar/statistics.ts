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
}

/** One stat card: average (1 decimal), minimum and maximum (0 decimals), millimetres. */
export interface StatCard {
  avgMm: number;
  minMm: number;
  maxMm: number;
  /** Number of values behind the card. */
  count: number;
}

/** The three stat cards of the Rebars tab (null when there is nothing to show). */
export interface RebarStatistics {
  diameter: StatCard | null;
  cover: StatCard | null;
  /** Centre-to-centre distance between adjacent bars ("C-C distance"). */
  spacing: StatCard | null;
  /** True when any bar uses the default radius ('Diameter not optimized by this analysis'). */
  hasDefaultRadius: boolean;
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
 * The stat cards of spec §2/§9: diameter (2·R), cover (filtered by the depth range) and centre-to-centre distance
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
  rebars: StatRebar[],
  options: StatisticsOptions = {},
): RebarStatistics {
  const [minDepth, maxDepth] = options.depthRangeM ?? [0, 0.6];
  const minSpacing = options.minSpacingM ?? 0.08;
  const diameters = rebars.map((r) => r.R * 2000);
  const covers = rebars
    .map(coverOf)
    .filter((c) => c >= minDepth && c <= maxDepth)
    .map((c) => c * 1000);
  const spacings: number[] = [];
  for (const orientation of new Set(rebars.map((r) => r.orientation))) {
    const positions = rebars
      .filter((r) => r.orientation === orientation)
      .map((r) => positionAcross(r))
      .sort((a, b) => a - b);
    for (let i = 1; i < positions.length; i++) {
      const gap = positions[i] - positions[i - 1];
      if (gap > minSpacing) spacings.push(gap * 1000);
    }
  }
  return {
    diameter: card(diameters),
    cover: card(covers),
    spacing: card(spacings),
    hasDefaultRadius: rebars.some((r) => r.usesDefaultRadius),
    isEmpty: rebars.length === 0,
  };
}

function coverOf(rebar: StatRebar): number {
  if (rebar.coverM !== undefined) return rebar.coverM;
  const depths = rebar.depthCoords.map((p) => p[2]);
  return depths.reduce((a, b) => a + b, 0) / Math.max(1, depths.length) - rebar.R;
}

/** Position of a bar across its direction: x for VERTICAL bars (and line scans), y for HORIZONTAL ones. */
function positionAcross(rebar: StatRebar): number {
  const axis = rebar.orientation === 1 && rebar.depthCoords.some((p) => p[1] !== 0) ? 1 : 0;
  const values = rebar.depthCoords.map((p) => p[axis]);
  return values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
}

function card(values: number[]): StatCard | null {
  if (values.length === 0) return null;
  const avg = values.reduce((a, b) => a + b, 0) / values.length;
  return {
    avgMm: Math.round(avg * 10) / 10,
    minMm: Math.round(Math.min(...values)),
    maxMm: Math.round(Math.max(...values)),
    count: values.length,
  };
}
