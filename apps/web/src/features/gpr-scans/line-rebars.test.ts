import { describe, expect, it } from 'vitest';
import type { LineRebar } from './line-rebars';
import {
  areRebarSetsDifferent,
  createRebar,
  formatCoverCm,
  getDiameterMm,
  getRebarCover,
  getRebarX,
  moveRebar,
  readLineRebars,
  setRebarDiameter,
} from './line-rebars';

const engineBar: LineRebar = {
  id: '6f1c1f63-3f0a-4c55-9d7c-6f1f39b1b001',
  depthCoords: [[0.42, 0, 0.046]],
  R: 0.006,
  orientation: 1,
  usesDefaultRadius: true,
  xM: 0.42,
  coverM: 0.04,
  confidence: 0.93,
};

describe('line rebars', () => {
  it('reads position, cover (centre depth − R) and the shown diameter (R × 2000, rounded)', () => {
    expect(getRebarX(engineBar)).toBe(0.42);
    expect(getRebarCover(engineBar)).toBeCloseTo(0.04, 12);
    expect(getDiameterMm(0.006)).toBe(12);
    expect(getDiameterMm(0.00794)).toBe(16);
  });

  it('keeps only valid bars from a result', () => {
    const bars = readLineRebars([
      engineBar,
      { id: 'x' },
      { ...engineBar, R: -1 },
      null,
      { ...engineBar, orientation: 2 },
    ]);
    expect(bars).toEqual([engineBar]);
    expect(readLineRebars(undefined)).toEqual([]);
  });

  it('moves a bar to non-negative coordinates and keeps the engine extras consistent', () => {
    const moved = moveRebar(engineBar, 0.5, 0.03);
    expect(moved.depthCoords).toEqual([[0.5, 0, 0.036]]);
    expect(moved.xM).toBe(0.5);
    expect(moved.coverM).toBe(0.03);
    expect(moved.confidence).toBe(0.93);
    expect(moveRebar(engineBar, -0.2, -0.01).depthCoords).toEqual([[0, 0, 0.006]]);
  });

  it("writes the cover with the engine's ± (cm), and none once the bar is placed by hand", () => {
    const measured = { ...engineBar, coverSdM: 0.0021, xSdM: 0.001 };
    expect(formatCoverCm(measured)).toBe('4.0 ±0.2');
    const moved = moveRebar(measured, 0.5, 0.03);
    expect(formatCoverCm(moved)).toBe('3.0');
    expect('coverSdM' in moved || 'xSdM' in moved).toBe(false);
    expect(formatCoverCm({ ...engineBar, coverSdM: 0 })).toBe('4.0');
  });

  it('sets the diameter: stored radius = mm / 2000, ≤ 0 becomes 1 mm, the cover stays', () => {
    const resized = setRebarDiameter(engineBar, 20);
    expect(resized.R).toBe(0.01);
    expect(resized.usesDefaultRadius).toBe(false);
    expect(getRebarCover(resized)).toBeCloseTo(0.04, 12);
    expect(setRebarDiameter(engineBar, 0).R).toBe(0.0005);
    expect(setRebarDiameter(engineBar, -5).R).toBe(0.0005);
    expect(setRebarDiameter(engineBar, Number.NaN).R).toBe(0.0005);
  });

  it('creates a new bar with R 0.006, horizontal', () => {
    const bar = createRebar('id-1', 0.3, 0.05);
    expect(bar).toMatchObject({ id: 'id-1', R: 0.006, orientation: 1, depthCoords: [[0.3, 0, 0.056]] });
  });

  it('is dirty when a bar is added, removed, moved or resized, not for a copy', () => {
    const set = [engineBar];
    expect(areRebarSetsDifferent([{ ...engineBar }], set)).toBe(false);
    expect(areRebarSetsDifferent([], set)).toBe(true);
    expect(areRebarSetsDifferent([engineBar, createRebar('n', 0.1, 0.05)], set)).toBe(true);
    expect(areRebarSetsDifferent([moveRebar(engineBar, 0.43, 0.04)], set)).toBe(true);
    expect(areRebarSetsDifferent([setRebarDiameter(engineBar, 16)], set)).toBe(true);
    expect(areRebarSetsDifferent([{ ...engineBar, id: 'other' }], set)).toBe(true);
  });
});
