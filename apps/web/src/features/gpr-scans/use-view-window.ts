import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { ViewGeometry, ViewWindow } from './rebar-view-geometry';
import { createViewGeometry, DEFAULT_WINDOW } from './rebar-view-geometry';
import { clampWindow, panBy, zoomAt } from './rebar-view-window';

/** How much one wheel notch (100 units of deltaY) zooms. */
const WHEEL_ZOOM_PER_100 = 1.25;

/**
 * The rebar view's zoom and pan: the geometry for the current window, wheel and trackpad-pinch zoom around the
 * pointer (the page does not scroll under the canvas), two-finger pinch on touch screens, and `pan`/`pinch`
 * helpers for the canvas' pointer handlers.
 */
export function useViewWindow(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  widthPx: number,
  scanLengthM: number,
) {
  const [viewWindow, setWindow] = useState<ViewWindow>(DEFAULT_WINDOW);
  const geometry: ViewGeometry | null =
    widthPx > 0 ? createViewGeometry(widthPx, scanLengthM, viewWindow) : null;
  const geometryRef = useRef(geometry);
  useLayoutEffect(() => {
    geometryRef.current = geometry;
  });
  // Another scan, or a resize, keeps the window inside the world.
  const key = geometry ? `${geometry.width}|${geometry.worldWidthM}` : '';
  useEffect(() => {
    const g = geometryRef.current;
    if (g) setWindow((w) => clampWindow(g, w));
  }, [key]);

  const hasCanvas = geometry !== null;
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (event: WheelEvent) => {
      const g = geometryRef.current;
      if (!g) return;
      event.preventDefault();
      const rect = canvas.getBoundingClientRect();
      const factor = WHEEL_ZOOM_PER_100 ** (-event.deltaY / 100);
      setWindow(zoomAt(g, factor, event.clientX - rect.left, event.clientY - rect.top));
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, [canvasRef, hasCanvas]);

  // Touch pointers on the canvas, for the two-finger pinch.
  const touches = useRef(new Map<number, { x: number; y: number }>());
  const pinch = {
    /** A touch pointer went down; true when it starts a pinch (two fingers). */
    down(id: number, x: number, y: number): boolean {
      touches.current.set(id, { x, y });
      return touches.current.size === 2;
    },
    /** A touch pointer moved; true when it was part of a pinch (the view zoomed). */
    move(id: number, x: number, y: number): boolean {
      const points = touches.current;
      const before = points.get(id);
      if (!before || points.size !== 2 || !geometryRef.current) {
        if (before) points.set(id, { x, y });
        return false;
      }
      const other = [...points.entries()].find(([key]) => key !== id)![1];
      const distance = (a: { x: number; y: number }) => Math.hypot(a.x - other.x, a.y - other.y);
      const factor = distance({ x, y }) / Math.max(distance(before), 1);
      points.set(id, { x, y });
      setWindow(zoomAt(geometryRef.current, factor, (x + other.x) / 2, (y + other.y) / 2));
      return true;
    },
    up(id: number) {
      touches.current.delete(id);
    },
  };

  return {
    geometry,
    viewWindow,
    setWindow: (next: ViewWindow) => geometry && setWindow(clampWindow(geometry, next)),
    /** Zoom by `factor` around the plot's centre (the buttons). */
    zoomBy: (factor: number) =>
      geometry && setWindow(zoomAt(geometry, factor, geometry.width / 2, geometry.height / 2)),
    /** Pan by a drag of (dx, dy) px. */
    pan: (dx: number, dy: number) => geometryRef.current && setWindow(panBy(geometryRef.current, dx, dy)),
    pinch,
  };
}
