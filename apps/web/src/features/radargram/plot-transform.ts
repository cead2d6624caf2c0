import { PLOT_MARGINS } from './radargram-axes';

/** Where the image sits on the canvas (CSS pixels) and how many traces and rows it has. */
export interface PlotTransform {
  left: number;
  top: number;
  width: number;
  height: number;
  traces: number;
  rows: number;
}

/** The plot area of a canvas of this CSS size for an image of `traces × rows`. */
export function createPlotTransform(
  cssWidth: number,
  cssHeight: number,
  traces: number,
  rows: number,
): PlotTransform {
  return {
    left: PLOT_MARGINS.left,
    top: PLOT_MARGINS.top,
    width: Math.max(1, cssWidth - PLOT_MARGINS.left - PLOT_MARGINS.right),
    height: Math.max(1, cssHeight - PLOT_MARGINS.top - PLOT_MARGINS.bottom),
    traces,
    rows,
  };
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
