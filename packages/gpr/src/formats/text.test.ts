import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { GprFormatError } from './errors';
import { rejectNulCharacters } from './text';
import { listZipEntries } from './zip';

describe('NUL characters in text read from files', () => {
  it('refuses a NUL inside the text, naming the file and where', () => {
    expect(() => rejectNulCharacters('SAMPLES:5\u000012', 'line.rad')).toThrow(
      new GprFormatError('line.rad', 'contains a NUL character (character 10): a text file cannot hold one; the file is damaged or not text'),
    );
  });

  it('drops NUL padding at the end and keeps text without NUL as is', () => {
    expect(rejectNulCharacters('SAMPLES:512\u0000\u0000', 'line.rad')).toBe('SAMPLES:512');
    expect(rejectNulCharacters('a\tb', 'area.csv')).toBe('a\tb');
  });

  it('refuses a zip entry whose name holds a NUL', () => {
    const zip = zipSync({ 'Area 1/L\u00001.sgy': new Uint8Array(10) });
    expect(() => listZipEntries('export.zip', zip)).toThrow(
      'export.zip: damaged zip: the name of entry 1 contains a NUL character',
    );
  });
});
