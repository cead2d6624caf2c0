import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Actor } from './actor.js';
import { ActorCache } from './actor-cache.js';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
const actor: Actor = { organizationId: 'org-a', user: null, via: 'tenant-key', roleHolderId: 'user-a' };

describe('ActorCache', () => {
  it('resolves concurrent misses of one key once, and never keeps or shares a resolution a clear overtook', async () => {
    const cache = new ActorCache(60_000);
    const key = cache.keyOf(request({ authorization: 'Bearer one' }), 'org-a');
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const load = async () => {
      loads++;
      await gate;
      return { actor };
    };
    const together = Array.from({ length: 50 }, () => cache.resolve(key, load));
    release();
    expect(await Promise.all(together)).toEqual(Array(50).fill(actor));
    expect(loads).toBe(1);
    expect(await cache.resolve(key, load)).toBe(actor);
    expect(loads).toBe(1);

    // A sign-out (clear) while a resolution is under way: later requests resolve again, nothing stale is kept.
    cache.clear();
    let releaseOld!: () => void;
    const oldGate = new Promise<void>((r) => (releaseOld = r));
    const before = cache.resolve(key, async () => {
      await oldGate;
      return { actor };
    });
    cache.clear();
    const other: Actor = { ...actor, organizationId: 'org-after' };
    const after = cache.resolve(key, async () => ({ actor: other }));
    releaseOld();
    expect(await before).toBe(actor);
    expect(await after).toBe(other);
    expect(cache.get(key)).toBe(other);
    // A failure is shared by those waiting, and not remembered.
    cache.clear();
    const failing = cache.resolve(key, async () => Promise.reject(new Error('Invalid API key')));
    await expect(failing).rejects.toThrow('Invalid API key');
    expect(await cache.resolve(key, async () => ({ actor }))).toBe(actor);
  });

  it('keys entries by credential and organization, never by either alone', () => {
    const cache = new ActorCache(60_000);
    const key = cache.keyOf(request({ authorization: 'Bearer one' }), 'org-a');
    cache.set(key, actor);
    expect(cache.get(cache.keyOf(request({ authorization: 'Bearer one' }), 'org-a'))).toEqual(actor);
    expect(cache.get(cache.keyOf(request({ authorization: 'Bearer two' }), 'org-a'))).toBeUndefined();
    expect(cache.get(cache.keyOf(request({ authorization: 'Bearer one' }), 'org-b'))).toBeUndefined();
    expect(
      cache.get(cache.keyOf(request({ authorization: 'Bearer one', cookie: 's=1' }), 'org-a')),
    ).toBeUndefined();
    // The key is a hash: the credential is not kept as such.
    expect(key).not.toContain('one');
  });

  it('never keeps an entry past the credential’s own expiry, nor without a credential, nor when off', () => {
    const cache = new ActorCache(60_000);
    const key = cache.keyOf(request({ authorization: 'Bearer one' }), undefined);
    cache.set(key, actor, new Date(Date.now() - 1));
    expect(cache.get(key)).toBeUndefined();
    expect(cache.keyOf(request({}), 'org-a')).toBeUndefined();
    expect(new ActorCache(0).keyOf(request({ authorization: 'Bearer one' }), 'org-a')).toBeUndefined();
  });

  it('forgets everything on clear, and the oldest entry past its size', () => {
    const cache = new ActorCache(60_000, 2);
    const keys = ['a', 'b', 'c'].map((c) => cache.keyOf(request({ authorization: `Bearer ${c}` }), 'o'));
    for (const k of keys) cache.set(k, actor);
    expect(cache.get(keys[0])).toBeUndefined();
    expect(cache.get(keys[2])).toEqual(actor);
    cache.clear();
    expect(cache.get(keys[2])).toBeUndefined();
  });
});
