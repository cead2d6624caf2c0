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
