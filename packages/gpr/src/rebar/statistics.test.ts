import { describe, expect, it } from 'vitest';
import { adjacentSpacingsMm, computeRebarStatistics, summarizeMm, type StatRebar } from './statistics';

const bar = (x: number, cover: number, R = 0.006, usesDefaultRadius = true, orientation = 0): StatRebar => ({
  depthCoords: [[x, 0, cover + R]],
  R,
  orientation,
  usesDefaultRadius,
  coverM: cover,
});

describe('computeRebarStatistics', () => {
  it('gives avg with one decimal and min/max with none, in mm', () => {
    const stats = computeRebarStatistics([
      bar(0.1, 0.0404),
      bar(0.3, 0.0416, 0.008, false),
      bar(0.5, 0.0451),
    ]);
    expect(stats.cover).toEqual({ avgMm: 42.4, minMm: 40, maxMm: 45, count: 3 });
    // Only the known diameter counts: the two default radii are assumptions, not measurements.
    expect(stats.diameter).toEqual({ avgMm: 16, minMm: 16, maxMm: 16, count: 1 });
    expect([stats.defaultRadiusCount, stats.barCount]).toEqual([2, 3]);
    expect(stats.spacing).toEqual({ avgMm: 200, minMm: 200, maxMm: 200, count: 2 });
    expect(stats.hasDefaultRadius).toBe(true);
    expect(stats.isEmpty).toBe(false);
  });

  it('counts spacing only between adjacent bars over 80 mm apart, per orientation', () => {
    const stats = computeRebarStatistics([
      bar(0.1, 0.04),
      bar(0.15, 0.04),
      bar(0.3, 0.04),
      bar(0.2, 0.06, 0.006, true, 1),
    ]);
    expect(stats.spacing).toEqual({ avgMm: 150, minMm: 150, maxMm: 150, count: 1 });
  });

  it('filters covers by the depth range and reports an empty scan', () => {
    const stats = computeRebarStatistics([bar(0.1, 0.02), bar(0.3, 0.07)], { depthRangeM: [0.03, 0.1] });
    expect(stats.cover?.count).toBe(1);
    expect(stats.cover?.avgMm).toBe(70);
    const empty = computeRebarStatistics([]);
    expect(empty).toEqual({
      diameter: null,
      cover: null,
      spacing: null,
      hasDefaultRadius: false,
      defaultRadiusCount: 0,
      barCount: 0,
      isEmpty: true,
    });
  });

  it('takes the cover from depthCoords when the bar has none, and area bars’ positions across them', () => {
    const area: StatRebar[] = [0.1, 0.3].map((y) => ({
      depthCoords: [
        [0, y, 0.05],
        [0.5, y, 0.05],
      ],
      R: 0.005,
      orientation: 1,
      usesDefaultRadius: false,
    }));
    const stats = computeRebarStatistics(area);
    expect(stats.cover?.avgMm).toBe(45);
    expect(stats.cover?.sdMm).toBeUndefined();
    expect(stats.spacing?.avgMm).toBe(200);
    expect(stats.hasDefaultRadius).toBe(false);
  });

  it('gives the cover card the median sd of the bars counted, those outside the depth range left out', () => {
    const bar = (y: number, coverM: number, coverSdM: number): StatRebar => ({
      depthCoords: [[0, y, coverM + 0.005]],
      R: 0.005,
      orientation: 1,
      usesDefaultRadius: true,
      coverM,
      coverSdM,
    });
    const bars = [bar(0.1, 0.04, 0.0012), bar(0.3, 0.05, 0.0016), bar(0.5, 0.3, 0.009)];
    expect(computeRebarStatistics(bars, { depthRangeM: [0, 0.1] }).cover?.sdMm).toBe(1.4);
    expect(computeRebarStatistics(bars).cover?.sdMm).toBe(1.6);
  });
});

describe('summarizeMm and adjacentSpacingsMm', () => {
  it('rounds the average to 0.1 mm and min/max to 1 mm, with the median sd of the values given', () => {
    expect(summarizeMm([40.4, 41.6, 45.1])).toEqual({ avgMm: 42.4, minMm: 40, maxMm: 45, count: 3 });
    expect(summarizeMm([40, 42], [0.0012, 0.0018, 0])?.sdMm).toBe(1.5);
    expect(summarizeMm([])).toBeNull();
  });

  it('keeps only the gaps between sorted neighbours over the minimum', () => {
    expect(adjacentSpacingsMm([0.3, 0.1, 0.15], 0.08)).toEqual([150]);
    expect(adjacentSpacingsMm([0.1])).toEqual([]);
  });
});
