import { describe, expect, it } from 'vitest';
import { applyBandPass, bandPassResponse } from './bandpass';
import { radargramFromTraces, tracesOf } from './test-radargram';

const DT = 1e-10; // 10 GHz sampling, Nyquist 5 GHz

function sine(frequencyHz: number, length = 512): number[] {
  return Array.from({ length }, (_, i) => Math.sin(2 * Math.PI * frequencyHz * i * DT));
}

function middleAmplitude(trace: number[]): number {
  return Math.max(...trace.slice(192, 320).map(Math.abs));
}

describe('band-pass', () => {
  it('has the squared Butterworth response, −6 dB at the corners', () => {
    expect(bandPassResponse(1e9, { lowHz: 1e9, highHz: Infinity })).toBe(0.5);
    expect(bandPassResponse(1e9, { lowHz: 0, highHz: 1e9 })).toBe(0.5);
    expect(bandPassResponse(2e9, { lowHz: 0, highHz: 1e9, order: 1 })).toBeCloseTo(0.2, 12); // 1/(1+2²)
    expect(bandPassResponse(0, { lowHz: 1e8, highHz: 4e9 })).toBe(0);
    // Order 2, 0.5 GHz with corners 1 and 4 GHz: high-pass 1/(1 + 2⁴) = 1/17, low-pass 1/(1 + 0.125⁴)
    expect(bandPassResponse(0.5e9, { lowHz: 1e9, highHz: 4e9 })).toBeCloseTo(1 / 17 / (1 + 0.125 ** 4), 12);
  });

  it('passes the band, attenuates outside it and removes DC', () => {
    const options = { lowHz: 0.5e9, highHz: 2e9 };
    const rg = radargramFromTraces([sine(1e9).map((v) => v + 5), sine(4e9), sine(0.1e9)], {
      sampleIntervalS: DT,
    });
    const [inBand, high, low] = tracesOf(applyBandPass(rg, options));
    // 1 GHz: gain 1/(1+(0.5)⁴) × 1/(1+(0.5)⁴) = 0.8858 of the sampled amplitude (sin 72° = 0.951, as 1 GHz
    // is 10 samples per period); the DC offset of 5 is gone.
    expect(middleAmplitude(inBand)).toBeCloseTo(0.8858131 * Math.sin((72 * Math.PI) / 180), 4);
    expect(Math.abs(inBand.slice(192, 320).reduce((a, b) => a + b, 0) / 128)).toBeLessThan(0.02);
    // 4 GHz: 1/(1 + 2⁴) = 0.0588 of the sampled amplitude (sin 72° again, 2.5 samples per period)
    expect(middleAmplitude(high)).toBeCloseTo((1 / 17) * Math.sin((72 * Math.PI) / 180), 3);
    // 0.1 GHz: 1/(1 + 5⁴) = 0.0016
    expect(middleAmplitude(low)).toBeLessThan(0.01);
  });

  it('filters an odd number of traces (the last one without a partner)', () => {
    const rg = radargramFromTraces([sine(1e9), sine(1e9), sine(1e9)], { sampleIntervalS: DT });
    const out = tracesOf(applyBandPass(rg, { lowHz: 0, highHz: Infinity }));
    for (const trace of out) for (let s = 0; s < 512; s += 37) expect(trace[s]).toBeCloseTo(sine(1e9)[s], 5);
  });
});
