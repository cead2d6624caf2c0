import { describe, expect, it } from 'vitest';
import { ReadCache, ReadCaches } from './read-cache.js';

describe('ReadCache', () => {
  it('keeps found rows per organization and id, and reads misses again', async () => {
    const cache = new ReadCache<string>(60_000);
    let reads = 0;
    const load = (value: string | undefined) => async () => {
      reads++;
      return value;
    };
    expect(await cache.get('org-a', 'n1', load('row'))).toBe('row');
    expect(await cache.get('org-a', 'n1', load('other'))).toBe('row');
    expect(await cache.get('org-b', 'n1', load(undefined))).toBeUndefined();
    expect(await cache.get('org-b', 'n1', load(undefined))).toBeUndefined();
    expect(reads).toBe(3);
  });

  it('does not keep a row read while a write started or ended, nor anything when off', async () => {
    const cache = new ReadCache<string>(60_000);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const pending = cache.get('org', 'n', async () => {
      await gate;
      return 'before the write';
    });
    cache.clear(); // a write begins while the row is being read
    release();
    expect(await pending).toBe('before the write');
    expect(await cache.get('org', 'n', async () => 'after the write')).toBe('after the write');

    const off = new ReadCache<string>(0);
    await off.get('org', 'n', async () => 'one');
    expect(await off.get('org', 'n', async () => 'two')).toBe('two');
  });

  it('clears every cache of the app on a request that may write, not on a read', async () => {
    const caches = new ReadCaches(60_000);
    const a = caches.create<string>();
    const b = caches.create<string>();
    await a.get('o', '1', async () => 'a');
    await b.get('o', '1', async () => 'b');
    for (const method of ['GET', 'HEAD', 'OPTIONS']) caches.onRequest(method);
    expect(await a.get('o', '1', async () => 'a2')).toBe('a');
    caches.onRequest('DELETE');
    expect(await a.get('o', '1', async () => 'a2')).toBe('a2');
    expect(await b.get('o', '1', async () => 'b2')).toBe('b2');
  });
});
