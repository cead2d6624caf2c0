import { Scan3dFormatError } from './header-text';
import { PLY_TYPE_BYTES, readPlyHeader, type PlyHeader } from './ply';
import { keptIndex, readPlyPoints, type PointCloud } from './ply-points';

const END_HEADER = [...'end_header'].map((c) => c.charCodeAt(0));
/** A PLY header never needs more than this (as {@link readPlyHeader}). */
const MAX_HEADER_BYTES = 65536;

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** Whether the bytes hold `end_header` followed by its newline. */
function hasHeaderEnd(bytes: Uint8Array): boolean {
  const limit = Math.min(bytes.length, MAX_HEADER_BYTES);
  outer: for (let i = 0; i + END_HEADER.length < limit; i++) {
    for (let j = 0; j < END_HEADER.length; j++) if (bytes[i + j] !== END_HEADER[j]) continue outer;
    for (let k = i + END_HEADER.length; k < limit; k++) if (bytes[k] === 0x0a) return true;
    return false;
  }
  return false;
}

/**
 * Read a PLY point cloud while it downloads: each chunk's whole vertices are decoded straight into the
 * final typed arrays (the file's bytes are never kept whole), so the first points are there as soon as
 * their bytes are, and memory is the kept points alone. Keeps at most `maxPoints`, evenly spread through
 * the file, as {@link readPlyPoints}. Binary files (both byte orders, scalar vertex properties, the vertex
 * element first) stream; an ascii file is gathered and read at {@link PlyPointStream.finish}.
 *
 * @example
 * const stream = new PlyPointStream(10_000_000);
 * for await (const chunk of body) stream.push(chunk);
 * const cloud = stream.finish();
 */
export class PlyPointStream {
  /** The header, once its bytes are in. */
  header: PlyHeader | null = null;
  /** x, y, z of the kept points (allocated with the header; filled up to {@link PlyPointStream.count}). */
  positions: Float32Array = new Float32Array(0);
  /** r, g, b of the kept points, or null when the file has none. */
  colours: Uint8Array | null = null;
  /** Kept points decoded so far. */
  count = 0;
  private pending: Uint8Array = new Uint8Array(0);
  /** Bytes of the whole file, gathered when it cannot stream (ascii). */
  private gathered: Uint8Array[] | null = null;
  private kept = 0;
  private total = 0;
  private stride = 0;
  private nextIndex = 0;
  private indexOf: (rank: number) => number = (rank) => rank;
  private decode: ((view: DataView, offset: number, rank: number) => void) | null = null;

  constructor(private readonly maxPoints = Number.POSITIVE_INFINITY) {}

  /** Points the file holds (0 until the header is in). */
  get totalPoints(): number {
    return this.total;
  }

  /** Points that will be kept (0 until the header is in). */
  get keptPoints(): number {
    return this.kept;
  }

  /** Feed the next bytes of the file. Throws {@link Scan3dFormatError} when the file is not a point PLY. */
  push(chunk: Uint8Array): void {
    if (this.gathered) {
      this.gathered.push(chunk.slice());
      return;
    }
    if (!this.header) {
      this.pending = concat(this.pending, chunk);
      if (this.pending.length < MAX_HEADER_BYTES && !hasHeaderEnd(this.pending)) return;
      this.start(readPlyHeader(this.pending));
      const body = this.pending;
      this.pending = new Uint8Array(0);
      if (this.gathered) (this.gathered as Uint8Array[]).push(body);
      else this.consume(body.subarray(this.header!.bodyOffset));
      return;
    }
    this.consume(chunk);
  }

  /** Every point is in: answers the kept points; throws when the file is shorter than its header says. */
  finish(): PointCloud {
    if (this.gathered) {
      const bytes = new Uint8Array(this.gathered.reduce((n, c) => n + c.length, 0));
      let offset = 0;
      for (const c of this.gathered) {
        bytes.set(c, offset);
        offset += c.length;
      }
      this.gathered = null;
      return readPlyPoints(bytes, readPlyHeader(bytes), this.maxPoints);
    }
    if (!this.header) {
      this.start(readPlyHeader(this.pending));
      this.consume(this.pending.subarray(this.header!.bodyOffset));
    }
    if (this.count < this.kept) throw new Scan3dFormatError(`is shorter than its ${this.total} vertices`);
    return { positions: this.positions, colours: this.colours, count: this.count, total: this.total };
  }

