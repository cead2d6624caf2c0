/**
 * Reading what a user uploaded for an import: a zip (under the configured limits) or loose scan files with
 * their sidecars. Nothing here touches storage or the database; every failure is an HttpError whose message
 * names the file and says why (packages/gpr's GprFormatError text).
 */
import { ErrorCode, type ZipFileMapResponse } from '@gprhub/contract';
import type { GprReadResult, ZipEntry } from '@gprhub/gpr';
import {
  GprFormatError,
  isHdf5SupportLoaded,
  isZip,
  listZipEntries,
  loadHdf5Support,
  readGprFileAsync,
  readVendorZip,
} from '@gprhub/gpr';
import type { GprImportLimits } from '../../config.js';
import { HttpError } from '../../lib/errors.js';

/** One uploaded file: its name, bytes and, for staged uploads, its file id. */
export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
  stagedFileId?: string;
}

export type ParsedSource =
  | { kind: 'file'; main: UploadedFile; sidecars: UploadedFile[]; read: GprReadResult }
  | { kind: 'zip'; zip: UploadedFile; read: GprReadResult; entries: ZipEntry[] };

export const invalidGprFile = (message: string) => new HttpError(400, ErrorCode.InvalidGprFile, message);
const tooLarge = (message: string) => new HttpError(413, ErrorCode.PayloadTooLarge, message);

const SIDECAR_EXTENSIONS = new Set(['hd', 'rad', 'cor', 'dzx', 'dzg']);
const HDF5_ENTRY = /\.(out|h5|hdf5)$/i;

export const fileNameOf = (path: string): string => path.split(/[\\/]/).pop() ?? path;
export const extensionOf = (path: string): string => {
  const file = fileNameOf(path);
  const dot = file.lastIndexOf('.');
  return dot > 0 ? file.slice(dot + 1).toLowerCase() : '';
};
export const baseNameOf = (path: string): string => {
  const file = fileNameOf(path);
  const dot = file.lastIndexOf('.');
  return dot > 0 ? file.slice(0, dot) : file;
};

/** Same rule as packages/gpr's `skipPaths`: exact path, any case; a folder skips its contents. */
function isSkipped(path: string, pathsToSkip: string[]): boolean {
  const norm = (p: string) =>
    p
      .replace(/\\/g, '/')
      .replace(/^(\.\/|\/)+/, '')
      .toLowerCase();
  const p = norm(path);
  return pathsToSkip
    .map(norm)
    .some((s) => s !== '' && (p === s.replace(/\/$/, '') || p.startsWith(s.endsWith('/') ? s : `${s}/`)));
}

async function guard<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof GprFormatError) throw invalidGprFile(error.message);
    throw error;
  }
}

/**
 * Read a zip within the limits: entry count and total uncompressed size (of the entries not skipped) are
 * checked from the central directory before anything is inflated; inflating is capped again by packages/gpr.
 * Paths are only ever keys: nothing is written to a file system, so `../` in a name cannot escape anywhere.
 * @param options.isStrict - fail when an entry could not be read (import); off for the review file map
 */
export async function readZipUpload(
  zip: UploadedFile,
  limits: GprImportLimits,
  pathsToSkip: string[],
  options: { isStrict: boolean },
): Promise<ParsedSource & { kind: 'zip' }> {
  const zipName = fileNameOf(zip.name);
  const entries = await guard(async () => listZipEntries(zipName, zip.bytes));
  if (entries.length > limits.maxZipEntries) {
    throw tooLarge(
      `${zipName}: holds ${entries.length} entries (limit ${limits.maxZipEntries}, GPR_ZIP_MAX_ENTRIES)`,
    );
  }
  const unpacked = entries
    .filter((e) => !e.isDirectory && !isSkipped(e.path, pathsToSkip))
    .reduce((sum, e) => sum + Math.max(0, e.size), 0);
  if (unpacked > limits.maxZipUncompressedBytes) {
    throw tooLarge(
      `${zipName}: unpacks to ${unpacked} bytes (limit ${limits.maxZipUncompressedBytes}, GPR_ZIP_MAX_UNCOMPRESSED_BYTES); skip some paths or split the zip`,
    );
  }
  if (
    !isHdf5SupportLoaded() &&
    entries.some((e) => HDF5_ENTRY.test(e.path) && !isSkipped(e.path, pathsToSkip))
  ) {
    await loadHdf5Support();
  }
  const read = await guard(async () =>
    readVendorZip(
      { name: zipName, bytes: zip.bytes, skipPaths: pathsToSkip },
      { maxTotalBytes: limits.maxZipUncompressedBytes },
    ),
  );
  const failed = (read.fileMap ?? []).filter((f) => f.kind === 'error');
  if (options.isStrict && failed.length > 0) {
    const list = failed.slice(0, 3).map((f) => `${f.path}: ${f.reason}`);
    const more = failed.length > 3 ? ` (and ${failed.length - 3} more)` : '';
    throw invalidGprFile(
      `${zipName}: ${list.join('; ')}${more}. Skip ${failed.length > 1 ? 'these paths' : 'this path'} to import the rest`,
    );
  }
  return { kind: 'zip', zip, read, entries };
}

