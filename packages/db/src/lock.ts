import { closeSync, constants, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** The two calls used of fs-native-extensions (CommonJS with prebuilt binaries, no types of its own). */
const { tryLock, unlock } = createRequire(import.meta.url)('fs-native-extensions') as {
  /** An exclusive lock on the whole file; `false` when another open descriptor holds it. */
  tryLock(fd: number): boolean;
  unlock(fd: number): void;
};

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo | null,
  ) {
    const who = holder ? `process ${holder.pid} on ${holder.host} (since ${holder.startedAt})` : 'another process';
    super(
      `DATA_DIR ${dataDir} is already in use by ${who}. ` +
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

function readHolder(file: string): LockInfo | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
  } catch {
    return null;
  }
}

/**
 * Take the exclusive lock on a data folder. PGlite lets a second process open the same folder and
 * then silently loses one side's writes, so the app must refuse to share it.
 *
 * The lock is the operating system's own lock on `DATA_DIR/gprhub.lock` (an open-file-description
 * lock on Linux, `flock` on macOS, `LockFileEx` on Windows), held by an open descriptor: it ends
 * with the process however that process ends (kill -9 included), and a reused process id can never
 * keep it. The file's content (pid, host, start time) only words the refusal. Decision 0011.
 * @returns a function that releases the lock
 * @throws DataDirLockedError when another open descriptor (this process included) holds it
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'gprhub.lock');
  const fd = openSync(file, constants.O_RDWR | constants.O_CREAT, 0o644);
  let isLocked: boolean;
  try {
    isLocked = tryLock(fd);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  if (!isLocked) {
    closeSync(fd);
    throw new DataDirLockedError(dataDir, readHolder(file));
  }
  const me: LockInfo = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  ftruncateSync(fd, 0);
  writeSync(fd, JSON.stringify(me), 0);
  let isReleased = false;
  // The file stays: deleting it would let a process that opened it just before take a lock on a
  // file nobody else can see any more.
  return () => {
    if (isReleased) return;
    isReleased = true;
    ftruncateSync(fd, 0);
    unlock(fd);
    closeSync(fd);
  };
}
