/**
 * Zoom and pan of the line-scan rebar view: which part of the world the plot shows. The default window is the
 * spec's whole world (scan length + 5 cm by 1.1 m); the user zooms (wheel, pinch, buttons) up to 40×, pans by
 * dragging, and "fit to data" frames the bars from the surface down.
 */
import type { ViewGeometry, ViewWindow } from './rebar-view-geometry';
import { DEFAULT_WINDOW, getPlotSize, toWorld, WORLD_HEIGHT_M } from './rebar-view-geometry';

export const MAX_ZOOM = 40;

const clampZoom = (zoom: number) => Math.min(Math.max(zoom, 1), MAX_ZOOM);

/** The visible world size at zooms `zoom` and `zoomY`, metres, for geometry `g` (any zoom). */
function visibleSize(g: ViewGeometry, zoom: number, zoomY: number): { widthM: number; depthM: number } {
  const plot = getPlotSize(g);
  return {
    widthM: plot.width / ((g.pxPerMX / g.zoom) * zoom),
    depthM: plot.height / ((g.pxPerMY / g.zoomY) * zoomY),
  };
}

/** A window kept inside the world: zooms in [1, 40], no panning past its edges. */
export function clampWindow(g: ViewGeometry, window: ViewWindow): ViewWindow {
  const zoom = clampZoom(window.zoom);
  const zoomY = clampZoom(window.zoomY);
  const size = visibleSize(g, zoom, zoomY);
  const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), Math.max(max, 0));
  return {
    zoom,
    zoomY,
    x0M: clamp(window.x0M, g.worldWidthM - size.widthM),
    d0M: clamp(window.d0M, WORLD_HEIGHT_M - size.depthM),
  };
}

/** Zoom by `factor` keeping the world point under canvas point (x, y) where it is. */
export function zoomAt(g: ViewGeometry, factor: number, x: number, y: number): ViewWindow {
  const anchor = toWorld(g, x, y);
  const zoom = clampZoom(g.zoom * factor);
  const zoomY = clampZoom(g.zoomY * factor);
  return clampWindow(g, {
    zoom,
    zoomY,
    x0M: anchor.xM - (anchor.xM - g.x0M) * (g.zoom / zoom),
    d0M: anchor.depthM - (anchor.depthM - g.d0M) * (g.zoomY / zoomY),
  });
}

/** Move the view by a drag of (dx, dy) px: the world follows the pointer. */
export function panBy(g: ViewGeometry, dx: number, dy: number): ViewWindow {
  return clampWindow(g, {
    zoom: g.zoom,
    zoomY: g.zoomY,
    x0M: g.x0M - dx / g.pxPerMX,
    d0M: g.d0M - dy / g.pxPerMY,
  });
}

/**
 * The window that frames `points` (bar centres with their radius) from the surface down, with a margin of 5 cm:
 * along the line and in depth each as far as it goes (a 3 m line with bars 5 cm deep fills the plot both
 * ways). No points: the default view.
 */
export function fitWindow(
  g: ViewGeometry,
  points: readonly { xM: number; depthM: number; radiusM: number }[],
): ViewWindow {
  if (points.length === 0) return DEFAULT_WINDOW;
  const margin = 0.05;
  const left = Math.min(...points.map((p) => p.xM - p.radiusM)) - margin;
  const right = Math.max(...points.map((p) => p.xM + p.radiusM)) + margin;
  const deepest = Math.max(...points.map((p) => p.depthM + p.radiusM)) + margin;
  const whole = visibleSize(g, 1, 1);
  const zoom = clampZoom(whole.widthM / Math.max(right - left, 0.02));
  const zoomY = clampZoom(whole.depthM / Math.max(deepest, 0.02));
  const size = visibleSize(g, zoom, zoomY);
  return clampWindow(g, { zoom, zoomY, x0M: (left + right) / 2 - size.widthM / 2, d0M: 0 });
}

/**
 * The axis step for `pxPerM`: the spec's 0.1 m in the default view; zoomed in, the smallest of 5, 2, 1, 0.5 cm
 * still at least 40 px apart.
 * @example getAxisStep(3000, 8) // 0.02
 */
export function getAxisStep(pxPerM: number, zoom: number): number {
  if (zoom <= 1.0001) return 0.1;
  return [0.005, 0.01, 0.02, 0.05].find((step) => step * pxPerM >= 40) ?? 0.1;
}

/**
 * Ticks every `stepM` from `fromM` to `toM`, in whole steps (no floating-point noise).
 * @example getTicksBetween(0.12, 0.31, 0.1) // [0.2, 0.3]
 */
export function getTicksBetween(fromM: number, toM: number, stepM: number): number[] {
  const first = Math.ceil(fromM / stepM - 1e-9);
  const last = Math.floor(toM / stepM + 1e-9);
  return Array.from(
    { length: Math.max(last - first + 1, 0) },
    (_, i) => Math.round((first + i) * stepM * 1e6) / 1e6,
  );
}
