import type { GprFormat } from '../model/radargram';
import { hasHdf5Signature } from './gprmax';
import { extensionOf } from './sidecars';
import { isZip } from './zip';

const BY_EXTENSION: Record<string, GprFormat> = {
  dzt: 'dzt',
  sgy: 'segy',
  segy: 'segy',
  seg: 'segy',
  dt1: 'dt1',
  rd3: 'rd3',
  rd7: 'rd7',
  out: 'gprmax',
  h5: 'gprmax',
  hdf5: 'gprmax',
  zip: 'vendor-zip',
};

/**
 * Decides which reader a file needs. Content signatures win over the name (zip, HDF5); then the extension
 * (so a damaged `.zip` still reaches the zip reader and gets a precise error); then, for files without a known
 * extension, a plausibility check of the DZT and SEG-Y headers. Sidecars
 * (`.HD`, `.rad`, `.DZX`, `.csv` …) are not scan files and give `null`.
 *
 * @param fileName - the file name (only its extension is used).
 * @param bytes - the file contents (the first few kilobytes suffice).
 * @returns the format, or `null` when the file is not a scan file we can read.
 * @example
 * ```ts
 * detectGprFormat('File____001.DZT', bytes); // "dzt"
 * detectGprFormat('XLINE00.HD', bytes);      // null
 * ```
 */
export function detectGprFormat(fileName: string, bytes: Uint8Array): GprFormat | null {
  if (isZip(bytes)) return 'vendor-zip';
  if (hasHdf5Signature(bytes)) return 'gprmax';
  // A .zip or .out without its signature still goes to its reader, which then says precisely what is wrong.
  const byName = BY_EXTENSION[extensionOf(fileName)];
  if (byName) return byName;
  if (looksLikeDzt(bytes)) return 'dzt';
  if (looksLikeSegy(bytes)) return 'segy';
  return null;
}

function looksLikeDzt(bytes: Uint8Array): boolean {
  if (bytes.length < 1024) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = view.getUint16(0, true);
  const knownTag = (tag & 0xff) === 0xff || tag === 0x0700 || tag === 0x07ff;
  if (!knownTag) return false;
  const samples = view.getUint16(4, true);
  const bits = view.getUint16(6, true);
  const range = view.getFloat32(26, true);
  const channels = view.getUint16(52, true);
  return [8, 16, 32].includes(bits) && samples >= 3 && channels <= 16 && Number.isFinite(range) && range > 0;
}

function looksLikeSegy(bytes: Uint8Array): boolean {
  if (bytes.length < 3600 + 240) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return [false, true].some((le) => {
    const format = view.getInt16(3224, le);
    const samples = view.getUint16(3220, le);
    return [1, 2, 3, 5, 6, 8, 11, 16].includes(format) && samples > 0;
  });
}
