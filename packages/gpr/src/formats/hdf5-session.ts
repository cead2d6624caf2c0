import { GprFormatError } from './errors';
import { decodeLatin1 } from './text';

/** Type/shape description h5wasm's module returns for attributes and datasets. */
export interface Hdf5Metadata {
  type: number;
  size: number;
  signed: boolean;
  vlen: boolean;
  shape: number[] | null;
  total_size: number;
}

/**
 * The low-level h5wasm (Emscripten) module functions we call. Using these instead of h5wasm's high-level
 * classes lets us run several independent module instances and drop one that a hostile file has damaged.
 */
export interface Hdf5Module {
  FS: {
    writeFile(path: string, data: Uint8Array): void;
    unlink(path: string): void;
    getStream(fd: number): unknown;
    close(stream: unknown): void;
    open(path: string, flags: string): unknown;
  };
  HEAPU8: Uint8Array;
  H5F_ACC_RDONLY: number;
  H5G_GROUP: number;
  H5G_DATASET: number;
  H5T_class_t: Record<string, { value: number }>;
  _malloc(size: number): number;
  _free(pointer: number): void;
  open(path: string, mode: number, trackOrder: boolean, libverLow: number, libverHigh: number): bigint;
  close_file(fileId: bigint): number;
  get_names(fileId: bigint, path: string, recursive: boolean): string[];
  get_type(fileId: bigint, path: string): number;
  get_attribute_names(fileId: bigint, path: string): string[];
  get_attribute_metadata(fileId: bigint, path: string, name: string): Hdf5Metadata;
  get_attribute_data(fileId: bigint, path: string, name: string, pointer: bigint): number;
  get_dataset_metadata(fileId: bigint, path: string): Hdf5Metadata;
  get_dataset_data(
    fileId: bigint,
    path: string,
    count: null,
    offset: null,
    strides: null,
    pointer: bigint,
  ): number;
}

/** Attribute values we keep: numbers, short numeric arrays, fixed-length strings. */
export type Hdf5AttributeValue = number | number[] | string;

/** Largest single read (bytes) we let HDF5 allocate inside WebAssembly memory. */
const MAX_READ_BYTES = 1 << 30;

/** One open HDF5 file on one module instance; paths are absolute ("/rxs/rx1"). */
export class Hdf5Session {
  constructor(
    private readonly m: Hdf5Module,
    private readonly fileId: bigint,
    private readonly fileName: string,
  ) {}

  /** Child names of a group. */
  keys(path: string): string[] {
    return this.m.get_names(this.fileId, path, false);
  }

  /** Whether `path` is a group, a dataset or something else (or absent). */
  kind(path: string): 'group' | 'dataset' | 'other' {
    const type = this.m.get_type(this.fileId, path);
    return type === this.m.H5G_GROUP ? 'group' : type === this.m.H5G_DATASET ? 'dataset' : 'other';
  }

  /** Numeric and fixed-length string attributes of an object (others are skipped). */
  attributes(path: string): Record<string, Hdf5AttributeValue> {
    const out: Record<string, Hdf5AttributeValue> = {};
    for (const name of this.m.get_attribute_names(this.fileId, path).slice(0, 64)) {
      const meta = this.m.get_attribute_metadata(this.fileId, path, name);
      if (meta.vlen || !meta.shape || meta.total_size > 64) continue;
      const bytes = this.read(meta, (pointer) => this.m.get_attribute_data(this.fileId, path, name, pointer));
      const value = decodeValues(this.m, meta, bytes);
      if (value !== undefined) out[name] = value;
    }
    return out;
  }

  /** A dataset's metadata. */
  datasetMetadata(path: string): Hdf5Metadata {
    return this.m.get_dataset_metadata(this.fileId, path);
  }

  /** A float dataset's values (row-major), as float64 numbers in a Float64Array or Float32Array. */
  readFloats(path: string, meta: Hdf5Metadata): Float32Array | Float64Array {
    if (meta.type !== this.m.H5T_class_t.H5T_FLOAT?.value || (meta.size !== 4 && meta.size !== 8)) {
      throw new GprFormatError(this.fileName, `${path}: not a float32/float64 dataset`);
    }
    const bytes = this.read(meta, (pointer) =>
      this.m.get_dataset_data(this.fileId, path, null, null, null, pointer),
    );
    return meta.size === 4 ? new Float32Array(bytes.buffer) : new Float64Array(bytes.buffer);
  }

  private read(meta: Hdf5Metadata, fill: (pointer: bigint) => number): Uint8Array {
    const nbytes = meta.size * meta.total_size;
    if (!Number.isSafeInteger(nbytes) || nbytes < 0 || nbytes > MAX_READ_BYTES) {
      throw new GprFormatError(this.fileName, `implausible HDF5 object size: ${nbytes} bytes`);
    }
    const pointer = this.m._malloc(Math.max(1, nbytes));
    if (pointer === 0)
      throw new GprFormatError(this.fileName, `cannot allocate ${nbytes} bytes for HDF5 data`);
    try {
      fill(BigInt(pointer));
      return this.m.HEAPU8.slice(pointer, pointer + nbytes);
    } finally {
      this.m._free(pointer);
    }
  }
}

function decodeValues(m: Hdf5Module, meta: Hdf5Metadata, bytes: Uint8Array): Hdf5AttributeValue | undefined {
  const classes = m.H5T_class_t;
  if (meta.type === classes.H5T_STRING?.value) return decodeLatin1(bytes).replace(/\0.*$/s, '');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const values: number[] = [];
  for (let i = 0; i + meta.size <= bytes.length; i += meta.size) {
    if (meta.type === classes.H5T_FLOAT?.value) {
      if (meta.size === 4) values.push(view.getFloat32(i, true));
      else if (meta.size === 8) values.push(view.getFloat64(i, true));
      else return undefined;
    } else if (meta.type === classes.H5T_INTEGER?.value) {
      if (meta.size === 1) values.push(meta.signed ? view.getInt8(i) : view.getUint8(i));
      else if (meta.size === 2) values.push(meta.signed ? view.getInt16(i, true) : view.getUint16(i, true));
      else if (meta.size === 4) values.push(meta.signed ? view.getInt32(i, true) : view.getUint32(i, true));
      else if (meta.size === 8)
        values.push(Number(meta.signed ? view.getBigInt64(i, true) : view.getBigUint64(i, true)));
      else return undefined;
    } else return undefined;
  }
  return values.length === 1 && (meta.shape?.length ?? 0) === 0 ? values[0] : values;
}
