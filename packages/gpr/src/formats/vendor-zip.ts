import { DEFAULT_SAMPLE_INTERVAL_S } from '../model/radargram';
import type { Radargram } from '../model/radargram';
import { readDt1 } from './dt1';
import { readDzt } from './dzt';
import { GprFormatError } from './errors';
import { readGprMax } from './gprmax';
import { readRd3 } from './mala';
import { readSegy } from './segy';
import { extensionOf, fileNameOf } from './sidecars';
import type { FileMapEntry, GprFileInput, GprReadResult } from './types';
import { readVendorCsv } from './vendor-csv';
import { groupVendorLines } from './vendor-groups';
import type { ZipCsv, ZipLine } from './vendor-groups';
import { extractZipEntry, listZipEntries } from './zip';
import type { ZipEntry } from './zip';

/** Options for {@link readVendorZip}. */
export interface VendorZipOptions {
  /** Largest total uncompressed size read from the zip, bytes (default 1 GiB). */
  maxTotalBytes?: number;
}

const SEGY_EXTENSIONS = ['sgy', 'segy', 'seg'];
const SCAN_EXTENSIONS = ['dzt', 'dt1', 'rd3', 'rd7', 'out'];
const SIDECAR_EXTENSIONS = ['hd', 'rad', 'cor', 'dzx', 'dzg'];
const CSV_EXTENSIONS = ['csv', 'tsv'];
const DEFAULT_MAX_TOTAL_BYTES = 1 << 30;
const MAX_CSV_BYTES = 32 << 20;

const normalisePath = (p: string): string =>
  p
    .replace(/\\/g, '/')
    .replace(/^(\.\/|\/)+/, '')
    .toLowerCase();
const isSystemFile = (p: string): boolean => /(^|\/)(__MACOSX\/|\._|\.DS_Store$|Thumbs\.db$)/i.test(p);

/**
 * Reads a zip: the scanner vendor's export (Proceq/Screening Eagle GP8000-style: SEG-Y line scans plus a
 * tab-separated CSV describing the scan area) or a plain zip of scan files with their sidecars.
 *
 * - Every entry lands in the file map: `segy-line`, `scan` (DZT/DT1/RD3/RD7/gprMax), `area-csv`,
 *   `metadata-csv`, `sidecar`, `directory`, `skipped` (in `skipPaths`, or OS junk such as `__MACOSX/`),
 *   `unknown`, or `error` (with the reason; the other files are still read).
 * - SEG-Y files that store no sample interval get the product default (24.414 ps); intervals within 5 % of it
 *   are snapped to it. Vendor lines without a trace delay get the product's time offset and antenna separation.
 * - CSV rows are matched to lines and grouped into area scans (see `groupVendorLines`); what the CSV reader
 *   did not understand is listed in `warnings`.
 *
 * @param input - the zip's name and bytes; `skipPaths` lists entries (or folders) to leave out.
 * @param options - size limit.
 * @returns radargrams (one per line/channel, in zip order), line scans, area scans, the file map and warnings.
 * @throws {@link GprFormatError} when the zip itself is damaged or holds no readable scan.
 * @example
 * ```ts
 * const result = readVendorZip({ name: 'export.zip', bytes, skipPaths: ['old/L009.sgy'] });
 * result.areaScans?.[0].gridSpacingXCm; // 10
 * ```
 */
