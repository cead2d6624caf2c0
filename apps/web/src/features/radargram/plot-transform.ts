import { PLOT_MARGINS, rowDepthM } from './radargram-axes';
import type { FrameGeometry } from './radargram-pipeline';

/** Where the image sits on the canvas (CSS pixels) and how many traces and rows it has. */
export interface PlotTransform {
  left: number;
  top: number;
  width: number;
  height: number;
  traces: number;
  rows: number;
}

/**
 * The plot area of a canvas of this CSS size for an image of `traces × rows`. With `lockedAspect` (plot height
 * over plot width, see {@link equalScaleAspect}) the image keeps that shape: it is fitted into the area, anchored
 * at the top left, and shrinks on the side that would otherwise stretch. Without it the image fills the area.
 */
export function createPlotTransform(
  cssWidth: number,
  cssHeight: number,
  traces: number,
  rows: number,
  lockedAspect?: number | null,
): PlotTransform {
  let width = Math.max(1, cssWidth - PLOT_MARGINS.left - PLOT_MARGINS.right);
  let height = Math.max(1, cssHeight - PLOT_MARGINS.top - PLOT_MARGINS.bottom);
  if (lockedAspect && Number.isFinite(lockedAspect) && lockedAspect > 0) {
    if (width * lockedAspect <= height) height = Math.max(1, width * lockedAspect);
    else width = Math.max(1, height / lockedAspect);
  }
  return { left: PLOT_MARGINS.left, top: PLOT_MARGINS.top, width, height, traces, rows };
}

/**
 * Plot height over plot width that draws both axes at one scale (a metre of depth as long as a metre along
 * the scan), so a bar's hyperbola keeps its true shape: the depth the rows span at `permittivity` over the
 * scan's length. Null when the scan has no trace spacing or the rows span no depth (nothing to lock to).
 */
export function equalScaleAspect(geometry: FrameGeometry, permittivity: number): number | null {
  const lengthM = geometry.traces * geometry.traceSpacingM;
  const depthM = rowDepthM(geometry, geometry.rows, permittivity) - rowDepthM(geometry, 0, permittivity);
  if (!(lengthM > 0) || !(depthM > 0)) return null;
  return depthM / lengthM;
}

/** Image point (trace, row; pixel centres at integers) → canvas CSS pixels. */
export function toCss(t: PlotTransform, point: { x: number; y: number }) {
  return {
    x: t.left + ((point.x + 0.5) * t.width) / t.traces,
    y: t.top + ((point.y + 0.5) * t.height) / t.rows,
  };
}

/** Canvas CSS pixels → image point (trace, row), fractional. */
export function toImage(t: PlotTransform, css: { x: number; y: number }) {
  return {
    x: ((css.x - t.left) * t.traces) / t.width - 0.5,
    y: ((css.y - t.top) * t.rows) / t.height - 0.5,
  };
}

/** Whether a canvas CSS point lies on the image. */
export function isInsidePlot(t: PlotTransform, css: { x: number; y: number }): boolean {
  return css.x >= t.left && css.x <= t.left + t.width && css.y >= t.top && css.y <= t.top + t.height;
}
