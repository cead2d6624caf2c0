import { describe, expect, it } from 'vitest';
import { formatDateShort, formatDateTime } from './format-date';

describe('formatDateTime', () => {
  it('formats as dd/MM/yyyy HH:mm:ss in local time', () => {
    expect(formatDateTime(new Date(2024, 0, 5, 7, 8, 9))).toBe('05/01/2024 07:08:09');
    expect(formatDateTime(new Date(2023, 11, 31, 23, 59, 0))).toBe('31/12/2023 23:59:00');
  });

  it('returns an empty string for invalid dates', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatDateShort', () => {
  it('formats as dd. MMM yyyy HH:mm', () => {
    expect(formatDateShort(new Date(2024, 2, 1, 14, 5))).toBe('01. Mar 2024 14:05');
  });
});
