import { inflateSync } from 'node:zlib';
import sqlite from 'node-sqlite3-wasm';
import type { SqlSource } from '@gprhub/scan3d/rtabmap';
import type { SyntheticRecording } from '@gprhub/scan3d/rtabmap';
import { RTABMAP_SCHEMA, rtabmapInserts } from '@gprhub/scan3d/rtabmap';

const { Database } = sqlite;

/** An RTAB-Map database file opened read-only: SQLite compiled to WASM reading the file page by page. */
export interface RtabmapFile extends SqlSource {
  close(): void;
}

/**
 * Open an RTAB-Map database (SQLite) read-only. The WASM SQLite reads the pages it needs from disk, so only
 * the rows asked for are in memory. It locks with a `<file>.lock` folder beside the file: open copies in a
 * writable temporary folder (the job downloads the version's file into one).
 */
export function openRtabmapFile(path: string): RtabmapFile {
  let db: InstanceType<typeof Database>;
  try {
    db = new Database(path, { readOnly: true, fileMustExist: true });
  } catch (error) {
    throw new Error(
      `The RTAB-Map database cannot be opened (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
  return {
    all(sql, params) {
      try {
        return db.all(sql, params) as Record<string, unknown>[];
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (/not a database|malformed|file is encrypted/i.test(message))
          throw new Error(`The file is not a readable SQLite database (${message})`, { cause: error });
        throw new Error(`Reading the RTAB-Map database failed (${message})`, { cause: error });
      }
    },
    inflate(zlibStream) {
      // Node's zlib: native, no JIT warm-up (decision 0059). Errors are wrapped by the callers. A plain
      // Uint8Array over a buffer of its own (readers view it as Float32Array etc. from offset 0).
      const out = inflateSync(zlibStream);
      return out.byteOffset === 0 && out.byteLength === out.buffer.byteLength
        ? new Uint8Array(out.buffer)
        : new Uint8Array(out);
    },
    close() {
      if (db.isOpen) db.close();
    },
  };
}

/** Write a synthetic recording as an RTAB-Map database at `path` (a new file), one frame rendered at a time. */
export function writeRtabmapFile(path: string, recording: SyntheticRecording): void {
  const db = new Database(path);
  try {
    db.exec(RTABMAP_SCHEMA);
    db.exec('BEGIN');
    for (const [sql, params] of rtabmapInserts(recording)) db.run(sql, params);
    db.exec('COMMIT');
  } finally {
    db.close();
  }
}
