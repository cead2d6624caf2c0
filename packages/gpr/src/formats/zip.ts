import { inflateSync } from 'fflate';
import { ByteReader } from './binary';
import { GprFormatError, wrapLibraryErrors } from './errors';
import { decodeLatin1, decodeUtf8 } from './text';

/** One entry of a zip's central directory. */
export interface ZipEntry {
  path: string;
  isDirectory: boolean;
  isEncrypted: boolean;
  /** 0 stored, 8 deflate; others unsupported. */
  method: number;
  compressedSize: number;
  size: number;
  crc32: number;
  localHeaderOffset: number;
}

/** Most entries we list; an area scan has tens to a few hundred files. */
export const MAX_ZIP_ENTRIES = 20_000;
/** Deflate's best ratio is about 1032:1; a larger claim is a corrupt or hostile size. */
const MAX_DEFLATE_RATIO = 1100;

/**
 * True when the bytes start like a zip archive (local file header or an empty archive's end record).
 *
 * @param bytes - file contents.
 * @returns whether it is a zip.
 * @example
 * ```ts
 * isZip(new Uint8Array([0x50, 0x4b, 0x03, 0x04])); // true
 * ```
 */
export function isZip(bytes: Uint8Array): boolean {
  return (
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6))
  );
}

/**
 * Lists a zip's central directory (zip64 included) after checking every count and offset against the file.
 *
 * @param fileName - the zip's name, for errors.
 * @param bytes - the zip.
 * @returns the entries in directory order.
 * @throws {@link GprFormatError} when the end record or directory is missing, truncated or inconsistent.
 * @example
 * ```ts
 * listZipEntries('export.zip', bytes).map((e) => e.path); // ['L001.sgy', 'area.csv']
 * ```
 */
