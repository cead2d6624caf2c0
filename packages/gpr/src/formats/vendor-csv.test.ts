import { describe, expect, it } from 'vitest';
import { utf16le, utf8 } from '../../test/builders';
import { GprFormatError } from './errors';
import { readVendorCsv } from './vendor-csv';
import { matchVendorField, parseDirection } from './vendor-fields';

const TABLE = [
  'Area scan name\tSlab A',
  'Grid size X [cm]\t60',
  'Grid size Y [cm]\t40',
  'Grid spacing X [cm]\t10',
  'Grid spacing Y (cm)\t10',
  'Scan date\t26/05/2017 09:18:20',
  'Firmware\t1.2.3',
  '',
  'File name\tLine number\tDirection\tScans/cm\tLength [cm]\tOperator',
  'L001.sgy\t1\tX\t4\t55.5\tAnna',
  'L002.sgy\t2\tY\t4\t55,5\tAnna',
].join('\r\n');

describe('readVendorCsv', () => {
  it('reads key/value rows and a line table from UTF-16 LE with BOM', () => {
    const csv = readVendorCsv(utf16le(TABLE));
    expect(csv.encoding).toBe('utf-16le');
    expect(csv.global).toMatchObject({
      areaScanName: 'Slab A',
      gridSizeX: 60,
      gridSizeY: 40,
      gridSpacingX: 10,
      gridSpacingY: 10,
      scanDate: '2017-05-26T09:18:20',
      scansPerCm: 4,
    });
    expect(csv.rows).toEqual([
      { fileName: 'L001.sgy', csvLineNumber: 1, direction: 'LEFT_TO_RIGHT', scansPerCm: 4, scanLength: 55.5 },
      { fileName: 'L002.sgy', csvLineNumber: 2, direction: 'BOTTOM_TO_TOP', scansPerCm: 4, scanLength: 55.5 },
    ]);
    expect(csv.notUnderstood).toEqual(['Firmware', 'Operator']);
    expect(csv.understood).toContain('"Grid spacing X [cm]" → gridSpacingX (cm)');
  });

  it('reads the same from UTF-8 with and without BOM, and comma-separated', () => {
    expect(readVendorCsv(utf8(TABLE)).rows).toHaveLength(2);
    expect(readVendorCsv(utf8(`\ufeff${TABLE}`)).encoding).toBe('utf-8');
    const comma = readVendorCsv(utf8('fileName,csvLineNumber,repetitionRate\nA.sgy,7,3'));
    expect(comma.rows[0]).toEqual({ fileName: 'A.sgy', csvLineNumber: 7, scansPerCm: 3 });
  });

  it('converts imperial exports to centimetres and scans per centimetre', () => {
    const csv = readVendorCsv(utf8('Units\tImperial\nGrid spacing X\t4\nScans per inch\t10\n'));
    expect(csv.global.gridSpacingX).toBeCloseTo(10.16, 10);
    expect(csv.global.scansPerCm).toBeCloseTo(10 / 2.54, 10);
    expect(readVendorCsv(utf8('Grid spacing X [mm]\t100')).global.gridSpacingX).toBeCloseTo(10, 10);
    expect(readVendorCsv(utf8('gridSpacingXCm\t12')).global.gridSpacingX).toBe(12);
  });

  it('never throws on garbage without NUL characters', () => {
    for (const text of ['', '\t\t\t', '"unterminated\tx', '\u0001\u0002', 'a\tb\tc\n1\t2'])
      expect(() => readVendorCsv(utf8(text))).not.toThrow();
  });

  it('refuses a NUL character in a field, naming the file (the database cannot store one)', () => {
    expect(() => readVendorCsv(utf8('Antenna\tGP\u00008000'), 'Area 1/area.csv')).toThrow(
      new GprFormatError('Area 1/area.csv', 'contains a NUL character (character 11): a text file cannot hold one; the file is damaged or not text'),
    );
    expect(() => readVendorCsv(utf16le('File name\tLine\nL\u00001.sgy\t1'))).toThrow(GprFormatError);
    // NUL padding after the text is not content.
    expect(readVendorCsv(utf8('Antenna\tGP8000\u0000\u0000')).raw).toEqual({ Antenna: 'GP8000' });
  });
});

describe('vendor field names', () => {
  it('matches tolerant spellings', () => {
    expect(matchVendorField('CSV line number')).toEqual({ field: 'csvLineNumber', unit: undefined });
    expect(matchVendorField('Scans per inch')).toEqual({ field: 'scansPerCm', unit: 'inch' });
    expect(matchVendorField('Repetition rate [scans/cm]')).toEqual({ field: 'scansPerCm', unit: 'cm' });
    expect(matchVendorField('GRID_SIZE_Y (in)')).toEqual({ field: 'gridSizeY', unit: 'in' });
    expect(matchVendorField('Operator')).toBeUndefined();
  });

  it('reads directions', () => {
    expect(parseDirection('Left to right')).toBe('LEFT_TO_RIGHT');
    expect(parseDirection('BOTTOM_TO_TOP')).toBe('BOTTOM_TO_TOP');
    expect(parseDirection('diagonal')).toBeUndefined();
  });
});
