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

  it('refuses entries that overlap (several names over the same data, a zip bomb)', () => {
    const block = new Uint8Array(100_000);
    const bomb = zipSync({ 'L001.sgy': block, 'L002.sgy': block });
    // Point the second directory entry at the first entry's local header and data.
    const view = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
    const end = bomb.length - 22;
    const directory = view.getUint32(end + 16, true);
    const first = 46 + view.getUint16(directory + 28, true) + view.getUint16(directory + 30, true);
    view.setUint32(directory + first + 42, view.getUint32(directory + 42, true), true);
    expect(() => listZipEntries('bomb.zip', bomb)).toThrow(
      'bomb.zip: damaged zip: entries "L001.sgy" and "L002.sgy" overlap (share the same data); overlapping entries are refused',
    );
    // The same zip untouched lists fine.
    expect(listZipEntries('ok.zip', zipSync({ 'L001.sgy': block, 'L002.sgy': block }))).toHaveLength(2);
  });

  it('refuses an entry larger than the limit, naming it', () => {
    const [entry] = listZipEntries('export.zip', zip);
    expect(() => extractZipEntry('export.zip', zip, entry, 4999)).toThrow(GprFormatError);
    expect(() => extractZipEntry('export.zip', zip, entry, 4999)).toThrow(
      'export.zip/Area 1/L001.sgy: too large: 5000 bytes uncompressed (limit 4999)',
    );
  });
});
