import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms).toISOString();

describe('formatDuration', () => {
  it('picks a unit by size', () => {
    expect(formatDuration(at(0), at(850))).toBe('850 ms');
    expect(formatDuration(at(0), at(12_340))).toBe('12.3 s');
    expect(formatDuration(at(0), at(245_000))).toBe('4 min 05 s');
    expect(formatDuration(at(0), at(3_720_000))).toBe('1 h 02 min');
  });

  it('is empty until both times are known, or when they make no sense', () => {
    expect(formatDuration(at(0), null)).toBe('');
    expect(formatDuration(null, at(0))).toBe('');
    expect(formatDuration(at(1000), at(0))).toBe('');
    expect(formatDuration('nope', at(0))).toBe('');
  });
});
