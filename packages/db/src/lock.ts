import { closeSync, openSync, readFileSync, unlinkSync, writeSync, mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo,
  ) {
    super(
      `DATA_DIR ${dataDir} is already in use by process ${holder.pid} on ${holder.host} (since ${holder.startedAt}). ` +
        'The embedded database can only be opened by one process: stop the other one, or set DATA_DIR to another folder, ' +
        'or use a PostgreSQL server with DATABASE_URL to run several processes.',
    );
    this.name = 'DataDirLockedError';
  }
}

interface LockInfo {
  pid: number;
  host: string;
  startedAt: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockInfo | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
  } catch {
    return null;
  }
}

/**
 * Take the exclusive lock on a data folder. PGlite lets a second process open the same folder and
 * then silently loses one side's writes, so the app must refuse to share it.
 * A lock left by a process that no longer runs (on this host) is taken over.
 * @returns a function that releases the lock
 * @throws DataDirLockedError when a live process holds it
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'gprhub.lock');
  const me: LockInfo = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const holder = readLock(file);
        if (holder?.pid === me.pid && holder.startedAt === me.startedAt) unlinkSync(file);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(file);
      // A lock from another host cannot be checked: it is respected.
      if (holder && (holder.host !== me.host || isAlive(holder.pid))) throw new DataDirLockedError(dataDir, holder);
      try {
        unlinkSync(file); // stale: its process is gone
      } catch {
        /* another starter removed it first; retry */
      }
    }
  }
  throw new Error(`Could not take the lock on ${dataDir}`);
}
