import { describe, expect, it } from 'vitest';
import {
  depthTicks,
  distanceTicks,
  MIN_VERTICAL_LABEL_GAP_PX,
  niceStep,
  niceStepAtLeast,
  rowDepthM,
  timeTicks,
  type AxisTick,
} from './radargram-axes';
import {
  addHyperbola,
  areHyperbolaSetsDifferent,
  hitTestHyperbola,
  moveHyperbola,
  removeHyperbola,
} from './hyperbola-edits';
import { apexPoint, hyperbolaCurve, indicesFromPoint, visibleHyperbolas } from './hyperbola-geometry';
import { createPlotTransform, toCss, toImage } from './plot-transform';
import type { FrameGeometry } from './radargram-pipeline';

const geometry: FrameGeometry = {
  traces: 1000,
  rows: 550,
  startSample: 41,
  firstRowTimeS: 0,
  sampleIntervalS: 2.44140625e-11,
  traceSpacingM: 0.002,
  fileTimeOffsetS: -1e-9,
};
const h = (id: string, xIdx: number, tIdx: number, confidence = 0.9) => ({
  id,
  xIdx,
  tIdx,
  confidence,
  classification: 'rebar' as const,
});

describe('axes', () => {
  it('picks 1-2-5 steps', () => {
    expect(niceStep(2, 10)).toBe(0.2);
    expect(niceStep(13.4, 6)).toBe(2);
    expect(niceStep(0.25, 5)).toBe(0.05);
  });
  it('labels distance in metres, time in ns and depth at the permittivity', () => {
    const distance = distanceTicks(geometry, 5);
    expect(distance[0]).toEqual({ at: 0, label: '0.0' });
    expect(distance[1]!.at).toBeCloseTo(0.5 / 0.002);
    // 550 rows over 100 px: 28 px of labels gap is 3.8 ns, so steps of 5 ns.
    const time = timeTicks(geometry, 100);
    expect(time[1]!.label).toBe('5');
    expect(time[1]!.at).toBeCloseTo(5e-9 / geometry.sampleIntervalS);
    for (const tick of depthTicks(geometry, 7, 300))
      expect(rowDepthM(geometry, tick.at, 7)).toBeCloseTo(Number(tick.label), 6);
    // Higher permittivity: slower waves, so the same rows are shallower.
    expect(rowDepthM(geometry, 400, 9)).toBeLessThan(rowDepthM(geometry, 400, 6));
  });
});

describe('vertical axis labels', () => {
  // Pixel position of a tick on an axis `axisPx` long (the rows fill it; pixel centres at integers).
  const px = (tick: AxisTick, rows: number, axisPx: number) => ((tick.at + 0.5) * axisPx) / rows;
  const gaps = (ticks: AxisTick[], rows: number, axisPx: number) =>
    ticks.slice(1).map((tick, i) => px(tick, rows, axisPx) - px(ticks[i]!, rows, axisPx));

  it('picks the smallest 1-2-5 step at least as large as asked', () => {
    expect(niceStepAtLeast(0.0031)).toBe(0.005);
    expect(niceStepAtLeast(0.005)).toBe(0.005);
    expect(niceStepAtLeast(1.2)).toBe(2);
    expect(niceStepAtLeast(6)).toBe(10);
  });

  // A short gprMax scan: 1 ns of 200 rows, the direct wave a quarter of the way down. Its depth axis used
  // to read "0.000" and "0.005" on top of each other, 4 px apart near the surface.
  const short: FrameGeometry = { ...geometry, rows: 200, sampleIntervalS: 5e-12, startSample: 0 };
  const cases: [string, FrameGeometry, number][] = [
    ['a short gprMax scan, tall axis', short, 380],
    ['a short gprMax scan, low axis', short, 150],
    ['a vendor scan, tall axis', geometry, 380],
    ['a vendor scan, low axis', geometry, 120],
  ];
  it.each(cases)('keeps depth and time labels apart on %s', (_name, g, axisPx) => {
    for (const permittivity of [4, 6.5, 9]) {
      const depth = depthTicks(g, permittivity, axisPx);
      expect(depth.length).toBeGreaterThanOrEqual(2);
      for (const gap of gaps(depth, g.rows, axisPx))
        expect(gap).toBeGreaterThanOrEqual(MIN_VERTICAL_LABEL_GAP_PX);
      expect(new Set(depth.map((t) => t.label)).size).toBe(depth.length);
      for (const tick of depth)
        expect(rowDepthM(g, tick.at, permittivity)).toBeCloseTo(Number(tick.label), 6);
    }
    const time = timeTicks(g, axisPx);
    expect(time.length).toBeGreaterThanOrEqual(2);
    for (const gap of gaps(time, g.rows, axisPx))
      expect(gap).toBeGreaterThanOrEqual(MIN_VERTICAL_LABEL_GAP_PX);
  });

  it('still labels a tall axis densely: spacing under three label gaps', () => {
    const depth = depthTicks(short, 6.5, 380);
    const gapsPx = gaps(depth, short.rows, 380);
    // The last gap is the widest (the first centimetres are squeezed): 1-2-5 steps at most 2.5 × the minimum.
    expect(gapsPx[gapsPx.length - 1]!).toBeLessThan(3 * MIN_VERTICAL_LABEL_GAP_PX);
    expect(depth.length).toBeGreaterThanOrEqual(4);
  });
});

