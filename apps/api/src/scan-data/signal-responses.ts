/**
 * The signal of a scan as served: encoded once (binary or JSON), compressed once per encoding, kept in a
 * bounded cache (SIGNAL_CACHE_MB) keyed by what the bytes depend on: the scan's file and sidecars (stored
 * files are immutable: a new file is a new id), which radargram of it, and the geometry stored over the
 * file's. The same key names the ETag, so a client that has the signal gets a 304.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { GprScanRow } from '@gprhub/db';
import type { Radargram } from '@gprhub/gpr';
import { ByteLru } from './byte-lru.js';

export type SignalEncoding = 'br' | 'gzip' | 'identity';
/** The signal's forms: binary (version 1), binary byte-shuffled (version 2), JSON. */
export type SignalRepresentation = 'binary' | 'binary-shuffled' | 'json';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

const caches = new Map<number, ByteLru<Buffer>>();
/** Bodies being made now, by cache key: concurrent misses of one key wait for the same read and encoding. */
const inFlight = new Map<string, Promise<Buffer>>();

/** `make` once per key at a time: a second caller while the first is working gets the first's promise. */
function once(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  let pending = inFlight.get(key);
  if (!pending) {
    pending = make().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

function cacheOf(maxBytes: number): ByteLru<Buffer> {
  let cache = caches.get(maxBytes);
  if (!cache) {
    cache = new ByteLru<Buffer>(maxBytes);
    caches.set(maxBytes, cache);
  }
  return cache;
}

/** The strong ETag of a scan's signal in one representation (without its content coding). */
export function signalEtag(scan: GprScanRow, representation: SignalRepresentation): string {
  const key = JSON.stringify([
    scan.fileId,
    scan.sidecarFileIds,
    scan.radargramIndex,
    scan.sampleIntervalS,
    scan.timeOffsetS,
    scan.traceSpacingM,
    scan.antennaSeparationM,
    scan.permittivity,
    representation,
  ]);
  return `"${createHash('sha256').update(key).digest('base64url').slice(0, 32)}"`;
}

/** The best encoding the client accepts: br, then gzip, else none (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): SignalEncoding {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name!.toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** True when the request's If-None-Match names this ETag (any content coding of it, or `*`). */
export function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const base = etag.slice(0, -1);
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag || tag.startsWith(`${base}-`));
}

/**
 * The body for this ETag and encoding: from the cache, or encoded (and compressed, on libuv's threads, off
 * the event loop) and cached. `load` reads the radargram only on a miss, and concurrent misses of one body
 * share one read, encoding and compression (one promise in flight per key).
 */
export async function signalBody(
  cacheBytes: number,
  etag: string,
  encoding: SignalEncoding,
  load: () => Promise<Radargram>,
  encode: (radargram: Radargram) => Buffer,
): Promise<Buffer> {
  const cache = cacheOf(cacheBytes);
  const key = `${etag}:${encoding}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const rawKey = `${etag}:identity`;
  // 50 clients asking for a scan nobody has asked for yet read and parse it once, not 50 times.
  const raw =
    cache.get(rawKey) ??
    (await once(rawKey, async () => {
      const encoded = encode(await load());
      cache.set(rawKey, encoded, encoded.byteLength);
      return encoded;
    }));
  if (encoding === 'identity') return raw;
  return once(key, async () => {
    const compressed =
      encoding === 'br'
        ? await brotliAsync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
        : await gzipAsync(raw, { level: 6 });
    cache.set(key, compressed, compressed.byteLength);
    return compressed;
  });
}
