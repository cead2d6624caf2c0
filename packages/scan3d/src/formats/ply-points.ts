import { latin1, Scan3dFormatError } from './header-text';
import { PLY_TYPE_BYTES, type PlyHeader } from './ply';

/** Points read from a file: xyz in the file's frame, metres, and optional 8-bit RGB. */
export interface PointCloud {
  /** x, y, z of each point, metres. */
  positions: Float32Array;
  /** r, g, b of each point (0–255), or null when the file has no colours. */
  colours: Uint8Array | null;
  /** Points kept (`positions.length / 3`). */
  count: number;
  /** Points in the file. */
  total: number;
}

/**
 * The vertex indexes to keep so that at most `maxPoints` of `total` remain, evenly spread through the file.
 *
 * @param total - Points in the file.
 * @param maxPoints - The budget.
 * @returns A function from the kept point's rank to its index in the file.
 * @example keptIndex(10, 5)(1) // 2
 */
export function keptIndex(total: number, maxPoints: number): (rank: number) => number {
  if (total <= maxPoints) return (rank) => rank;
  const step = total / maxPoints;
  return (rank) => Math.floor(rank * step);
}

const COLOUR_NAMES: [string, string, string][] = [['red', 'green', 'blue'], ['r', 'g', 'b'], ['diffuse_red', 'diffuse_green', 'diffuse_blue']];

/**
 * Read the vertices of a PLY point cloud straight into typed arrays, keeping at most `maxPoints` (evenly
 * spread) so that memory stays within the budget whatever the file's size. Handles ascii and binary (both
 * byte orders) when the vertex element is first and has scalar properties only, as point clouds written by
 * RTAB-Map, Open3D, CloudCompare and PCL are; anything else throws (use a general loader then).
 *
 * @param bytes - The whole file.
 * @param header - Its header ({@link readPlyHeader}).
 * @param maxPoints - Most points to keep.
 * @returns The kept points.
 * @example readPlyPoints(bytes, readPlyHeader(bytes), 1_000_000)
 */
export function readPlyPoints(bytes: Uint8Array, header: PlyHeader, maxPoints = Number.POSITIVE_INFINITY): PointCloud {
  const vertex = header.elements[0];
  if (!vertex || vertex.name !== 'vertex') throw new Scan3dFormatError('has its vertices after another element');
  if (vertex.properties.some((p) => p.countType !== undefined)) throw new Scan3dFormatError('has list properties on its vertices');
  const total = vertex.count;
  const count = Math.min(total, Math.max(0, Math.floor(maxPoints)));
  const names = vertex.properties.map((p) => p.name);
  const colourNames = COLOUR_NAMES.find((c) => c.every((n) => names.includes(n)));
  const positions = new Float32Array(count * 3);
  const colours = colourNames ? new Uint8Array(count * 3) : null;
  const xyz = ['x', 'y', 'z'].map((n) => names.indexOf(n));
  const rgb = colourNames?.map((n) => names.indexOf(n)) ?? [];
  const colourScale = colourNames
    ? vertex.properties[rgb[0]!]!.type.startsWith('float') || vertex.properties[rgb[0]!]!.type === 'double'
      ? 255
      : 1
    : 1;
  const indexOf = keptIndex(total, count);
  if (header.format === 'ascii') {
    readAscii(bytes, header.bodyOffset, total, count, indexOf, (k, values) => {
      for (let a = 0; a < 3; a++) positions[k * 3 + a] = values[xyz[a]!]!;
      if (colours) for (let a = 0; a < 3; a++) colours[k * 3 + a] = clampByte(values[rgb[a]!]! * colourScale);
    });
  } else {
    const little = header.format === 'binary_little_endian';
    const offsets: number[] = [];
    let stride = 0;
    for (const p of vertex.properties) {
      offsets.push(stride);
      stride += PLY_TYPE_BYTES[p.type]!;
    }
    if (header.bodyOffset + stride * total > bytes.length) throw new Scan3dFormatError(`is shorter than its ${total} vertices`);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const readers = vertex.properties.map((p) => scalarReader(p.type));
    const types = vertex.properties.map((p) => p.type);
    // The common case (float x, y, z and 8-bit colours or none, as RTAB-Map, Open3D and PCL write them) without
    // a reader call per value: three times faster on 10 million points.
    const isFloatXyz = xyz.every((i) => types[i] === 'float' || types[i] === 'float32');
    const isByteRgb = !colourNames || rgb.every((i) => types[i] === 'uchar' || types[i] === 'uint8');
    if (isFloatXyz && isByteRgb) {
      const [ox, oy, oz] = xyz.map((i) => offsets[i]!) as [number, number, number];
      const [or, og, ob] = colourNames ? (rgb.map((i) => offsets[i]!) as [number, number, number]) : [0, 0, 0];
      for (let k = 0; k < count; k++) {
        const base = header.bodyOffset + indexOf(k) * stride;
        const p = k * 3;
        positions[p] = view.getFloat32(base + ox, little);
        positions[p + 1] = view.getFloat32(base + oy, little);
        positions[p + 2] = view.getFloat32(base + oz, little);
        if (colours) {
          colours[p] = bytes[base + or]!;
          colours[p + 1] = bytes[base + og]!;
          colours[p + 2] = bytes[base + ob]!;
        }
      }
      return { positions, colours, count, total };
    }
    for (let k = 0; k < count; k++) {
      const base = header.bodyOffset + indexOf(k) * stride;
      for (let a = 0; a < 3; a++) positions[k * 3 + a] = readers[xyz[a]!]!(view, base + offsets[xyz[a]!]!, little);
      if (colours) {
        for (let a = 0; a < 3; a++) colours[k * 3 + a] = clampByte(readers[rgb[a]!]!(view, base + offsets[rgb[a]!]!, little) * colourScale);
      }
    }
  }
  return { positions, colours, count, total };
}

function clampByte(value: number): number {
  return value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
}

type ScalarReader = (view: DataView, offset: number, little: boolean) => number;

function scalarReader(type: string): ScalarReader {
  switch (type) {
    case 'char': case 'int8': return (v, o) => v.getInt8(o);
    case 'uchar': case 'uint8': return (v, o) => v.getUint8(o);
    case 'short': case 'int16': return (v, o, l) => v.getInt16(o, l);
    case 'ushort': case 'uint16': return (v, o, l) => v.getUint16(o, l);
    case 'int': case 'int32': return (v, o, l) => v.getInt32(o, l);
    case 'uint': case 'uint32': return (v, o, l) => v.getUint32(o, l);
    case 'float': case 'float32': return (v, o, l) => v.getFloat32(o, l);
    default: return (v, o, l) => v.getFloat64(o, l);
  }
}

function readAscii(
  bytes: Uint8Array,
  offset: number,
  total: number,
  count: number,
  indexOf: (rank: number) => number,
  onPoint: (rank: number, values: number[]) => void,
): void {
  let rank = 0;
  let index = 0;
  let start = offset;
  for (let i = offset; i <= bytes.length && rank < count && index < total; i++) {
    if (i < bytes.length && bytes[i] !== 0x0a) continue;
    const line = latin1(bytes.subarray(start, i)).trim();
    start = i + 1;
    if (line === '') continue;
    if (index === indexOf(rank)) {
      const values = line.split(/\s+/).map(Number);
      if (values.some((v) => !Number.isFinite(v))) throw new Scan3dFormatError(`has a bad vertex line "${line.slice(0, 60)}"`);
      onPoint(rank, values);
      rank++;
    }
    index++;
  }
  if (rank < count) throw new Scan3dFormatError(`is shorter than its ${total} vertices`);
}