/**
 * Sort loose uploads into scan files with their sidecars (matched by base name, any case; with a single
 * scan file every sidecar goes to it) and zips.
 */
export function groupUploads(
  files: UploadedFile[],
): Array<{ main: UploadedFile; sidecars: UploadedFile[] } | { zip: UploadedFile }> {
  const zips = files.filter((f) => extensionOf(f.name) === 'zip' || isZip(f.bytes));
  const sidecars = files.filter((f) => !zips.includes(f) && SIDECAR_EXTENSIONS.has(extensionOf(f.name)));
  const mains = files.filter((f) => !zips.includes(f) && !sidecars.includes(f));
  const groups = mains.map((main) => ({ main, sidecars: [] as UploadedFile[] }));
  for (const sidecar of sidecars) {
    const base = baseNameOf(sidecar.name).toLowerCase();
    const owner =
      groups.find((g) => baseNameOf(g.main.name).toLowerCase() === base) ??
      (groups.length === 1 ? groups[0] : undefined);
    if (!owner)
      throw invalidGprFile(
        `${sidecar.name}: no scan file named ${baseNameOf(sidecar.name)} among the files to import`,
      );
    owner.sidecars.push(sidecar);
  }
  return [...groups, ...zips.map((zip) => ({ zip }))];
}

/** Read every upload of an import; the first unreadable file stops it with its name and the reason. */
export async function readUploads(
  files: UploadedFile[],
  limits: GprImportLimits,
  pathsToSkip: string[],
): Promise<ParsedSource[]> {
  const sources: ParsedSource[] = [];
  for (const group of groupUploads(files)) {
    if ('zip' in group) {
      sources.push(await readZipUpload(group.zip, limits, pathsToSkip, { isStrict: true }));
      continue;
    }
    const { main, sidecars } = group;
    const read = await guard(() =>
      readGprFileAsync({
        name: main.name,
        bytes: main.bytes,
        sidecars: Object.fromEntries(sidecars.map((s) => [s.name, s.bytes])),
      }),
    );
    sources.push({ kind: 'file', main, sidecars, read });
  }
  return sources;
}

/** The review of a read zip: its file map, the lines it holds and its area scans. */
export function describeZipReview(zip: UploadedFile, read: GprReadResult): ZipFileMapResponse {
  const lines = read.lineScans ?? [];
  return {
    fileName: fileNameOf(zip.name),
    fileMap: read.fileMap ?? [],
    gprScans: lines.map((l) => {
      const r = read.radargrams[l.radargramIndex]!;
      return {
        path: l.path,
        name: baseNameOf(l.path),
        format: r.format as 'segy',
        traces: r.traces,
        samplesPerTrace: r.samplesPerTrace,
        scanLength: l.scanLengthM,
        traceSpacingM: r.traceSpacingM,
        csvLineNumber: l.csvLineNumber ?? null,
        areaScanDirection: l.direction ?? null,
        areaScanIndex: l.areaScanIndex ?? null,
      };
    }),
    areaScans: (read.areaScans ?? []).map((a) => ({
      name: a.name,
      csvPath: a.csvPath,
      gridSpacingX: a.gridSpacingXCm ?? null,
      gridSpacingY: a.gridSpacingYCm ?? null,
      gridSizeX: a.gridSizeXCm ?? null,
      gridSizeY: a.gridSizeYCm ?? null,
      lineCount: a.lineScanIndices.length,
    })),
    warnings: read.warnings,
  };
}
