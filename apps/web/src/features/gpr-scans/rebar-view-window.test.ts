import { describe, expect, it } from 'vitest';
import { createViewGeometry, DEFAULT_WINDOW, hitTestRebar, toCanvas, toWorld } from './rebar-view-geometry';
import {
  clampWindow,
  fitWindow,
  getAxisStep,
  getTicksBetween,
  MAX_ZOOM,
  panBy,
  zoomAt,
} from './rebar-view-window';

describe('rebar view zoom and pan (issue #14)', () => {
  const base = createViewGeometry(1000, 3.2);

  it('keeps the spec geometry as the default view', () => {
    expect(createViewGeometry(1000, 3.2, DEFAULT_WINDOW)).toEqual(base);
    expect(toCanvas(base, 0, 0)).toEqual({ x: 120, y: 120 });
  });

  it('zooms around the pointer: the world point under it stays put', () => {
    const point = toCanvas(base, 1.4, 0.06);
    const window = zoomAt(base, 4, point.x, point.y);
    const zoomed = createViewGeometry(1000, 3.2, window);
    expect(zoomed.pxPerMX).toBeCloseTo(base.pxPerMX * 4, 9);
    const after = toWorld(zoomed, point.x, point.y);
    expect(after.xM).toBeCloseTo(1.4, 9);
    expect(after.depthM).toBeCloseTo(0.06, 9);
  });

  it('never zooms out past the whole world nor in past 40×, nor pans outside the world', () => {
    expect(zoomAt(base, 0.2, 500, 300).zoom).toBe(1);
    expect(zoomAt(base, 1000, 500, 300).zoom).toBe(MAX_ZOOM);
    const zoomed = createViewGeometry(1000, 3.2, zoomAt(base, 2, 120, 120));
    expect(panBy(zoomed, 10_000, 10_000)).toMatchObject({ x0M: 0, d0M: 0 });
    const far = panBy(zoomed, -100_000, -100_000);
    const farGeometry = createViewGeometry(1000, 3.2, far);
    expect(toWorld(farGeometry, 1000 - 30, farGeometry.height - 20).xM).toBeCloseTo(base.worldWidthM, 6);
    expect(clampWindow(base, { zoom: 0.5, zoomY: 0.5, x0M: -1, d0M: -1 })).toEqual(DEFAULT_WINDOW);
  });

  it('fits a long shallow line to its bars: the surface at the top, the bars filling the depth', () => {
    const bars = [0.2, 1.1, 2.9].map((xM) => ({ xM, depthM: 0.05, radiusM: 0.006 }));
    const fitted = createViewGeometry(1000, 3.2, fitWindow(base, bars));
    expect(fitted.d0M).toBe(0);
    expect(fitted.zoomY).toBeGreaterThan(8);
    for (const bar of bars) {
      const p = toCanvas(fitted, bar.xM, bar.depthM);
      expect(p.x).toBeGreaterThan(120);
      expect(p.x).toBeLessThan(1000 - 30);
      expect(p.y).toBeLessThan(fitted.height - 20);
    }
    expect(fitWindow(base, [])).toEqual(DEFAULT_WINDOW);
  });

  it('ticks every 0.1 m by default and finer when zoomed in', () => {
    expect(getAxisStep(300, 1)).toBe(0.1);
    expect(getAxisStep(3000, 10)).toBe(0.02);
    expect(getTicksBetween(0.12, 0.31, 0.1)).toEqual([0.2, 0.3]);
    expect(getTicksBetween(0.101, 0.13, 0.01)).toEqual([0.11, 0.12, 0.13]);
  });

  it('answers a 6 mm bar within a 24 px wide target', () => {
    const bar = { bar: { id: 'a' }, xM: 1, centreDepthM: 0.05, radiusM: 0.003 };
    const centre = toCanvas(base, 1, 0.05);
    expect(hitTestRebar(base, [bar], centre.x + 11.5, centre.y, 0)).toEqual({ id: 'a' });
    expect(hitTestRebar(base, [bar], centre.x + 13, centre.y, 0)).toBeNull();
  });
});
