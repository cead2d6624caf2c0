import { describe, expect, it } from 'vitest';
import { createPlotTransform, equalScaleAspect, toCss, toImage } from './plot-transform';
import { PLOT_MARGINS, rowDepthM } from './radargram-axes';
import type { FrameGeometry } from './radargram-pipeline';

const geometry: FrameGeometry = {
  traces: 400,
  rows: 300,
  startSample: 0,
  firstRowTimeS: 0,
  sampleIntervalS: 2.44140625e-11,
  traceSpacingM: 0.005,
  fileTimeOffsetS: 0,
};

describe('lock axes (one scale for distance and depth)', () => {
  it('gives the depth the rows span over the scan length', () => {
    const aspect = equalScaleAspect(geometry, 7)!;
    const depthM = rowDepthM(geometry, 300, 7) - rowDepthM(geometry, 0, 7);
    expect(aspect).toBeCloseTo(depthM / 2, 12);
    // A higher permittivity means slower waves: the same rows span less depth.
    expect(equalScaleAspect(geometry, 12)!).toBeLessThan(aspect);
  });

  it('has nothing to lock to without trace spacing or depth', () => {
    expect(equalScaleAspect({ ...geometry, traceSpacingM: 0 }, 7)).toBeNull();
    expect(equalScaleAspect({ ...geometry, sampleIntervalS: 0 }, 7)).toBeNull();
  });

  it('fills the area when unlocked and fits the image at one scale when locked', () => {
    const free = createPlotTransform(1000, 480, 400, 300);
    expect(free.width).toBe(1000 - PLOT_MARGINS.left - PLOT_MARGINS.right);
    expect(free.height).toBe(480 - PLOT_MARGINS.top - PLOT_MARGINS.bottom);

    // A flat image (long scan, shallow rows): full width, less height.
    const flat = createPlotTransform(1000, 480, 400, 300, 0.2);
    expect(flat.width).toBe(free.width);
    expect(flat.height).toBeCloseTo(free.width * 0.2, 9);
    // A tall one (short scan): full height, less width.
    const tall = createPlotTransform(1000, 480, 400, 300, 2);
    expect(tall.height).toBe(free.height);
    expect(tall.width).toBeCloseTo(free.height / 2, 9);
    expect(createPlotTransform(1000, 480, 400, 300, null)).toEqual(free);
  });

  it('makes a metre as long across as down, and maps clicks back to the same sample', () => {
    const aspect = equalScaleAspect(geometry, 7)!;
    const t = createPlotTransform(1200, 480, geometry.traces, geometry.rows, aspect);
    const lengthM = geometry.traces * geometry.traceSpacingM;
    const depthM = rowDepthM(geometry, geometry.rows, 7) - rowDepthM(geometry, 0, 7);
    expect(t.width / lengthM).toBeCloseTo(t.height / depthM, 6);
    const point = { x: 123, y: 45 };
    const back = toImage(t, toCss(t, point));
    expect(back.x).toBeCloseTo(123, 9);
    expect(back.y).toBeCloseTo(45, 9);
  });
});
