import { describe, expect, it } from 'vitest';
import type { ZipFileMapResponse } from '@gprhub/contract';
import { buildScanGeometry, findScansWithoutSpacing, parseTraceSpacingMm } from './scan-geometry-input';

const scan = (path: string, traceSpacingM: number) => ({
  path,
  name: path,
  format: 'gprmax' as const,
  traces: 100,
  samplesPerTrace: 10,
  scanLength: 100 * traceSpacingM,
  traceSpacingM,
  csvLineNumber: null,
  areaScanDirection: null,
  areaScanIndex: null,
});
const review: ZipFileMapResponse = {
  fileName: 'x.zip',
  fileMap: [],
  gprScans: [scan('a.out', 0), scan('b.dzt', 0.002), scan('c.out', 0), scan('c.out', 0)],
  areaScans: [],
  warnings: [],
};

describe('scan geometry at import', () => {
  it('parses millimetres with a comma or a point, within (0, 500]', () => {
    expect(parseTraceSpacingMm('2,5')).toBe(2.5);
    expect(parseTraceSpacingMm(' 4 ')).toBe(4);
    expect(parseTraceSpacingMm('500')).toBe(500);
    for (const bad of ['', '0', '-1', '500.1', 'abc', '1e400']) expect(parseTraceSpacingMm(bad)).toBeNull();
  });

  it('asks once per file without a spacing, not for skipped ones', () => {
    expect(findScansWithoutSpacing(review, new Set()).map((s) => s.path)).toEqual(['a.out', 'c.out']);
    expect(findScansWithoutSpacing(review, new Set(['a.out'])).map((s) => s.path)).toEqual(['c.out']);
    expect(findScansWithoutSpacing(null, new Set())).toEqual([]);
  });

  it('builds the call’s scanGeometry in metres only when every asked value is valid', () => {
    const asked = findScansWithoutSpacing(review, new Set());
    expect(buildScanGeometry(asked, { 'a.out': '2', 'c.out': '2,5' })).toEqual([
      { path: 'a.out', traceSpacingM: 0.002 },
      { path: 'c.out', traceSpacingM: 0.0025 },
    ]);
    expect(buildScanGeometry(asked, { 'a.out': '2' })).toBeNull();
    expect(buildScanGeometry(asked, { 'a.out': '2', 'c.out': '0' })).toBeNull();
    expect(buildScanGeometry([], {})).toEqual([]);
  });
});
