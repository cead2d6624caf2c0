/**
 * The bounded maps behind the app's in-process caches (credentials, hot rows, listings): at most `maxEntries`,
 * and a new key set when full drops the oldest (a Map iterates in insertion order, so the first key is the
 * oldest; a caller that wants least-recently-used order deletes and sets a key again when it uses it).
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly maxEntries: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.maxEntries) {
      const oldest = this.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    return super.set(key, value);
  }
}

/**
 * A bounded map whose entries expire, with a generation counter that every {@link clear} bumps: a value loaded
 * before a clear and arriving after it can be recognised as possibly stale (compare `generation` before and after)
 * and left out.
 */
export class ExpiringMap<V> {
  private readonly entries: BoundedMap<string, { value: V; expiresAt: number }>;
  private clears = 0;

  constructor(maxEntries = 10_000) {
    this.entries = new BoundedMap(maxEntries);
  }

  /** Bumped by every {@link clear}. */
  get generation(): number {
    return this.clears;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value of `key` if it has not expired (an expired entry is dropped). */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keep `value` until `expiresAt` (ms since the epoch); a time already past keeps nothing. */
  set(key: string, value: V, expiresAt: number): void {
    if (expiresAt <= Date.now()) return;
    this.entries.set(key, { value, expiresAt });
  }

  /** Forget every entry and bump the generation. */
  clear(): void {
    this.clears++;
    this.entries.clear();
  }
}
