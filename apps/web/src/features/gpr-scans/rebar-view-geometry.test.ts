import { describe, expect, it } from 'vitest';
import {
  createViewGeometry,
  getAxisTicks,
  getLabelEvery,
  hitTestRebar,
  isInPlot,
  toCanvas,
  toWorld,
  VIEW_MARGINS,
} from './rebar-view-geometry';

describe('rebar view geometry', () => {
  it('maps the world (scan length + 0.05 m by 1.1 m) inside the margins 120/30/120/20', () => {
    const g = createViewGeometry(1000, 2.81);
    expect(g.worldWidthM).toBeCloseTo(2.86, 12);
    expect(g.pxPerMX).toBeCloseTo(850 / 2.86, 9);
    // Square metres: the plot is 1.1 m × px/m high.
    expect(g.pxPerMY).toBeCloseTo(g.pxPerMX, 9);
    expect(g.height).toBe(Math.round(1.1 * g.pxPerMX + 140));
    expect(toCanvas(g, 0, 0)).toEqual({ x: VIEW_MARGINS.left, y: VIEW_MARGINS.top });
    const end = toCanvas(g, g.worldWidthM, 1.1);
    expect(end.x).toBeCloseTo(1000 - VIEW_MARGINS.right, 9);
    expect(end.y).toBeCloseTo(g.height - VIEW_MARGINS.bottom, 0);
  });

  it('clamps the plot height for short scans on wide canvases', () => {
    const g = createViewGeometry(1200, 0.5);
    expect(g.height).toBe(520 + 140);
    expect(g.pxPerMY).toBeCloseTo(520 / 1.1, 9);
  });

  it('inverts the mapping and knows the plot area', () => {
    const g = createViewGeometry(800, 1.2);
    const p = toCanvas(g, 0.37, 0.061);
    const w = toWorld(g, p.x, p.y);
    expect(w.xM).toBeCloseTo(0.37, 12);
    expect(w.depthM).toBeCloseTo(0.061, 12);
    expect(isInPlot(g, p.x, p.y)).toBe(true);
    expect(isInPlot(g, 10, p.y)).toBe(false);
  });

  it('ticks every 0.1 m without floating-point noise and thins labels', () => {
    expect(getAxisTicks(0.35)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(getAxisTicks(1.1)).toHaveLength(12);
    expect(getAxisTicks(1.1)[3]).toBe(0.3);
    expect(getLabelEvery(40, 34)).toBe(1);
    expect(getLabelEvery(15, 34)).toBe(3);
  });

  it('hits the nearest bar within its radius plus slop', () => {
    const g = createViewGeometry(1000, 1);
    const bars = [
      { bar: { id: 'a' }, xM: 0.2, centreDepthM: 0.05, radiusM: 0.006 },
      { bar: { id: 'b' }, xM: 0.24, centreDepthM: 0.05, radiusM: 0.006 },
    ];
    const a = toCanvas(g, 0.2, 0.05);
    expect(hitTestRebar(g, bars, a.x + 2, a.y)?.id).toBe('a');
    const b = toCanvas(g, 0.24, 0.05);
    expect(hitTestRebar(g, bars, b.x - 3, b.y + 3)?.id).toBe('b');
    expect(hitTestRebar(g, bars, a.x, a.y + 60)).toBeNull();
  });
});
