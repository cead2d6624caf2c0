import {
  DEFAULT_ANTENNA_SEPARATION_M,
  DEFAULT_SAMPLE_INTERVAL_S,
  DEFAULT_TIME_OFFSET_S,
} from '../model/radargram';
import type { Radargram } from '../model/radargram';
import { baseNameOf, fileNameOf, stemOf } from './sidecars';
import type { AreaScanDirection, AreaScanGroup, LineScan } from './types';
import type { VendorCsv, VendorValues } from './vendor-csv';

/** A line read from the zip, before grouping. */
export interface ZipLine {
  path: string;
  radargramIndex: number;
  radargram: Radargram;
  isSegy: boolean;
}

/** A CSV read from the zip. */
export interface ZipCsv {
  path: string;
  csv: VendorCsv;
}

const AREA_FIELDS = [
  'areaScanWidth',
  'areaScanHeight',
  'gridSpacingX',
  'gridSpacingY',
  'gridSizeX',
  'gridSizeY',
] as const;

const folderOf = (path: string): string => path.slice(0, path.lastIndexOf('/') + 1);
const trailingNumber = (path: string): number | undefined => {
  const m = /(\d+)\D*$/.exec(baseNameOf(path).slice(-100));
  return m ? Number(m[1]) : undefined;
};
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * Matches CSV rows to line files and builds the line scans and area-scan groups. A CSV claims the lines in its
 * folder (and below). Rows match a line by file name, else by line number against the last number in the
 * file name, else (when nothing matched and the counts agree) by sorted order, with a warning. A CSV with
 * area values (width/height, grid size or spacing) or several lines becomes an area scan; otherwise its values
 * only annotate the lines.
 *
 * @param lines - every radargram read from the zip.
 * @param csvs - every CSV read from the zip.
 * @param warnings - receives matching notes.
 * @returns line scans (one per line, in `lines` order), area groups and the kind each CSV turned out to be.
 * @example
 * ```ts
 * const { lineScans, areaScans } = groupVendorLines(lines, csvs, warnings);
 * ```
 */
export function groupVendorLines(
  lines: ZipLine[],
  csvs: ZipCsv[],
  warnings: string[],
): { lineScans: LineScan[]; areaScans: AreaScanGroup[]; csvKinds: Map<string, 'area-csv' | 'metadata-csv'> } {
  const lineScans: LineScan[] = lines.map((l) => ({
    path: l.path,
    radargramIndex: l.radargramIndex,
    scanLengthM: 0,
  }));
  const areaScans: AreaScanGroup[] = [];
  const csvKinds = new Map<string, 'area-csv' | 'metadata-csv'>();
  const claimed = new Set<number>();
  const byDepth = [...csvs].sort((a, b) => folderOf(b.path).length - folderOf(a.path).length);
  for (const { path, csv } of byDepth) {
    const candidates = lines
      .map((_, i) => i)
      .filter((i) => !claimed.has(i) && lines[i].path.startsWith(folderOf(path)));
    const matches = matchRows(path, csv, candidates, lines, warnings);
    const isArea =
      AREA_FIELDS.some((f) => csv.global[f] !== undefined) ||
      matches.length >= 2 ||
      csv.global.areaScanName !== undefined;
    csvKinds.set(path, isArea ? 'area-csv' : 'metadata-csv');
    const areaIndex = isArea ? areaScans.length : undefined;
    matches.forEach(({ line, row }, order) => {
      claimed.add(line);
      const values: VendorValues = { ...csv.global, ...row };
      const scan = lineScans[line];
      scan.csvLineNumber = num(row.csvLineNumber) ?? trailingNumber(lines[line].path) ?? order + 1;
      const direction = str(values.direction) as AreaScanDirection | undefined;
      if (direction) scan.direction = direction;
      const rate = num(values.scansPerCm);
      if (rate) scan.repetitionRateScansPerCm = rate;
      const date = str(values.scanDate);
      if (date) scan.scanDate = date;
      if (areaIndex !== undefined) scan.areaScanIndex = areaIndex;
      applyCsvValues(lines[line], values, path);
      const lengthCm = num(row.scanLength);
      const r = lines[line].radargram;
      scan.scanLengthM = lengthCm !== undefined ? lengthCm / 100 : r.traces * r.traceSpacingM;
    });
    if (isArea)
      areaScans.push(
        buildGroup(
          path,
          csv,
          matches.map((m) => m.line),
          lineScans,
        ),
      );
  }
  lineScans.forEach((scan, i) => {
    if (scan.scanLengthM === 0)
      scan.scanLengthM = lines[i].radargram.traces * lines[i].radargram.traceSpacingM;
  });
  return { lineScans, areaScans, csvKinds };
}

