import { describe, expect, it } from 'vitest';
import { ByteLru } from './byte-lru.js';

describe('ByteLru', () => {
  it('evicts the least recently used values once their bytes pass the budget', () => {
    const cache = new ByteLru<string>(100);
    cache.set('a', 'A', 40);
    cache.set('b', 'B', 40);
    expect(cache.get('a')).toBe('A'); // a is now the most recent
    cache.set('c', 'C', 40);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.get('c')).toBe('C');
    expect(cache.bytes).toBe(80);
  });

  it('does not keep a value larger than the whole budget, and replaces a key in place', () => {
    const cache = new ByteLru<string>(100);
    cache.set('a', 'A', 60);
    cache.set('huge', 'H', 101);
    expect(cache.get('huge')).toBeUndefined();
    cache.set('a', 'A2', 10);
    expect(cache.get('a')).toBe('A2');
    expect(cache.bytes).toBe(10);
  });
});
