import { describe, expect, it } from 'vitest';
import {
  depthFromTwoWayTime,
  sampleDepthsM,
  twoWayTimeFromDepth,
  velocityFromPermittivity,
} from './time-depth';

const C = 299_792_458;

describe('time ↔ depth for a bistatic pair', () => {
  it('computes the wave speed from the permittivity', () => {
    expect(velocityFromPermittivity(1)).toBe(C);
    expect(velocityFromPermittivity(4)).toBe(C / 2);
    expect(velocityFromPermittivity(7) / 1e9).toBeCloseTo(0.113311, 6); // m/ns, as in the research notes
    expect(velocityFromPermittivity(0.5)).toBe(C); // clamped to εr = 1
  });

  it('computes the depth by hand for a worked example', () => {
    // εr = 4, t = 2 ns: v·t/2 = 0.149896229 m; s/2 = 0.03 m; d = √(0.149896229² − 0.03²) = 0.146863…
    expect(depthFromTwoWayTime(2e-9, 4, 0.06)).toBeCloseTo(Math.sqrt(0.149896229 ** 2 - 0.0009), 8);
    expect(depthFromTwoWayTime(2e-9, 4, 0.06)).toBeCloseTo(0.1468633, 6);
    // Monostatic: d = v·t/2 exactly.
    expect(depthFromTwoWayTime(1e-9, 9, 0)).toBeCloseTo(C / 3 / 2e9, 12);
  });

  it('gives depth 0 before the direct ground wave', () => {
    // s/v at εr = 9, s = 0.1 m is 1.0007 ns.
    expect(depthFromTwoWayTime(0.9e-9, 9, 0.1)).toBe(0);
    expect(depthFromTwoWayTime(-1e-9, 7, 0.03565)).toBe(0);
  });

  it('inverts depth → time', () => {
    expect(twoWayTimeFromDepth(0, 9, 0.1)).toBeCloseTo(0.1 / (C / 3), 15);
    expect(twoWayTimeFromDepth(0.1468633, 4, 0.06)).toBeCloseTo(2e-9, 14);
    for (const depth of [0.01, 0.05, 0.2, 0.6]) {
      const t = twoWayTimeFromDepth(depth, 7, 0.03565);
      expect(depthFromTwoWayTime(t, 7, 0.03565)).toBeCloseTo(depth, 12);
    }
  });

  it('builds a depth axis', () => {
    const depths = sampleDepthsM(3, 1e-9, 0, 4, 0);
    expect(Array.from(depths)).toEqual([0, expect.closeTo(0.0749481, 6), expect.closeTo(0.1498962, 6)]);
  });
});
