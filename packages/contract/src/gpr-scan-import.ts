import { z } from 'zod';
import { IdSchema } from './common.js';
import {
  AreaScanDirectionSchema,
  GprScanFormatSchema,
  ImportedGprScanGroupSchema,
  ImportedGprScanSchema,
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
    path: z.string(),
    kind: z.enum(FILE_MAP_KINDS),
    format: z.string().optional(),
    radargramIndex: z.number().int().optional(),
    areaScanIndex: z.number().int().optional(),
    sizeBytes: z.number().int(),
    reason: z.string().optional().meta({ description: 'Why the entry was skipped or could not be read' }),
  })
  .meta({ id: 'FileMapEntry' });
export type FileMapEntry = z.infer<typeof FileMapEntrySchema>;

/** One line the import would create. */
export const ImportScanPreviewSchema = z.object({
  path: z.string(),
  name: z.string(),
  format: GprScanFormatSchema,
  traces: z.number().int(),
  samplesPerTrace: z.number().int(),
  scanLength: z.number().meta({ description: 'metres' }),
  csvLineNumber: z.number().int().nullable(),
  areaScanDirection: AreaScanDirectionSchema.nullable(),
  /** Index into `areaScans`, when the line belongs to one. */
  areaScanIndex: z.number().int().nullable(),
});

/** One area scan the import would create. */
export const ImportAreaScanPreviewSchema = z.object({
  name: z.string(),
  csvPath: z.string(),
  gridSpacingX: z.number().nullable(),
  gridSpacingY: z.number().nullable(),
  gridSizeX: z.number().nullable(),
  gridSizeY: z.number().nullable(),
  lineCount: z.number().int(),
});

/** `POST /api/gpr-scans/proceq-zip-files`: what the zip holds, to review before importing. */
export const ZipFileMapResponseSchema = z.object({
  fileName: z.string(),
  fileMap: z.array(FileMapEntrySchema),
  gprScans: z.array(ImportScanPreviewSchema),
  areaScans: z.array(ImportAreaScanPreviewSchema),
  warnings: z.array(z.string()),
});
export type ZipFileMapResponse = z.infer<typeof ZipFileMapResponseSchema>;

/** Paths inside a zip to leave out (exact path, case-insensitive; a folder path skips its contents). */
export const PathsToSkipSchema = z.array(z.string().min(1).max(1000)).max(5000);

/**
 * `POST /api/gpr-scans/create-from-files`: import scan files staged through `POST /api/files/batch` with
 * `nodeId = parentId` (see docs/decisions/0004-gpr-scan-import.md).
 */
export const CreateGprScansFromFilesBodySchema = z.object({
  parentId: IdSchema,
  fileIds: z.array(IdSchema).min(1).max(500),
  pathsToSkip: PathsToSkipSchema.optional(),
});
export type CreateGprScansFromFilesBody = z.infer<typeof CreateGprScansFromFilesBodySchema>;

/** What an import created. */
export const CreateGprScansResponseSchema = z.object({
  gprScans: z.array(ImportedGprScanSchema),
  areaScanGroups: z.array(ImportedGprScanGroupSchema),
  /** MULTI_SCAN groups (the lines of a zip imported together, the channels of a multi-channel file). */
  gprScanGroups: z.array(ImportedGprScanGroupSchema),
  warnings: z.array(z.string()),
});
export type CreateGprScansResponse = z.infer<typeof CreateGprScansResponseSchema>;
