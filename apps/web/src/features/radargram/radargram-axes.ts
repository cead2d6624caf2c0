import { depthFromTwoWayTime, DEFAULT_ANTENNA_SEPARATION_M, twoWayTimeFromDepth } from '@gprhub/gpr';
import type { FrameGeometry } from './radargram-pipeline';

/** Space around the image for the axes, CSS pixels: distance on top, depth on the left, time on the right. */
export const PLOT_MARGINS = { left: 64, right: 60, top: 40, bottom: 14 } as const;

/** One labelled tick: its position along the axis in image units (trace or row) and its label. */
export interface AxisTick {
  at: number;
  label: string;
}

/**
 * A "nice" tick step (1, 2 or 5 × 10^k) giving about `target` ticks over `span`.
 * @example niceStep(1.3, 6) // 0.2
 */
export function niceStep(span: number, target: number): number {
  if (!(span > 0) || !(target > 0)) return 1;
  const raw = span / target;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  return (unit < 1.5 ? 1 : unit < 3.5 ? 2 : unit < 7.5 ? 5 : 10) * power;
}

function decimals(step: number): number {
  return Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
}

/** Distance ticks (metres) along the scan; `at` is a trace index. */
export function distanceTicks(geometry: FrameGeometry, target: number): AxisTick[] {
  const spacing = geometry.traceSpacingM > 0 ? geometry.traceSpacingM : 0;
  if (!spacing) return indexTicks(geometry.traces, target, 'trace');
  const length = (geometry.traces - 1) * spacing;
  const step = niceStep(length, target);
  const ticks: AxisTick[] = [];
  for (let k = 0; k * step <= length + 1e-9; k++) {
    const m = k * step;
    ticks.push({ at: m / spacing, label: m.toFixed(decimals(step)) });
  }
  return ticks;
}

function indexTicks(count: number, target: number, unit: string): AxisTick[] {
  const step = Math.max(1, Math.round(niceStep(count, target)));
  const ticks: AxisTick[] = [];
  for (let i = 0; i < count; i += step) ticks.push({ at: i, label: i === 0 ? `0 ${unit}` : String(i) });
  return ticks;
}

/**
 * Smallest distance between two labels of a vertical axis, CSS pixels: the 12 px axis font and air around it.
 * Tick spacing is chosen from the axis length in pixels so that labels never come closer than this.
 */
export const MIN_VERTICAL_LABEL_GAP_PX = 28;

/**
 * The smallest "nice" step (1, 2 or 5 × 10^k) that is at least `min`.
 * @example niceStepAtLeast(0.0031) // 0.005
 */
export function niceStepAtLeast(min: number): number {
  if (!(min > 0) || !Number.isFinite(min)) return 1;
  const power = 10 ** Math.floor(Math.log10(min));
  for (const unit of [1, 2, 5, 10]) if (unit * power >= min * (1 - 1e-9)) return unit * power;
  return 10 * power;
}

/**
 * Drops every tick closer than `minGapPx` to the last one kept (in order along the axis), for axes whose ticks
 * are not evenly spaced in pixels (depth: its first centimetres are squeezed near the direct wave).
 */
export function keepSpacedTicks(ticks: AxisTick[], pxPerUnit: number, minGapPx: number): AxisTick[] {
  const kept: AxisTick[] = [];
  for (const tick of ticks) {
    const last = kept[kept.length - 1];
    if (!last || Math.abs(tick.at - last.at) * pxPerUnit >= minGapPx - 1e-9) kept.push(tick);
  }
  return kept;
}

/**
 * Two-way time ticks (ns after transmission); `at` is a row. The step is the smallest nice one that keeps labels
 * `minGapPx` apart on an axis `axisPx` long (the image's rows fill it).
 */
export function timeTicks(
  geometry: FrameGeometry,
  axisPx: number,
  minGapPx: number = MIN_VERTICAL_LABEL_GAP_PX,
): AxisTick[] {
  const dtNs = geometry.sampleIntervalS * 1e9;
  const first = geometry.firstRowTimeS * 1e9;
  const last = first + (geometry.rows - 1) * dtNs;
  const pxPerRow = axisPx / Math.max(1, geometry.rows);
  const step = niceStepAtLeast((minGapPx / pxPerRow) * dtNs);
  const ticks: AxisTick[] = [];
  for (let k = Math.ceil(first / step - 1e-9); k * step <= last + 1e-9; k++) {
    const t = k * step;
    ticks.push({ at: (t - first) / dtNs, label: t.toFixed(decimals(step)) });
  }
  return keepSpacedTicks(ticks, pxPerRow, minGapPx);
}

/** Depth of a row, metres, at a permittivity (bistatic antenna, seed 000 §9's separation). */
export function rowDepthM(geometry: FrameGeometry, row: number, permittivity: number): number {
  const timeS = geometry.firstRowTimeS + row * geometry.sampleIntervalS;
  return depthFromTwoWayTime(timeS, permittivity, DEFAULT_ANTENNA_SEPARATION_M);
}

function depthRow(geometry: FrameGeometry, depthM: number, permittivity: number): number {
  const timeS = twoWayTimeFromDepth(depthM, permittivity, DEFAULT_ANTENNA_SEPARATION_M);
  return (timeS - geometry.firstRowTimeS) / geometry.sampleIntervalS;
}

/**
 * Depth ticks (metres below the surface at `permittivity`); `at` is a (fractional) row. The step is the smallest
 * nice one that keeps labels `minGapPx` apart over the depths the axis (`axisPx` long) shows, and ticks squeezed
 * together near the surface (depth grows slowly there with time) are dropped rather than drawn over each other.
 */
export function depthTicks(
  geometry: FrameGeometry,
  permittivity: number,
  axisPx: number,
  minGapPx: number = MIN_VERTICAL_LABEL_GAP_PX,
): AxisTick[] {
  const lastRow = geometry.rows - 1;
  const maxDepth = rowDepthM(geometry, lastRow, permittivity);
  const surfaceRow = Math.max(0, depthRow(geometry, 0, permittivity));
  const minDepth = surfaceRow > 0 ? 0 : rowDepthM(geometry, 0, permittivity);
  const pxPerRow = axisPx / Math.max(1, geometry.rows);
  const span = maxDepth - minDepth;
  if (!(span > 0) || !(lastRow > surfaceRow)) return [];
  const pxPerM = ((lastRow - surfaceRow) * pxPerRow) / span;
  const step = niceStepAtLeast(minGapPx / pxPerM);
  const ticks: AxisTick[] = [];
  for (let k = 0; k * step <= maxDepth + 1e-9; k++) {
    const depth = k * step;
    const at = depthRow(geometry, depth, permittivity);
    if (at >= 0 && at <= lastRow) ticks.push({ at, label: depth.toFixed(decimals(step)) });
  }
  return keepSpacedTicks(ticks, pxPerRow, minGapPx);
}
