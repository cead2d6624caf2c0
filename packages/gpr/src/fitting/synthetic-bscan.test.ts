import { describe, expect, it } from 'vitest';
import { SPEED_OF_LIGHT_M_PER_S } from '../model/radargram';
import { bistaticTravelTimeS } from './bistatic-cylinder';
import { createRandom, createSyntheticBScan, ricker } from './synthetic-bscan';

describe('createRandom', () => {
  it('is deterministic per seed and spreads over [0, 1)', () => {
    const a = createRandom(5);
    const b = createRandom(5);
    const values = Array.from({ length: 1000 }, () => a());
    expect(values.slice(0, 3)).toEqual([b(), b(), b()]);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    expect(values.reduce((s, v) => s + v, 0) / 1000).toBeCloseTo(0.5, 1);
  });
});

describe('createSyntheticBScan', () => {
  it('puts the direct wave at s/c and a bar reflection at its bistatic time', () => {
    const bar = { x0M: 0.2, coverM: 0.05, radiusM: 0.006 };
    const rg = createSyntheticBScan({ traces: 101, bars: [bar], noiseRms: 0, directWaveAmplitude: 4 });
    const n = rg.samplesPerTrace;
    const sampleOf = (t: number) => (t - rg.timeOffsetS) / rg.sampleIntervalS;
    const trace = rg.samples.subarray(0, n);
    let minIndex = 0;
    for (let s = 0; s < n; s++) if (trace[s] < trace[minIndex]) minIndex = s;
    expect(Math.abs(minIndex - sampleOf(0.03565 / SPEED_OF_LIGHT_M_PER_S))).toBeLessThanOrEqual(1);
    const apexTrace = rg.samples.subarray(50 * n, 51 * n);
    const expected = Math.round(sampleOf(bistaticTravelTimeS(0.2, bar, 7, 0.03565)));
    let maxIndex = expected - 5;
    for (let s = expected - 5; s <= expected + 5; s++) if (apexTrace[s] > apexTrace[maxIndex]) maxIndex = s;
    expect(Math.abs(maxIndex - expected)).toBeLessThanOrEqual(1);
  });

  it('the Ricker wavelet peaks at 1 and crosses zero at 1/(π f √2)', () => {
    expect(ricker(0, 2e9)).toBe(1);
    expect(ricker(1 / (Math.PI * 2e9 * Math.SQRT2), 2e9)).toBeCloseTo(0, 12);
  });
});

describe('createSyntheticBScan surface coupling', () => {
  it('makes the limbs arrive earlier than straight rays, as real antennas on concrete see them', () => {
    const bar = { x0M: 0.2, coverM: 0.035, radiusM: 0.006 };
    const peakAt = (rg: ReturnType<typeof createSyntheticBScan>, trace: number, near: number): number => {
      const n = rg.samplesPerTrace;
      let best = near - 6;
      for (let s = near - 6; s <= near + 6; s++)
        if (rg.samples[trace * n + s] > rg.samples[trace * n + best]) best = s;
      return best;
    };
    const options = { traces: 101, bars: [bar], noiseRms: 0, sampleIntervalS: 5e-12, samplesPerTrace: 2048 };
    const coupled = createSyntheticBScan(options);
    const straight = createSyntheticBScan({ ...options, shouldModelSurfaceCoupling: false });
    const sampleOf = (t: number) => Math.round((t - coupled.timeOffsetS) / coupled.sampleIntervalS);
    // 48 mm from the apex the limb is early by tens of picoseconds.
    const limb = sampleOf(bistaticTravelTimeS(0.248, bar, 7, 0.03565));
    expect(peakAt(straight, 62, limb)).toBe(limb);
    expect(peakAt(coupled, 62, limb)).toBeLessThan(limb - 4);
  });
});
