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
  /** Pixels per metre along the line and in depth (equal unless the height was clamped). */
  pxPerMX: number;
  pxPerMY: number;
}

/**
 * The geometry for a canvas `widthPx` wide showing a scan `scanLengthM` long. The plot keeps metres square
 * when it can; a very short or very long scan clamps the plot height to [240, 520] px, stretching depth.
 * @example createViewGeometry(1000, 2.81).pxPerMX // 850 / 2.86
 */
export function createViewGeometry(widthPx: number, scanLengthM: number): ViewGeometry {
  const worldWidthM = Math.max(scanLengthM, 0) + WORLD_EXTRA_WIDTH_M;
  const plotWidth = Math.max(widthPx - VIEW_MARGINS.left - VIEW_MARGINS.right, 40);
  const pxPerMX = plotWidth / worldWidthM;
  const plotHeight = Math.min(Math.max(pxPerMX * WORLD_HEIGHT_M, MIN_PLOT_HEIGHT_PX), MAX_PLOT_HEIGHT_PX);
  return {
    width: plotWidth + VIEW_MARGINS.left + VIEW_MARGINS.right,
    height: Math.round(plotHeight + VIEW_MARGINS.top + VIEW_MARGINS.bottom),
    worldWidthM,
    pxPerMX,
    pxPerMY: plotHeight / WORLD_HEIGHT_M,
  };
}

/** Canvas point (CSS px) of a world point: `xM` along the line, `depthM` below the surface. */
export function toCanvas(g: ViewGeometry, xM: number, depthM: number): { x: number; y: number } {
  return { x: VIEW_MARGINS.left + xM * g.pxPerMX, y: VIEW_MARGINS.top + depthM * g.pxPerMY };
}

/** World point of a canvas point (the inverse of {@link toCanvas}). */
export function toWorld(g: ViewGeometry, x: number, y: number): { xM: number; depthM: number } {
  return { xM: (x - VIEW_MARGINS.left) / g.pxPerMX, depthM: (y - VIEW_MARGINS.top) / g.pxPerMY };
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

/**
 * The bar under a canvas point: the nearest centre within its drawn radius plus `slopPx` (fingers and
 * 6 mm bars need room), or null.
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
    const reach = item.radiusM * Math.max(g.pxPerMX, g.pxPerMY) + slopPx;
    if (distance <= reach && distance < bestDistance) {
      best = item.bar;
      bestDistance = distance;
    }
  }
  return best;
}
