import type { GprFormat, Radargram } from '../model/radargram';

/** One file handed to a reader. */
export interface GprFileInput {
  /** File name (or path inside a zip); its extension picks the reader and it names the file in errors. */
  name: string;
  /** The file contents. */
  bytes: Uint8Array;
  /**
   * Companion files by name, e.g. `{ 'XLINE00.HD': … }` for `XLINE00.DT1`, `ten_col.rad` for `ten_col.rd3`,
   * `.DZX`/`.DZG` for a `.DZT`. Matched case-insensitively by base name.
   */
  sidecars?: Record<string, Uint8Array>;
  /** Zip inputs only: paths inside the zip to leave out (exact path, case-insensitive; a folder path skips its contents). */
  skipPaths?: string[];
  /**
   * Accept a file whose last trace is incomplete (or that holds fewer traces than its header declares):
   * read the complete traces and add a warning instead of throwing. Default false.
   */
  allowTruncated?: boolean;
}

/** Scan direction of a line within an area scan, as the product names it. */
export type AreaScanDirection = 'LEFT_TO_RIGHT' | 'BOTTOM_TO_TOP';

/** What a path inside a zip turned out to be. */
export type FileMapKind =
  | 'segy-line'
  | 'scan'
  | 'area-csv'
  | 'metadata-csv'
  | 'sidecar'
  | 'directory'
  | 'skipped'
  | 'unknown'
  | 'error';

/** One entry of a zip's file map. */
export interface FileMapEntry {
  /** Path inside the zip. */
  path: string;
  kind: FileMapKind;
  /** Format of a scan file (`segy-line` and `scan` entries). */
  format?: GprFormat;
  /** Index into `GprReadResult.radargrams` of the first radargram read from this file. */
  radargramIndex?: number;
  /** Index into `GprReadResult.areaScans` for area CSVs and the lines they describe. */
  areaScanIndex?: number;
  /** Uncompressed size, bytes. */
  sizeBytes: number;
  /** Why the entry was skipped or could not be read. */
  reason?: string;
}

/** A line scan from a vendor export, with what the CSV said about it. */
export interface LineScan {
  /** Path of the SEG-Y file inside the zip. */
  path: string;
  /** Index into `GprReadResult.radargrams`. */
  radargramIndex: number;
  /** Line number from the CSV (or from the file name), 1-based; the product shows it as "L001". */
  csvLineNumber?: number;
  /** Direction of the line within its area scan. */
  direction?: AreaScanDirection;
  /** Scans (traces) per centimetre of travel. */
  repetitionRateScansPerCm?: number;
  /** Length of the line, metres (from the CSV, else traces × trace spacing). */
  scanLengthM: number;
  /** Acquisition date, ISO 8601. */
  scanDate?: string;
  /** Index into `GprReadResult.areaScans` when the line belongs to an area scan. */
  areaScanIndex?: number;
}

/** An area scan: a grid of line scans described by one CSV. Lengths in centimetres. */
export interface AreaScanGroup {
  /** Display name: the CSV's area name, else its file name without extension, as written. */
  name: string;
  /** Path of the CSV inside the zip. */
  csvPath: string;
  areaScanWidthCm?: number;
  areaScanHeightCm?: number;
  gridSpacingXCm?: number;
  gridSpacingYCm?: number;
  gridSizeXCm?: number;
  gridSizeYCm?: number;
  /** Acquisition date, ISO 8601. */
  scanDate?: string;
  /** Indices into `GprReadResult.lineScans`, ordered by `csvLineNumber`. */
  lineScanIndices: number[];
  /** Every CSV value as read (canonical field name → value), for display. */
  fields: Record<string, string | number>;
}

/** What {@link readGprFile} and each reader return. */
export interface GprReadResult {
  format: GprFormat;
  /** One per line or channel, in file order. */
  radargrams: Radargram[];
  /** Vendor exports: the line scans with their CSV metadata. */
  lineScans?: LineScan[];
  /** Vendor exports: area-scan groups. */
  areaScans?: AreaScanGroup[];
  /** Zip inputs: what every path in the zip is. */
  fileMap?: FileMapEntry[];
  /** Things the reader noticed and worked around, or could not interpret, in plain language. */
  warnings: string[];
}
