import { describe, expect, it } from 'vitest';
import { convertYUpToZUp, convertZUpToYUp, Z_UP_TO_Y_UP } from './frame';
import { areaFromPosition, cross } from './observation-area';
import { parseRadarPositions } from './positions';
import { nextPointBudget, shufflePointsInPlace } from './point-order';

/** Column-major 4×4 times a point. */
function apply(m: readonly number[], p: [number, number, number]): number[] {
  return [0, 1, 2].map((r) => m[r]! * p[0] + m[4 + r]! * p[1] + m[8 + r]! * p[2] + m[12 + r]!);
}

describe('frames', () => {
  it('turns world up (z) into viewer up (y), and back; the matrix agrees', () => {
    expect(convertZUpToYUp([0, 0, 1])).toEqual([0, 1, 0]);
    expect(convertZUpToYUp([1, 2, 3])).toEqual([1, 3, -2]);
    expect(convertYUpToZUp(convertZUpToYUp([1, 2, 3]))).toEqual([1, 2, 3]);
    for (const p of [[1, 2, 3], [0, 0, 1], [-4, 5, 0.5]] as [number, number, number][]) {
      expect(apply(Z_UP_TO_Y_UP, p).map((v) => v + 0)).toEqual(convertZUpToYUp(p).map((v) => v + 0));
    }
  });
});

describe('observation areas', () => {
  it('builds orthonormal axes from a tracker line, the normal horizontal', () => {
    const [position] = parseRadarPositions('{"positions":[{"id":7,"direction":"LEFT_TO_RIGHT","startPoint":{"x":1,"y":2,"z":1},"endPoint":{"x":1,"y":4,"z":1}}]}');
    const area = areaFromPosition(position!)!;
    expect(area.origin).toEqual([1, 2, 1]);
    expect(area.planeX).toEqual([0, 1, 0]);
    expect(area.planeZ[2]).toBe(0);
    expect(cross(area.planeZ, area.planeX)).toEqual(area.planeY);
    expect(areaFromPosition({ ...position!, endPoint: position!.startPoint })).toBeNull();
  });
  it('still finds a normal for a vertical line', () => {
    const area = areaFromPosition({ id: 'v', order: 0, direction: 'BOTTOM_TO_TOP', startPoint: [0, 0, 0], endPoint: [0, 0, 2] })!;
    expect(Math.hypot(...area.planeZ)).toBeCloseTo(1);
  });
});

describe('point order and budget', () => {
  it('shuffles points and colours together, deterministically, so prefixes spread over the cloud', () => {
    const n = 1000;
    const positions = new Float32Array(n * 3).map((_, i) => Math.floor(i / 3));
    const colours = new Uint8Array(n * 3).map((_, i) => Math.floor(i / 3) % 256);
    shufflePointsInPlace(positions, colours);
    for (let i = 0; i < n; i++) expect(colours[i * 3]).toBe(positions[i * 3]! % 256);
    const prefix = Array.from({ length: 100 }, (_, i) => positions[i * 3]!);
    expect(Math.min(...prefix)).toBeLessThan(100);
    expect(Math.max(...prefix)).toBeGreaterThan(900);
    const again = new Float32Array(n * 3).map((_, i) => Math.floor(i / 3));
    shufflePointsInPlace(again, null);
    expect(Array.from(again)).toEqual(Array.from(positions));
  });
  it('shrinks the budget on slow frames and grows it on fast ones, within bounds', () => {
    expect(nextPointBudget(2_000_000, 40, { max: 3_000_000 })).toBe(1_000_000);
    expect(nextPointBudget(1_000_000, 5, { max: 3_000_000 })).toBe(1_100_000);
    expect(nextPointBudget(3_000_000, 5, { max: 3_000_000 })).toBe(3_000_000);
    expect(nextPointBudget(100_000, 500, { max: 3_000_000 })).toBe(100_000);
    expect(nextPointBudget(1_000_000, 20, { max: 3_000_000 })).toBe(1_000_000);
  });
});
