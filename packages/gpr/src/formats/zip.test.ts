import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { extractZipEntry, GprFormatError, isZip, listZipEntries } from '../index';

// The zip primitives are public so that callers (the API's importer) can cap entry counts and sizes before
// reading, and keep each line's bytes without inflating the whole archive again.
describe('zip primitives (public API)', () => {
  const zip = zipSync({
    'Area 1/L001.sgy': new Uint8Array(5000).fill(7),
    'Area 1/area.csv': new TextEncoder().encode('a\t1'),
  });

  it('lists entries with their sizes and extracts one of them', () => {
    expect(isZip(zip)).toBe(true);
    const entries = listZipEntries('export.zip', zip);
    expect(entries.map((e) => [e.path, e.size])).toEqual([
      ['Area 1/L001.sgy', 5000],
      ['Area 1/area.csv', 3],
    ]);
    const line = extractZipEntry('export.zip', zip, entries[0], 10_000);
    expect(line.length).toBe(5000);
    expect(line.every((b) => b === 7)).toBe(true);
  });

  it('refuses an entry larger than the limit, naming it', () => {
    const [entry] = listZipEntries('export.zip', zip);
    expect(() => extractZipEntry('export.zip', zip, entry, 4999)).toThrow(GprFormatError);
    expect(() => extractZipEntry('export.zip', zip, entry, 4999)).toThrow(
      'export.zip/Area 1/L001.sgy: too large: 5000 bytes uncompressed (limit 4999)',
    );
  });
});
