import { DEFAULT_COVER_CLASSES } from '@gprhub/contract';
import { parse } from 'csv-parse/sync';
import DxfParser from 'dxf-parser';
import { describe, expect, it } from 'vitest';
import { BAR_CSV_COLUMNS, type CsvBar, writeBarsCsv } from './csv-writer.js';
import { layerName, nearestAci, writeRebarPlanDxf } from './dxf-writer.js';
import { toExportBar, toExportBars } from './export-bars.js';

const engineBar = {
  id: 'b1',
  depthCoords: [[0.42, 0, 0.046]],
  R: 0.006,
  orientation: 1,
  usesDefaultRadius: true,
  xM: 0.42,
  coverM: 0.04,
  coverSdM: 0.0021,
  confidence: 0.87,
};
const sized = { ...engineBar, id: 'b2', R: 0.008, usesDefaultRadius: false, nominalDiameterMm: 16, depthCoords: [[0.9, 0, 0.063]], coverM: 0.055 };

describe('export bars', () => {
  it('reads the engine fields and decides the diameter', () => {
    const bar = toExportBar(engineBar, false)!;
    expect(bar).toMatchObject({ id: 'b1', orientation: 'HORIZONTAL', xM: 0.42, coverM: 0.04, coverSdM: 0.0021, diameterMm: null, confidence: 0.87, isCorrected: false });
    expect(toExportBar(sized, false)!.diameterMm).toBe(16);
    // A size set by the user (no nominal size, not the default radius): R × 2000.
    const user = toExportBar({ id: 'u', depthCoords: [[0.1, 0, 0.03]], R: 0.005, orientation: 0, usesDefaultRadius: false }, true)!;
    expect(user.coverM).toBeCloseTo(0.025, 12);
    expect(user).toMatchObject({
      diameterMm: 10,
      coverSdM: null,
      confidence: null,
      isCorrected: true,
    });
  });

  it('skips what is not a bar and sorts along x', () => {
    const bars = toExportBars([sized, { id: 'x' }, null, engineBar, { ...engineBar, orientation: 2 }], false);
    expect(bars.map((b) => b.id)).toEqual(['b1', 'b2']);
  });
});

describe('writeBarsCsv', () => {
  it('writes every field in metres, read back by csv-parse', () => {
    const bars: CsvBar[] = toExportBars([engineBar, sized], false).map((b) => ({ ...b, source: 'Line, "A"\n2' }));
    const csv = writeBarsCsv(bars);
    const rows = parse(csv, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([...BAR_CSV_COLUMNS]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      id: 'b1',
      source: 'Line, "A"\n2',
      orientation: 'HORIZONTAL',
      x_m: '0.42',
      cover_m: '0.04',
      cover_sd_m: '0.0021',
      centre_depth_m: '0.046',
      radius_m: '0.006',
      diameter_mm: 'undetermined',
      confidence: '0.87',
      corrected: 'no',
    });
    expect(rows[1]).toMatchObject({ id: 'b2', diameter_mm: '16', cover_m: '0.055' });
  });

  it('defuses spreadsheet formulas in text fields', () => {
    const [bar] = toExportBars([engineBar], false);
    const rows = parse(writeBarsCsv([{ ...bar!, source: '=HYPERLINK("x")' }]), { columns: true }) as Record<string, string>[];
    expect(rows[0]!.source).toBe(`'=HYPERLINK("x")`);
  });

  it('writes only the header for no bars', () => {
    expect(parse(writeBarsCsv([]), { columns: true })).toEqual([]);
  });
});

describe('writeRebarPlanDxf', () => {
  const area = toExportBars(
    [
      { id: 'v', depthCoords: [[0.2, 0, 0.031], [0.21, 0.5, 0.033]], R: 0.006, orientation: 0, usesDefaultRadius: true, coverM: 0.026 },
      { id: 'h', depthCoords: [[0, 0.3, 0.061], [0.8, 0.3, 0.059]], R: 0.006, orientation: 1, usesDefaultRadius: true, coverM: 0.054 },
      { id: 'p', depthCoords: [[0.6, 0.1, 0.02]], R: 0.005, orientation: 1, usesDefaultRadius: false, coverM: 0.015 },
    ],
    false,
  );

  it('puts bars as lines on layers by orientation and cover class, read back by dxf-parser', () => {
    const dxf = new DxfParser().parseSync(writeRebarPlanDxf(area, DEFAULT_COVER_CLASSES))!;
    const layers = dxf.tables.layer.layers;
    expect(Object.keys(layers)).toContain('REBAR_VERTICAL_COVER_20-30MM');
    expect(Object.keys(layers)).toContain('REBAR_HORIZONTAL_COVER_GE50MM');
    expect(layers['REBAR_HORIZONTAL_COVER_LT20MM']!.colorIndex).toBe(nearestAci('#d73027'));
    const lines = dxf.entities.filter((e) => e.type === 'LINE') as unknown as { layer: string; vertices: { x: number; y: number; z: number }[] }[];
    expect(lines).toHaveLength(2);
    const vertical = lines.find((l) => l.layer === 'REBAR_VERTICAL_COVER_20-30MM')!;
    expect(vertical.vertices[0]).toMatchObject({ x: 0.2, y: 0 });
    expect(vertical.vertices[1]).toMatchObject({ x: 0.21, y: 0.5 });
    expect(vertical.vertices[0]!.z).toBeCloseTo(-0.032, 6);
    expect(lines.find((l) => l.layer === 'REBAR_HORIZONTAL_COVER_GE50MM')).toBeDefined();
    // A bar seen on one line only is a circle of its radius.
    const circles = dxf.entities.filter((e) => e.type === 'CIRCLE') as unknown as { layer: string; radius: number; center: { x: number } }[];
    expect(circles).toEqual([expect.objectContaining({ layer: 'REBAR_HORIZONTAL_COVER_LT20MM', radius: 0.005 })]);
    const texts = dxf.entities.filter((e) => e.type === 'TEXT') as unknown as { text: string }[];
    expect(texts.map((t) => t.text).sort()).toEqual(['15 mm', '26 mm', '54 mm']);
  });

  it('names layers after the organization\'s classes', () => {
    const classes = [{ upToMm: 35, color: '#ff0000' }, { upToMm: null, color: '#0000ff' }];
    expect(layerName('VERTICAL', classes, 0)).toBe('REBAR_VERTICAL_COVER_LT35MM');
    expect(layerName('HORIZONTAL', classes, 1)).toBe('REBAR_HORIZONTAL_COVER_GE35MM');
    expect(nearestAci('#0000ff')).toBe(5);
  });
});
