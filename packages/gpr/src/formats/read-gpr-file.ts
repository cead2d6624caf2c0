import type { GprFormat } from '../model/radargram';
import { detectGprFormat } from './detect';
import { readDt1 } from './dt1';
import { readDzt } from './dzt';
import { GprFormatError } from './errors';
import { readGprMax } from './gprmax';
import { isHdf5SupportLoaded, loadHdf5Support } from './hdf5-runtime';
import { readRd3 } from './mala';
import { readSegy } from './segy';
import { fileNameOf } from './sidecars';
import type { GprFileInput, GprReadResult } from './types';
import { readVendorZip } from './vendor-zip';
import { listZipEntries } from './zip';

const READERS: Record<GprFormat, (input: GprFileInput) => GprReadResult> = {
  dzt: readDzt,
  segy: (input) => readSegy(input),
  dt1: readDt1,
  rd3: readRd3,
  rd7: readRd3,
  gprmax: (input) => readGprMax(input),
  'vendor-zip': (input) => readVendorZip(input),
};

/**
 * Reads any supported GPR file: detects the format ({@link detectGprFormat}) and runs its reader. Zips (the
 * vendor export, or a plain zip of scan files) go through `readVendorZip`, honouring `input.skipPaths`.
 * Sidecars (`.HD`, `.rad`, `.cor`, `.DZX`, `.DZG`) are passed in `input.sidecars`, matched by base name.
 * Synchronous: gprMax HDF5 files need {@link loadHdf5Support} first (or use {@link readGprFileAsync}).
 *
 * @param input - name, bytes, optional sidecars, `skipPaths` for zips, `allowTruncated`.
 * @returns the radargrams (plus line scans, area scans and the file map for zips) and warnings.
 * @throws {@link GprFormatError} for an unrecognised, damaged or truncated file; never anything else.
 * @example
 * ```ts
 * const { radargrams, warnings } = readGprFile({ name: 'XLINE00.DT1', bytes, sidecars: { 'XLINE00.HD': hd } });
 * ```
 */
export function readGprFile(input: GprFileInput): GprReadResult {
  const fileName = fileNameOf(input.name);
  const format = detectGprFormat(input.name, input.bytes);
  if (format === null) {
    throw new GprFormatError(
      fileName,
      'not a recognised GPR file (supported: DZT, SEG-Y, DT1 + HD, RD3/RD7 + RAD, gprMax .out, zip)',
    );
  }
  return READERS[format](input);
}

/**
 * Like {@link readGprFile}, but loads the HDF5 library first when the input (or a file inside a zip) is a
 * gprMax `.out` file.
 *
 * @param input - as for {@link readGprFile}.
 * @returns a promise of the read result.
 * @throws {@link GprFormatError} (as a rejected promise) for unreadable files.
 * @example
 * ```ts
 * const { radargrams } = await readGprFileAsync({ name: 'cylinder_Bscan_2D_all.out', bytes });
 * ```
 */
export async function readGprFileAsync(input: GprFileInput): Promise<GprReadResult> {
  if (!isHdf5SupportLoaded() && needsHdf5(input)) await loadHdf5Support();
  return readGprFile(input);
}

function needsHdf5(input: GprFileInput): boolean {
  const format = detectGprFormat(input.name, input.bytes);
  if (format === 'gprmax') return true;
  if (format !== 'vendor-zip') return false;
  try {
    return listZipEntries(fileNameOf(input.name), input.bytes).some((e) => /\.(out|h5|hdf5)$/i.test(e.path));
  } catch {
    return false; // readGprFile reports the damaged zip
  }
}