  private start(header: PlyHeader): void {
    this.header = header;
    const vertex = header.elements[0];
    const streams = header.format !== 'ascii' && vertex?.name === 'vertex' && vertex.properties.every((p) => p.countType === undefined);
    this.total = header.vertexCount;
    this.kept = Math.min(this.total, Math.max(0, Math.floor(this.maxPoints)));
    if (!streams) {
      // readPlyPoints reads (or rejects, with its reason) what cannot stream.
      this.gathered = [];
      return;
    }
    const names = vertex.properties.map((p) => p.name);
    const colourNames = [['red', 'green', 'blue'], ['r', 'g', 'b'], ['diffuse_red', 'diffuse_green', 'diffuse_blue']].find((c) => c.every((n) => names.includes(n)));
    const offsets: number[] = [];
    for (const p of vertex.properties) {
      offsets.push(this.stride);
      this.stride += PLY_TYPE_BYTES[p.type]!;
    }
    const types = vertex.properties.map((p) => p.type);
    const isFloatXyz = ['x', 'y', 'z'].every((n) => ['float', 'float32'].includes(types[names.indexOf(n)]!));
    const isByteRgb = !colourNames || colourNames.every((n) => ['uchar', 'uint8'].includes(types[names.indexOf(n)]!));
    if (!isFloatXyz || !isByteRgb) {
      this.gathered = [];
      return;
    }
    this.positions = new Float32Array(this.kept * 3);
    this.colours = colourNames ? new Uint8Array(this.kept * 3) : null;
    this.indexOf = keptIndex(this.total, this.kept);
    const little = header.format === 'binary_little_endian';
    const [ox, oy, oz] = ['x', 'y', 'z'].map((n) => offsets[names.indexOf(n)]!) as [number, number, number];
    const [or, og, ob] = colourNames ? (colourNames.map((n) => offsets[names.indexOf(n)]!) as [number, number, number]) : [0, 0, 0];
    const positions = this.positions;
    const colours = this.colours;
    this.decode = (view, offset, rank) => {
      const p = rank * 3;
      positions[p] = view.getFloat32(offset + ox, little);
      positions[p + 1] = view.getFloat32(offset + oy, little);
      positions[p + 2] = view.getFloat32(offset + oz, little);
      if (colours) {
        colours[p] = view.getUint8(offset + or);
        colours[p + 1] = view.getUint8(offset + og);
        colours[p + 2] = view.getUint8(offset + ob);
      }
    };
  }

  /** Decode the whole vertices of `bytes` (after any left over from the last chunk); keep the rest. */
  private consume(bytes: Uint8Array): void {
    if (this.gathered) {
      this.gathered.push(bytes.slice());
      return;
    }
    if (this.nextIndex >= this.total || bytes.length === 0) return;
    let from = 0;
    if (this.pending.length > 0) {
      // Complete the vertex split across the chunks.
      const need = this.stride - this.pending.length;
      this.pending = concat(this.pending, bytes.subarray(0, need));
      from = Math.min(need, bytes.length);
      if (this.pending.length < this.stride) return;
      this.decodeVertices(this.pending, 0, 1);
      this.pending = new Uint8Array(0);
    }
    const whole = Math.min(Math.floor((bytes.length - from) / this.stride), this.total - this.nextIndex);
    this.decodeVertices(bytes, from, whole);
    const rest = from + whole * this.stride;
    if (this.nextIndex < this.total && rest < bytes.length) this.pending = bytes.slice(rest);
  }

  private decodeVertices(bytes: Uint8Array, from: number, vertices: number): void {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const decode = this.decode!;
    const end = this.nextIndex + vertices;
    if (this.kept === this.total) {
      for (let i = this.nextIndex; i < end; i++) decode(view, from + (i - this.nextIndex) * this.stride, i);
      this.count = end;
    } else {
      let next = this.count < this.kept ? this.indexOf(this.count) : Infinity;
      while (next < end) {
        decode(view, from + (next - this.nextIndex) * this.stride, this.count++);
        next = this.count < this.kept ? this.indexOf(this.count) : Infinity;
      }
    }
    this.nextIndex = end;
  }
}
