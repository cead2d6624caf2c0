import { describe, expect, it } from 'vitest';
import { normalizeCoverRange } from './cover-range';
import {
  formatDirection,
  formatLengthCm,
  formatScanNumber,
  formatSignificant,
  readMaterialProperties,
} from './gpr-scan-format';
import { parseDecimal } from './selected-rebar-parse';

describe('GPR scan formats', () => {
  it('shows the scan number as L + 3 digits', () => {
    expect(formatScanNumber(7)).toBe('L007');
    expect(formatScanNumber(123)).toBe('L123');
    expect(formatScanNumber(1234)).toBe('L1234');
    expect(formatScanNumber(null)).toBeNull();
  });

  it('shows the scan length in cm and the direction in words', () => {
    expect(formatLengthCm(2.811)).toBe('281.1 cm');
    expect(formatLengthCm(1.5)).toBe('150 cm');
    expect(formatDirection('BOTTOM_TO_TOP')).toBe('Bottom to top');
    expect(formatDirection('LEFT_TO_RIGHT')).toBe('Left to right');
    expect(formatDirection(null)).toBeNull();
  });

  it('needs the four material properties', () => {
    expect(readMaterialProperties([7.1, 5, 0.01, 8e-12])).toEqual([7.1, 5, 0.01, 8e-12]);
    expect(readMaterialProperties([7.1, 5, 0.01])).toBeNull();
    expect(readMaterialProperties([7.1, 5, 'x', 1])).toBeNull();
    expect(readMaterialProperties(undefined)).toBeNull();
    expect(formatSignificant(8.2e-12)).toBe('8.20e-12');
    expect(formatSignificant(7.1234)).toBe('7.12');
  });

  it('keeps a stored cover range within 0–0.6 m, ordered, at least 0.01 m wide', () => {
    expect(normalizeCoverRange([0.1, 0.3])).toEqual([0.1, 0.3]);
    expect(normalizeCoverRange([0.5, 0.2])).toEqual([0.2, 0.5]);
    expect(normalizeCoverRange([-1, 2])).toEqual([0, 0.6]);
    expect(normalizeCoverRange([0.3, 0.3])).toEqual([0.3, 0.31]);
    expect(normalizeCoverRange([0.6, 0.6])).toEqual([0.59, 0.6]);
    expect(normalizeCoverRange('junk')).toEqual([0, 0.6]);
  });

  it('accepts a comma as decimal separator', () => {
    expect(parseDecimal('12,5')).toBe(12.5);
    expect(parseDecimal(' 16 ')).toBe(16);
    expect(parseDecimal('')).toBeNaN();
    expect(parseDecimal('abc')).toBeNaN();
  });
});
