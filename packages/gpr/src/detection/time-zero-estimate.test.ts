import { describe, expect, it } from 'vitest';
import { createSyntheticBScan } from '../fitting/synthetic-bscan';
import { meanTrace } from '../processing/radargram-copy';
import { dominantFrequencyHz, estimateDirectWave } from './time-zero-estimate';

describe('estimateDirectWave', () => {
  it('finds the transmit instant within half a sample and the wavelet frequency', () => {
    for (const offset of [-0.3e-9, -1e-9]) {
      const rg = createSyntheticBScan({
        traces: 40,
        timeOffsetS: offset,
        centreFrequencyHz: 1.6e9,
        noiseRms: 0.005,
      });
      const mean = meanTrace(rg.samples, rg.traces, rg.samplesPerTrace);
      const est = estimateDirectWave(mean, rg.sampleIntervalS, rg.timeOffsetS, 0.03565);
      expect(est.polarity).toBe(-1);
      expect(Math.abs(est.timeZeroS) / rg.sampleIntervalS).toBeLessThan(0.5);
      expect(est.dominantFrequencyHz / 1.6e9).toBeGreaterThan(0.8);
      expect(est.dominantFrequencyHz / 1.6e9).toBeLessThan(1.25);
    }
  });
});

describe('dominantFrequencyHz', () => {
  it('finds the frequency of a sine', () => {
    const x = Float64Array.from({ length: 256 }, (_, i) => Math.sin(2 * Math.PI * 2e9 * i * 2.5e-11));
    expect(dominantFrequencyHz(x, 2.5e-11) / 2e9).toBeCloseTo(1, 2);
  });
});
