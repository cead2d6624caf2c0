/**
 * Where the shared test data live, and a `describe` that skips (or fails, with GPRHUB_REQUIRE_DATA=1) when
 * they are absent. The data sit next to the repository: `<repo>/../shared/data` (override with
 * GPRHUB_SHARED_DATA_DIR).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The repository root (`packages/gpr/test` → three levels up). */
export const repoRoot = path.resolve(here, '../../..');
/** `<repo>/../shared/data`, or `GPRHUB_SHARED_DATA_DIR` when set. */
export const sharedDataDir = process.env.GPRHUB_SHARED_DATA_DIR
  ? path.resolve(process.env.GPRHUB_SHARED_DATA_DIR)
  : path.resolve(repoRoot, '../shared/data');
/** Real instrument files (see SOURCES.md there). */
export const realDataDir = path.join(sharedDataDir, 'real');
/** True when the shared data folder exists. */
export const hasSharedData = existsSync(realDataDir);
/** True when a missing data folder must fail the run (CI sets GPRHUB_REQUIRE_DATA=1). */
export const isDataRequired = process.env.GPRHUB_REQUIRE_DATA === '1';

/**
 * Reads a file under `shared/data/real` as a Uint8Array.
 *
 * @param relativePath - e.g. `'gssi-structurescan-mini-ietgpr/File____001.DZT'`.
 * @returns the bytes.
 * @example
 * ```ts
 * const bytes = readRealFile('segy-rgpr-littleendian/test.sgy');
 * ```
 */
export function readRealFile(relativePath: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(realDataDir, relativePath)));
}

/**
 * `describe` for suites that need the shared data: runs them when the folder exists; otherwise skips them
 * with a message, or (GPRHUB_REQUIRE_DATA=1) fails with one test explaining what is missing.
 *
 * @param name - suite name.
 * @param body - the suite.
 * @returns nothing.
 * @example
 * ```ts
 * describeWithData('readDzt on real files', () => { it('…', () => {}); });
 * ```
 */
export function describeWithData(name: string, body: () => void): void {
  if (hasSharedData) {
    describe(name, body);
  } else if (isDataRequired) {
    describe(name, () => {
      it('needs the shared test data', () => {
        throw new Error(`GPRHUB_REQUIRE_DATA=1 but ${realDataDir} does not exist`);
      });
    });
  } else {
    describe.skip(`${name} (skipped: shared test data not found at ${realDataDir})`, body);
  }
}