export function listZipEntries(fileName: string, bytes: Uint8Array): ZipEntry[] {
  const r = new ByteReader(fileName, bytes);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (r.u32(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0)
    throw new GprFormatError(fileName, 'not a complete zip file: no end-of-directory record (truncated?)');
  let count = r.u16(eocd + 10);
  let dirOffset = r.u32(eocd + 16);
  if ((count === 0xffff || dirOffset === 0xffffffff) && eocd >= 20 && r.u32(eocd - 20) === 0x07064b50) {
    const z = r.u64(eocd - 12, 'the zip64 locator');
    r.need(z, 56, 'the zip64 end record');
    if (r.u32(z) !== 0x06064b50) throw new GprFormatError(fileName, 'damaged zip: bad zip64 end record');
    count = r.u64(z + 32);
    dirOffset = r.u64(z + 48);
  }
  if (count > MAX_ZIP_ENTRIES || count * 46 > bytes.length) {
    throw new GprFormatError(fileName, `damaged zip: the directory claims ${count} entries`);
  }
  const entries: ZipEntry[] = [];
  let p = dirOffset;
  for (let k = 0; k < count; k++) {
    r.need(p, 46, `zip directory entry ${k + 1}`);
    if (r.u32(p) !== 0x02014b50)
      throw new GprFormatError(fileName, `damaged zip: directory entry ${k + 1} has a bad signature`);
    const flags = r.u16(p + 8);
    const nameLength = r.u16(p + 28);
    const extraLength = r.u16(p + 30);
    r.need(p + 46, nameLength + extraLength, `zip directory entry ${k + 1}`);
    const nameBytes = bytes.subarray(p + 46, p + 46 + nameLength);
    const path = flags & 0x800 ? decodeUtf8(nameBytes) : decodeLatin1(nameBytes);
    if (path.includes('\u0000'))
      throw new GprFormatError(fileName, `damaged zip: the name of entry ${k + 1} contains a NUL character`);
    const entry: ZipEntry = {
      path,
      isDirectory: path.endsWith('/'),
      isEncrypted: (flags & 1) === 1,
      method: r.u16(p + 10),
      crc32: r.u32(p + 16),
      compressedSize: r.u32(p + 20),
      size: r.u32(p + 24),
      localHeaderOffset: r.u32(p + 42),
    };
    readZip64Extra(r, p + 46 + nameLength, extraLength, entry);
    entries.push(entry);
    p += 46 + nameLength + extraLength + r.u16(p + 32);
  }
  refuseOverlappingEntries(fileName, entries);
  return entries;
}

/**
 * Each entry owns its bytes: a local header (30 bytes at least) and its compressed data. Entries whose spans
 * overlap (several names over one deflated block) are a zip bomb's trick to multiply one block's output, and
 * no archiver writes them.
 */
function refuseOverlappingEntries(fileName: string, entries: ZipEntry[]): void {
  const byOffset = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  for (let k = 1; k < byOffset.length; k++) {
    const previous = byOffset[k - 1]!;
    const entry = byOffset[k]!;
    if (entry.localHeaderOffset < previous.localHeaderOffset + 30 + previous.compressedSize) {
      throw new GprFormatError(
        fileName,
        `damaged zip: entries "${previous.path}" and "${entry.path}" overlap (share the same data); overlapping entries are refused`,
      );
    }
  }
}

function readZip64Extra(r: ByteReader, start: number, length: number, entry: ZipEntry): void {
  for (let q = start; q + 4 <= start + length;) {
    const id = r.u16(q);
    const size = r.u16(q + 2);
    if (id === 0x0001) {
      let f = q + 4;
      const take = (): number => {
        const v = f + 8 <= q + 4 + size ? r.u64(f) : -1;
        f += 8;
        return v;
      };
      if (entry.size === 0xffffffff) entry.size = take();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = take();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = take();
    }
    q += 4 + size;
  }
}

/**
 * Inflates one entry and checks its size and CRC-32.
 *
 * @param zipName - the zip's name (errors name `zip/path`).
 * @param bytes - the zip.
 * @param entry - from {@link listZipEntries}.
 * @param maxBytes - largest uncompressed size accepted.
 * @returns the entry's contents.
 * @throws {@link GprFormatError} for an encrypted, unsupported, oversized or damaged entry.
 * @example
 * ```ts
 * const csv = extractZipEntry('export.zip', bytes, entries[1], 1 << 30);
 * ```
 */
export function extractZipEntry(
  zipName: string,
  bytes: Uint8Array,
  entry: ZipEntry,
  maxBytes: number,
): Uint8Array {
  const name = `${zipName}/${entry.path}`;
  if (entry.isEncrypted) throw new GprFormatError(name, 'encrypted zip entries are not supported');
  if (entry.method !== 0 && entry.method !== 8)
    throw new GprFormatError(name, `unsupported zip compression method ${entry.method}`);
  if (entry.size < 0 || entry.compressedSize < 0)
    throw new GprFormatError(name, 'damaged zip: bad zip64 sizes');
  if (entry.size > maxBytes)
    throw new GprFormatError(name, `too large: ${entry.size} bytes uncompressed (limit ${maxBytes})`);
  if (entry.method === 8 && entry.size > entry.compressedSize * MAX_DEFLATE_RATIO + 1024) {
    throw new GprFormatError(
      name,
      `damaged zip: ${entry.compressedSize} compressed bytes cannot hold ${entry.size} bytes`,
    );
  }
  const r = new ByteReader(name, bytes);
  const h = entry.localHeaderOffset;
  r.need(h, 30, 'the local file header');
  if (r.u32(h) !== 0x04034b50) throw new GprFormatError(name, 'damaged zip: bad local header signature');
  const start = h + 30 + r.u16(h + 26) + r.u16(h + 28);
  r.need(start, entry.compressedSize, 'the compressed data');
  const packed = bytes.subarray(start, start + entry.compressedSize);
  let data: Uint8Array;
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size)
      throw new GprFormatError(name, 'damaged zip: stored entry sizes differ');
    data = packed.slice();
  } else {
    data = wrapLibraryErrors(name, 'inflating', () =>
      inflateSync(packed, { out: new Uint8Array(entry.size) }),
    );
  }
  if (data.length !== entry.size)
    throw new GprFormatError(name, `damaged zip: inflated to ${data.length} bytes, expected ${entry.size}`);
  if (crc32(data) !== entry.crc32) throw new GprFormatError(name, 'damaged zip: CRC-32 mismatch');
  return data;
}

const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

/**
 * CRC-32 (IEEE 802.3, as zip uses).
 *
 * @param data - bytes.
 * @returns the unsigned CRC.
 * @example
 * ```ts
 * crc32(new Uint8Array([0x61])); // 0xe8b7be43
 * ```
 */
export function crc32(data: Uint8Array): number {
  let c = -1;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}
