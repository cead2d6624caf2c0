import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { Radargram } from '@gprhub/gpr';
import { describe, expect, it } from 'vitest';
import { signalBody } from './signal-responses.js';

describe('signalBody', () => {
  it('reads, encodes and compresses a body once for concurrent misses, then serves it from the cache', async () => {
    let loads = 0;
    let encodes = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const load = async () => {
      loads++;
      await gate; // every caller arrives while the first read is still in flight
      return { name: 'L001' } as unknown as Radargram;
    };
    const encode = () => {
      encodes++;
      return Buffer.from('x'.repeat(10_000));
    };
    const etag = `"${randomUUID()}"`;
    const calls = Array.from({ length: 50 }, () => signalBody(1 << 20, etag, 'gzip', load, encode));
    release();
    const bodies = await Promise.all(calls);
    expect(loads).toBe(1);
    expect(encodes).toBe(1);
    expect(new Set(bodies).size).toBe(1);
    expect(gunzipSync(bodies[0]!).toString()).toBe('x'.repeat(10_000));
    await signalBody(1 << 20, etag, 'identity', load, encode);
    expect(loads).toBe(1);
  });

  it('lets the next caller try again after a failed read', async () => {
    const etag = `"${randomUUID()}"`;
    let attempts = 0;
    const failing = async (): Promise<Radargram> => {
      attempts++;
      throw new Error('storage down');
    };
    await expect(signalBody(1 << 20, etag, 'br', failing, () => Buffer.alloc(1))).rejects.toThrow(
      'storage down',
    );
    await expect(signalBody(1 << 20, etag, 'br', failing, () => Buffer.alloc(1))).rejects.toThrow(
      'storage down',
    );
    expect(attempts).toBe(2);
  });
});
