import { describe, expect, it } from 'vitest';
import { analyzeAreaScan, orientationOfLine } from './analyze-area-scan';
import { syntheticAreaLines } from '../../test/synthetic-area-lines';
import type { LineScanAnalysis } from './analyze-line-scan';

describe('analyzeAreaScan', () => {
  const partial: number[] = [];
  const area = analyzeAreaScan(syntheticAreaLines('LEFT_TO_RIGHT'), {
    onLine: (_: LineScanAnalysis, i: number) => partial.push(i),
  });

  it('reports every line as soon as it is analysed', () => {
    expect(partial).toEqual([0, 1, 2, 3, 4]);
    expect(area.lines).toHaveLength(5);
  });

  it('links the detections into two straight bars drawn as polylines on the grid', () => {
    expect(area.rebars).toHaveLength(2);
    const [straight, oblique] = area.rebars;
    expect(straight.depthCoords).toHaveLength(5);
    expect(straight.orientation).toBe(0);
    for (const [x, y, depth] of straight.depthCoords) {
      expect(Math.abs(x - 0.15)).toBeLessThan(0.003);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(Math.abs(depth - 0.046)).toBeLessThan(0.003);
    }
    oblique.depthCoords.forEach(([x, y]) => expect(Math.abs(x - (0.3 + 0.2 * y))).toBeLessThan(0.004));
  });

  it('pools one permittivity for the area with the obliquity correction', () => {
    expect(Math.abs(area.permittivity.value / 7 - 1)).toBeLessThan(0.05);
    // The oblique bar, corrected for sin²θ, gets its true cover rather than a deeper one.
    expect(Math.abs(area.rebars[1].coverM - 0.05)).toBeLessThan(0.002);
    for (const line of area.lines) expect(line.permittivity.value).toBe(area.permittivity.value);
  });

  it('orients bars from the line direction', () => {
    expect(orientationOfLine('LEFT_TO_RIGHT')).toBe(0);
    expect(orientationOfLine('BOTTOM_TO_TOP')).toBe(1);
    const horizontal = analyzeAreaScan(syntheticAreaLines('BOTTOM_TO_TOP').slice(0, 3));
    expect(horizontal.rebars.every((r) => r.orientation === 1)).toBe(true);
    expect(Math.abs(horizontal.rebars[0].depthCoords[0][1] - 0.15)).toBeLessThan(0.003);
  });

  it('calibrates the whole area on a cover measured at a grid point (issue #13 item 7)', () => {
    // The straight bar's third line (y = 0.2 m) measured at 44 mm instead of the 40 mm simulated: εr follows.
    const known = { xM: 0.15, yM: 0.2, coverM: 0.044 };
    const calibrated = analyzeAreaScan(syntheticAreaLines('LEFT_TO_RIGHT'), { knownCover: known });
    expect(calibrated.permittivity.source).toBe('calibrated');
    expect(calibrated.calibration).toEqual(known);
    expect(calibrated.permittivity.sd).toBeGreaterThan(0);
    // Cover ∝ 1/√εr at a fixed apex time: (40/44)² of the estimate, within the fits' scatter.
    expect(calibrated.permittivity.value / area.permittivity.value).toBeGreaterThan(0.78);
    expect(calibrated.permittivity.value / area.permittivity.value).toBeLessThan(0.87);
    const [straight, oblique] = calibrated.rebars;
    const atPoint = straight.depthCoords.find(([, y]) => Math.abs(y - 0.2) < 1e-9);
    expect(atPoint).toBeDefined();
    expect(Math.abs(atPoint![2] - straight.R - 0.044)).toBeLessThan(0.0005);
    // Every cover recomputed with it: the oblique bar (50 mm) reads about 10 % deeper.
    expect(Math.abs(oblique.coverM - 0.055)).toBeLessThan(0.003);
    for (const line of calibrated.lines) expect(line.permittivity).toEqual(calibrated.permittivity);
  });

  it('calibrates lines that run along y on the point given as x, y', () => {
    const lines = syntheticAreaLines('BOTTOM_TO_TOP').slice(0, 3);
    const calibrated = analyzeAreaScan(lines, { knownCover: { xM: 0.1, yM: 0.152, coverM: 0.04 } });
    expect(calibrated.permittivity.source).toBe('calibrated');
    expect(Math.abs(calibrated.permittivity.value / 7 - 1)).toBeLessThan(0.03);
  });

  it('keeps the estimate and says why when no bar lies near the measured point', () => {
    const far = analyzeAreaScan(syntheticAreaLines('LEFT_TO_RIGHT'), {
      knownCover: { xM: 0.05, yM: 0.2, coverM: 0.044 },
    });
    expect(far.permittivity.source).toBe('estimated');
    expect(far.permittivity.value).toBe(area.permittivity.value);
    expect(far.calibration).toBeUndefined();
    expect(far.warnings).toContain('no bar found within 50 mm of x = 0.05 m, y = 0.2 m to calibrate on');
    // A user's permittivity wins over a measured cover.
    const given = analyzeAreaScan(syntheticAreaLines('LEFT_TO_RIGHT').slice(0, 2), {
      permittivity: 6,
      knownCover: { xM: 0.15, yM: 0, coverM: 0.044 },
    });
    expect(given.permittivity).toEqual({ value: 6, sd: 0, source: 'user', count: 0 });
    expect(given.calibration).toBeUndefined();
  });
});