describe('hyperbolas', () => {
  it('draws the curve through the apex, opening downwards and wider at a higher velocity', () => {
    const label = h('a', 500, 41 + 200);
    const slow = hyperbolaCurve(label, geometry, { permittivity: 9, timeZeroS: null }, 100);
    const fast = hyperbolaCurve(label, geometry, { permittivity: 4, timeZeroS: null }, 100);
    const apex = slow.find((p) => p.x === 500)!;
    expect(apex.y).toBeCloseTo(200, 6);
    const edge = (curve: typeof slow) => curve.find((p) => p.x === 580)!.y;
    expect(edge(slow)).toBeGreaterThan(200);
    expect(edge(fast)).toBeLessThan(edge(slow));
  });

  it('edits: a moved or added hyperbola has confidence 1; sets compare by content', () => {
    const list = [h('a', 10, 100, 0.85), h('b', 20, 120, 0.5)];
    const moved = moveHyperbola(list, 'a', { xIdx: 12, tIdx: 101 });
    expect(moved[0]).toMatchObject({ xIdx: 12, tIdx: 101, confidence: 1 });
    expect(areHyperbolaSetsDifferent(moved, list)).toBe(true);
    expect(areHyperbolaSetsDifferent([...list].reverse(), list)).toBe(false);
    const added = addHyperbola(list, { xIdx: 3, tIdx: 4 }, 'c');
    expect(added[2]).toEqual({ id: 'c', xIdx: 3, tIdx: 4, confidence: 1, classification: 'rebar' });
    expect(removeHyperbola(added, 'c')).toEqual(list);
    expect(visibleHyperbolas(list, 0.8).map((x) => x.id)).toEqual(['a']);
  });

  it('places the apex below a sample when the engine gives one, so the depth axis reads its cover there', () => {
    const engine = { ...h('a', 500, 41 + 200), tIdxFrac: 41 + 199.62 };
    expect(apexPoint(engine, geometry).y).toBeCloseTo(199.62, 9);
    const curve = hyperbolaCurve(engine, geometry, { permittivity: 7, timeZeroS: null }, 50);
    expect(curve.find((p) => p.x === 500)!.y).toBeCloseTo(199.62, 6);
    expect(apexPoint(h('b', 500, 41 + 200), geometry).y).toBe(200);
    // The depth the axis shows at the apex mark is the depth of the fractional row, not of the rounded one.
    const depthAtMark = rowDepthM(geometry, apexPoint(engine, geometry).y, 7);
    expect(Math.abs(depthAtMark - rowDepthM(geometry, 199.62, 7))).toBeLessThan(1e-12);
    expect(Math.abs(depthAtMark - rowDepthM(geometry, 200, 7))).toBeGreaterThan(3e-4);
  });

  it('drops the engine’s sub-sample apex of a hyperbola the user moves', () => {
    const list = [{ ...h('a', 10, 100, 0.85), tIdxFrac: 99.7 }];
    const moved = moveHyperbola(list, 'a', { xIdx: 12, tIdx: 104 });
    expect(moved[0]).not.toHaveProperty('tIdxFrac');
    expect(apexPoint(moved[0]!, geometry).y).toBe(104 - geometry.startSample);
    expect(areHyperbolaSetsDifferent([{ ...list[0]!, tIdxFrac: 99.9 }], list)).toBe(true);
  });

  it('maps pointer positions to apex indices and finds the nearest apex', () => {
    const t = createPlotTransform(1064, 460, geometry.traces, geometry.rows);
    const list = [h('a', 100, 141), h('b', 600, 341)];
    const css = toCss(t, { x: 600, y: 300 });
    expect(hitTestHyperbola(list, t, geometry, { x: css.x + 4, y: css.y - 3 })?.id).toBe('b');
    expect(hitTestHyperbola(list, t, geometry, { x: css.x + 40, y: css.y })).toBeNull();
    const back = toImage(t, css);
    expect(indicesFromPoint(back, geometry)).toEqual({ xIdx: 600, tIdx: 341 });
    expect(indicesFromPoint({ x: -5, y: -80 }, geometry)).toEqual({ xIdx: 0, tIdx: 0 });
  });
});
