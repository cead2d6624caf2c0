import { describe, expect, it } from 'vitest';
import { bistaticTravelTimeS } from '../fitting/bistatic-cylinder';
import { createRandom } from '../fitting/synthetic-bscan';
import { claimDiameterFromPosterior, decideDiameter, NOMINAL_DIAMETERS_MM } from './diameter';

const dt = 2.44140625e-11;

function times(radiusM: number, halfApertureM: number, noiseSamples: number) {
  const random = createRandom(3);
  const xs = Array.from(
    { length: Math.round((2 * halfApertureM) / 0.002) + 1 },
    (_, i) => -halfApertureM + i * 0.002,
  );
  const bar = { x0M: 0, coverM: 0.04, radiusM };
  return {
    positionsM: Float64Array.from(xs),
    timesS: Float64Array.from(
      xs,
      (x) => bistaticTravelTimeS(x, bar, 7, 0.03565) + noiseSamples * dt * (random() - 0.5) * 3.46,
    ),
    weights: new Float64Array(xs.length).fill(1),
  };
}

const options = { antennaSeparationM: 0.03565, sampleIntervalS: dt, start: { x0M: 0, coverM: 0.04 } };

describe('decideDiameter', () => {
  it('says "undetermined" for a realistic aperture and pick noise', () => {
    const decision = decideDiameter(times(0.008, 0.04, 0.5), {
      ...options,
      permittivity: { value: 7, sd: 0.35 },
    });
    expect(decision.nominalDiameterMm).toBeUndefined();
    expect(decision.deltaChiSquare).toHaveLength(NOMINAL_DIAMETERS_MM.length);
  });

  it('decides the nominal size when a wide, clean aperture and a known permittivity leave no doubt', () => {
    const decision = decideDiameter(times(0.01, 0.15, 0.02), {
      ...options,
      permittivity: { value: 7, sd: 0.01 },
    });
    expect(decision.nominalDiameterMm).toBe(20);
    expect(Math.min(...decision.deltaChiSquare)).toBe(0);
  });
});

describe('claimDiameterFromPosterior', () => {
  const range = [0.004, 0.014] as const;

  it('claims the nearest size when the one-σ band stays within one size of it on both sides', () => {
    // 20 ± 3 mm in diameter spans 16 … 25: one size either side of 20.
    expect(claimDiameterFromPosterior({ value: 0.01, sd: 0.0015 }, range)).toBe(20);
    expect(claimDiameterFromPosterior({ value: 0.0062, sd: 0.0004 }, range)).toBe(12);
  });

  it('says "undetermined" when the band reaches two sizes away, at the edges and at the tracked radius', () => {
    // 12 ± 4 mm spans 8 … 16: two sizes either side.
    expect(claimDiameterFromPosterior({ value: 0.006, sd: 0.002 }, range)).toBeUndefined();
    expect(claimDiameterFromPosterior({ value: 0.0135, sd: 0.0002 }, range)).toBeUndefined();
    expect(claimDiameterFromPosterior({ value: 0.0082, sd: 0.0002 }, range, 0.008)).toBeUndefined();
    expect(claimDiameterFromPosterior({ value: 0.01, sd: Number.NaN }, range)).toBeUndefined();
  });

  it('never claims with an infinite sd (a refused radius), even near the smallest sizes', () => {
    // Clamped to the list's ends, an infinite band would otherwise pass "within one size" at 8 and 10 mm.
    expect(
      claimDiameterFromPosterior({ value: 0.0052, sd: Number.POSITIVE_INFINITY }, range),
    ).toBeUndefined();
    expect(claimDiameterFromPosterior({ value: 0.0052, sd: 0.0002 }, range)).toBe(10);
  });
});
