import { afterEach, describe, expect, it, vi } from 'vitest';
import { BoundedMap, ExpiringMap } from './bounded-map.js';

describe('BoundedMap', () => {
  it('drops the oldest key when a new one is set at the bound, never on an update', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    map.set('a', 10); // an update: nothing dropped
    expect([...map.entries()]).toEqual([
      ['a', 10],
      ['b', 2],
    ]);
    map.set('c', 3);
    expect([...map.keys()]).toEqual(['b', 'c']);
  });
});

describe('ExpiringMap', () => {
  afterEach(() => vi.useRealTimers());

  it('answers until the entry expires, then drops it', () => {
    vi.useFakeTimers({ now: 1_000 });
    const map = new ExpiringMap<string>(10);
    map.set('k', 'v', 2_000);
    expect(map.get('k')).toBe('v');
    vi.setSystemTime(2_000);
    expect(map.get('k')).toBeUndefined();
    expect(map.size).toBe(0);
  });

  it('keeps nothing whose expiry is already past, and counts clears', () => {
    vi.useFakeTimers({ now: 5_000 });
    const map = new ExpiringMap<string>(10);
    map.set('old', 'v', 5_000);
    expect(map.get('old')).toBeUndefined();
    map.set('k', 'v', 9_000);
    const before = map.generation;
    map.clear();
    expect(map.generation).toBe(before + 1);
    expect(map.get('k')).toBeUndefined();
  });

  it('is bounded', () => {
    const map = new ExpiringMap<number>(2);
    const later = Date.now() + 60_000;
    map.set('a', 1, later);
    map.set('b', 2, later);
    map.set('c', 3, later);
    expect([map.get('a'), map.get('b'), map.get('c')]).toEqual([undefined, 2, 3]);
  });
});
