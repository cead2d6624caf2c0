import type { Database, DatabaseHandle } from '@gprhub/db';
import type { Auth } from './auth/auth.js';
import type { AppConfig } from './config.js';
import type { Storage } from './storage/index.js';

/** What every module gets: configuration, database, auth and file storage. */
export interface AppContext {
  config: AppConfig;
  database: DatabaseHandle;
  db: Database;
  auth: Auth;
  storage: Storage;
}
