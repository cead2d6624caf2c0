import { describe, expect, it } from 'vitest';
import { synthesizeRadargram } from '../physics/synthetic-scan';
import { defaultDewowWindow, processRadargram, processRadargramDetailed } from './chain';
import { SIGNAL_BASED_VIEWER_PRESET } from './options';
import { smoothInPlace } from './smoothing';
import { radargramFromTraces, tracesOf } from './test-radargram';

describe('processing chain', () => {
  it('applies start offset, length, mean removal and gains as computed by hand', () => {
    // 2 traces × 4 samples, 1 ns sampling. Start offset 1, length 2 → [[2, 4], [4, 8]];
    // mean trace [3, 6] → [[-1, -2], [1, 2]]; gains: ×2 constant, 20 dB linear, 10 dB/ns → row 0 ×20, row 1 ×20√10.
    const rg = radargramFromTraces([
      [9, 2, 4, 9],
      [9, 4, 8, 9],
    ]);
    const { radargram, startSample, normalizationFactor } = processRadargramDetailed(rg, {
      timeZero: 'start-offset',
      startOffset: 1,
      signalLength: 2,
      dewow: false,
      normalizeTo: false,
      constantGain: 2,
      linearGainDb: 20,
      timeGainDbPerNs: 10,
    });
    expect(startSample).toBe(1);
    expect(normalizationFactor).toBe(1);
    expect(radargram.samplesPerTrace).toBe(2);
    expect(radargram.timeOffsetS).toBe(1e-9);
    const out = tracesOf(radargram);
    expect(out[0][0]).toBeCloseTo(-20, 4);
    expect(out[0][1]).toBeCloseTo(-40 * Math.sqrt(10), 3);
    expect(out[1][0]).toBeCloseTo(20, 4);
    expect(out[1][1]).toBeCloseTo(40 * Math.sqrt(10), 3);
    // Time scaling off drops the time gain only.
    const flat = tracesOf(
      processRadargram(rg, {
        timeZero: 'start-offset',
        startOffset: 1,
        signalLength: 2,
        dewow: false,
        normalizeTo: false,
        linearGainDb: 0,
        timeScaling: false,
      }),
    );
    expect(flat).toEqual([
      [-1, -2],
      [1, 2],
    ]);
  });

  it('normalises the 99.9th percentile of |amplitude| to the preset value before the gains', () => {
    const rg = radargramFromTraces([
      [0, 100],
      [0, -100],
    ]);
    const result = processRadargramDetailed(rg, {
      timeZero: 'start-offset',
      startOffset: 0,
      dewow: false,
      meanRemoval: false,
      linearGainDb: 0,
      timeGainDbPerNs: 0,
    });
    expect(result.normalizationFactor).toBeCloseTo(4 / 100, 3);
    expect(tracesOf(result.radargram)[0][1]).toBeCloseTo(4, 2);
  });

  it('removes time zero and the direct wave and brings out a reflector (synthetic scan)', () => {
    const rg = synthesizeRadargram({
      traces: 120,
      samplesPerTrace: 512,
      reflectors: [{ xM: 0.24, depthM: 0.05 }],
      noiseAmplitude: 0.002,
    });
    const { radargram, startSample } = processRadargramDetailed(rg);
    expect(startSample).toBeGreaterThan(41);
    expect(startSample).toBeLessThan(41 + 25);
    expect(radargram.samplesPerTrace).toBe(512 - startSample);
    // The bar's apex (trace 60) stands out above the background at the same depth far from it.
    const n = radargram.samplesPerTrace;
    const peakAt = (t: number): number => {
      let peak = 0;
      for (let s = 0; s < 150; s++) peak = Math.max(peak, Math.abs(radargram.samples[t * n + s]));
      return peak;
    };
    expect(peakAt(60)).toBeGreaterThan(10);
    expect(peakAt(0) + peakAt(119)).toBeLessThan(peakAt(60));
    // The preview preset gives the same picture about 2,000× smaller.
    const preview = processRadargram(rg, {}, SIGNAL_BASED_VIEWER_PRESET);
    expect(preview.samplesPerTrace).toBe(450);
  });

  it('runs the optional steps (band-pass, smoothing, moving mean, migration, envelope)', () => {
    const rg = synthesizeRadargram({
      traces: 64,
      samplesPerTrace: 256,
      reflectors: [{ xM: 0.12, depthM: 0.04 }],
    });
    const out = processRadargram(rg, {
      bandPass: { lowHz: 0.5e9, highHz: 5e9 },
      smoothing: 3,
      meanRemovalWindow: 31,
      migrate: true,
      envelope: true,
    });
    expect(out.traces).toBe(64);
    expect(Math.min(...out.samples)).toBeGreaterThanOrEqual(0); // envelope
    expect(out.samples.every(Number.isFinite)).toBe(true);
  });

  it('smooths each trace in the mean removal pass to the same samples as the steps one after another', () => {
    const rg = synthesizeRadargram({
      traces: 40,
      samplesPerTrace: 96,
      reflectors: [{ xM: 0.06, depthM: 0.03 }],
      noiseAmplitude: 0.05,
    });
    for (const meanRemovalWindow of [undefined, 1, 7, 100]) {
      for (const smoothing of [2, 3, 5]) {
        const options = {
          timeZero: 'start-offset' as const,
          startOffset: 0,
          dewow: 9,
          normalizeTo: false as const,
          timeScaling: false,
          linearGainDb: 0,
          meanRemovalWindow,
          smoothing,
        };
        // By hand: the chain without smoothing (dewow and mean removal), then the smoothing step on its own.
        const steps = processRadargram(rg, { ...options, smoothing: 0 }).samples.slice();
        smoothInPlace(steps, rg.traces, rg.samplesPerTrace, { samples: smoothing, traces: smoothing });
        expect(processRadargram(rg, options).samples).toEqual(steps);
      }
    }
  });

  it('picks a dewow window of two periods', () => {
    expect(defaultDewowWindow({ sampleIntervalS: 15.625e-12, centreFrequencyHz: 1.6e9 })).toBe(80);
    expect(defaultDewowWindow({ sampleIntervalS: 1e-10 })).toBe(10); // 1 ns when unknown
  });
});
