import { unzlibSync, zlibSync } from 'fflate';

/** OpenCV matrix types RTAB-Map stores in compressed blobs (depth in the high bits is the channel count − 1). */
export const CV_8UC1 = 0;
export const CV_8SC1 = 1;
export const CV_32SC1 = 4;
export const CV_32FC1 = 5;
export const CV_64FC1 = 6;

/** A matrix read back from RTAB-Map's compressed blob: rows × cols elements of `type`, raw little-endian bytes. */
export interface CompressedMatrix {
  rows: number;
  cols: number;
  /** OpenCV type code (e.g. 5 = CV_32FC1). */
  type: number;
  bytes: Uint8Array;
}

/** Bytes per element of an OpenCV type code (depth in the low 3 bits, channels − 1 in the next bits). */
export function cvElementSize(type: number): number {
  const depth = type & 7;
  const channels = (type >> 3) + 1;
  const depthBytes = [1, 1, 2, 2, 4, 4, 8, 2][depth]!;
  return depthBytes * channels;
}

/**
 * Inflate RTAB-Map's `compressData` blob: a zlib stream followed by a 12-byte trailer of int32 rows, cols and
 * OpenCV type (Compression.cpp). Throws a clear message when the blob is too short, its trailer is
 * impossible, or the inflated size does not match the trailer.
 */
export function uncompressData(
  blob: Uint8Array,
  what = 'compressed data',
  inflate: (zlibStream: Uint8Array) => Uint8Array = unzlibSync,
): CompressedMatrix {
  if (blob.length < 12 + 2)
    throw new Error(`The ${what} is too short (${blob.length} bytes) to be RTAB-Map compressed data`);
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  const rows = view.getInt32(blob.length - 12, true);
  const cols = view.getInt32(blob.length - 8, true);
  const type = view.getInt32(blob.length - 4, true);
  if (rows < 0 || cols < 0 || type < 0 || type > 511)
    throw new Error(`The ${what} has an invalid size trailer (rows ${rows}, cols ${cols}, type ${type})`);
  const expected = rows * cols * cvElementSize(type);
  let bytes: Uint8Array;
  try {
    bytes = inflate(blob.subarray(0, blob.length - 12));
  } catch (error) {
    throw new Error(
      `The ${what} is not valid zlib data (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
  if (bytes.length !== expected)
    throw new Error(
      `The ${what} inflates to ${bytes.length} bytes, but its trailer says ${rows} × ${cols} of type ${type} (${expected} bytes)`,
    );
  return { rows, cols, type, bytes };
}

/** RTAB-Map's `compressData`: zlib of the raw bytes plus the int32 rows, cols, type trailer. */
export function compressData(bytes: Uint8Array, rows: number, cols: number, type: number): Uint8Array {
  const z = zlibSync(bytes, { level: 6 });
  const out = new Uint8Array(z.length + 12);
  out.set(z, 0);
  const view = new DataView(out.buffer);
  view.setInt32(z.length, rows, true);
  view.setInt32(z.length + 4, cols, true);
  view.setInt32(z.length + 8, type, true);
  return out;
}

/** The matrix's elements as float32 (CV_32FC1) or int32 (CV_32SC1), copied to an aligned array. */
export function matrixFloat32(m: CompressedMatrix, what: string): Float32Array {
  if ((m.type & 7) !== CV_32FC1) throw new Error(`The ${what} is not float32 data (OpenCV type ${m.type})`);
  return new Float32Array(m.bytes.slice().buffer);
}

export function matrixInt32(m: CompressedMatrix, what: string): Int32Array {
  if ((m.type & 7) !== CV_32SC1) throw new Error(`The ${what} is not int32 data (OpenCV type ${m.type})`);
  return new Int32Array(m.bytes.slice().buffer);
}
