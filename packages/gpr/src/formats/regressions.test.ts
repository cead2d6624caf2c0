import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectWellFormed } from '../../test/fuzz';
import { GprFormatError } from './errors';
import { loadHdf5Support } from './hdf5-runtime';
import { readGprFile } from './read-gpr-file';

/**
 * Replays inputs that once broke a reader (kept under test/regressions): files sharing a base name form one
 * case; the file with a scan extension is the input, the others its sidecars.
 */
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/regressions');
/** Some cases were slow (quadratic parsing); each must now finish well within this. */
const MAX_CASE_MS = 2000;
const SCAN = /\.(dzt|sgy|segy|dt1|rd3|rd7|out|zip)$/i;
const files = readdirSync(dir).filter((f) => !f.endsWith('.md'));
const cases = files.filter((f) => SCAN.test(f));

beforeAll(async () => {
  await loadHdf5Support();
});

describe('regression inputs', () => {
  it('has cases', () => expect(cases.length).toBeGreaterThan(0));
  for (const main of cases) {
    it(`${main}: returns a well-formed result or throws GprFormatError`, () => {
      const base = main.replace(/\.[^.]+$/, '');
      const sidecars = Object.fromEntries(
        files
          .filter((f) => f !== main && f.replace(/\.[^.]+$/, '') === base)
          .map((f) => [f, new Uint8Array(readFileSync(path.join(dir, f)))]),
      );
      const bytes = new Uint8Array(readFileSync(path.join(dir, main)));
      const started = performance.now();
      try {
        expectWellFormed(readGprFile({ name: main, bytes, sidecars }));
      } catch (error) {
        if (!(error instanceof GprFormatError)) throw error;
      }
      expect(performance.now() - started).toBeLessThan(MAX_CASE_MS);
    });
  }
});
