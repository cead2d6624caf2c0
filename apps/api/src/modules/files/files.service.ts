import type { CreateFilesBatchBody, FileRecord, UploadTarget } from '@gprhub/contract';
import { ErrorCode, MAX_UPLOAD_BYTES, Messages, isAllowedExtension } from '@gprhub/contract';
import type { FileRow } from '@gprhub/db';
import { claimFileUpload, countUploadedFiles, findFileById, findLiveNodesByIds, insertFiles, releaseFileUpload } from '@gprhub/db';
import { and, eq, inArray, isNull, schema } from '@gprhub/db';
import type { AppContext } from '../../app-context.js';
import { contentTypeOf } from '../../lib/content-types.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { DOWNLOAD_URL_TTL_S, UPLOAD_URL_TTL_S } from '../../storage/index.js';

export function toFileRecord(row: FileRow): FileRecord {
  return {
    id: row.id,
    nodeId: row.nodeId,
    name: row.name,
    extension: row.extension,
    contentType: row.contentType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    confirmedUploadedAt: row.confirmedUploadedAt?.toISOString() ?? null,
  };
}

function normaliseExtension(extension: string): string {
  return extension.replace(/^\./, '').toLowerCase();
}

/**
 * Register files for upload and hand out one signed upload address each. Extensions must be in
 * the allowed list and every node must be a live node of the organization.
 */
export async function createUploadBatch(
  ctx: AppContext,
  organizationId: string,
  createdById: string | null,
  body: CreateFilesBatchBody,
  isAllowed: (extension: string) => boolean = isAllowedExtension,
): Promise<UploadTarget[]> {
  // A PDF is accepted on a building: it is a floor plan upload (each page becomes a plan).
  const pdfNodeIds = body.files.filter((f) => normaliseExtension(f.extension) === 'pdf').map((f) => f.nodeId);
  const buildingIds = new Set(
    (await findLiveNodesByIds(ctx.db, organizationId, [...new Set(pdfNodeIds)])).filter((n) => n.type === 'BUILDING').map((n) => n.id),
  );
  const bad = body.files
    .map((f, i) => ({ i, ext: normaliseExtension(f.extension), nodeId: f.nodeId }))
    .filter(({ ext, nodeId }) => !isAllowed(ext) && !(ext === 'pdf' && buildingIds.has(nodeId)));
  if (bad.length > 0) {
    const validationErrors = bad.map(({ i, ext }) => ({ path: `files.${i}.extension`, message: Messages.unsupportedExtension(ext) }));
    throw new HttpError(400, ErrorCode.UnsupportedExtension, validationErrors[0]!.message, validationErrors);
  }
  const nodeIds = [...new Set(body.files.map((f) => f.nodeId))];
  const found = await findLiveNodesByIds(ctx.db, organizationId, nodeIds);
  if (found.length !== nodeIds.length) throw notFound();

  const prefix = body.objectPathPrefix.split('/').filter((s) => s && s !== '.' && s !== '..').join('/');
  const rows = await insertFiles(
    ctx.db,
    body.files.map((f) => {
      const id = crypto.randomUUID();
      const ext = normaliseExtension(f.extension);
      return {
        id,
        organizationId,
        nodeId: f.nodeId,
        name: f.name,
        extension: ext,
        contentType: contentTypeOf(ext),
        storageKey: [organizationId, prefix, `${id}.${ext}`].filter(Boolean).join('/'),
        createdById,
      };
    }),
  );
  return Promise.all(
    rows.map(async (row) => ({
      uploadUrl: await ctx.storage.createUploadUrl(row.storageKey, {
        fileId: row.id,
        maxBytes: MAX_UPLOAD_BYTES,
        expiresInS: UPLOAD_URL_TTL_S,
        contentType: row.contentType,
      }),
      expiresAt: new Date(Date.now() + UPLOAD_URL_TTL_S * 1000).toISOString(),
      maxBytes: MAX_UPLOAD_BYTES,
      file: toFileRecord(row),
    })),
  );
}

/**
 * Whether every file has arrived. Files not yet confirmed are looked up in storage (this is how
 * uploads that went straight to S3 get confirmed). Unknown ids (or another organization's) → 404.
 */
export async function haveFilesUploaded(ctx: AppContext, organizationId: string, fileIds: string[]): Promise<boolean> {
  const ids = [...new Set(fileIds)];
  const { found, uploaded } = await countUploadedFiles(ctx.db, organizationId, ids);
  if (found !== ids.length) throw notFound();
  if (uploaded === ids.length) return true;
  const pending = await ctx.db
    .select()
    .from(schema.files)
    .where(and(eq(schema.files.organizationId, organizationId), inArray(schema.files.id, ids), isNull(schema.files.confirmedUploadedAt)));
  let confirmed = 0;
  for (const row of pending) if (await confirmArrivedUpload(ctx, row)) confirmed++;
  return confirmed === pending.length;
}

/**
 * Confirm an upload that went straight to storage (S3): the file is claimed in the database first, so
 * only one confirmation ever writes its object; the bytes then move from the upload address to the
 * file's key, out of reach of the address (decision 0012).
 */
async function confirmArrivedUpload(ctx: AppContext, row: FileRow): Promise<boolean> {
  const arrived = await ctx.storage.findArrivedUpload(row.storageKey);
  if (!arrived || arrived.size > MAX_UPLOAD_BYTES) return false;
  if (!(await claimFileUpload(ctx.db, row.id, arrived.size))) {
    await arrived.discard();
    return true; // another call confirmed it meanwhile
  }
  try {
    await arrived.commit();
  } catch (error) {
    await releaseFileUpload(ctx.db, row.id);
    throw error;
  }
  return true;
}

/** A file of the organization with a short-lived download address. */
export async function getFileWithUrl(ctx: AppContext, organizationId: string, id: string, inline = false) {
  const row = await findFileById(ctx.db, organizationId, id);
  if (!row) throw notFound();
  const url = await ctx.storage.createDownloadUrl(row.storageKey, {
    fileName: row.name,
    contentType: row.contentType,
    expiresInS: DOWNLOAD_URL_TTL_S,
    inline,
  });
  return { row, file: toFileRecord(row), url };
}
