import { describe, expect, it } from 'vitest';
import type { ResultRebar } from '../area-scans/rebar-results';
import { toAlongScan } from './dual-line-bars';

const bar = (depthCoords: [number, number, number][]): ResultRebar => ({
  id: 'b',
  depthCoords,
  R: 0.006,
  orientation: 1,
  usesDefaultRadius: false,
  coverM: 0.04,
  confidence: 1,
});

describe('toAlongScan', () => {
  it('turns the perpendicular scan bars (on y) into distances along that scan', () => {
    expect(toAlongScan([bar([[0, 0.4, 0.046]])], 'perpendicular')[0]!.depthCoords).toEqual([[0.4, 0, 0.046]]);
  });

  it('leaves the parallel scan bars (already on x) as they are', () => {
    const bars = [bar([[0.25, 0, 0.05]])];
    expect(toAlongScan(bars, 'parallel')).toBe(bars);
  });
});
