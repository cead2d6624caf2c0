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

/** Two-way time ticks (ns after transmission); `at` is a row. */
export function timeTicks(geometry: FrameGeometry, target: number): AxisTick[] {
  const dtNs = geometry.sampleIntervalS * 1e9;
  const first = geometry.firstRowTimeS * 1e9;
  const last = first + (geometry.rows - 1) * dtNs;
  const step = niceStep(last - first, target);
  const ticks: AxisTick[] = [];
  for (let t = Math.ceil(first / step) * step; t <= last + 1e-9; t += step)
    ticks.push({ at: (t - first) / dtNs, label: t.toFixed(decimals(step)) });
  return ticks;
}

/** Depth of a row, metres, at a permittivity (bistatic antenna, seed 000 §9's separation). */
export function rowDepthM(geometry: FrameGeometry, row: number, permittivity: number): number {
  const timeS = geometry.firstRowTimeS + row * geometry.sampleIntervalS;
  return depthFromTwoWayTime(timeS, permittivity, DEFAULT_ANTENNA_SEPARATION_M);
}

/** Depth ticks (metres below the surface at `permittivity`); `at` is a (fractional) row. */
export function depthTicks(geometry: FrameGeometry, permittivity: number, target: number): AxisTick[] {
  const maxDepth = rowDepthM(geometry, geometry.rows - 1, permittivity);
  const step = niceStep(maxDepth, target);
  const ticks: AxisTick[] = [];
  for (let k = 0; k * step <= maxDepth + 1e-9; k++) {
    const depth = k * step;
    const timeS = twoWayTimeFromDepth(depth, permittivity, DEFAULT_ANTENNA_SEPARATION_M);
    const at = (timeS - geometry.firstRowTimeS) / geometry.sampleIntervalS;
    if (at >= 0 && at <= geometry.rows - 1) ticks.push({ at, label: depth.toFixed(decimals(step)) });
  }
  return ticks;
}
