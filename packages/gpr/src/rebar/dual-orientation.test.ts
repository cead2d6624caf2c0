import { describe, expect, it } from 'vitest';
import { createSyntheticBScan } from '../fitting/synthetic-bscan';
import { syntheticAreaLines } from '../../test/synthetic-area-lines';
import { analyzeDualOrientationAreaScan, analyzeDualOrientationLineScan } from './dual-orientation';

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

  it('calibrates the pair on a cover measured on one bar of either scan (issue #13 item 7)', () => {
    // The perpendicular scan's bar at 0.4 m is 50 mm deep; measured as 45 mm, the waves must travel slower (εr
    // rises) so that every cover of both scans shrinks by about the same factor.
    const known = { scan: 'perpendicular' as const, xM: 0.4, coverM: 0.045 };
    const calibrated = analyzeDualOrientationLineScan(parallel, perpendicular, { knownCover: known });
    expect(calibrated.permittivity.source).toBe('calibrated');
    expect(calibrated.calibration).toEqual(known);
    expect(Math.abs(calibrated.perpendicular.rebars[1].coverM - 0.045)).toBeLessThan(0.0005);
    expect(calibrated.permittivity.value).toBeGreaterThan(dual.permittivity.value * 1.1);
    // One permittivity: the other scan's covers move with it.
    expect(calibrated.parallel.permittivity).toBe(calibrated.permittivity);
    expect(calibrated.parallel.rebars[0].coverM).toBeLessThan(dual.parallel.rebars[0].coverM - 0.002);
  });

  it('keeps the pooled value and says so when no bar of the named scan is near the point', () => {
    // 0.15 m is a bar of the parallel scan, not of the perpendicular one (bars at 0.2 and 0.4 m).
    const far = analyzeDualOrientationLineScan(parallel, perpendicular, {
      knownCover: { scan: 'perpendicular', xM: 0.1, coverM: 0.03 },
    });
    expect(far.permittivity.source).toBe('estimated');
    expect(far.permittivity.value).toBe(dual.permittivity.value);
    expect(far.calibration).toBeUndefined();
    expect(far.perpendicular.warnings).toContain(
      'no bar found within 50 mm of x = 0.1 m of the perpendicular scan to calibrate on',
    );
  });

  it("leaves a user's permittivity alone", () => {
    const given = analyzeDualOrientationLineScan(parallel, perpendicular, {
      permittivity: 8,
      knownCover: { scan: 'parallel', xM: 0.15, coverM: 0.03 },
    });
    expect(given.permittivity).toEqual({ value: 8, sd: 0, source: 'user', count: 0 });
    expect(given.calibration).toBeUndefined();
    expect(given.permittivityNote).toBeUndefined();
  });
});

describe('analyzeDualOrientationAreaScan', () => {
  it('calibrates both layers on a cover measured at a point of the shared grid', () => {
    const parallelLines = syntheticAreaLines('LEFT_TO_RIGHT').slice(0, 3);
    const perpendicularLines = syntheticAreaLines('BOTTOM_TO_TOP').slice(0, 3);
    const dual = analyzeDualOrientationAreaScan(parallelLines, perpendicularLines);
    expect(dual.calibration).toBeUndefined();
    // The vertical bar (40 mm simulated) measured at 36 mm on the first parallel line: εr rises by about (40/36)².
    const known = { xM: 0.15, yM: 0, coverM: 0.036 };
    const calibrated = analyzeDualOrientationAreaScan(parallelLines, perpendicularLines, {
      knownCover: known,
    });
    expect(calibrated.permittivity.source).toBe('calibrated');
    expect(calibrated.calibration).toEqual(known);
    expect(calibrated.permittivity.value).toBeGreaterThan(dual.permittivity.value * 1.1);
    // Both layers are recomputed with the calibrated value.
    const vertical = calibrated.parallel.rebars[0];
    expect(Math.abs(vertical.depthCoords[0][2] - vertical.R - 0.036)).toBeLessThan(0.0005);
    expect(calibrated.perpendicular.rebars[0].coverM).toBeLessThan(
      dual.perpendicular.rebars[0].coverM - 0.002,
    );
  });
});
