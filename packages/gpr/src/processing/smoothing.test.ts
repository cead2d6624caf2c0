import { describe, expect, it } from 'vitest';
import { smoothInPlace, smoothRadargram } from './smoothing';
import { radargramFromTraces, tracesOf } from './test-radargram';

describe('smoothing', () => {
  it('averages along time with a truncated centred window', () => {
    const x = Float32Array.of(0, 3, 6, 0);
    smoothInPlace(x, 1, 4, { samples: 3 });
    expect(Array.from(x)).toEqual([1.5, 3, 3, 3]);
  });

  it('averages across traces, and both ways', () => {
    const rg = radargramFromTraces([
      [0, 0],
      [6, 0],
      [0, 0],
    ]);
    expect(tracesOf(smoothRadargram(rg, { traces: 3 }))).toEqual([
      [3, 0],
      [2, 0],
      [3, 0],
    ]);
    // 3 × 3 boxcar: time first ([3, 3] for the middle trace), then traces.
    expect(tracesOf(smoothRadargram(rg, { samples: 3, traces: 3 }))).toEqual([
      [1.5, 1.5],
      [1, 1],
      [1.5, 1.5],
    ]);
  });

  it('leaves data alone with windows of 1', () => {
    const rg = radargramFromTraces([[1, 5, 2]]);
    expect(tracesOf(smoothRadargram(rg, { samples: 1, traces: 1 }))).toEqual([[1, 5, 2]]);
  });
});
