import { describe, expect, it } from 'vitest';
import { synthesizeRadargram } from '../physics/synthetic-scan';
import { applyDirectWaveTimeZero, applyTimeZero, findDirectWaveSample } from './time-zero';
import { radargramFromTraces, tracesOf } from './test-radargram';

describe('time zero', () => {
  it('picks the first break on the mean trace', () => {
    // Mean trace [5, 5, 6, 9, 25, 5]: deviations from sample 0 are [0, 0, 1, 4, 20, 0]; 20 % of 20 = 4 → sample 3.
    const rg = radargramFromTraces([
      [5, 5, 6, 8, 24, 5],
      [5, 5, 6, 10, 26, 5],
    ]);
    expect(findDirectWaveSample(rg)).toBe(3);
    expect(findDirectWaveSample(rg, { thresholdFraction: 0.5 })).toBe(4);
    expect(findDirectWaveSample(radargramFromTraces([[2, 2, 2]]))).toBe(0);
  });

  it('crops traces and keeps the time of the new first sample', () => {
    const rg = radargramFromTraces([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ]);
    const cropped = applyTimeZero(rg, { startSample: 1, signalLength: 2 });
    expect(tracesOf(cropped)).toEqual([
      [2, 3],
      [6, 7],
    ]);
    expect(cropped.samplesPerTrace).toBe(2);
    expect(cropped.timeOffsetS).toBe(1e-9);
    expect(rg.samples).toHaveLength(8); // input untouched
    expect(tracesOf(applyTimeZero(rg, { startSample: 3, signalLength: 10 }))).toEqual([[4], [8]]);
    expect(applyTimeZero(rg, { startSample: 2, firstSampleTimeS: 0 }).timeOffsetS).toBe(0);
  });

  it('finds the direct wave of a synthetic scan and re-references time to the transmit instant', () => {
    // Transmit at sample 41; the air wave arrives s/c = 0.119 ns (4.9 samples) later and its Ricker pulse is
    // centred 1/f = 0.5 ns (20.5 samples) after that, starting about 1.4 periods earlier.
    const rg = synthesizeRadargram({ traces: 20, samplesPerTrace: 256, directWaveAmplitude: 1 });
    const sample = findDirectWaveSample(rg);
    expect(sample).toBeGreaterThanOrEqual(41 + 5);
    expect(sample).toBeLessThanOrEqual(41 + 5 + 20);
    const aligned = applyDirectWaveTimeZero(rg);
    expect(aligned.samplesPerTrace).toBe(256 - sample);
    expect(aligned.timeOffsetS).toBeCloseTo(0.03565 / 299_792_458, 15);
  });
});
