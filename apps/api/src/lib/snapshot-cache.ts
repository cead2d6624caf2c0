/**
 * Answers remembered for as long as the database has not changed (docs/decisions/0052-listing-cache.md): each
 * entry is labelled with the database's transaction snapshot (`pg_current_snapshot()`: xmin, xmax and the
 * transactions in progress) taken before the answer was computed, and is used again only while the current
 * snapshot is the same text. A snapshot decides exactly which transactions are visible, and it changes as soon
 * as any transaction that writes commits or starts writing (in this process or any other: an HTTP request, the
 * in-process worker settling an analysis, `npm run worker` on PostgreSQL, a sweep), so an entry can never serve
 * data older than the last committed write. A write that commits between the label and the computation only
 * costs a miss (the label is then never current again). Entries are keyed by organization: one organization's
 * entry never answers another's. The check is one small query, against the several the answer costs.
 */
import type { DatabaseHandle } from '@gprhub/db';
import { BoundedMap } from './bounded-map.js';

const SNAPSHOT_SQL = 'select pg_current_snapshot()::text as s';

/**
 * The database's current transaction snapshot, as text (`xmin:xmax:xip,…`). Asked of the driver itself, not
 * through drizzle: on PGlite the simple protocol costs 0.07 ms of CPU where drizzle's execute costs 0.47 ms.
 */
export async function currentSnapshot(database: DatabaseHandle): Promise<string> {
  if (database.kind === 'pglite') {
    const [result] = await database.pglite.exec(SNAPSHOT_SQL);
    return String((result!.rows[0] as { s: string }).s);
  }
  const result = await database.pool.query<{ s: string }>(SNAPSHOT_SQL);
  return result.rows[0]!.s;
}

export class SnapshotCache<T> {
  private readonly entries: BoundedMap<string, { snapshot: string; value: T }>;

  constructor(
    private readonly database: DatabaseHandle,
    maxEntries = 1_000,
  ) {
    this.entries = new BoundedMap(maxEntries);
  }

  /** The answer for `organizationId` and `key`: remembered while the database is unchanged, else `load`ed. */
  async get(organizationId: string, key: string, load: () => Promise<T>): Promise<T> {
    const snapshot = await currentSnapshot(this.database);
    const entryKey = `${organizationId}\n${key}`;
    const entry = this.entries.get(entryKey);
    if (entry && entry.snapshot === snapshot) {
      // Re-insert: a Map iterates in insertion order, so the first key is the least recently used.
      this.entries.delete(entryKey);
      this.entries.set(entryKey, entry);
      return entry.value;
    }
    const value = await load();
    this.entries.delete(entryKey);
    this.entries.set(entryKey, { snapshot, value });
    return value;
  }

  /** Entries held now. */
  get size(): number {
    return this.entries.size;
  }
}
