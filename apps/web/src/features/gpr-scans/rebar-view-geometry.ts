/**
 * The line-scan rebar view's world and its mapping to canvas pixels (spec §9): the world is the scan length
 * + 0.05 m wide and 1.1 m deep, drawn inside margins of 120 (left), 30 (right), 120 (top, where the labels go)
 * and 20 px (bottom), with axes every 0.1 m.
 */
export const WORLD_HEIGHT_M = 1.1;
export const WORLD_EXTRA_WIDTH_M = 0.05;
export const VIEW_MARGINS = { left: 120, right: 30, top: 120, bottom: 20 } as const;
export const AXIS_STEP_M = 0.1;
/** The plot is never shorter than this, px (a narrow phone keeps a readable depth axis). */
export const MIN_PLOT_HEIGHT_PX = 240;
/** Nor taller than this, px (a short scan on a wide screen stays on screen with its stat cards). */
export const MAX_PLOT_HEIGHT_PX = 520;

export interface ViewGeometry {
  /** Canvas size, CSS px. */
  width: number;
  height: number;
  worldWidthM: number;
  /** Pixels per metre along the line and in depth (equal unless the height was clamped), zoom included. */
  pxPerMX: number;
  pxPerMY: number;
  /** The world point at the plot's top-left corner (0, 0 unless zoomed and panned), metres. */
  x0M: number;
  d0M: number;
  /** Magnification over the spec's default view along the line and in depth (1: the whole world). */
  zoom: number;
  zoomY: number;
}

/**
 * What part of the world the plot shows: zooms over the default view (along the line and in depth; equal
 * unless "fit to the bars" framed a long, shallow line) and the world point at its top left.
 */
export interface ViewWindow {
  zoom: number;
  zoomY: number;
  x0M: number;
  d0M: number;
}

/** The spec's default view: the whole world. */
export const DEFAULT_WINDOW: ViewWindow = { zoom: 1, zoomY: 1, x0M: 0, d0M: 0 };

/**
 * The geometry for a canvas `widthPx` wide showing a scan `scanLengthM` long. The plot keeps metres square
 * when it can; a very short or very long scan clamps the plot height to [240, 520] px, stretching depth.
 * `window` zooms and pans inside it (the canvas keeps its size).
 * @example createViewGeometry(1000, 2.81).pxPerMX // 850 / 2.86
 */
export function createViewGeometry(
  widthPx: number,
  scanLengthM: number,
  window: ViewWindow = DEFAULT_WINDOW,
): ViewGeometry {
  const worldWidthM = Math.max(scanLengthM, 0) + WORLD_EXTRA_WIDTH_M;
  const plotWidth = Math.max(widthPx - VIEW_MARGINS.left - VIEW_MARGINS.right, 40);
  const pxPerMX = plotWidth / worldWidthM;
  const plotHeight = Math.min(Math.max(pxPerMX * WORLD_HEIGHT_M, MIN_PLOT_HEIGHT_PX), MAX_PLOT_HEIGHT_PX);
  return {
    width: plotWidth + VIEW_MARGINS.left + VIEW_MARGINS.right,
    height: Math.round(plotHeight + VIEW_MARGINS.top + VIEW_MARGINS.bottom),
    worldWidthM,
    pxPerMX: pxPerMX * window.zoom,
    pxPerMY: (plotHeight / WORLD_HEIGHT_M) * window.zoomY,
    x0M: window.x0M,
    d0M: window.d0M,
    zoom: window.zoom,
    zoomY: window.zoomY,
  };
}

/** Canvas point (CSS px) of a world point: `xM` along the line, `depthM` below the surface. */
export function toCanvas(g: ViewGeometry, xM: number, depthM: number): { x: number; y: number } {
  return {
    x: VIEW_MARGINS.left + (xM - g.x0M) * g.pxPerMX,
    y: VIEW_MARGINS.top + (depthM - g.d0M) * g.pxPerMY,
  };
}

/** World point of a canvas point (the inverse of {@link toCanvas}). */
export function toWorld(g: ViewGeometry, x: number, y: number): { xM: number; depthM: number } {
  return {
    xM: g.x0M + (x - VIEW_MARGINS.left) / g.pxPerMX,
    depthM: g.d0M + (y - VIEW_MARGINS.top) / g.pxPerMY,
  };
}

/** The plot's size, px. */
export function getPlotSize(g: ViewGeometry): { width: number; height: number } {
  return {
    width: g.width - VIEW_MARGINS.left - VIEW_MARGINS.right,
    height: g.height - VIEW_MARGINS.top - VIEW_MARGINS.bottom,
  };
}

/** Whether a canvas point lies on the plot (inside the margins). */
export function isInPlot(g: ViewGeometry, x: number, y: number): boolean {
  return (
    x >= VIEW_MARGINS.left &&
    x <= g.width - VIEW_MARGINS.right &&
    y >= VIEW_MARGINS.top &&
    y <= g.height - VIEW_MARGINS.bottom
  );
}

/**
 * Axis ticks from 0 to `maxM` every `stepM`, in whole steps (no 0.30000000000000004).
 * @example getAxisTicks(0.35, 0.1) // [0, 0.1, 0.2, 0.3]
 */
export function getAxisTicks(maxM: number, stepM = AXIS_STEP_M): number[] {
  const count = Math.floor(maxM / stepM + 1e-9);
  return Array.from({ length: count + 1 }, (_, i) => Math.round(i * stepM * 1e6) / 1e6);
}

/** Every how many ticks to label, so labels at least `minGapPx` apart never collide. */
export function getLabelEvery(pxPerStep: number, minGapPx: number): number {
  return Math.max(1, Math.ceil(minGapPx / Math.max(pxPerStep, 1e-6)));
}

/** Half the smallest hit area of a bar, px: every bar answers within a 24 px wide target. */
export const MIN_HIT_RADIUS_PX = 12;

/**
 * The bar under a canvas point: the nearest centre within its drawn radius plus `slopPx` (fingers and
 * 6 mm bars need room), and never less than {@link MIN_HIT_RADIUS_PX}; or null.
 */
export function hitTestRebar<T extends { id: string }>(
  g: ViewGeometry,
  bars: readonly { bar: T; xM: number; centreDepthM: number; radiusM: number }[],
  x: number,
  y: number,
  slopPx = 10,
): T | null {
  let best: T | null = null;
  let bestDistance = Infinity;
  for (const item of bars) {
    const centre = toCanvas(g, item.xM, item.centreDepthM);
    const distance = Math.hypot(centre.x - x, centre.y - y);
    const reach = Math.max(item.radiusM * Math.max(g.pxPerMX, g.pxPerMY) + slopPx, MIN_HIT_RADIUS_PX);
    if (distance <= reach && distance < bestDistance) {
      best = item.bar;
      bestDistance = distance;
    }
  }
  return best;
}