export function readVendorZip(input: GprFileInput, options: VendorZipOptions = {}): GprReadResult {
  const zipName = fileNameOf(input.name);
  const warnings: string[] = [];
  const entries = listZipEntries(zipName, input.bytes);
  const skip = (input.skipPaths ?? []).map(normalisePath).filter((p) => p !== '');
  const isSkipped = (path: string): boolean => {
    const p = normalisePath(path);
    return skip.some(
      (s) => p === s || p === s.replace(/\/$/, '') || p.startsWith(s.endsWith('/') ? s : `${s}/`),
    );
  };
  let budget = options.maxTotalBytes ?? DEFAULT_MAX_TOTAL_BYTES;
  const fileMap: FileMapEntry[] = [];
  const contents = new Map<string, Uint8Array>();
  for (const entry of entries) {
    const item: FileMapEntry = {
      path: entry.path,
      kind: classify(entry),
      sizeBytes: Math.max(0, entry.size),
    };
    const skipReason = isSkipped(entry.path)
      ? 'in the list of paths to skip'
      : isSystemFile(entry.path)
        ? 'operating-system metadata'
        : undefined;
    if (entry.isDirectory) item.kind = 'directory';
    else if (skipReason) Object.assign(item, { kind: 'skipped', reason: skipReason });
    fileMap.push(item);
    if (item.kind === 'directory' || item.kind === 'skipped' || item.kind === 'unknown') continue;
    try {
      const data = extractZipEntry(zipName, input.bytes, entry, budget);
      budget -= data.length;
      contents.set(entry.path, data);
    } catch (error) {
      if (!(error instanceof GprFormatError)) throw error;
      markError(item, error, warnings);
    }
  }
  const radargrams: Radargram[] = [];
  const lines: ZipLine[] = [];
  const csvs: ZipCsv[] = [];
  for (const item of fileMap) {
    const data = contents.get(item.path);
    if (!data) continue;
    try {
      if (item.kind === 'area-csv') {
        if (data.length > MAX_CSV_BYTES) {
          throw new GprFormatError(
            item.path,
            `too large for a scan-area CSV: ${data.length} bytes (limit ${MAX_CSV_BYTES})`,
          );
        }
        const csv = readVendorCsv(data, item.path);
        csvs.push({ path: item.path, csv });
        if (csv.notUnderstood.length > 0) {
          warnings.push(
            `${item.path}: not understood (kept verbatim): ${csv.notUnderstood.slice(0, 20).join(', ')}`,
          );
        }
      } else if (item.kind === 'segy-line' || item.kind === 'scan') {
        const sidecars = sidecarsFor(item.path, fileMap, contents);
        const result = readZipScan({
          name: item.path,
          bytes: data,
          sidecars,
          allowTruncated: input.allowTruncated,
        });
        item.format = result.format;
        item.radargramIndex = radargrams.length;
        for (const r of result.radargrams) {
          lines.push({
            path: item.path,
            radargramIndex: radargrams.length,
            radargram: r,
            isSegy: item.kind === 'segy-line',
          });
          radargrams.push(r);
        }
        warnings.push(...result.warnings);
      }
    } catch (error) {
      if (!(error instanceof GprFormatError)) throw error;
      markError(item, error, warnings);
    }
  }
  if (radargrams.length === 0) {
    const problems = fileMap.filter((f) => f.kind === 'error').map((f) => `${f.path}: ${f.reason}`);
    throw new GprFormatError(
      zipName,
      `the zip holds no readable GPR scan${problems.length ? ` (${problems.slice(0, 5).join('; ')})` : ''}`,
    );
  }
  const { lineScans, areaScans, csvKinds } = groupVendorLines(lines, csvs, warnings);
  for (const item of fileMap) {
    const kind = csvKinds.get(item.path);
    if (kind) item.kind = kind;
    if (kind === 'area-csv') item.areaScanIndex = areaScans.findIndex((a) => a.csvPath === item.path);
    const scan = lineScans.find((l) => l.path === item.path && l.areaScanIndex !== undefined);
    if (scan) item.areaScanIndex = scan.areaScanIndex;
  }
  return { format: 'vendor-zip', radargrams, lineScans, areaScans, fileMap, warnings };
}

function classify(entry: ZipEntry): FileMapEntry['kind'] {
  const ext = extensionOf(entry.path);
  if (SEGY_EXTENSIONS.includes(ext)) return 'segy-line';
  if (SCAN_EXTENSIONS.includes(ext)) return 'scan';
  if (SIDECAR_EXTENSIONS.includes(ext)) return 'sidecar';
  if (CSV_EXTENSIONS.includes(ext)) return 'area-csv';
  return 'unknown';
}

function markError(item: FileMapEntry, error: GprFormatError, warnings: string[]): void {
  item.kind = 'error';
  item.reason = error.detail;
  warnings.push(`${item.path}: could not be read: ${error.detail}`);
}

function sidecarsFor(
  path: string,
  fileMap: FileMapEntry[],
  contents: Map<string, Uint8Array>,
): Record<string, Uint8Array> {
  const folder = path.slice(0, path.lastIndexOf('/') + 1);
  const out: Record<string, Uint8Array> = {};
  for (const item of fileMap) {
    const data = contents.get(item.path);
    const inFolder = item.path.startsWith(folder) && !item.path.slice(folder.length).includes('/');
    if (item.kind === 'sidecar' && data && inFolder) out[item.path] = data;
  }
  return out;
}

function readZipScan(input: GprFileInput): GprReadResult {
  switch (extensionOf(input.name)) {
    case 'dzt':
      return readDzt(input);
    case 'dt1':
      return readDt1(input);
    case 'rd3':
    case 'rd7':
      return readRd3(input);
    case 'out':
      return readGprMax(input);
    default:
      return readSegy(input, { fallbackSampleIntervalS: DEFAULT_SAMPLE_INTERVAL_S });
  }
}
