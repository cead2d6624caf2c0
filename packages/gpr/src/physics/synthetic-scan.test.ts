import { describe, expect, it } from 'vitest';
import { rickerWavelet, synthesizeRadargram } from './synthetic-scan';
import { twoWayTimeFromDepth } from './time-depth';

describe('synthetic scans', () => {
  it('uses a unit Ricker wavelet', () => {
    expect(rickerWavelet(0, 2e9)).toBe(1);
    const sideLobe = Math.sqrt(1.5) / (Math.PI * 2e9);
    expect(rickerWavelet(sideLobe, 2e9)).toBeCloseTo(-2 * Math.exp(-1.5), 12);
    expect(rickerWavelet(1 / (Math.PI * 2e9 * Math.SQRT2), 2e9)).toBeCloseTo(0, 12); // zero crossing
  });

  it('places the apex at the bistatic travel time', () => {
    const dt = 2.44140625e-11;
    const rg = synthesizeRadargram({
      traces: 101,
      samplesPerTrace: 400,
      directWaveAmplitude: 0,
      reflectors: [{ xM: 0.2, depthM: 0.05, amplitude: 1 }],
    });
    // Apex at trace 50 (0.2 m / 0.004 m): time 2·√(0.05² + 0.017825²)/v after the transmit instant (sample 41),
    // wavelet centre 1/f = 0.5 ns later.
    const expected = 41 + (twoWayTimeFromDepth(0.05, 7, 0.03565) + 0.5e-9) / dt;
    let best = 0;
    for (let s = 1; s < 400; s++) if (rg.samples[50 * 400 + s] > rg.samples[50 * 400 + best]) best = s;
    expect(Math.abs(best - expected)).toBeLessThanOrEqual(0.5);
    expect(rg.samples[50 * 400 + best]).toBeCloseTo(1, 2);
    expect(rg.timeOffsetS).toBeCloseTo(-41 * dt, 15);
  });

  it('adds reproducible noise', () => {
    const a = synthesizeRadargram({
      traces: 2,
      samplesPerTrace: 1000,
      directWaveAmplitude: 0,
      noiseAmplitude: 0.5,
    });
    const b = synthesizeRadargram({
      traces: 2,
      samplesPerTrace: 1000,
      directWaveAmplitude: 0,
      noiseAmplitude: 0.5,
    });
    expect(a.samples).toEqual(b.samples);
    const rms = Math.sqrt(a.samples.reduce((sum, v) => sum + v * v, 0) / a.samples.length);
    expect(rms).toBeGreaterThan(0.45);
    expect(rms).toBeLessThan(0.55);
  });
});
