import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The Drizzle database, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle =
  | { kind: 'pglite'; db: Database; pglite: PGlite; close: () => Promise<void> }
  | { kind: 'postgres'; db: Database; pool: pg.Pool; connectionString: string; close: () => Promise<void> };

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string;
  /** Folder of the embedded database (PGlite); `undefined` with no url means in memory. */
  pgliteDir?: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /** Start the in-memory PGlite from a snapshot made by `dumpDataDir` (fast test fixtures). */
  pgliteSnapshot?: Blob;
}

/**
 * Open the database: PostgreSQL when `url` is given, else PGlite (in `pgliteDir`, or in memory).
 * The caller owns the PGlite folder's lock (see `acquireDataDirLock`).
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
    // Fail now, with the server's message, rather than on the first request.
    const client = await pool.connect();
    client.release();
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return { kind: 'postgres', db, pool, connectionString: options.url, close: () => pool.end() };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  // pg_trgm backs the name search index (PostgreSQL ships it in contrib).
  const extensions = { pg_trgm };
  const pglite = options.pgliteDir
    ? await PGlite.create(options.pgliteDir, { extensions })
    : await PGlite.create(options.pgliteSnapshot ? { loadDataDir: options.pgliteSnapshot, extensions } : { extensions });
  const db = drizzlePglite(pglite, { schema }) as unknown as Database;
  return { kind: 'pglite', db, pglite, close: () => pglite.close() };
}

/** Where the embedded database lives inside DATA_DIR. */
export function pgliteDirOf(dataDir: string): string {
  return join(dataDir, 'pglite');
}
