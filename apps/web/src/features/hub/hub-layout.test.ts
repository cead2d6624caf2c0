import { describe, expect, it } from 'vitest';
import {
  clampSplitPercent,
  getColumnVisibility,
  getListingColumns,
  SPLIT_LIMITS,
  splitPercentAfterKey,
  splitPercentAt,
} from './hub-layout';

describe('split limits', () => {
  it('opens the panel at 52 %, 30 % on large screens and 0 on small ones', () => {
    expect(SPLIT_LIMITS.medium.initialPercent).toBe(52);
    expect(SPLIT_LIMITS.large.initialPercent).toBe(30);
    expect(SPLIT_LIMITS.small.initialPercent).toBe(0);
  });

  it('keeps both sides at least 10 to 20 % wide', () => {
    expect(clampSplitPercent(5, 'medium')).toBe(20);
    expect(clampSplitPercent(95, 'medium')).toBe(80);
    expect(clampSplitPercent(5, 'large')).toBe(10);
    expect(clampSplitPercent(95, 'large')).toBe(90);
    expect(clampSplitPercent(41.5, 'large')).toBe(41.5);
  });

  it('is 0 on small screens and the initial width for unreadable values', () => {
    expect(clampSplitPercent(40, 'small')).toBe(0);
    expect(clampSplitPercent(Number.NaN, 'large')).toBe(30);
    expect(clampSplitPercent(Number.POSITIVE_INFINITY, 'medium')).toBe(52);
  });
});

describe('splitPercentAt', () => {
  it('measures the panel from the right edge of the split', () => {
    expect(splitPercentAt(700, { left: 0, width: 1000 }, 'large')).toBe(30);
    expect(splitPercentAt(400, { left: 200, width: 800 }, 'medium')).toBe(75);
  });

  it('clamps pointers outside the split', () => {
    expect(splitPercentAt(-50, { left: 0, width: 1000 }, 'large')).toBe(90);
    expect(splitPercentAt(2000, { left: 0, width: 1000 }, 'medium')).toBe(20);
    expect(splitPercentAt(10, { left: 0, width: 0 }, 'medium')).toBe(52);
  });
});

describe('splitPercentAfterKey', () => {
  it('moves the divider by 2 % with the arrows, to the extremes with Home and End', () => {
    expect(splitPercentAfterKey(30, 'ArrowLeft', 'large')).toBe(32);
    expect(splitPercentAfterKey(30, 'ArrowRight', 'large')).toBe(28);
    expect(splitPercentAfterKey(11, 'ArrowRight', 'large')).toBe(10);
    expect(splitPercentAfterKey(30, 'Home', 'large')).toBe(90);
    expect(splitPercentAfterKey(30, 'End', 'medium')).toBe(20);
  });

  it('resets with Enter and ignores other keys', () => {
    expect(splitPercentAfterKey(70, 'Enter', 'medium')).toBe(52);
    expect(splitPercentAfterKey(70, 'a', 'medium')).toBeNull();
  });
});

describe('listing columns', () => {
  it('shows the name only on small screens, adds the type on medium and the date on large', () => {
    expect(getListingColumns('small')).toEqual(['name']);
    expect(getListingColumns('medium')).toEqual(['name', 'type']);
    expect(getListingColumns('large')).toEqual(['name', 'type', 'createdAt']);
  });

  it('turns that into a column visibility model, leaving other columns alone', () => {
    expect(getColumnVisibility('medium', ['name', 'type', 'createdAt', 'actions'])).toEqual({
      name: true,
      type: true,
      createdAt: false,
    });
  });
});
