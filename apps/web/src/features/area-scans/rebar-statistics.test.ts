import { describe, expect, it } from 'vitest';
import { computeOrientationStatistics, getPositionAcross } from './rebar-statistics';
import type { ResultRebar } from './rebar-results';

const vertical = (x: number, coverM: number, R = 0.006): ResultRebar => ({
  id: `v${x}`,
  depthCoords: [
    [x, 0, coverM + R],
    [x + 0.002, 0.4, coverM + R],
  ],
  R,
  orientation: 0,
  usesDefaultRadius: false,
  coverM,
  confidence: 1,
});
const horizontal = (y: number, coverM: number): ResultRebar => ({
  id: `h${y}`,
  depthCoords: [
    [0, y, coverM + 0.008],
    [0.6, y, coverM + 0.008],
  ],
  R: 0.008,
  orientation: 1,
  usesDefaultRadius: true,
  coverM,
  confidence: 1,
});

describe('computeOrientationStatistics', () => {
  const bars = [
    vertical(0.1, 0.04),
    vertical(0.25, 0.05),
    vertical(0.4, 0.045),
    horizontal(0.1, 0.06),
    horizontal(0.3, 0.062),
  ];

  it('summarises each orientation on its own, spacing across the bars', () => {
    const v = computeOrientationStatistics(bars, 0);
    expect(v.diameter).toEqual({ avgMm: 12, minMm: 12, maxMm: 12, count: 3 });
    expect(v.cover).toEqual({ avgMm: 45, minMm: 40, maxMm: 50, count: 3 });
    expect(v.spacing).toEqual({ avgMm: 150, minMm: 150, maxMm: 150, count: 2 });
    expect(v.hasDefaultRadius).toBe(false);
    const h = computeOrientationStatistics(bars, 1);
    expect(h.spacing).toEqual({ avgMm: 200, minMm: 200, maxMm: 200, count: 1 });
    // Both horizontal bars keep the default radius: no diameter is measured, so none is summarised.
    expect(h.diameter).toBeNull();
    expect(h.hasDefaultRadius).toBe(true);
    expect([h.defaultRadiusCount, h.barCount]).toEqual([2, 2]);
    // Over all bars, the diameter card reads only the three known diameters.
    const all = computeOrientationStatistics(bars, null);
    expect(all.diameter).toEqual({ avgMm: 12, minMm: 12, maxMm: 12, count: 3 });
    expect([all.defaultRadiusCount, all.barCount]).toEqual([2, 5]);
  });

  it('never counts a spacing between bars of different orientations, and skips gaps of 8 cm or less', () => {
    const all = computeOrientationStatistics([...bars, vertical(0.45, 0.04)], null);
    // 0.1→0.25→0.4 (150, 150), 0.4→0.45 skipped; horizontal 200.
    expect(all.spacing).toEqual({ avgMm: 166.7, minMm: 150, maxMm: 200, count: 3 });
  });

  it('filters covers by the depth range and says when there are no bars', () => {
    expect(computeOrientationStatistics(bars, 0, [0, 0.045]).cover?.count).toBe(2);
    const none = computeOrientationStatistics([], 1);
    expect(none.isEmpty).toBe(true);
    expect(none.diameter).toBeNull();
  });

  it('places a line-scan bar by x and an area bar by its mean across its direction', () => {
    expect(getPositionAcross(vertical(0.1, 0.04))).toBeCloseTo(0.101, 10);
    expect(getPositionAcross(horizontal(0.3, 0.05))).toBeCloseTo(0.3, 10);
    expect(getPositionAcross({ orientation: 1, depthCoords: [[0.2, 0, 0.05]] })).toBe(0.2);
  });
});