function matchRows(
  csvPath: string,
  csv: VendorCsv,
  candidates: number[],
  lines: ZipLine[],
  warnings: string[],
): { line: number; row: VendorValues }[] {
  const csvName = fileNameOf(csvPath);
  if (csv.rows.length === 0) return candidates.map((line) => ({ line, row: {} }));
  const out: { line: number; row: VendorValues }[] = [];
  const used = new Set<number>();
  csv.rows.forEach((row, r) => {
    const wanted = str(row.fileName);
    const number = num(row.csvLineNumber);
    let found: number[] = [];
    if (wanted) {
      const key = baseNameOf(wanted);
      found = candidates.filter(
        (i) => fileNameOf(lines[i].path).toLowerCase() === fileNameOf(wanted).toLowerCase(),
      );
      if (found.length === 0) found = candidates.filter((i) => baseNameOf(lines[i].path) === key);
    } else if (number !== undefined) {
      found = candidates.filter((i) => trailingNumber(lines[i].path) === number);
    }
    found = found.filter((i) => !used.has(i));
    if (found.length > 1)
      warnings.push(`${csvName}: row ${r + 1} matches ${found.length} files; using ${lines[found[0]].path}`);
    if (found.length > 0) {
      used.add(found[0]);
      out.push({ line: found[0], row });
    }
  });
  if (out.length === 0 && csv.rows.length === candidates.length && candidates.length > 0) {
    warnings.push(
      `${csvName}: rows name no file or matching line number; matched to the ${candidates.length} files in name order`,
    );
    const sorted = [...candidates].sort((a, b) =>
      lines[a].path.localeCompare(lines[b].path, 'en', { numeric: true }),
    );
    return sorted.map((line, i) => ({ line, row: csv.rows[i] }));
  }
  const unmatchedRows = csv.rows.length - out.length;
  if (unmatchedRows > 0) warnings.push(`${csvName}: ${unmatchedRows} row(s) match no scan file in the zip`);
  const unlisted = candidates.filter((i) => !used.has(i) && lines[i].isSegy).length;
  if (unlisted > 0) warnings.push(`${csvName}: ${unlisted} SEG-Y file(s) in its folder are not listed in it`);
  return out;
}

/** Applies CSV values to the radargram: spacing from scans/cm, timing, permittivity, date, vendor defaults. */
function applyCsvValues(line: ZipLine, values: VendorValues, csvPath: string): void {
  const r = line.radargram;
  const note = (name: string, value: string | number): void => void r.header.push({ name, value });
  const rate = num(values.scansPerCm);
  if (rate && rate > 0) {
    r.traceSpacingM = 0.01 / rate;
    note('trace spacing source', `${fileNameOf(csvPath)}: ${rate} scans/cm`);
  }
  const dt = num(values.sampleInterval);
  const window = num(values.timeWindow);
  if (dt && dt > 1e-14 && dt < 1e-6) r.sampleIntervalS = dt;
  else if (window && window > 0 && window / r.samplesPerTrace < 1e-6)
    r.sampleIntervalS = window / r.samplesPerTrace;
  else if (line.isSegy && Math.abs(r.sampleIntervalS / DEFAULT_SAMPLE_INTERVAL_S - 1) < 0.05) {
    // The SEG-Y integer cannot hold 24.414 ps; snap to the product's exact interval.
    r.sampleIntervalS = DEFAULT_SAMPLE_INTERVAL_S;
  }
  const permittivity = num(values.permittivity);
  if (permittivity && permittivity >= 1) r.permittivity = permittivity;
  const date = str(values.scanDate);
  if (date) r.scanDate = date;
  if (line.isSegy && r.antennaSeparationM === 0) {
    r.antennaSeparationM = DEFAULT_ANTENNA_SEPARATION_M;
    note('antenna separation source', 'product default (vendor antenna)');
  }
  if (line.isSegy && r.timeOffsetS === 0) {
    r.timeOffsetS = -DEFAULT_TIME_OFFSET_S;
    note('time offset source', 'product default: time zero 1 ns after the first sample');
  }
}

function buildGroup(
  csvPath: string,
  csv: VendorCsv,
  members: number[],
  lineScans: LineScan[],
): AreaScanGroup {
  const g = csv.global;
  const group: AreaScanGroup = {
    name: str(g.areaScanName) ?? stemOf(csvPath),
    csvPath,
    lineScanIndices: [...members].sort(
      (a, b) => (lineScans[a].csvLineNumber ?? 0) - (lineScans[b].csvLineNumber ?? 0) || a - b,
    ),
    fields: { ...csv.raw },
  };
  const set = (key: keyof AreaScanGroup, value: unknown): void => {
    if (num(value) !== undefined) (group as unknown as Record<string, number>)[key] = value as number;
  };
  set('areaScanWidthCm', g.areaScanWidth);
  set('areaScanHeightCm', g.areaScanHeight);
  set('gridSpacingXCm', g.gridSpacingX);
  set('gridSpacingYCm', g.gridSpacingY);
  set('gridSizeXCm', g.gridSizeX);
  set('gridSizeYCm', g.gridSizeY);
  const date = str(g.scanDate) ?? members.map((m) => lineScans[m].scanDate).find(Boolean);
  if (date) group.scanDate = date;
  return group;
}
