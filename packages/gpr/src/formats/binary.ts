import { GprFormatError } from './errors';

/**
 * Bounds-checked little/big-endian reads over a byte array. Every read past the end throws a
 * {@link GprFormatError} naming the file, so no reader can hit a `RangeError` from `DataView`.
 */
export class ByteReader {
  readonly view: DataView;

  /**
   * @param fileName - file name for error messages.
   * @param bytes - the file contents.
   * @param littleEndian - default byte order for multi-byte reads.
   * @example
   * ```ts
   * const r = new ByteReader('File____001.DZT', bytes);
   * const samplesPerTrace = r.u16(4, 'rh_nsamp');
   * ```
   */
  constructor(
    readonly fileName: string,
    readonly bytes: Uint8Array,
    public littleEndian = true,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** Size of the file in bytes. */
  get length(): number {
    return this.bytes.length;
  }

  /**
   * Throws unless `size` bytes are available at `offset`.
   *
   * @param offset - byte offset.
   * @param size - number of bytes needed.
   * @param what - the field being read, for the message.
   * @returns nothing.
   * @example
   * ```ts
   * reader.need(3200, 400, 'the SEG-Y binary header');
   * ```
   */
  need(offset: number, size: number, what: string): void {
    if (!Number.isSafeInteger(offset) || offset < 0 || size < 0 || offset + size > this.bytes.length) {
      throw new GprFormatError(
        this.fileName,
        `truncated: ${what} needs bytes ${offset}–${offset + size} but the file has ${this.bytes.length} bytes`,
      );
    }
  }

  /** Unsigned byte at `offset`. */
  u8(offset: number, what = 'a byte'): number {
    this.need(offset, 1, what);
    return this.view.getUint8(offset);
  }

  /** Unsigned 16-bit integer at `offset`. */
  u16(offset: number, what = 'a 16-bit field'): number {
    this.need(offset, 2, what);
    return this.view.getUint16(offset, this.littleEndian);
  }

  /** Signed 16-bit integer at `offset`. */
  i16(offset: number, what = 'a 16-bit field'): number {
    this.need(offset, 2, what);
    return this.view.getInt16(offset, this.littleEndian);
  }

  /** Unsigned 32-bit integer at `offset`. */
  u32(offset: number, what = 'a 32-bit field'): number {
    this.need(offset, 4, what);
    return this.view.getUint32(offset, this.littleEndian);
  }

  /** Signed 32-bit integer at `offset`. */
  i32(offset: number, what = 'a 32-bit field'): number {
    this.need(offset, 4, what);
    return this.view.getInt32(offset, this.littleEndian);
  }

  /** IEEE float32 at `offset`. */
  f32(offset: number, what = 'a float field'): number {
    this.need(offset, 4, what);
    return this.view.getFloat32(offset, this.littleEndian);
  }

  /** IEEE float64 at `offset`. */
  f64(offset: number, what = 'a double field'): number {
    this.need(offset, 8, what);
    return this.view.getFloat64(offset, this.littleEndian);
  }

  /** Unsigned 64-bit integer at `offset`, as a number (exact up to 2^53). */
  u64(offset: number, what = 'a 64-bit field'): number {
    this.need(offset, 8, what);
    return Number(this.view.getBigUint64(offset, this.littleEndian));
  }
}
