import { z } from 'zod';
import { IdSchema, TextSchema } from './common.js';
import {
  AreaScanDirectionSchema,
  GprScanFormatSchema,
  ImportedGprScanGroupSchema,
  ImportedGprScanSchema,
  UpdateGprScanGeometryBodySchema,
} from './gpr-scans.js';

/** What a path inside a zip turned out to be (packages/gpr's file map). */
export const FILE_MAP_KINDS = [
  'segy-line',
  'scan',
  'area-csv',
  'metadata-csv',
  'sidecar',
  'directory',
  'skipped',
  'unknown',
  'error',
] as const;

export const FileMapEntrySchema = z
  .object({
    path: TextSchema,
    kind: z.enum(FILE_MAP_KINDS),
    format: TextSchema.optional(),
    radargramIndex: z.number().int().optional(),
    areaScanIndex: z.number().int().optional(),
    sizeBytes: z.number().int(),
    reason: TextSchema.optional().meta({ description: 'Why the entry was skipped or could not be read' }),
  })
  .meta({ id: 'FileMapEntry' });
export type FileMapEntry = z.infer<typeof FileMapEntrySchema>;

/** One line the import would create. */
export const ImportScanPreviewSchema = z.object({
  path: TextSchema,
  name: TextSchema,
  format: GprScanFormatSchema,
  traces: z.number().int(),
  samplesPerTrace: z.number().int(),
  scanLength: z.number().meta({ description: 'metres' }),
  traceSpacingM: z.number().meta({
    description:
      'Distance between two traces, metres; 0 when the file stores none (gprMax output, time-triggered DZT): give it in `scanGeometry` at import',
  }),
  csvLineNumber: z.number().int().nullable(),
  areaScanDirection: AreaScanDirectionSchema.nullable(),
  /** Index into `areaScans`, when the line belongs to one. */
  areaScanIndex: z.number().int().nullable(),
});

/** One area scan the import would create. */
export const ImportAreaScanPreviewSchema = z.object({
  name: TextSchema,
  csvPath: TextSchema,
  gridSpacingX: z.number().nullable(),
  gridSpacingY: z.number().nullable(),
  gridSizeX: z.number().nullable(),
  gridSizeY: z.number().nullable(),
  lineCount: z.number().int(),
});

/** `POST /api/gpr-scans/proceq-zip-files`: what the zip holds, to review before importing. */
export const ZipFileMapResponseSchema = z.object({
  fileName: TextSchema,
  fileMap: z.array(FileMapEntrySchema),
  gprScans: z.array(ImportScanPreviewSchema),
  areaScans: z.array(ImportAreaScanPreviewSchema),
  warnings: z.array(TextSchema),
});
export type ZipFileMapResponse = z.infer<typeof ZipFileMapResponseSchema>;

/** Paths inside a zip to leave out (exact path, case-insensitive; a folder path skips its contents). */
export const PathsToSkipSchema = z.array(TextSchema.min(1).max(1000)).max(5000);

/**
 * The geometry a scan file lacks (a gprMax output stores no trace spacing), given at import so the scan is
 * created with it and its first analyses use it (issue #14 item 6).
 */
export const ImportScanGeometrySchema = z.object({
  path: TextSchema.min(1)
    .max(1000)
    .meta({
      description: 'The scan file: its path inside the zip (as the review lists it), or its file name',
    }),
  traceSpacingM: UpdateGprScanGeometryBodySchema.shape.traceSpacingM,
});
export type ImportScanGeometry = z.infer<typeof ImportScanGeometrySchema>;
export const ImportScanGeometryListSchema = z.array(ImportScanGeometrySchema).max(5000);

/**
 * `POST /api/gpr-scans/create-from-files`: import scan files staged through `POST /api/files/batch` with
 * `nodeId = parentId` (see docs/decisions/0004-gpr-scan-import.md).
 */
export const CreateGprScansFromFilesBodySchema = z.object({
  parentId: IdSchema,
  fileIds: z.array(IdSchema).min(1).max(500),
  pathsToSkip: PathsToSkipSchema.optional(),
  scanGeometry: ImportScanGeometryListSchema.optional().meta({
    description: 'Trace spacing per scan file, for files that store none (or store it wrong)',
  }),
});
export type CreateGprScansFromFilesBody = z.infer<typeof CreateGprScansFromFilesBodySchema>;

