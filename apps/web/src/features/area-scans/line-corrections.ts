import type { LineRebar } from '../gpr-scans/line-rebars';
import type { PlacedLine } from './plan-geometry';
import type { ResultRebar } from './rebar-results';

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
export function applyLineCorrections(
  rebars: readonly ResultRebar[],
  lines: readonly PlacedLine[],
  corrections: ReadonlyMap<string, readonly LineRebar[]>,
): ResultRebar[] {
  if (corrections.size === 0) return rebars as ResultRebar[];
  // Each point keeps its own cover (centre depth minus the radius it was measured with), so a diameter set on
  // one line does not move the covers the other lines measured.
  let bars = rebars.map((bar) => ({
    ...bar,
    depthCoords: [...bar.depthCoords],
    pointCovers: bar.depthCoords.map((p) => p[2] - bar.R),
    isChanged: false,
  }));
  const added: ResultRebar[] = [];
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

function alongOf(rebar: LineRebar): number {
  return mean(rebar.depthCoords.map((p) => p[0]));
}

function depthOf(rebar: LineRebar): number {
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
