import { decodeText, rejectNulCharacters } from './text';
import type { TextEncodingName } from './text';
import { convertVendorValue, matchVendorField } from './vendor-fields';
import type { FieldMatch, FieldValue, VendorField } from './vendor-fields';

/** Values of one CSV record (or of the key/value part), by field, in canonical units. */
export type VendorValues = Partial<Record<VendorField, FieldValue>>;

/** A vendor CSV, read tolerantly. */
export interface VendorCsv {
  encoding: TextEncodingName;
  /** Key/value rows and table columns whose value is the same on every row: area-level values. */
  global: VendorValues;
  /** One entry per table row (usually one per line scan). */
  rows: VendorValues[];
  /** Every value as written, "name → text", for display. */
  raw: Record<string, string>;
  /** How each understood column/key was read, e.g. `"Grid spacing X [cm]" → gridSpacingX (cm)`. */
  understood: string[];
  /** Column names and keys that were not understood (their values are only in `raw`). */
  notUnderstood: string[];
}

const MAX_ROWS = 100_000;

/** Splits a delimited line, honouring double quotes ("a""b" → a"b). */
function splitLine(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === delimiter) {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  cells.push(cell.trim());
  while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  return cells;
}

const isNumeric = (cell: string): boolean => /^[-+]?\d+(?:[.,]\d+)?(?:[eE][-+]?\d+)?$/.test(cell.trim());

/**
 * Reads a vendor scan-area CSV: tab-separated by the vendor's convention (`;` or `,` accepted when there
 * are no tabs), UTF-8 or UTF-16 (BOM detected, or guessed from NUL bytes). Two layouts are understood and may
 * be mixed: key/value rows ("Grid spacing X [cm]<TAB>10") and a table whose header row names at least two
 * known columns, one row per line scan. Column names are matched tolerantly (see `matchVendorField`);
 * imperial exports (a "units" value of imperial/in/inch, or inch units in names) are converted to cm.
 *
 * @param bytes - the CSV file.
 * @returns the values by field, plus what was and was not understood.
 * @example
 * ```ts
 * const csv = readVendorCsv(bytes);
 * csv.rows[0].csvLineNumber; // 1
 * csv.global.gridSpacingX;   // 10 (cm)
 * ```
 */
export function readVendorCsv(bytes: Uint8Array, fileName = 'the scan-area CSV'): VendorCsv {
  const decoded = decodeText(bytes);
  const encoding = decoded.encoding;
  const text = rejectNulCharacters(decoded.text, fileName);
  const lines = text.split(/\r\n|\r|\n/).slice(0, MAX_ROWS);
  const delimiter = lines.some((l) => l.includes('\t'))
    ? '\t'
    : lines.some((l) => l.includes(';'))
      ? ';'
      : ',';
  const rows = lines.map((l) => splitLine(l, delimiter));
  const csv: VendorCsv = { encoding, global: {}, rows: [], raw: {}, understood: [], notUnderstood: [] };
  const headerIndex = rows.findIndex((cells) => isHeaderRow(cells));
  const tableRows = headerIndex >= 0 ? tableExtent(rows, headerIndex) : [];
  const imperial = detectImperial(rows);
  const kvKeys = new Set<string>();
  rows.forEach((cells, index) => {
    if (
      index === headerIndex ||
      tableRows.includes(index) ||
      cells.length < 2 ||
      cells[0] === '' ||
      isNumeric(cells[0])
    )
      return;
    const key = cells[0];
    if (kvKeys.has(key.toLowerCase())) return;
    kvKeys.add(key.toLowerCase());
    csv.raw[key] = cells.slice(1).join(' ');
    const match = matchVendorField(key);
    const unit =
      match && !match.unit && cells[2] && !isNumeric(cells[2]) ? { ...match, unit: cells[2] } : match;
    const value = unit ? convertVendorValue(unit, cells[1], imperial) : undefined;
    if (unit && value !== undefined && csv.global[unit.field] === undefined) {
      csv.global[unit.field] = value;
      csv.understood.push(describe(key, unit));
    } else csv.notUnderstood.push(key);
  });
  if (headerIndex >= 0)
    readTable(
      csv,
      rows[headerIndex],
      tableRows.map((i) => rows[i]),
      imperial,
    );
  return csv;
}

function isHeaderRow(cells: string[]): boolean {
  if (cells.length < 2 || cells.some(isNumeric)) return false;
  return cells.filter((c) => matchVendorField(c) !== undefined).length >= 2;
}

function tableExtent(rows: string[][], headerIndex: number): number[] {
  const width = rows[headerIndex].length;
  const out: number[] = [];
  for (let i = headerIndex + 1; i < rows.length; i++) {
    const cells = rows[i];
    if (cells.length === 0) {
      if (out.length > 0) break;
      continue;
    }
    if (cells.length < 2 || cells.length > width + 1) break;
    out.push(i);
  }
  return out;
}

function detectImperial(rows: string[][]): boolean {
  for (const cells of rows.slice(0, 200)) {
    const match = cells[0] ? matchVendorField(cells[0]) : undefined;
    if (match?.field === 'unitSystem' && /imperial|inch|^in$|feet|ft/i.test(cells[1] ?? '')) return true;
    const short = cells.filter((c) => c.length <= 200);
    if (short.some((c) => /[[(/]\s*(in|inch|inches)\s*[\])]?\s*$/i.test(c) || /per\s*inch/i.test(c)))
      return true;
  }
  return false;
}

function readTable(csv: VendorCsv, header: string[], body: string[][], imperial: boolean): void {
  const columns = header.map((name) => ({ name, match: matchVendorField(name) }));
  for (const { name, match } of columns) {
    if (match) csv.understood.push(describe(name, match));
    else if (name !== '') csv.notUnderstood.push(name);
  }
  for (const cells of body) {
    const row: VendorValues = {};
    columns.forEach(({ name, match }, c) => {
      const cell = cells[c] ?? '';
      if (!match) return;
      const value = convertVendorValue(match, cell, imperial);
      if (value !== undefined && row[match.field] === undefined) row[match.field] = value;
      if (cell !== '') csv.raw[`${name} #${csv.rows.length + 1}`] = cell;
    });
    csv.rows.push(row);
  }
  // Area-level columns repeated on every row are area values too.
  for (const field of [
    'areaScanWidth',
    'areaScanHeight',
    'gridSpacingX',
    'gridSpacingY',
    'gridSizeX',
    'gridSizeY',
    'scanDate',
    'permittivity',
    'scansPerCm',
    'areaScanName',
    'sampleInterval',
    'timeWindow',
  ] as VendorField[]) {
    const values = new Set(csv.rows.map((r) => r[field]).filter((v) => v !== undefined));
    if (values.size === 1 && csv.global[field] === undefined) csv.global[field] = [...values][0];
  }
}

function describe(name: string, match: FieldMatch): string {
  return `"${name}" → ${match.field}${match.unit ? ` (${match.unit})` : ''}`;
}
