import { FALLBACK_LINE_SPACING_M } from '../rebar/area-scan-input';

/**
 * An area scan's plan: where its lines lie on the grid and how users' per-line corrections change its bars
 * (decision 0024). Shared by the web app's plan view and the API's exports and reports, so both show the same bars.
 */

/** Direction of an area-scan line (spec §3). */
export type PlanLineDirection = 'LEFT_TO_RIGHT' | 'BOTTOM_TO_TOP';

/** The grid of an area scan, centimetres as the area's CSV gives them (null or ≤ 0 when it gives none). */
export interface PlanArea {
  gridSpacingX: number | null;
  gridSpacingY: number | null;
  gridSizeX: number | null;
  gridSizeY: number | null;
}

/** A line scan of an area, as far as its placement needs. */
export interface PlanLineScan {
  nodeId: string;
  csvLineNumber: number | null;
  scanNumber: number | null;
  areaScanDirection: PlanLineDirection | null;
  /** Metres. */
  scanLength: number;
}

/** A bar on the plan (Rebar v2 plus the engine's cover and confidence); extra fields ride along. */
export interface PlanRebar {
  id: string;
  /** [x, y, centre depth] triples, metres. */
  depthCoords: [number, number, number][];
  /** Radius, metres. */
  R: number;
  /** 0 VERTICAL, 1 HORIZONTAL. */
  orientation: 0 | 1;
  usesDefaultRadius: boolean;
  /** Cover (surface to top of bar), metres. */
  coverM: number;
  /** Confidence 0–1 when the engine gave one. */
  confidence: number | null;
  /** Drawn from a user's correction of one of its lines. */
  isCorrected?: boolean;
}

/** A bar of one line's correction, in the line's own coordinates ([along, 0, centre depth], metres). */
export interface PlanLineRebar {
  id: string;
  depthCoords: [number, number, number][];
  R: number;
  usesDefaultRadius: boolean;
}

/** A line scan placed on the area's grid (metres; x to the right, y up). */
export interface PlacedLine {
  nodeId: string;
  /** "L" + 3 digits. */
  label: string;
  direction: PlanLineDirection;
  /** Start and end of the line on the grid. */
  from: [number, number];
  to: [number, number];
}

/**
 * The label of a line scan: "L" and its number on three digits (spec §9: scan number padded to 3 digits).
 * @param lineNumber - the line's number.
 * @returns the label.
 * @example formatLineLabel(7) // 'L007'
 */
export function formatLineLabel(lineNumber: number): string {
  return `L${String(Math.max(0, Math.trunc(lineNumber))).padStart(3, '0')}`;
}


/** The number a line is known by: its CSV line number, else its scan number, else its rank (1-based). */
export function getLineNumber(scan: Pick<PlanLineScan, 'csvLineNumber' | 'scanNumber'>, index: number): number {
  return scan.csvLineNumber ?? scan.scanNumber ?? index + 1;
}

const cmToM = (cm: number | null | undefined) =>
  cm !== null && cm !== undefined && cm > 0 ? cm / 100 : null;

/**
 * Places the lines as the engine does (packages/gpr areaScanLinesFromRead): per direction, in CSV order, one
 * grid spacing apart — LEFT_TO_RIGHT lines at y = k·spacingY, BOTTOM_TO_TOP lines at x = k·spacingX — each
 * starting at 0 and as long as its scan. A missing spacing falls back to grid size / gaps, else 0.1 m.
 * In a dual-orientation area analysis the engine keeps each line's offset but runs the parallel scan's lines
 * along x and the perpendicular scan's along y: `forcedDirection` does the same.
 * @param scans - the line scans, ordered by csvLineNumber (as `/line-scans` answers).
 */
export function placeLines(
  area: PlanArea,
  scans: PlanLineScan[],
  forcedDirection?: PlanLineDirection,
): PlacedLine[] {
  const placed: PlacedLine[] = [];
  for (const ownDirection of ['LEFT_TO_RIGHT', 'BOTTOM_TO_TOP'] as const) {
    const group = scans
      .map((scan, index) => ({ scan, number: getLineNumber(scan, index) }))
      .filter(({ scan }) => (scan.areaScanDirection ?? 'LEFT_TO_RIGHT') === ownDirection)
      .sort((a, b) => a.number - b.number);
    if (group.length === 0) continue;
    const isOwnAlongX = ownDirection === 'LEFT_TO_RIGHT';
    const size = cmToM(isOwnAlongX ? area.gridSizeY : area.gridSizeX);
    const spacing =
      cmToM(isOwnAlongX ? area.gridSpacingY : area.gridSpacingX) ??
      (size !== null && group.length > 1 ? size / (group.length - 1) : FALLBACK_LINE_SPACING_M);
    const direction = forcedDirection ?? ownDirection;
    const isAlongX = direction === 'LEFT_TO_RIGHT';
    group.forEach(({ scan, number }, k) => {
      const across = k * spacing;
      const length = Math.max(0, scan.scanLength);
      placed.push({
        nodeId: scan.nodeId,
        label: formatLineLabel(number),
        direction,
        from: isAlongX ? [0, across] : [across, 0],
        to: isAlongX ? [length, across] : [across, length],
      });
    });
  }
  return placed;
}

/** A corrected bar is the same bar as an analysed point on its line when they are this close along it (the engine's linking gate), metres. */
export const MATCH_ALONG_M = 0.04;
/** A point of a linked bar lies on a line when it is this close to the line's position across, metres. */
const ON_LINE_M = 1e-4;

