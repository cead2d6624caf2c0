import { describe, expect, it } from 'vitest';
import type { LineRebar } from '../gpr-scans/line-rebars';
import { applyLineCorrections } from './line-corrections';
import type { PlacedLine } from './plan-geometry';
import type { ResultRebar } from './rebar-results';

// Three LEFT_TO_RIGHT lines at y = 0, 0.1, 0.2 and one BOTTOM_TO_TOP line at x = 0.
const line = (nodeId: string, y: number): PlacedLine => ({
  nodeId,
  label: nodeId,
  direction: 'LEFT_TO_RIGHT',
  from: [0, y],
  to: [1, y],
});
const lines = [line('a', 0), line('b', 0.1), line('c', 0.2)];
const vertical = (id: string, x: number, depth = 0.05): ResultRebar => ({
  id,
  depthCoords: [
    [x, 0, depth],
    [x, 0.1, depth],
    [x, 0.2, depth],
  ],
  R: 0.006,
  orientation: 0,
  usesDefaultRadius: true,
  coverM: depth - 0.006,
  confidence: 0.9,
});
const horizontal: ResultRebar = {
  id: 'h',
  depthCoords: [[0, 0.15, 0.08]],
  R: 0.006,
  orientation: 1,
  usesDefaultRadius: true,
  coverM: 0.074,
  confidence: 0.8,
};
const lineBar = (id: string, x: number, depth: number, R = 0.006): LineRebar => ({
  id,
  depthCoords: [[x, 0, depth]],
  R,
  orientation: 1,
  usesDefaultRadius: R === 0.006,
});
const bars = [vertical('v1', 0.2), vertical('v2', 0.5), horizontal];

describe('applyLineCorrections', () => {
  it('returns the analysis bars untouched when no line is corrected', () => {
    expect(applyLineCorrections(bars, lines, new Map())).toBe(bars);
  });

  it("replaces a corrected line's points with its bars and keeps the other lines' points", () => {
    const corrected = applyLineCorrections(
      bars,
      lines,
      new Map([['b', [lineBar('x', 0.21, 0.07, 0.008), lineBar('y', 0.5, 0.05)]]]),
    );
    const v1 = corrected.find((bar) => bar.id === 'v1')!;
    expect(v1.depthCoords).toEqual([
      [0.2, 0, 0.05],
      [0.21, 0.1, 0.07],
      [0.2, 0.2, 0.05],
    ]);
    expect(v1.R).toBe(0.008);
    expect(v1.usesDefaultRadius).toBe(false);
    // Each point keeps the cover it was measured with: the others' 0.044, this line's 0.062.
    expect(v1.coverM).toBeCloseTo(0.044, 9);
    expect(v1.isCorrected).toBe(true);
    expect(corrected.find((bar) => bar.id === 'v2')!.depthCoords).toEqual(vertical('v2', 0.5).depthCoords);
    // A line along x corrects vertical bars only.
    expect(corrected.find((bar) => bar.id === 'h')).toEqual(horizontal);
  });

  it('removes a point the user removed, and a bar removed from every line', () => {
    const corrections = new Map([
      ['a', [lineBar('p', 0.2, 0.05)]],
      ['b', [lineBar('q', 0.2, 0.05)]],
      ['c', [lineBar('r', 0.2, 0.05)]],
    ]);
    const corrected = applyLineCorrections(bars, lines, corrections);
    expect(corrected.map((bar) => bar.id).sort()).toEqual(['h', 'v1']);
    const partly = applyLineCorrections(bars, lines, new Map([['a', [lineBar('p', 0.2, 0.05)]]]));
    expect(partly.find((bar) => bar.id === 'v2')!.depthCoords).toHaveLength(2);
  });

  it('adds a bar the user added where no analysed point is near', () => {
    const corrected = applyLineCorrections(
      bars,
      lines,
      new Map([['c', [lineBar('v1c', 0.2, 0.05), lineBar('v2c', 0.5, 0.05), lineBar('new', 0.8, 0.04)]]]),
    );
    const added = corrected.find((bar) => bar.id === 'c:new')!;
    expect(added.depthCoords).toEqual([[0.8, 0.2, 0.04]]);
    expect(added.orientation).toBe(0);
    expect(added.coverM).toBeCloseTo(0.034, 9);
    expect(corrected).toHaveLength(4);
  });
});
