import { describe, expect, it } from 'vitest';
import type { LineRebar } from './line-rebars';
import { computeLineRebarStatistics } from './rebar-statistics';

/** A line-scan bar at `xM` with its top at `coverM` and radius `R`. */
const bar = (id: string, xM: number, coverM: number, R = 0.008, usesDefaultRadius = false): LineRebar => ({
  id,
  depthCoords: [[xM, 0, coverM + R]],
  R,
  orientation: 1,
  usesDefaultRadius,
});

describe('computeLineRebarStatistics', () => {
  it('gives diameter, cover and C-C distance in mm: avg with 1 decimal, min and max with 0', () => {
    const bars = [bar('a', 0.1, 0.04, 0.008), bar('b', 0.3, 0.045, 0.006), bar('c', 0.55, 0.0505, 0.008)];
    const stats = computeLineRebarStatistics(bars, [0, 0.6]);
    expect(stats.diameter).toEqual({ avgMm: 14.7, minMm: 12, maxMm: 16, count: 3 });
    expect(stats.cover).toEqual({ avgMm: 45.2, minMm: 40, maxMm: 51, count: 3 });
    expect(stats.spacing).toEqual({ avgMm: 225, minMm: 200, maxMm: 250, count: 2 });
    expect(stats.isEmpty).toBe(false);
    expect(stats.hasDefaultRadius).toBe(false);
  });

  it('takes the spacing between bars adjacent along the line, whatever their order in the list', () => {
    const stats = computeLineRebarStatistics(
      [bar('c', 0.7, 0.05), bar('a', 0.1, 0.05), bar('b', 0.3, 0.05)],
      [0, 0.6],
    );
    expect(stats.spacing).toEqual({ avgMm: 300, minMm: 200, maxMm: 400, count: 2 });
  });

  it('counts a spacing only when over 0.08 m', () => {
    const stats = computeLineRebarStatistics(
      [bar('a', 0.1, 0.05), bar('b', 0.18, 0.05), bar('c', 0.3, 0.05)],
      [0, 0.6],
    );
    // 0.08 exactly is not over 0.08; 0.12 is.
    expect(stats.spacing).toEqual({ avgMm: 120, minMm: 120, maxMm: 120, count: 1 });
  });

  it('counts only bars whose cover lies in the range, for every card and for the highlight', () => {
    const bars = [bar('shallow', 0.1, 0.03), bar('deep', 0.3, 0.12), bar('mid', 0.5, 0.06)];
    const stats = computeLineRebarStatistics(bars, [0.02, 0.1]);
    expect([...stats.countedIds].sort()).toEqual(['mid', 'shallow']);
    expect(stats.cover).toEqual({ avgMm: 45, minMm: 30, maxMm: 60, count: 2 });
    // The deep bar between them no longer counts: the adjacent counted bars are 0.4 m apart.
    expect(stats.spacing).toEqual({ avgMm: 400, minMm: 400, maxMm: 400, count: 1 });
    expect(stats.diameter?.count).toBe(2);
  });

  it('says when no bar was found, and when none lies in the range', () => {
    const none = computeLineRebarStatistics([], [0, 0.6]);
    expect(none.isEmpty).toBe(true);
    expect(none.diameter).toBeNull();
    const outside = computeLineRebarStatistics([bar('a', 0.1, 0.3)], [0, 0.1]);
    expect(outside.isEmpty).toBe(false);
    expect(outside.cover).toBeNull();
    expect(outside.spacing).toBeNull();
  });

  it('flags default radii among the counted bars only', () => {
    const bars = [bar('a', 0.1, 0.05), bar('b', 0.3, 0.3, 0.006, true)];
    expect(computeLineRebarStatistics(bars, [0, 0.6]).hasDefaultRadius).toBe(true);
    expect(computeLineRebarStatistics(bars, [0, 0.1]).hasDefaultRadius).toBe(false);
  });

  it('summarises only the diameters that are known: a default radius is not a measurement', () => {
    // One bar set to 20 mm by hand among two left at the engine's default 12 mm.
    const bars = [
      bar('a', 0.1, 0.05, 0.006, true),
      bar('b', 0.3, 0.05, 0.01),
      bar('c', 0.5, 0.05, 0.006, true),
    ];
    const stats = computeLineRebarStatistics(bars, [0, 0.6]);
    expect(stats.diameter).toEqual({ avgMm: 20, minMm: 20, maxMm: 20, count: 1 });
    expect([stats.defaultRadiusCount, stats.countedCount]).toEqual([2, 3]);
    const allDefault = computeLineRebarStatistics([bars[0]!, bars[2]!], [0, 0.6]);
    expect(allDefault.diameter).toBeNull();
    expect(allDefault.hasDefaultRadius).toBe(true);
    expect(allDefault.cover?.count).toBe(2);
  });

  it('gives the cover card the typical uncertainty of one bar (median of the engine’s sds)', () => {
    const withSd = (b: LineRebar, coverSdM: number): LineRebar => ({ ...b, coverSdM });
    const bars = [
      withSd(bar('a', 0.1, 0.04), 0.001),
      withSd(bar('b', 0.3, 0.05), 0.003),
      bar('c', 0.5, 0.06),
    ];
    expect(computeLineRebarStatistics(bars, [0, 0.6]).cover?.sdMm).toBe(2);
    expect(computeLineRebarStatistics([bar('c', 0.5, 0.06)], [0, 0.6]).cover?.sdMm).toBeUndefined();
  });
});
