import { z } from 'zod';
import { IdSchema, TextSchema, TimestampSchema } from './common.js';

/** The spec's allowed upload extensions (lower case, no dot). */
export const ALLOWED_FILE_EXTENSIONS = [
  'ifc', 'zip', 'json', 'png', 'jpg', 'jpeg', 'ply', 'csv', 'gltf', 'glb', 'db', 'obj', 'mtl', 'bin', 'pcd', 'avif',
] as const;
export type FileExtension = (typeof ALLOWED_FILE_EXTENSIONS)[number];

/** Scan file extensions accepted on top of the spec's list (the importer reads them). */
export const SCAN_FILE_EXTENSIONS = ['dzt', 'dzx', 'dzg', 'sgy', 'segy', 'dt1', 'hd', 'rd3', 'rd7', 'rad', 'cor', 'out'] as const;

/** Whether an extension may be uploaded (case-insensitive, with or without a dot). */
export function isAllowedExtension(extension: string): boolean {
  const ext = extension.replace(/^\./, '').toLowerCase();
  return (ALLOWED_FILE_EXTENSIONS as readonly string[]).includes(ext) || (SCAN_FILE_EXTENSIONS as readonly string[]).includes(ext);
}

/** Largest file one upload address accepts, bytes (2 GiB: raw area scans and 3D models are large). */
export const MAX_UPLOAD_BYTES = 2 * 1024 ** 3;

/**
 * A stored file's record. `confirmedUploadedAt` is null until the bytes arrived; `nodeId` is null for a file of the
 * organization itself (the report settings' logo).
 */
export const FileRecordSchema = z
  .object({
    id: IdSchema,
    nodeId: IdSchema.nullable(),
    name: TextSchema,
    extension: TextSchema,
    contentType: TextSchema,
    size: z.number().int().nullable(),
    createdAt: TimestampSchema,
    confirmedUploadedAt: TimestampSchema.nullable(),
  })
  .meta({ id: 'FileRecord' });
export type FileRecord = z.infer<typeof FileRecordSchema>;

export const FileBatchItemSchema = z.object({
  nodeId: IdSchema,
  extension: TextSchema.min(1).max(16),
  name: TextSchema.min(1).max(255),
});

export const CreateFilesBatchBodySchema = z.object({
  objectPathPrefix: TextSchema.max(200).regex(/^[A-Za-z0-9/_-]*$/).default(''),
  files: z.array(FileBatchItemSchema).min(1).max(500),
});
export type CreateFilesBatchBody = z.infer<typeof CreateFilesBatchBodySchema>;

/** One upload address: PUT the bytes there (application/octet-stream) before `expiresAt`. */
export const UploadTargetSchema = z.object({
  uploadUrl: TextSchema,
  expiresAt: TimestampSchema,
  maxBytes: z.number().int(),
  file: FileRecordSchema,
});
export type UploadTarget = z.infer<typeof UploadTargetSchema>;

export const CreateFilesBatchResponseSchema = z.object({ files: z.array(UploadTargetSchema) });
export type CreateFilesBatchResponse = z.infer<typeof CreateFilesBatchResponseSchema>;

export const HasUploadedBodySchema = z.object({ fileIds: z.array(IdSchema).min(1).max(500) });
export const HasUploadedResponseSchema = z.object({ areAllFilesUploaded: z.boolean() });

/** A file record with a short-lived download address. */
export const FileWithUrlSchema = z.object({ file: FileRecordSchema, url: TextSchema });
export type FileWithUrl = z.infer<typeof FileWithUrlSchema>;

export const ImageRotationSchema = z.coerce.number().pipe(z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]));
