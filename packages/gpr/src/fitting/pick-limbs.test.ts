import { describe, expect, it } from 'vitest';
import { prepareScan } from '../detection/prepare-scan';
import { refinedExtremum } from '../detection/analytic-signal';
import { bistaticTravelTimeS } from './bistatic-cylinder';
import { findApexLobe, lobePeak, pickAlongCurve } from './pick-limbs';
import { createRandom, createSyntheticBScan, ricker } from './synthetic-bscan';

describe('lobePeak', () => {
  it('finds the vertex of a parabola exactly', () => {
    const row = Float64Array.from({ length: 41 }, (_, i) => -((i - 20.3) ** 2));
    expect(lobePeak(row, 20, 4)).toBeCloseTo(20.3, 10);
  });

  it('scatters far less than a three-point parabola on a broad, noisy lobe', () => {
    // A 1.5 GHz Ricker sampled every 17.6 ps (38-sample period, as dev-debye-deep), noise 3 % of the peak.
    const random = createRandom(3);
    const gauss = (): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    const errors = { threePoint: 0, fitted: 0 };
    const trials = 400;
    for (let k = 0; k < trials; k++) {
      const peak = 60 + random();
      const row = Float64Array.from(
        { length: 120 },
        (_, i) => ricker((i - peak) * 17.6e-12, 1.5e9) + 0.03 * gauss(),
      );
      const three = refinedExtremum(row, 50, 71, 1)?.index ?? 0;
      const fitted = lobePeak(row, three, 5) ?? 0;
      errors.threePoint += (three - peak) ** 2 / trials;
      errors.fitted += (fitted - peak) ** 2 / trials;
    }
    expect(Math.sqrt(errors.fitted)).toBeLessThan(0.5 * Math.sqrt(errors.threePoint));
    expect(Math.sqrt(errors.fitted)).toBeLessThan(0.3);
  });
});

describe('pickAlongCurve', () => {
  it('picks the free limb when the apex lies just beyond the other limb’s limit', () => {
    const bar = { x0M: 0.2, coverM: 0.04, radiusM: 0.006 };
    const scan = prepareScan(
      createSyntheticBScan({ traces: 101, bars: [bar], shouldModelSurfaceCoupling: false }),
    );
    const { sampleIntervalS: dt, traceSpacingM: dx } = scan;
    const apexSample = scan.timeZeroSample + bistaticTravelTimeS(0.2, bar, 7, 0.03565) / scan.sampleIntervalS;
    const apex = findApexLobe(scan, 50, apexSample, true, 1);
    expect(apex).toBeDefined();
    if (!apex) return;
    const shift = apex.sample - bistaticTravelTimeS(0.2, bar, 7, 0.03565) / dt;
    const predict = (t: number): number => bistaticTravelTimeS(t * dx, bar, 7, 0.03565) / dt + shift;
    // A neighbour's limb blocks everything left of trace 52: the apex (trace 50) is outside the limits.
    const picks = pickAlongCurve(scan, apex, {
      predict,
      toleranceSamples: 5,
      minTrace: 52,
      maxTrace: 80,
      minAmplitude: 0,
    });
    const right = picks.filter((p) => p.traceIndex > 50);
    expect(right.length).toBeGreaterThan(10);
    expect(picks.every((p) => p.traceIndex >= 50)).toBe(true);
  });
});

describe('findApexLobe', () => {
  it('with a half-period window keeps a stronger reflection a period after the bar’s own lobe out', () => {
    // A weak bar (0.4 of the generator's reflection) with a thick bar's apex 8 mm aside and 30 mm deeper — a
    // period later, inside the default ± one period, ± 12 mm search — as where two neighbours' limbs cross just
    // beside a bar's apex (dev-random-09 x366, decision 0077).
    const weak = { x0M: 0.2, coverM: 0.05, radiusM: 0.006 };
    const strong = { x0M: 0.208, coverM: 0.08, radiusM: 0.012 };
    const other = createSyntheticBScan({ traces: 101, bars: [strong], noiseRms: 0.01 });
    const own = createSyntheticBScan({ traces: 101, bars: [weak], noiseRms: 0, directWaveAmplitude: 0 });
    const scan = prepareScan({
      ...other,
      samples: Float32Array.from(other.samples, (v, i) => v + 0.4 * own.samples[i]),
    });
    const time = (bar: typeof weak): number =>
      scan.timeZeroSample + bistaticTravelTimeS(bar.x0M, bar, 7, 0.03565) / scan.sampleIntervalS;
    const wide = findApexLobe(scan, 50, time(weak), false);
    const near = findApexLobe(scan, 50, time(weak), false, undefined, 0.5);
    expect(Math.abs((wide?.sample ?? 0) - time(strong))).toBeLessThan(scan.periodSamples / 4);
    expect(Math.abs((near?.sample ?? 0) - time(weak))).toBeLessThan(scan.periodSamples / 4);
  });
});
