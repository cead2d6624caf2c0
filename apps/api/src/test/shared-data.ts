/**
 * The shared real GPR files for API tests, as in packages/gpr/test/data.ts: `<repo>/../shared/data`
 * (override with GPRHUB_SHARED_DATA_DIR); suites skip with a message when it is absent, or fail with
 * GPRHUB_REQUIRE_DATA=1.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const sharedDataDir = process.env.GPRHUB_SHARED_DATA_DIR
  ? path.resolve(process.env.GPRHUB_SHARED_DATA_DIR)
  : path.resolve(repoRoot, '../shared/data');
/** Real instrument files (see SOURCES.md there). */
export const realDataDir = path.join(sharedDataDir, 'real');
const hasSharedData = existsSync(realDataDir);

/** A file under `shared/data/real`, e.g. `gssi-sir3000-fhwa-charisma-lab/Lab_specimen_data.DZT`. */
export function readRealFile(relativePath: string): Buffer {
  return readFileSync(path.join(realDataDir, relativePath));
}

/** `describe` that runs with the shared data, skips with a message without it, or fails when it is required. */
export function describeWithData(name: string, body: () => void): void {
  if (hasSharedData) describe(name, body);
  else if (process.env.GPRHUB_REQUIRE_DATA === '1') {
    describe(name, () => {
      it('needs the shared test data', () => {
        throw new Error(`GPRHUB_REQUIRE_DATA=1 but ${realDataDir} does not exist`);
      });
    });
  } else describe.skip(`${name} (skipped: shared test data not found at ${realDataDir})`, body);
}
