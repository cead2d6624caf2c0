import { shuffleRecordsInPlace } from '../point-order';
import { latin1, readHeaderLines, Scan3dFormatError } from './header-text';
import { PLY_LOD_ORDER_COMMENT, PLY_TYPE_BYTES, readPlyHeader, type PlyHeader } from './ply';

/** A LOD-ordered copy of a PLY: its header and its vertex records, to be written one after the other. */
export interface LodOrderedPly {
  /** The new header (`comment lod_order shuffled` after the format line, the original comments, the vertex element). */
  header: Uint8Array;
  /** The vertex records in shuffled order (binary: the input's own bytes, shuffled in place). */
  body: Uint8Array;
  points: number;
  /** The copy's format: a binary input keeps its byte order, an ascii input becomes binary_little_endian. */
  format: 'binary_little_endian' | 'binary_big_endian';
}

/**
 * Why a PLY gets no LOD-ordered copy, or null when it can have one. Only the files the viewer draws as a cloud
 * qualify (the vertex element first, no list properties on it, and not already LOD-ordered).
 *
 * @param header - The PLY's header.
 * @example lodCopyObstacle(readPlyHeader(bytes)) // null, or 'it is already LOD-ordered'
 */
export function lodCopyObstacle(header: PlyHeader): string | null {
  if (header.lodOrder === 'shuffled') return 'it is already LOD-ordered';
  const vertex = header.elements[0];
  if (!vertex || vertex.name !== 'vertex') return 'its vertices come after another element';
  if (vertex.properties.some((p) => p.countType !== undefined)) return 'its vertices have list properties';
  if (vertex.count < 2) return 'it has fewer than two points';
  return null;
}

/**
 * A copy of a PLY with its vertices in LOD order (docs/decisions/0044, 0058): the same vertex records, same
 * properties and values, shuffled with the seeded xorshift + Fisher–Yates of {@link shuffleRecordsInPlace}
 * (the order GENERATE_POINT_CLOUD writes), and the header says `comment lod_order shuffled`, so every prefix of
 * the file is an even subsample of the cloud and the viewer draws its coarse level from the first bytes.
 * Binary records are moved as bytes (nothing is converted); ascii vertices are written binary_little_endian in
 * their declared types (what any reader makes of them). Other elements (faces…) are left out: the copy is the
 * viewer's cloud, the original file stays the version's download.
 *
 * @param bytes - The whole PLY. A binary file's vertex bytes are shuffled **in place** (no second copy of a
 *   150 MB cloud); `body` is a view of them.
 * @returns The copy's parts; throws {@link Scan3dFormatError} when the file cannot have one
 *   ({@link lodCopyObstacle}) or is shorter than its header says.
 * @example const { header, body } = lodOrderedPly(bytes); write(header); write(body);
 */
export function lodOrderedPly(bytes: Uint8Array, seed = 0x9e3779b9): LodOrderedPly {
  const parsed = readPlyHeader(bytes);
  const obstacle = lodCopyObstacle(parsed);
  if (obstacle) throw new Scan3dFormatError(`cannot be LOD-ordered: ${obstacle}`);
  const vertex = parsed.elements[0]!;
  const stride = vertex.properties.reduce((sum, p) => sum + PLY_TYPE_BYTES[p.type]!, 0);
  const count = vertex.count;
  let body: Uint8Array;
  let format: LodOrderedPly['format'];
  if (parsed.format === 'ascii') {
    body = asciiVerticesToBinary(
      bytes,
      parsed.bodyOffset,
      vertex.properties.map((p) => p.type),
      count,
      stride,
    );
    format = 'binary_little_endian';
  } else {
    const end = parsed.bodyOffset + stride * count;
    if (end > bytes.length) throw new Scan3dFormatError(`is shorter than its ${count} vertices`);
    body = bytes.subarray(parsed.bodyOffset, end);
    format = parsed.format;
  }
  shuffleRecordsInPlace(body, stride, count, seed);
  return { header: lodHeader(bytes, format), body, points: count, format };
}

/** The copy's header: the original's lines up to the vertex element's properties, the format and comment set. */
function lodHeader(bytes: Uint8Array, format: LodOrderedPly['format']): Uint8Array {
  const lines = readHeaderLines(bytes, (line) => line === 'end_header')!.lines;
  const out = ['ply', `format ${format} 1.0`, PLY_LOD_ORDER_COMMENT];
  let elements = 0;
  for (const line of lines.slice(1)) {
    const keyword = line.split(/\s+/)[0];
    if (keyword === 'element') elements++;
    if (elements > 1 || keyword === 'end_header') break;
    if (keyword === 'format' || line.split(/\s+/).join(' ') === PLY_LOD_ORDER_COMMENT || keyword === '')
      continue;
    out.push(line);
  }
  out.push('end_header', '');
  const text = out.join('\n');
  const header = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) header[i] = text.charCodeAt(i) & 0xff;
  return header;
}

type ScalarWriter = (view: DataView, offset: number, value: number) => void;

function scalarWriter(type: string): ScalarWriter {
  switch (type) {
    case 'char':
    case 'int8':
      return (v, o, x) => v.setInt8(o, x);
    case 'uchar':
    case 'uint8':
      return (v, o, x) => v.setUint8(o, x);
    case 'short':
    case 'int16':
      return (v, o, x) => v.setInt16(o, x, true);
    case 'ushort':
    case 'uint16':
      return (v, o, x) => v.setUint16(o, x, true);
    case 'int':
    case 'int32':
      return (v, o, x) => v.setInt32(o, x, true);
    case 'uint':
    case 'uint32':
      return (v, o, x) => v.setUint32(o, x, true);
    case 'float':
    case 'float32':
      return (v, o, x) => v.setFloat32(o, x, true);
    default:
      return (v, o, x) => v.setFloat64(o, x, true);
  }
}

/** An ascii PLY's vertex lines (one vertex a line, after the header) as little-endian binary records. */
function asciiVerticesToBinary(
  bytes: Uint8Array,
  offset: number,
  types: string[],
  count: number,
  stride: number,
): Uint8Array {
  const out = new Uint8Array(stride * count);
  const view = new DataView(out.buffer);
  const writers = types.map(scalarWriter);
  const offsets: number[] = [];
  let at = 0;
  for (const type of types) {
    offsets.push(at);
    at += PLY_TYPE_BYTES[type]!;
  }
  let index = 0;
  let start = offset;
  for (let i = offset; i <= bytes.length && index < count; i++) {
    if (i < bytes.length && bytes[i] !== 0x0a) continue;
    const line = latin1(bytes.subarray(start, i)).trim();
    start = i + 1;
    if (line === '') continue;
    const values = line.split(/\s+/).map(Number);
    if (values.length !== types.length || values.some((v) => !Number.isFinite(v))) {
      throw new Scan3dFormatError(`has a bad vertex line "${line.slice(0, 60)}"`);
    }
    const base = index * stride;
    for (let p = 0; p < types.length; p++) writers[p]!(view, base + offsets[p]!, values[p]!);
    index++;
  }
  if (index < count) throw new Scan3dFormatError(`is shorter than its ${count} vertices`);
  return out;
}