/** What an import created. */
export const CreateGprScansResponseSchema = z.object({
  gprScans: z.array(ImportedGprScanSchema),
  areaScanGroups: z.array(ImportedGprScanGroupSchema),
  /** MULTI_SCAN groups (the lines of a zip imported together, the channels of a multi-channel file). */
  gprScanGroups: z.array(ImportedGprScanGroupSchema),
  warnings: z.array(TextSchema),
});
export type CreateGprScansResponse = z.infer<typeof CreateGprScansResponseSchema>;

/** The spec's messages for the vendor link (seed 000 §5, seed 001 §5 and §8). */
export const VendorUrlMessages = {
  empty: 'Proceq URL cannot be empty',
  invalidHost: (host: string) => `Proceq URL must be a valid ${host} URL`,
  missingK: "Proceq URL must contain a 'k' query parameter",
  missingD: "Proceq URL must contain a 'd' query parameter",
  provideValidUrl: 'Please provide a valid vendor URL to proceed',
  createScansFirst: 'Create GPR Scans to proceed',
} as const;

/** Is `value` an https URL whose host (with its port, if any) is `host`? */
function isHttpsUrlOn(value: string, host: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.host.toLowerCase() === host.toLowerCase();
}

/**
 * The shared vendor URL validator (web form and server): non-empty, an https URL on the vendor host, with
 * the query parameters `k` (an opaque key) and `d` (the download address, itself an https URL on the host).
 *
 * @param value - the URL as typed.
 * @param host - the configured vendor host, `name` or `name:port` (GPR_VENDOR_HOST).
 * @returns the spec's message for the first rule broken, or null when the URL is valid.
 * @example validateVendorUrl('https://h/share?k=1&d=https%3A%2F%2Fh%2Fz.zip', 'h') // null
 */
export function validateVendorUrl(value: string, host: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return VendorUrlMessages.empty;
  if (!isHttpsUrlOn(trimmed, host)) return VendorUrlMessages.invalidHost(host);
  const params = new URL(trimmed).searchParams;
  if (!params.get('k')) return VendorUrlMessages.missingK;
  const d = params.get('d');
  if (!d) return VendorUrlMessages.missingD;
  if (!isHttpsUrlOn(d, host)) return VendorUrlMessages.invalidHost(host);
  return null;
}

/** `GET /api/gpr-scans/vendor-link-settings`: whether link import is on, and the host links must use. */
export const VendorLinkSettingsSchema = z.object({
  vendorHost: TextSchema.nullable().meta({
    description: 'GPR_VENDOR_HOST; null: import from a vendor link is not configured on this server',
  }),
});
export type VendorLinkSettings = z.infer<typeof VendorLinkSettingsSchema>;

const VendorUrlSchema = TextSchema.max(8000).meta({
  description: "The vendor's share link: https://{host}/…?k={key}&d={download address on the same host}",
});

/** `POST /api/gpr-scans/proceq-url-files`: read the zip behind a vendor link, to review before importing. */
export const ReadVendorUrlBodySchema = z.object({
  url: VendorUrlSchema,
  pathsToSkip: PathsToSkipSchema.optional(),
});
export type ReadVendorUrlBody = z.infer<typeof ReadVendorUrlBodySchema>;

/** `POST /api/gpr-scans/create-from-url`: import the zip behind a vendor link into a folder (null: top level). */
export const CreateGprScansFromUrlBodySchema = z.object({
  parentId: IdSchema.nullable().optional(),
  url: VendorUrlSchema,
  pathsToSkip: PathsToSkipSchema.optional(),
});
export type CreateGprScansFromUrlBody = z.infer<typeof CreateGprScansFromUrlBodySchema>;

/** What an import from a vendor link created, with the file map of the zip it read. */
export const CreateGprScansFromUrlResponseSchema = CreateGprScansResponseSchema.extend({
  fileMap: z.array(FileMapEntrySchema),
});
export type CreateGprScansFromUrlResponse = z.infer<typeof CreateGprScansFromUrlResponseSchema>;
