import { describe, expect, it } from 'vitest';
import { bistaticTravelTimeS } from './bistatic-cylinder';
import { fitBarToTravelTimes, type TravelTimes } from './fit-hyperbola';
import { surfaceCouplingCorrections } from './surface-coupling';
import { createRandom } from './synthetic-bscan';

const dt = 2.44140625e-11;

function times(noiseSamples: number, seed = 1): TravelTimes {
  const bar = { x0M: 0.3, coverM: 0.045, radiusM: 0.006 };
  const random = createRandom(seed);
  const xs = Array.from({ length: 31 }, (_, i) => 0.24 + i * 0.004);
  return {
    positionsM: Float64Array.from(xs),
    timesS: Float64Array.from(
      xs,
      (x) => bistaticTravelTimeS(x, bar, 7.5, 0.03565) + noiseSamples * dt * (random() - 0.5) * 3.46,
    ),
    weights: new Float64Array(xs.length).fill(1),
  };
}

const options = {
  antennaSeparationM: 0.03565,
  radiusM: 0.006,
  sampleIntervalS: dt,
  start: { x0M: 0.29, coverM: 0.06, permittivity: 6 },
};

describe('fitBarToTravelTimes', () => {
  it('recovers position, cover and permittivity from exact times', () => {
    const fit = fitBarToTravelTimes(times(0), options);
    expect(fit?.x0M).toBeCloseTo(0.3, 6);
    expect(fit?.coverM).toBeCloseTo(0.045, 6);
    expect(fit?.permittivity).toBeCloseTo(7.5, 4);
  });

  it('with 0.3-sample pick noise stays within its own 3σ and gives a sub-millimetre cover', () => {
    const fit = fitBarToTravelTimes(times(0.3, 7), options);
    expect(fit).toBeDefined();
    if (!fit) return;
    expect(Math.abs(fit.coverM - 0.045)).toBeLessThan(Math.max(3 * fit.coverSdM, 1e-4));
    expect(Math.abs(fit.permittivity - 7.5)).toBeLessThan(3 * fit.permittivitySd + 0.05);
    expect(fit.coverSdM).toBeLessThan(0.001);
    expect(fit.rmsSamples).toBeGreaterThan(0.15);
  });

  it('holds the permittivity when asked and then fits only position and cover', () => {
    const fit = fitBarToTravelTimes(times(0), { ...options, fixedPermittivity: 7.5 });
    expect(fit?.permittivity).toBe(7.5);
    expect(fit?.permittivitySd).toBe(0);
    expect(fit?.coverM).toBeCloseTo(0.045, 6);
  });

  it('a wrong fixed permittivity moves the cover the way depth ∝ 1/√ε says', () => {
    const fit = fitBarToTravelTimes(times(0), { ...options, fixedPermittivity: 7.5 * 1.1 });
    expect(fit?.coverM).toBeLessThan(0.045);
    expect(fit?.coverM).toBeGreaterThan(0.045 * 0.9);
  });

  it('refuses too few picks', () => {
    const few = times(0);
    const cut = {
      positionsM: few.positionsM.slice(0, 4),
      timesS: few.timesS.slice(0, 4),
      weights: few.weights.slice(0, 4),
    };
    expect(fitBarToTravelTimes(cut, options)).toBeUndefined();
  });
});

describe('fitBarToTravelTimes with the surface-coupling model', () => {
  it('recovers εr from limbs that arrive early, where straight rays read it far too low', () => {
    const bar = { x0M: 0.3, coverM: 0.035, radiusM: 0.006 };
    const coupling = { frequencyHz: 2e9, antennaHeightM: 0.004 };
    const xs = Float64Array.from({ length: 31 }, (_, i) => 0.24 + i * 0.004);
    const corrections = surfaceCouplingCorrections(xs, bar, 7.5, 0.03565, coupling);
    const data: TravelTimes = {
      positionsM: xs,
      timesS: xs.map((x, i) => bistaticTravelTimeS(x, bar, 7.5, 0.03565) + corrections[i]),
      weights: new Float64Array(xs.length).fill(1),
    };
    const straight = fitBarToTravelTimes(data, options);
    const coupled = fitBarToTravelTimes(data, { ...options, surfaceCoupling: coupling });
    expect(straight?.permittivity).toBeLessThan(0.9 * 7.5);
    expect(coupled?.permittivity).toBeCloseTo(7.5, 1);
    expect(coupled?.coverM).toBeCloseTo(0.035, 3);
    expect(coupled?.x0M).toBeCloseTo(0.3, 4);
  });
  it('asked again with the same inputs gives the same fit as a copy, and any changed input is fitted anew', () => {
    const data = times(0.3, 11);
    const coupled = { ...options, surfaceCoupling: { frequencyHz: 2e9, antennaHeightM: 0 } };
    const first = fitBarToTravelTimes(data, coupled);
    const again = fitBarToTravelTimes(
      {
        positionsM: data.positionsM.slice(),
        timesS: data.timesS.slice(),
        weights: data.weights.slice(),
      },
      { ...coupled, start: { ...coupled.start } },
    );
    expect(first).toBeDefined();
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
    // Each copy is the caller's: changing one does not change what the next caller gets.
    const residuals = again?.residualsSamples.slice();
    first?.residualsSamples.fill(0);
    again?.residualsSamples.fill(0);
    expect(fitBarToTravelTimes(data, coupled)?.residualsSamples).toEqual(residuals);
    // Each input the fit depends on, changed alone, gives that input's own fit (not the kept one).
    const variants = [
      { ...coupled, surfaceCoupling: { ...coupled.surfaceCoupling, shouldModelScattering: false } },
      { ...coupled, surfaceCoupling: { ...coupled.surfaceCoupling, antennaHeightM: 0.004 } },
      { ...coupled, huberSamples: 0.3 },
      { ...coupled, permittivityPrior: { value: 6, sd: 0.3 } },
      { ...coupled, fixedPermittivity: 7 },
      { ...coupled, start: { ...coupled.start, coverM: 0.05 } },
      { ...coupled, surfaceCoupling: undefined },
    ];
    for (const variant of variants) {
      const fit = fitBarToTravelTimes(data, variant);
      expect(fit).toBeDefined();
      expect(fit?.chiSquare).not.toBe(first?.chiSquare);
    }
    const moved = { ...data, timesS: data.timesS.map((t, i) => (i === 5 ? t + dt : t)) };
    expect(fitBarToTravelTimes(moved, coupled)?.chiSquare).not.toBe(first?.chiSquare);
  });
});
