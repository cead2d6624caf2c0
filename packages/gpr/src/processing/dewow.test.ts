import { describe, expect, it } from 'vitest';
import { applyDewow, dewowInPlace, dewowTrace } from './dewow';
import { radargramFromTraces, tracesOf } from './test-radargram';

function referenceDewow(trace: number[], window: number): number[] {
  const half = Math.floor(window / 2);
  return trace.map((v, s) => {
    const lo = Math.max(0, s - half);
    const hi = Math.min(trace.length, s + half + 1);
    let mean = 0;
    for (let i = lo; i < hi; i++) mean += trace[i];
    return v - mean / (hi - lo);
  });
}

describe('dewow', () => {
  it('subtracts a centred running mean, computed by hand', () => {
    // Window 3 over [1, 2, 6]: means [1.5, 3, 4] → [-0.5, -1, 2]
    const x = Float32Array.of(1, 2, 6);
    dewowInPlace(x, 1, 3, 3);
    expect(Array.from(x)).toEqual([-0.5, -1, 2]);
    // An even window is widened: 2 behaves as 3.
    const y = Float32Array.of(1, 2, 6);
    dewowInPlace(y, 1, 3, 2);
    expect(Array.from(y)).toEqual([-0.5, -1, 2]);
  });

  it('removes a constant and a linear trend away from the ends', () => {
    const rg = radargramFromTraces([Array.from({ length: 40 }, (_, i) => 100 + 3 * i)]);
    const out = tracesOf(applyDewow(rg, 9))[0];
    for (let s = 4; s < 36; s++) expect(out[s]).toBeCloseTo(0, 4);
    expect(out[0]).toBeCloseTo(-6, 4); // window [0..4]: mean 106 vs 100
  });

  it('matches the direct formula for every length and window', () => {
    for (const length of [1, 2, 5, 9, 10, 33]) {
      for (const window of [1, 3, 4, 7, 9, 41]) {
        const trace = Array.from({ length }, (_, i) => Math.sin(i * 1.3) * 10 + i);
        const out = new Float32Array(length);
        dewowTrace(Float32Array.from(trace), 0, out, 0, length, window);
        const expected = referenceDewow(trace, window);
        for (let s = 0; s < length; s++) expect(out[s]).toBeCloseTo(expected[s], 4);
      }
    }
  });

  it('works trace by trace and leaves the input alone', () => {
    const rg = radargramFromTraces([
      [1, 2, 6],
      [0, 0, 3],
    ]);
    expect(tracesOf(applyDewow(rg, 3))).toEqual([
      [-0.5, -1, 2],
      [0, -1, 1.5],
    ]);
    expect(Array.from(rg.samples)).toEqual([1, 2, 6, 0, 0, 3]);
  });
});
