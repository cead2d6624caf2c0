/**
 * Rebars of a line scan (spec §3 "Rebar (v2)") as the Rebars tab reads and edits them. A line-scan bar's
 * `depthCoords` is `[[xM, 0, centreDepthM]]`: its position along the line and the depth of its centre
 * (cover + R). The engine's extras (xM, coverM, confidence, …) ride along untouched, except the position and
 * cover, which follow an edit so the saved bar stays consistent.
 */
export interface LineRebar {
  id: string;
  depthCoords: [number, number, number][];
  /** Radius, metres. */
  R: number;
  /** 0 VERTICAL, 1 HORIZONTAL. */
  orientation: 0 | 1;
  usesDefaultRadius: boolean;
  [extra: string]: unknown;
}

/** Radius of a rebar added by hand, metres (spec §4). */
export const NEW_REBAR_RADIUS_M = 0.006;
/** Orientation of a rebar added by hand: HORIZONTAL (spec §4). */
export const NEW_REBAR_ORIENTATION = 1;

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function isTriple(value: unknown): value is [number, number, number] {
  return Array.isArray(value) && value.length === 3 && value.every(isFiniteNumber);
}

/** The valid rebars of an analysis result or a correction (anything else in the list is skipped). */
export function readLineRebars(value: unknown): LineRebar[] {
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is LineRebar => {
    if (typeof item !== 'object' || item === null) return false;
    const bar = item as Record<string, unknown>;
    return (
      typeof bar.id === 'string' &&
      Array.isArray(bar.depthCoords) &&
      bar.depthCoords.length > 0 &&
      bar.depthCoords.every(isTriple) &&
      isFiniteNumber(bar.R) &&
      bar.R >= 0 &&
      (bar.orientation === 0 || bar.orientation === 1)
    );
  });
}

/** Position of the bar along the line, metres (mean x of its points). */
export function getRebarX(rebar: LineRebar): number {
  return mean(rebar.depthCoords.map((p) => p[0]));
}

/** Depth of the bar's centre, metres. */
export function getRebarCentreDepth(rebar: LineRebar): number {
  return mean(rebar.depthCoords.map((p) => p[2]));
}

/** Cover: depth from the surface to the top of the bar (centre depth − R), metres. */
export function getRebarCover(rebar: LineRebar): number {
  return getRebarCentreDepth(rebar) - rebar.R;
}

/** The diameter shown for a radius: R × 2000, rounded (mm; spec §5). */
export function getDiameterMm(radiusM: number): number {
  return Math.round(radiusM * 2000);
}

/**
 * Move a bar so its axis is at `xM` and its top at `coverM` (both clamped to ≥ 0: bars live in the concrete). A
 * bar placed by hand carries no measurement uncertainty: the engine's sd of its position and cover go.
 * @example moveRebar(bar, 0.42, 0.035).depthCoords // [[0.42, 0, 0.035 + bar.R]]
 */
export function moveRebar(rebar: LineRebar, xM: number, coverM: number): LineRebar {
  const x = Math.max(0, xM);
  const cover = Math.max(0, coverM);
  const y = rebar.depthCoords[0]?.[1] ?? 0;
  const { coverSdM: _cover, xSdM: _x, ...rest } = rebar;
  const moved: LineRebar = { ...rest, depthCoords: [[x, y, cover + rebar.R]] };
  if ('xM' in rebar) moved.xM = x;
  if ('coverM' in rebar) moved.coverM = cover;
  return moved;
}

/** The engine's standard deviation of the bar's cover, metres (absent on bars placed or moved by hand). */
export function getRebarCoverSd(rebar: LineRebar): number | undefined {
  return isFiniteNumber(rebar.coverSdM) && rebar.coverSdM > 0 ? rebar.coverSdM : undefined;
}

/**
 * The bar's cover in cm with its uncertainty where the engine measured it.
 * @example formatCoverCm({ ...bar, coverSdM: 0.0021 }) // '3.5 ±0.2'
 */
export function formatCoverCm(rebar: LineRebar): string {
  const sd = getRebarCoverSd(rebar);
  const cover = (getRebarCover(rebar) * 100).toFixed(1);
  return sd === undefined ? cover : `${cover} ±${(sd * 100).toFixed(1)}`;
}

/**
 * Set a bar's diameter from the "Diameter (mm)" field (spec §5): a value ≤ 0 (or not a number) becomes 1, the
 * stored radius is diameter / 2000 m. The cover (the top of the bar, what the radar measures) stays; the
 * centre moves with the new radius. The radius is then the user's, not the engine's default.
 */
export function setRebarDiameter(rebar: LineRebar, diameterMm: number): LineRebar {
  const diameter = Number.isFinite(diameterMm) && diameterMm > 0 ? diameterMm : 1;
  const R = diameter / 2000;
  const cover = getRebarCover(rebar);
  const changed: LineRebar = {
    ...rebar,
    R,
    usesDefaultRadius: false,
    depthCoords: rebar.depthCoords.map(([x, y]) => [x, y, cover + R] as [number, number, number]),
  };
  if ('nominalDiameterMm' in rebar) delete changed.nominalDiameterMm;
  return changed;
}

/** A bar added by hand at `xM` with its top at `coverM` (R 0.006, horizontal: spec §4). */
export function createRebar(id: string, xM: number, coverM: number): LineRebar {
  return moveRebar(
    {
      id,
      depthCoords: [[0, 0, 0]],
      R: NEW_REBAR_RADIUS_M,
      orientation: NEW_REBAR_ORIENTATION,
      usesDefaultRadius: true,
    },
    xM,
    coverM,
  );
}

/** Bars in order along the line. */
export function sortRebarsByX(rebars: readonly LineRebar[]): LineRebar[] {
  return [...rebars].sort((a, b) => getRebarX(a) - getRebarX(b));
}

/**
 * Whether two sets of bars differ (spec §4 "Dirty state"): compared by id, and for bars present in both, by
 * position, depth, radius and orientation (a moved or resized bar is a change too).
 */
export function areRebarSetsDifferent(a: readonly LineRebar[], b: readonly LineRebar[]): boolean {
  if (a.length !== b.length) return true;
  const byId = new Map(b.map((bar) => [bar.id, bar]));
  return a.some((bar) => {
    const other = byId.get(bar.id);
    if (!other) return true;
    return (
      bar.R !== other.R ||
      bar.orientation !== other.orientation ||
      JSON.stringify(bar.depthCoords) !== JSON.stringify(other.depthCoords)
    );
  });
}

function mean(values: number[]): number {
  return values.length ? values.reduce((sum, v) => sum + v, 0) / values.length : 0;
}
