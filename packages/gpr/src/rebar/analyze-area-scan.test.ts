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
});