/**
 * The area's plan bars with the users' per-line corrections applied (issue #14 item 5). A corrected line's
 * set of bars is what the plan shows on that line: the points the analysis linked on that line are taken
 * out, each corrected bar takes the place of the nearest of them (within {@link MATCH_ALONG_M} along the
 * line) with its position, depth and radius, and a corrected bar that matches none stands as a bar seen on
 * that line only. A linked bar left with no point disappears (the user removed it from every line that saw
 * it). Lines without a correction keep the analysis' points, so correcting one line never moves another.
 *
 * @param rebars - the analysis' bars on the grid (`depthCoords` [x, y, centre depth], metres).
 * @param lines - the lines placed on the grid.
 * @param corrections - corrected bars per line node id, in the line's own coordinates ([along, 0, depth]).
 * @returns the bars to draw and count; the input when no line is corrected.
 * @example applyLineCorrections(bars, lines, new Map()) === bars // true
 */
export function applyLineCorrections<T extends PlanRebar>(
  rebars: readonly T[],
  lines: readonly PlacedLine[],
  corrections: ReadonlyMap<string, readonly PlanLineRebar[]>,
): (T | PlanRebar)[] {
  if (corrections.size === 0) return rebars as T[];
  // Each point keeps its own cover (centre depth minus the radius it was measured with), so a diameter set on
  // one line does not move the covers the other lines measured.
  let bars = rebars.map((bar) => ({
    ...bar,
    depthCoords: [...bar.depthCoords],
    pointCovers: bar.depthCoords.map((p) => p[2] - bar.R),
    isChanged: false,
  }));
  const added: PlanRebar[] = [];
  for (const line of lines) {
    const corrected = corrections.get(line.nodeId);
    if (!corrected) continue;
    const isAlongX = line.direction === 'LEFT_TO_RIGHT';
    const orientation: 0 | 1 = isAlongX ? 0 : 1;
    const across = isAlongX ? line.from[1] : line.from[0];
    const start = isAlongX ? line.from[0] : line.from[1];
    const toPoint = (alongM: number, depthM: number): [number, number, number] =>
      isAlongX ? [alongM, across, depthM] : [across, alongM, depthM];
    // The analysis' points on this line, taken out of their bars.
    const slots: { bar: (typeof bars)[number]; alongM: number }[] = [];
    for (const bar of bars) {
      if (bar.orientation !== orientation) continue;
      const isOnLine = bar.depthCoords.map((p) => Math.abs((isAlongX ? p[1] : p[0]) - across) < ON_LINE_M);
      if (!isOnLine.includes(true)) continue;
      bar.depthCoords.forEach((p, i) => {
        if (isOnLine[i]) slots.push({ bar, alongM: isAlongX ? p[0] : p[1] });
      });
      bar.depthCoords = bar.depthCoords.filter((_, i) => !isOnLine[i]);
      bar.pointCovers = bar.pointCovers.filter((_, i) => !isOnLine[i]);
      bar.isChanged = true;
    }
    // Nearest pairs first, each slot and each corrected bar used once.
    const pairs = corrected
      .flatMap((rebar) =>
        slots.map((slot) => ({ rebar, slot, distance: Math.abs(start + alongOf(rebar) - slot.alongM) })),
      )
      .filter((pair) => pair.distance <= MATCH_ALONG_M)
      .sort((a, b) => a.distance - b.distance);
    const usedSlots = new Set<object>();
    const usedBars = new Set<string>();
    for (const { rebar, slot } of pairs) {
      if (usedSlots.has(slot) || usedBars.has(rebar.id)) continue;
      usedSlots.add(slot);
      usedBars.add(rebar.id);
      slot.bar.depthCoords.push(toPoint(start + alongOf(rebar), depthOf(rebar)));
      slot.bar.pointCovers.push(depthOf(rebar) - rebar.R);
      const order = slot.bar.depthCoords
        .map((p, i) => ({ p, cover: slot.bar.pointCovers[i]!, across: isAlongX ? p[1] : p[0] }))
        .sort((a, b) => a.across - b.across);
      slot.bar.depthCoords = order.map((o) => o.p);
      slot.bar.pointCovers = order.map((o) => o.cover);
      // The user's radius is the bar's: a diameter set on a line is that bar's diameter.
      slot.bar.R = rebar.R;
      slot.bar.usesDefaultRadius = rebar.usesDefaultRadius;
    }
    for (const rebar of corrected) {
      if (usedBars.has(rebar.id)) continue;
      added.push({
        id: `${line.nodeId}:${rebar.id}`,
        depthCoords: [toPoint(start + alongOf(rebar), depthOf(rebar))],
        R: rebar.R,
        orientation,
        usesDefaultRadius: rebar.usesDefaultRadius,
        coverM: depthOf(rebar) - rebar.R,
        confidence: null,
        isCorrected: true,
      });
    }
  }
  bars = bars.filter((bar) => bar.depthCoords.length > 0);
  return [
    ...bars.map(({ isChanged, pointCovers, ...bar }) =>
      isChanged ? { ...bar, coverM: median(pointCovers), isCorrected: true } : bar,
    ),
    ...added,
  ];
}

function alongOf(rebar: PlanLineRebar): number {
  return mean(rebar.depthCoords.map((p) => p[0]));
}

function depthOf(rebar: PlanLineRebar): number {
  return mean(rebar.depthCoords.map((p) => p[2]));
}

function mean(values: number[]): number {
  return values.length ? values.reduce((sum, v) => sum + v, 0) / values.length : 0;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : 0.5 * (sorted[mid - 1]! + sorted[mid]!);
}
