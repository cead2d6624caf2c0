import { describe, expect, it } from 'vitest';
import { removeBackground, removeMeanTraceInPlace } from './background';
import { radargramFromTraces, tracesOf } from './test-radargram';
import { movingTraceMeanInPlace } from './trace-window';

describe('mean (background) removal', () => {
  it('subtracts the mean trace over the full width', () => {
    const x = Float32Array.of(1, 10, 3, 30); // mean trace [2, 20]
    removeMeanTraceInPlace(x, 2, 2);
    expect(Array.from(x)).toEqual([-1, -10, 1, 10]);
  });

  it('keeps what differs between traces and removes what they share', () => {
    const rg = radargramFromTraces([
      [5, 7, 1],
      [5, 7, 4],
      [5, 7, 1],
    ]);
    expect(tracesOf(removeBackground(rg))).toEqual([
      [0, 0, -1],
      [0, 0, 2],
      [0, 0, -1],
    ]);
  });

  it('subtracts a moving mean over a window of traces', () => {
    // One sample per trace: [0, 3, 6, 9]; window 3 → means [1.5, 3, 6, 7.5] → [-1.5, 0, 0, 1.5]
    const rg = radargramFromTraces([[0], [3], [6], [9]]);
    expect(tracesOf(removeBackground(rg, { windowTraces: 3 })).flat()).toEqual([-1.5, 0, 0, 1.5]);
    // A window at least as wide as the line is the full-width mean (4.5).
    expect(tracesOf(removeBackground(rg, { windowTraces: 9 })).flat()).toEqual([-4.5, -1.5, 1.5, 4.5]);
  });

  it('computes moving means in place with the original values', () => {
    const x = Float32Array.of(0, 3, 6);
    movingTraceMeanInPlace(x, 3, 1, 1, 'mean');
    expect(Array.from(x)).toEqual([1.5, 3, 4.5]);
    // Window 5 over 7 traces of [t, 10t]: trace 3 → mean of traces 1..5 = 3 and 30.
    const y = Float32Array.from({ length: 14 }, (_, i) => (i % 2 === 0 ? i / 2 : 5 * i - 5));
    movingTraceMeanInPlace(y, 7, 2, 2, 'mean');
    expect(Array.from(y.subarray(6, 8))).toEqual([3, 30]);
    expect(Array.from(y.subarray(0, 2))).toEqual([1, 10]); // traces 0..2
    expect(Array.from(y.subarray(12, 14))).toEqual([5, 50]); // traces 4..6
  });
});
