import { readHeaderLines, Scan3dFormatError } from './header-text';

/** Storage of a PCD body. */
export type PcdData = 'ascii' | 'binary' | 'binary_compressed';

/** What a PCD (Point Cloud Library) header says. */
export interface PcdHeader {
  version: string;
  fields: string[];
  sizes: number[];
  types: string[];
  counts: number[];
  width: number;
  height: number;
  points: number;
  data: PcdData;
  hasColours: boolean;
  bodyOffset: number;
}

const KEYS = ['VERSION', 'FIELDS', 'SIZE', 'TYPE', 'COUNT', 'WIDTH', 'HEIGHT', 'VIEWPOINT', 'POINTS', 'DATA'];

/**
 * Read and check a PCD header (ascii, binary or binary_compressed).
 *
 * @param bytes - The file, or at least its first 64 KiB.
 * @returns The header; throws {@link Scan3dFormatError} when this is not a PCD file.
 * @example readPcdHeader(bytes).points
 */
export function readPcdHeader(bytes: Uint8Array): PcdHeader {
  const header = readHeaderLines(bytes, (line) => line.startsWith('DATA'));
  if (!header) throw new Scan3dFormatError('is not a PCD file (no "DATA" line in its first 64 KiB)');
  const values = new Map<string, string[]>();
  for (const line of header.lines) {
    if (line === '' || line.startsWith('#')) continue;
    const [key, ...rest] = line.split(/\s+/);
    if (!key || !KEYS.includes(key)) throw new Scan3dFormatError(`is not a PCD file (unexpected header line "${line.slice(0, 60)}")`);
    values.set(key, rest);
  }
  const fields = values.get('FIELDS');
  if (!fields || fields.length === 0) throw new Scan3dFormatError('is not a PCD file (no FIELDS)');
  if (!['x', 'y', 'z'].every((n) => fields.includes(n))) throw new Scan3dFormatError('has points without x, y and z');
  const sizes = (values.get('SIZE') ?? []).map(Number);
  const types = values.get('TYPE') ?? [];
  const counts = (values.get('COUNT') ?? fields.map(() => '1')).map(Number);
  if (sizes.length !== fields.length || types.length !== fields.length || counts.length !== fields.length) {
    throw new Scan3dFormatError('has SIZE, TYPE or COUNT lists that do not match FIELDS');
  }
  const width = Number(values.get('WIDTH')?.[0]);
  const height = Number(values.get('HEIGHT')?.[0] ?? 1);
  const points = Number(values.get('POINTS')?.[0] ?? width * height);
  if (!Number.isInteger(width) || !Number.isInteger(height) || !Number.isInteger(points) || points < 0) {
    throw new Scan3dFormatError('has a bad WIDTH, HEIGHT or POINTS');
  }
  const data = values.get('DATA')?.[0];
  if (data !== 'ascii' && data !== 'binary' && data !== 'binary_compressed') {
    throw new Scan3dFormatError(`has an unknown PCD DATA "${data ?? ''}"`);
  }
  return {
    version: values.get('VERSION')?.[0] ?? '',
    fields,
    sizes,
    types,
    counts,
    width,
    height,
    points,
    data,
    hasColours: fields.includes('rgb') || fields.includes('rgba'),
    bodyOffset: header.endOffset,
  };
}
