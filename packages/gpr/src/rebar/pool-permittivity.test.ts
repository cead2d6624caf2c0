import { describe, expect, it } from 'vitest';
import {
  calibratePermittivity,
  MODEL_PERMITTIVITY_FRACTION,
  permittivityPlausibilityNote,
  poolPermittivity,
} from './pool-permittivity';

describe('poolPermittivity', () => {
  it('averages agreeing fits and narrows the uncertainty', () => {
    const pooled = poolPermittivity([
      { value: 7.1, sd: 0.2 },
      { value: 6.9, sd: 0.2 },
      { value: 7.0, sd: 0.2 },
    ]);
    expect(pooled.value).toBeCloseTo(7, 2);
    // Three bars narrow the statistical part; the model error stays.
    expect(pooled.sd).toBeLessThan(MODEL_PERMITTIVITY_FRACTION * 7 + 0.15);
    expect(pooled.sd).toBeGreaterThan(MODEL_PERMITTIVITY_FRACTION * 7);
    expect(pooled.count).toBe(3);
    expect(pooled.source).toBe('estimated');
  });

  it('widens the uncertainty when the fits disagree beyond their errors', () => {
    const pool = (values: number[]) =>
      poolPermittivity(
        values.map((value) => ({ value, sd: 0.1 })),
        undefined,
        0.05,
        0,
      );
    const agree = pool([6.9, 7.1]);
    const disagree = pool([6, 8]);
    expect(disagree.sd).toBeGreaterThan(2 * agree.sd);
  });

  it('rejects a wild value among four or more', () => {
    const pooled = poolPermittivity([7, 7.1, 6.9, 7.05, 15].map((value) => ({ value, sd: 0.2 })));
    expect(pooled.count).toBe(4);
    expect(pooled.value).toBeCloseTo(7.01, 1);
  });

  it('pools bars of unknown radius at the radii where they agree, not at each one’s middle radius', () => {
    // εr of each bar fitted at radii 4–14 mm, all radii equally likely: a thick shallow bar's εr rises steeply
    // with the radius, a thin deep one's gently; they agree only near 8.3–8.5 (decision 0063).
    const bar = (values: number[]) => {
      const mean = values.reduce((a, b) => a + b, 0) / values.length;
      const spread = values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length;
      return {
        value: mean,
        sd: Math.sqrt(spread + 0.15 ** 2),
        mixture: values.map((value) => ({ weight: 1 / values.length, value, sd: 0.15 })),
      };
    };
    const bars = [bar([7.2, 7.4, 7.6, 7.9, 8.2, 8.5]), bar([8.3, 8.45, 8.6, 8.75, 8.9, 9.05])];
    const averaged = poolPermittivity(
      bars.map(({ value, sd }) => ({ value, sd })),
      undefined,
      0.01,
      0,
    );
    const joint = poolPermittivity(bars, undefined, 0.01, 0);
    expect(averaged.value).toBeLessThan(8.35);
    expect(joint.value).toBeGreaterThan(8.35);
    expect(joint.value).toBeLessThan(8.5);
    expect(joint.sd).toBeLessThan(0.6 * averaged.sd);
  });

  it('is the random-effects mean when every bar has one radius', () => {
    const plain = [
      { value: 7, sd: 0.3 },
      { value: 7.6, sd: 0.2 },
      { value: 7.3, sd: 0.25 },
    ];
    const single = plain.map((e) => ({ ...e, mixture: [{ weight: 1, value: e.value, sd: e.sd }] }));
    expect(poolPermittivity(single).value).toBeCloseTo(poolPermittivity(plain).value, 6);
    expect(poolPermittivity(single).sd).toBeCloseTo(poolPermittivity(plain).sd, 6);
  });

  it('falls back to the prior without fits', () => {
    expect(poolPermittivity([])).toEqual({ value: 7, sd: 1.5, source: 'prior', count: 0 });
    expect(poolPermittivity([{ value: Number.NaN, sd: 1 }]).source).toBe('prior');
  });
});

describe('calibratePermittivity', () => {
  it('inverts the apex time for a known cover and propagates its uncertainty', () => {
    const calibrated = calibratePermittivity(9.3693e-10, 1e-11, 0.05, 0.03565);
    expect(calibrated.value).toBeCloseTo(7, 2);
    expect(calibrated.sd).toBeCloseTo((2 * 7 * 1e-11) / 9.3693e-10, 2);
    expect(calibrated.source).toBe('calibrated');
  });
});

describe('permittivityPlausibilityNote', () => {
  it('flags values outside concrete’s 4–16 and offers a calibration', () => {
    expect(permittivityPlausibilityNote(3.2)).toMatch(/below 4.*calibrate/);
    expect(permittivityPlausibilityNote(17.5)).toMatch(/above 16/);
    expect(permittivityPlausibilityNote(4)).toBeUndefined();
    expect(permittivityPlausibilityNote(9.4)).toBeUndefined();
    expect(permittivityPlausibilityNote(3.5, 'calibrated')).toMatch(/check the measured cover/);
  });
});
