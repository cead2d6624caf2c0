import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildDt1, buildDzt, buildSegy, utf8 } from '../../test/builders';
import { describeWithData, readRealFile } from '../../test/data';
import { expectWellFormed } from '../../test/fuzz';
import { buildVendorZip, vendorCsvText, vendorStyleSegy } from '../../test/vendor-fixture';
import {
  DEFAULT_ANTENNA_SEPARATION_M,
  DEFAULT_SAMPLE_INTERVAL_S,
  DEFAULT_TIME_OFFSET_S,
} from '../model/radargram';
import { readGprFile } from './read-gpr-file';
import { readVendorZip } from './vendor-zip';

describeWithData('readVendorZip with the real RGPR SEG-Y inside', () => {
  it('reads lines, the area group and the file map', () => {
    const segy = vendorStyleSegy(readRealFile('segy-rgpr-littleendian/test.sgy'), 40, true);
    const result = readGprFile({ name: 'export.zip', bytes: buildVendorZip(segy, 3) });
    expectWellFormed(result);
    expect(result.format).toBe('vendor-zip');
    expect(result.radargrams).toHaveLength(3);
    const [r] = result.radargrams;
    expect(r.traces).toBe(40);
    expect(r.samplesPerTrace).toBe(1000);
    expect(r.sampleIntervalS).toBe(DEFAULT_SAMPLE_INTERVAL_S); // 24 ps snapped to the product's 24.414 ps
    expect(r.traceSpacingM).toBeCloseTo(0.0025, 12); // 4 scans/cm from the CSV
    expect(r.permittivity).toBe(7.5);
    expect(r.antennaSeparationM).toBe(DEFAULT_ANTENNA_SEPARATION_M);
    expect(r.timeOffsetS).toBe(-DEFAULT_TIME_OFFSET_S);
    expect(result.areaScans).toHaveLength(1);
    expect(result.areaScans?.[0]).toMatchObject({
      name: 'area',
      csvPath: 'Area 1/area.csv',
      gridSizeXCm: 60,
      gridSizeYCm: 40,
      gridSpacingXCm: 10,
      gridSpacingYCm: 10,
      scanDate: '2017-05-26T09:18:20',
      lineScanIndices: [0, 1, 2],
    });
    expect(
      result.lineScans?.map((l) => [l.path, l.csvLineNumber, l.direction, l.repetitionRateScansPerCm]),
    ).toEqual([
      ['Area 1/L001.sgy', 1, 'LEFT_TO_RIGHT', 4],
      ['Area 1/L002.sgy', 2, 'BOTTOM_TO_TOP', 4],
      ['Area 1/L003.sgy', 3, 'LEFT_TO_RIGHT', 4],
    ]);
    expect(result.lineScans?.[0].scanLengthM).toBeCloseTo(0.1, 12);
    const kinds = Object.fromEntries(result.fileMap?.map((f) => [f.path, f.kind]) ?? []);
    expect(kinds).toMatchObject({
      'Area 1/L001.sgy': 'segy-line',
      'Area 1/area.csv': 'area-csv',
      'Area 1/preview.png': 'unknown',
      '__MACOSX/Area 1/._L001.sgy': 'skipped',
    });
    expect(result.warnings.some((w) => /not understood .*Antenna/.test(w))).toBe(true);
  });
});

describe('readVendorZip on synthetic exports', () => {
  it('honours skipPaths (files and folders, any case)', () => {
    const bytes = buildVendorZip(undefined, 3);
    const result = readVendorZip({ name: 'e.zip', bytes, skipPaths: ['area 1/l002.SGY'] });
    expect(result.radargrams).toHaveLength(2);
    expect(result.fileMap?.find((f) => f.path === 'Area 1/L002.sgy')).toMatchObject({
      kind: 'skipped',
      reason: 'in the list of paths to skip',
    });
    expect(result.warnings.some((w) => /1 row\(s\) match no scan file/.test(w))).toBe(true);
    expect(() => readVendorZip({ name: 'e.zip', bytes, skipPaths: ['Area 1/'] })).toThrow(
      'e.zip: the zip holds no readable GPR scan',
    );
  });

  it('matches rows by line number when the CSV names no files', () => {
    const segy = vendorStyleSegy(buildSegy({ traces: 6 }), 6, false);
    const names = ['scan_1.sgy', 'scan_2.sgy'];
    const bytes = zipSync({
      [names[0]]: segy,
      [names[1]]: segy,
      'grid.csv': utf8(vendorCsvText(names, { withFileNames: false })),
    });
    const result = readVendorZip({ name: 'n.zip', bytes });
    expect(result.lineScans?.map((l) => l.csvLineNumber)).toEqual([1, 2]);
    expect(result.lineScans?.map((l) => l.direction)).toEqual(['LEFT_TO_RIGHT', 'BOTTOM_TO_TOP']);
  });

  it('reports a damaged entry but reads the others', () => {
    const bytes = buildVendorZip(undefined, 2, true);
    const at = findBytes(bytes, new TextEncoder().encode('C 1 GPR LINE'));
    bytes[at + 2] ^= 0xff; // corrupts L001's stored data → CRC mismatch
    const result = readVendorZip({ name: 'd.zip', bytes });
    expect(result.fileMap?.find((f) => f.path === 'Area 1/L001.sgy')).toMatchObject({
      kind: 'error',
      reason: 'damaged zip: CRC-32 mismatch',
    });
    expect(result.radargrams).toHaveLength(1);
  });

  it('reads a plain zip of DT1 + HD and DZT files with their sidecars', () => {
    const { dt1, hd } = buildDt1();
    const bytes = zipSync({ 'a/LINE1.DT1': dt1, 'a/LINE1.HD': hd, 'b/scan.dzt': buildDzt() });
    const result = readGprFile({ name: 'plain.zip', bytes });
    expectWellFormed(result);
    expect(result.radargrams.map((r) => r.format)).toEqual(['dt1', 'dzt']);
    expect(result.fileMap?.map((f) => f.kind)).toEqual(['scan', 'sidecar', 'scan']);
    expect(result.areaScans).toEqual([]);
  });

  it('rejects damaged zips with a GprFormatError naming the zip', () => {
    const bytes = buildVendorZip();
    expect(() => readVendorZip({ name: 'cut.zip', bytes: bytes.subarray(0, bytes.length - 30) })).toThrow(
      /^cut.zip: /,
    );
    expect(() => readVendorZip({ name: 'x.zip', bytes: new Uint8Array([0x50, 0x4b, 5, 6]) })).toThrow(
      /x.zip: not a complete zip file/,
    );
  });
});

function findBytes(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
