import { describe, expect, it } from 'vitest';
import { describeWithData, readRealFile } from '../../test/data';
import { readGprFile } from '../formats/index';
import { processRadargramDetailed } from './chain';
import { dewowTrace } from './dewow';
import { applyCurveInPlace, gainCurve } from './gain';
import { smoothInPlace } from './smoothing';
import { streamMovingBackgroundChain } from './streamed-chain';
import { movingTraceMeanInPlace } from './trace-window';

/** A deterministic noisy scan (no Math.random: the test must fail the same way every time). */
function noisyScan(traces: number, samplesPerTrace: number): Float32Array {
  const x = new Float32Array(traces * samplesPerTrace);
  let state = 12345;
  for (let i = 0; i < x.length; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    x[i] = (state / 2147483648 - 0.5) * 1000 + Math.sin(i / 7) * 300;
  }
  return x;
}

describe('streamed moving-background chain', () => {
  it('gives the same samples as the steps one after another', () => {
    for (const [traces, samplesPerTrace] of [
      [1, 9],
      [2, 5],
      [5, 3],
      [40, 96],
      [61, 20],
    ]) {
      const input = noisyScan(traces, samplesPerTrace);
      const startSample = samplesPerTrace > 5 ? 2 : 0;
      const n = samplesPerTrace - startSample;
      // A finite gain, and one that overflows to Infinity (0 × ∞ = NaN must appear where the steps give it).
      const curves = [
        null,
        gainCurve(n, 1e-10, { constant: 1.5, linearDb: 6, timeDbPerNs: 3 }),
        gainCurve(n, 1e-8, { timeDbPerNs: 10 }),
      ];
      for (const halfMeanTraces of [0, 1, 3, 30]) {
        for (const smoothing of [0, 2, 3, 5, 9]) {
          for (const dewowWindow of [0, 5]) {
            for (const curve of curves) {
              const steps = new Float32Array(traces * n);
              for (let t = 0; t < traces; t++) {
                const src = t * samplesPerTrace + startSample;
                if (dewowWindow > 1) dewowTrace(input, src, steps, t * n, n, dewowWindow);
                else steps.set(input.subarray(src, src + n), t * n);
              }
              movingTraceMeanInPlace(steps, traces, n, halfMeanTraces, 'subtract');
              smoothInPlace(steps, traces, n, { samples: smoothing, traces: smoothing });
              if (curve) applyCurveInPlace(steps, traces, curve);
              const streamed = new Float32Array(traces * n);
              const half = smoothing > 1 ? Math.floor(smoothing / 2) : 0;
              streamMovingBackgroundChain(input, traces, samplesPerTrace, streamed, {
                startSample,
                n,
                dewowWindow,
                halfMeanTraces,
                halfTime: half,
                halfTraces: half,
                curve,
              });
              expect(streamed).toEqual(steps);
            }
          }
        }
      }
    }
  });
});

/** The five real GSSI files (16- and 32-bit, with and without the counter words, 254 to 2,046 samples). */
const REAL_DZT = [
  'gssi-sir3000-fhwa-charisma-lab/Lab_specimen_data.DZT',
  'gssi-sir3000-gprpy-dune/FILE____032.DZT',
  'gssi-sir4000-impdar/test_gssi.DZT',
  'gssi-structurescan-mini-ietgpr/File____001.DZT',
  'gssi-structurescan-mini-ietgpr/File____002.DZT',
];

describeWithData('streamed chain on the real scans', () => {
  it('gives the same samples as the steps one after another (the benchmark’s chain, with and without a crop)', () => {
    for (const file of REAL_DZT) {
      const rg = readGprFile({ name: file, bytes: readRealFile(file) }).radargrams[0];
      for (const startOffset of [0, 7]) {
        const { radargram, options } = processRadargramDetailed(rg, {
          timeZero: 'start-offset',
          startOffset,
          signalLength: 'all',
          normalizeTo: false,
          dewow: 11,
          smoothing: 3,
          meanRemoval: true,
          meanRemovalWindow: 51,
          timeScaling: true,
        });
        const n = rg.samplesPerTrace - startOffset;
        const steps = new Float32Array(rg.traces * n);
        for (let t = 0; t < rg.traces; t++)
          dewowTrace(rg.samples, t * rg.samplesPerTrace + startOffset, steps, t * n, n, 11);
        movingTraceMeanInPlace(steps, rg.traces, n, 25, 'subtract');
        smoothInPlace(steps, rg.traces, n, { samples: 3, traces: 3 });
        const curve = gainCurve(n, rg.sampleIntervalS, {
          constant: options.constantGain,
          linearDb: options.linearGainDb,
          timeDbPerNs: options.timeGainDbPerNs,
        });
        applyCurveInPlace(steps, rg.traces, curve);
        expect(radargram.samplesPerTrace).toBe(n);
        // Every sample, bit for bit (Object.is: −0 ≠ 0, NaN = NaN); a loop, as toEqual is slow on 10⁶ values.
        let different = 0;
        for (let i = 0; i < steps.length; i++) if (!Object.is(radargram.samples[i], steps[i])) different++;
        expect(radargram.samples.length).toBe(steps.length);
        expect(different).toBe(0);
      }
    }
  });
});
