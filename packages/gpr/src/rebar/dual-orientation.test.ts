import { describe, expect, it } from 'vitest';
import { createSyntheticBScan } from '../fitting/synthetic-bscan';
import { analyzeDualOrientationLineScan } from './dual-orientation';

describe('analyzeDualOrientationLineScan', () => {
  const parallel = createSyntheticBScan({
    traces: 150,
    bars: [0.15, 0.35].map((x0M) => ({ x0M, coverM: 0.035, radiusM: 0.006 })),
    seed: 1,
  });
  const perpendicular = createSyntheticBScan({
    traces: 150,
    bars: [0.2, 0.4].map((x0M) => ({ x0M, coverM: 0.05, radiusM: 0.006 })),
    seed: 2,
  });
  const dual = analyzeDualOrientationLineScan(parallel, perpendicular);

  it('finds both layers, each with its own orientation', () => {
    expect(dual.parallel.rebars.map((r) => r.orientation)).toEqual([0, 0]);
    expect(dual.perpendicular.rebars.map((r) => r.orientation)).toEqual([1, 1]);
    expect(dual.rebars).toHaveLength(4);
    expect(dual.perpendicular.rebars[0].depthCoords[0][0]).toBe(0);
    expect(Math.abs(dual.perpendicular.rebars[0].depthCoords[0][1] - 0.2)).toBeLessThan(0.002);
  });

  it('uses one permittivity, pooled over both scans, for both layers', () => {
    expect(dual.parallel.permittivity).toBe(dual.permittivity);
    expect(dual.perpendicular.permittivity).toBe(dual.permittivity);
    expect(dual.permittivity.count).toBe(4);
    expect(Math.abs(dual.permittivity.value / 7 - 1)).toBeLessThan(0.12);
    // Same concrete, same permittivity: the layers' covers keep their true ratio.
    expect(dual.perpendicular.rebars[1].coverM / dual.parallel.rebars[1].coverM).toBeCloseTo(0.05 / 0.035, 1);
  });
});
