import { readHeaderLines, Scan3dFormatError, startsWithAscii } from './header-text';

/** Storage of a PLY body. */
export type PlyFormat = 'ascii' | 'binary_little_endian' | 'binary_big_endian';

/** A PLY property: a scalar (`type`) or a list (`countType` then `type` items). */
export interface PlyProperty {
  name: string;
  type: string;
  countType?: string;
}

/** One element of a PLY header (vertex, face…) with its count and properties in file order. */
export interface PlyElement {
  name: string;
  count: number;
  properties: PlyProperty[];
}

/** What a PLY header says. */
export interface PlyHeader {
  format: PlyFormat;
  elements: PlyElement[];
  vertexCount: number;
  faceCount: number;
  hasColours: boolean;
  hasNormals: boolean;
  /** Byte offset of the body (just after `end_header\n`). */
  bodyOffset: number;
  /**
   * 'shuffled' when the header says (`comment lod_order shuffled`, see {@link PLY_LOD_ORDER_COMMENT}) that the
   * vertices are in a seeded random order, so that every prefix is an even subsample of the whole cloud.
   */
  lodOrder: 'shuffled' | null;
}

/** The header comment of a PLY whose vertices are shuffled (every prefix an even subsample; GPR Hub writes it). */
export const PLY_LOD_ORDER_COMMENT = 'comment lod_order shuffled';

/** Bytes of each PLY scalar type (both the old and the sized names). */
export const PLY_TYPE_BYTES: Record<string, number> = {
  char: 1, uchar: 1, int8: 1, uint8: 1,
  short: 2, ushort: 2, int16: 2, uint16: 2,
  int: 4, uint: 4, int32: 4, uint32: 4, float: 4, float32: 4,
  double: 8, float64: 8,
};

/**
 * Read and check a PLY header (Stanford polygon format).
 *
 * @param bytes - The file, or at least its first 64 KiB.
 * @returns The header; throws {@link Scan3dFormatError} with a readable reason when this is not a PLY file.
 * @example readPlyHeader(new TextEncoder().encode('ply\nformat ascii 1.0\nelement vertex 0\nproperty float x\nend_header\n'))
 */
export function readPlyHeader(bytes: Uint8Array): PlyHeader {
  if (!startsWithAscii(bytes, 'ply')) throw new Scan3dFormatError('is not a PLY file (it does not start with "ply")');
  const header = readHeaderLines(bytes, (line) => line === 'end_header');
  if (!header) throw new Scan3dFormatError('is not a PLY file (no "end_header" in its first 64 KiB)');
  let format: PlyFormat | null = null;
  let lodOrder: PlyHeader['lodOrder'] = null;
  const elements: PlyElement[] = [];
  for (const line of header.lines.slice(1)) {
    const words = line.split(/\s+/);
    const keyword = words[0];
    if (keyword === 'format') {
      if (words[1] !== 'ascii' && words[1] !== 'binary_little_endian' && words[1] !== 'binary_big_endian') {
        throw new Scan3dFormatError(`has an unknown PLY format "${words[1] ?? ''}"`);
      }
      format = words[1];
    } else if (keyword === 'element') {
      const count = Number(words[2]);
      if (!words[1] || !Number.isInteger(count) || count < 0) throw new Scan3dFormatError(`has a bad PLY element line "${line}"`);
      elements.push({ name: words[1], count, properties: [] });
    } else if (keyword === 'property') {
      const element = elements.at(-1);
      if (!element) throw new Scan3dFormatError('has a PLY property before any element');
      const property: PlyProperty =
        words[1] === 'list'
          ? { name: words[4] ?? '', countType: words[2] ?? '', type: words[3] ?? '' }
          : { name: words[2] ?? '', type: words[1] ?? '' };
      if (!(property.type in PLY_TYPE_BYTES) || (property.countType !== undefined && !(property.countType in PLY_TYPE_BYTES))) {
        throw new Scan3dFormatError(`has an unknown PLY property type in "${line}"`);
      }
      element.properties.push(property);
    } else if (keyword === 'comment') {
      if (words.join(' ') === PLY_LOD_ORDER_COMMENT) lodOrder = 'shuffled';
    } else if (keyword !== 'obj_info' && keyword !== 'end_header' && keyword !== '') {
      throw new Scan3dFormatError(`has an unknown PLY header line "${line}"`);
    }
  }
  if (!format) throw new Scan3dFormatError('is not a PLY file (no "format" line)');
  const vertex = elements.find((e) => e.name === 'vertex');
  if (!vertex) throw new Scan3dFormatError('has no vertex element');
  const names = new Set(vertex.properties.map((p) => p.name));
  if (!names.has('x') || !names.has('y') || !names.has('z')) throw new Scan3dFormatError('has vertices without x, y and z');
  return {
    format,
    elements,
    vertexCount: vertex.count,
    faceCount: elements.find((e) => e.name === 'face')?.count ?? 0,
    hasColours: (names.has('red') && names.has('green') && names.has('blue')) || (names.has('r') && names.has('g') && names.has('b')),
    hasNormals: names.has('nx') && names.has('ny') && names.has('nz'),
    bodyOffset: header.endOffset,
    lodOrder,
  };
}
