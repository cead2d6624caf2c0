import { describe, expect, it } from 'vitest';
import { createSyntheticBScan } from '../fitting/synthetic-bscan';
import type { GprReadResult } from '../formats/types';
import { areaScanLinesFromRead } from './area-scan-input';

const rg = createSyntheticBScan({ traces: 20, bars: [] });

function read(gridSpacingYCm?: number, gridSizeXCm?: number): GprReadResult {
  return {
    format: 'vendor-zip',
    radargrams: [rg, rg, rg, rg],
    lineScans: [
      { path: 'L002.sgy', radargramIndex: 0, csvLineNumber: 2, direction: 'LEFT_TO_RIGHT', scanLengthM: 0.1 },
      { path: 'L001.sgy', radargramIndex: 1, csvLineNumber: 1, direction: 'LEFT_TO_RIGHT', scanLengthM: 0.1 },
      { path: 'L003.sgy', radargramIndex: 2, csvLineNumber: 3, direction: 'BOTTOM_TO_TOP', scanLengthM: 0.1 },
      { path: 'L004.sgy', radargramIndex: 3, csvLineNumber: 4, direction: 'BOTTOM_TO_TOP', scanLengthM: 0.1 },
    ],
    areaScans: [
      {
        name: 'area',
        csvPath: 'area.csv',
        gridSpacingYCm,
        gridSizeXCm,
        lineScanIndices: [0, 1, 2, 3],
        fields: {},
      },
    ],
    warnings: [],
  };
}

describe('areaScanLinesFromRead', () => {
  it('places each direction’s lines one grid spacing apart in line-number order', () => {
    const { lines, warnings } = areaScanLinesFromRead(read(5, 30));
    expect(lines.map((l) => [l.direction, l.offsetM])).toEqual([
      ['LEFT_TO_RIGHT', 0],
      ['LEFT_TO_RIGHT', 0.05],
      ['BOTTOM_TO_TOP', 0],
      ['BOTTOM_TO_TOP', 0.3],
    ]);
    expect(lines[0].radargram).toBe(rg);
    expect(warnings).toEqual([]);
  });

  it('falls back to 0.1 m with a warning, and to nothing without an area scan', () => {
    const { lines, warnings } = areaScanLinesFromRead(read());
    expect(lines[1].offsetM).toBe(0.1);
    expect(warnings).toHaveLength(2);
    expect(areaScanLinesFromRead({ format: 'dzt', radargrams: [rg], warnings: [] }).lines).toEqual([]);
  });
});
