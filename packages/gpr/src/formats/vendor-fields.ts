import type { AreaScanDirection } from './types';
import { metresPerUnit, parseLooseDate, parseLooseNumber } from './values';
import { VENDOR_FIELDS as FIELDS } from './vendor-field-names';
import type { VendorField } from './vendor-field-names';

export type { VendorField } from './vendor-field-names';

/** Longest column name or key considered; longer cells are data. */
const MAX_NAME_LENGTH = 200;

const UNIT_SUFFIXES = [
  'centimeters',
  'centimetres',
  'centimeter',
  'centimetre',
  'meters',
  'metres',
  'meter',
  'metre',
  'inches',
  'inch',
  'feet',
  'in',
  'cm',
  'mm',
  'ft',
  'm',
  'ns',
  'ps',
  's',
];

/** A recognised column/key: the field and the unit its name carried, if any. */
export interface FieldMatch {
  field: VendorField;
  unit?: string;
}

/**
 * Maps a CSV column name or key to a field, tolerant of case, spacing, punctuation and units written in
 * brackets ("Grid spacing X [cm]"), after a slash ("scans/cm") or glued on ("gridSpacingXCm", "scansPerInch").
 *
 * @param name - the column name or key as written.
 * @returns the field and unit, or `undefined` when not understood.
 * @example
 * ```ts
 * matchVendorField('Scans per inch'); // { field: 'scansPerCm', unit: 'inch' }
 * matchVendorField('Grid size X [cm]'); // { field: 'gridSizeX', unit: 'cm' }
 * ```
 */
export function matchVendorField(name: string): FieldMatch | undefined {
  // Real column names are short; long cells are data, and capping keeps every regex below linear.
  if (name.length > MAX_NAME_LENGTH) return undefined;
  const bracket = /[[(]([^\])]*)[\])]/.exec(name);
  let unit = bracket ? bracket[1].trim().toLowerCase() : undefined;
  let rest = name.replace(/[[(][^\])]*[\])]/g, ' ');
  const slash = /\/\s*([a-z]+)\s*$/i.exec(rest);
  if (slash && !unit) {
    unit = slash[1].toLowerCase();
    rest = rest.slice(0, slash.index) + 'per';
  }
  const key = rest.toLowerCase().replace(/[^a-z0-9]/g, '');
  const direct = lookup(key);
  if (direct) return { field: direct, unit: unit?.replace(/^scans?\s*\/\s*/, '') };
  for (const suffix of UNIT_SUFFIXES) {
    const base = key.endsWith(suffix) ? lookup(key.slice(0, -suffix.length)) : undefined;
    if (base) return { field: base, unit: unit ?? suffix };
  }
  return undefined;
}

function lookup(key: string): VendorField | undefined {
  if (key === '') return undefined;
  for (const [field, spec] of Object.entries(FIELDS) as [VendorField, (typeof FIELDS)[VendorField]][]) {
    if (spec.names.includes(key)) return field;
  }
  return undefined;
}

/** Drops floating-point noise from unit conversion (55.50000000000001 → 55.5). */
const tidy = (x: number): number => Number(x.toPrecision(12));

/** A converted value: lengths in cm, rates in scans per cm, times in seconds, dates ISO. */
export type FieldValue = string | number;

/**
 * Converts a cell to the field's canonical unit: lengths → cm (default unit cm, or inches when the export is
 * imperial), scan rates → scans per cm, times → seconds (time windows default to ns, sample intervals to ps),
 * dates → ISO 8601, directions → `LEFT_TO_RIGHT` / `BOTTOM_TO_TOP`.
 *
 * @param match - the field and the unit from the column name.
 * @param cell - the cell text.
 * @param imperial - whether the export uses imperial units (from a "units" value).
 * @returns the converted value, or `undefined` when the cell cannot be read as that field.
 * @example
 * ```ts
 * convertVendorValue({ field: 'gridSpacingX', unit: 'in' }, '4', false); // 10.16
 * ```
 */
export function convertVendorValue(
  match: FieldMatch,
  cell: string,
  imperial: boolean,
): FieldValue | undefined {
  const text = cell.trim();
  const kind = FIELDS[match.field].kind;
  if (text === '' || text.length > (kind === 'text' ? 1000 : MAX_NAME_LENGTH)) return undefined;
  const inlineUnit = /[\d.,]\s*([a-zµ"']+)\s*(?:\/\s*([a-z]+))?\s*$/i.exec(text);
  const unit = (inlineUnit?.[2] ?? inlineUnit?.[1] ?? match.unit ?? '').toLowerCase();
  const n = parseLooseNumber(text);
  switch (kind) {
    case 'text':
      return text;
    case 'int':
      return n !== undefined && Number.isInteger(n)
        ? n
        : (parseLooseNumber(/(\d+)\D*$/.exec(text)?.[1]) ?? undefined);
    case 'number':
      return n;
    case 'length': {
      const perUnit = metresPerUnit(unit || (imperial ? 'in' : 'cm'));
      return n !== undefined && perUnit !== undefined ? tidy(n * perUnit * 100) : undefined;
    }
    case 'rate': {
      const perUnit = metresPerUnit(unit.replace(/^per\s*/, '') || (imperial ? 'in' : 'cm'));
      return n !== undefined && perUnit !== undefined && n > 0 ? tidy(n / (perUnit * 100)) : undefined;
    }
    case 'time': {
      const scale: Record<string, number> = { s: 1, ms: 1e-3, us: 1e-6, µs: 1e-6, ns: 1e-9, ps: 1e-12 };
      const fallback = match.field === 'timeWindow' ? 1e-9 : 1e-12;
      return n !== undefined ? n * (scale[unit] ?? fallback) : undefined;
    }
    case 'date':
      if (n !== undefined && /^\d{10,13}$/.test(text))
        return new Date(text.length === 13 ? n : n * 1000).toISOString();
      return parseLooseDate(text);
    case 'direction':
      return parseDirection(text);
  }
}

/**
 * Reads a line direction: x / horizontal / left-to-right / line / row → `LEFT_TO_RIGHT`;
 * y / vertical / bottom-to-top / column → `BOTTOM_TO_TOP`.
 *
 * @param text - the cell.
 * @returns the direction, or `undefined`.
 * @example
 * ```ts
 * parseDirection('Bottom to top'); // "BOTTOM_TO_TOP"
 * ```
 */
export function parseDirection(text: string): AreaScanDirection | undefined {
  const t = text.toLowerCase().replace(/[^a-z]/g, '');
  if (
    [
      'x',
      'horizontal',
      'lefttoright',
      'righttoleft',
      'line',
      'lines',
      'row',
      'rows',
      'h',
      'parallel',
    ].includes(t)
  ) {
    return 'LEFT_TO_RIGHT';
  }
  if (
    [
      'y',
      'vertical',
      'bottomtotop',
      'toptobottom',
      'column',
      'columns',
      'col',
      'v',
      'perpendicular',
    ].includes(t)
  ) {
    return 'BOTTOM_TO_TOP';
  }
  return undefined;
}

/** All field names the CSV reader understands, with their accepted spellings (for the README and messages). */
export const VENDOR_FIELD_NAMES: Readonly<Record<VendorField, readonly string[]>> = Object.fromEntries(
  Object.entries(FIELDS).map(([field, spec]) => [field, spec.names]),
) as unknown as Record<VendorField, readonly string[]>;
