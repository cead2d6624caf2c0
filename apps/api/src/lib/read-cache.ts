/**
 * Rows read on a hot path, remembered briefly (docs/decisions/0046-hot-reads.md): the signal route read the
 * scan's row (a query, for organization scoping and the ETag) on every request. An entry is keyed by the
 * organization and the id asked for (so one organization's entry never answers another's), lives at most
 * `ttlMs` (AUTH_CACHE_S, like the credential cache), and only found rows are kept (a miss is read again).
 *
 * **Invalidation.** Every cache made by {@link ReadCaches} is cleared when a request that may write starts and
 * again when it ends (any method but GET, HEAD and OPTIONS: deleting, moving, restoring a node, changing a
 * scan's geometry…), so within the process a change is seen at once; a read that started before a write and
 * ends after it is not kept (the cache's generation changed meanwhile). Other processes see a change within
 * `ttlMs`.
 */
import { ExpiringMap } from './bounded-map.js';

export class ReadCache<T> {
  private readonly entries: ExpiringMap<T>;

  constructor(
    private readonly ttlMs: number,
    maxEntries = 10_000,
  ) {
    this.entries = new ExpiringMap<T>(maxEntries);
  }

  /** The row for `organizationId` and `id`: remembered, or `load`ed (and remembered when found). */
  async get(organizationId: string, id: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    if (this.ttlMs <= 0) return load();
    const key = `${organizationId}\n${id}`;
    const remembered = this.entries.get(key);
    if (remembered !== undefined) return remembered;
    const generation = this.entries.generation;
    const value = await load();
    // A write started or ended while the row was read: it may be stale already.
    if (value === undefined || generation !== this.entries.generation) return value;
    this.entries.set(key, value, Date.now() + this.ttlMs);
    return value;
  }

  /** Forget every entry: something may have changed. */
  clear(): void {
    this.entries.clear();
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The read caches of one app, cleared together by every request that may write. */
export class ReadCaches {
  private readonly caches: ReadCache<unknown>[] = [];

  constructor(private readonly ttlMs: number) {}

  create<T>(): ReadCache<T> {
    const cache = new ReadCache<T>(this.ttlMs);
    this.caches.push(cache as ReadCache<unknown>);
    return cache;
  }

  /** Clear them all when `method` may write. */
  onRequest(method: string): void {
    if (!READ_METHODS.has(method)) for (const cache of this.caches) cache.clear();
  }
}
