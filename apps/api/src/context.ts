import { acquireDataDirLock, migrateDatabase, openDatabase, pgliteDirOf } from '@gprhub/db';
import type { AppContext } from './app-context.js';
import { createAuth } from './auth/auth.js';
import type { AppConfig } from './config.js';
import { createStorage } from './storage/index.js';

export interface OpenedContext extends AppContext {
  /** Close the database and release the data folder. */
  close: () => Promise<void>;
}

/**
 * Open everything the app needs: the database (PostgreSQL when DATABASE_URL is set, else PGlite in
 * DATA_DIR under an exclusive lock), migrations applied, auth and storage.
 */
export async function openContext(config: AppConfig, options: { migrationsFolder?: string; inMemory?: boolean; pgliteSnapshot?: Blob } = {}): Promise<OpenedContext> {
  const embedded = !config.databaseUrl;
  const release = embedded && !options.inMemory ? acquireDataDirLock(config.dataDir) : () => {};
  try {
    const database = await openDatabase({
      url: config.databaseUrl,
      pgliteDir: embedded && !options.inMemory ? pgliteDirOf(config.dataDir) : undefined,
      pgliteSnapshot: options.pgliteSnapshot,
    });
    await migrateDatabase(database, options.migrationsFolder);
    const ctx: AppContext = { config, database, db: database.db, auth: createAuth(config, database.db), storage: createStorage(config) };
    return {
      ...ctx,
      close: async () => {
        await database.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
