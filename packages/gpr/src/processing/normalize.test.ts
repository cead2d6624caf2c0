import { describe, expect, it } from 'vitest';
import { absoluteQuantile, normalizeAmplitude, normalizeInPlace, peakAmplitude } from './normalize';
import { radargramFromTraces } from './test-radargram';

describe('normalisation', () => {
  it('finds the peak absolute amplitude, ignoring NaN', () => {
    expect(peakAmplitude(Float32Array.of(1, -4, 3))).toBe(4);
    expect(peakAmplitude(Float32Array.of(NaN, -2))).toBe(2);
    expect(peakAmplitude(new Float32Array(3))).toBe(0);
  });

  it('estimates quantiles of |amplitude| from a histogram', () => {
    const ramp = Float32Array.from({ length: 1000 }, (_, i) => (i % 2 ? -1 : 1) * (i + 1));
    expect(absoluteQuantile(ramp, 1)).toBe(1000);
    expect(Math.abs(absoluteQuantile(ramp, 0.5) - 500)).toBeLessThanOrEqual(1000 / 4096 + 1e-9);
    expect(Math.abs(absoluteQuantile(ramp, 0.999) - 999)).toBeLessThanOrEqual(1000 / 4096 + 1e-9);
    // From a strided subsample of about 100 values the median is still ≈ 500.
    expect(Math.abs(absoluteQuantile(ramp, 0.5, 100) - 500)).toBeLessThan(15);
  });

  it('scales to a target', () => {
    const x = Float32Array.of(1, -4, 2);
    expect(normalizeInPlace(x, 1, 1)).toBe(0.25);
    expect(Array.from(x)).toEqual([0.25, -1, 0.5]);
    const zeros = new Float32Array(2);
    expect(normalizeInPlace(zeros, 1, 1)).toBe(1);
    const rg = radargramFromTraces([[2, -8]]);
    expect(Array.from(normalizeAmplitude(rg, 4).samples)).toEqual([1, -4]);
  });
});
