import type { CreateFileNodesBody, CreateFileNodesResponse } from '@gprhub/contract';
import { ALLOWED_FILE_EXTENSIONS, ErrorCode, MAX_UPLOAD_BYTES, Messages } from '@gprhub/contract';
import { findFileNode, findNodeById, insertFileNodes } from '@gprhub/db';
import type { AppContext } from '../../app-context.js';
import { contentTypeOf } from '../../lib/content-types.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import { DOWNLOAD_URL_TTL_S, UPLOAD_URL_TTL_S } from '../../storage/index.js';
import { toNode } from '../nodes/nodes.service.js';
import { toFileRecord } from './files.service.js';

/** The extension of a file name, lower case, without the dot ('' when it has none). */
export function extensionOfName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * `POST /api/file-nodes`: files uploaded into a folder. Each becomes a FILE node (IFC_FILE for .ifc)
 * named as the file, with its record and a single-use upload address. Every extension must be in the
 * spec's list ('File extension {ext} is not supported'), else nothing is created.
 */
export async function createFileNodes(ctx: AppContext, organizationId: string, userId: string | null, body: CreateFileNodesBody): Promise<CreateFileNodesResponse> {
  const bad = body.files
    .map((f, i) => ({ i, ext: extensionOfName(f.name) }))
    .filter(({ ext }) => !(ALLOWED_FILE_EXTENSIONS as readonly string[]).includes(ext));
  if (bad.length > 0) {
    const validationErrors = bad.map(({ i, ext }) => ({ path: `files.${i}.name`, message: Messages.unsupportedExtension(ext) }));
    throw new HttpError(400, ErrorCode.UnsupportedExtension, validationErrors[0]!.message, validationErrors);
  }
  if (body.parentId) {
    const parent = await findNodeById(ctx.db, organizationId, body.parentId);
    if (!parent) throw notFound();
    if (parent.type !== 'FOLDER') throw badRequest('Files can only be uploaded into a folder', [{ path: 'parentId', message: 'Files can only be uploaded into a folder' }]);
  }
  const rows = await insertFileNodes(ctx.db, {
    organizationId,
    parentId: body.parentId ?? null,
    createdById: userId,
    items: body.files.map((f) => {
      const ext = extensionOfName(f.name);
      const id = crypto.randomUUID();
      return {
        type: ext === 'ifc' ? 'IFC_FILE' : 'FILE',
        name: f.name,
        file: {
          id,
          organizationId,
          name: f.name,
          extension: ext,
          contentType: contentTypeOf(ext),
          storageKey: `${organizationId}/files/${id}.${ext}`,
          createdById: userId,
        },
      };
    }),
  });
  return {
    files: await Promise.all(
      rows.map(async ({ node, file }) => ({
        node: toNode(node),
        upload: {
          uploadUrl: await ctx.storage.createUploadUrl(file.storageKey, { fileId: file.id, maxBytes: MAX_UPLOAD_BYTES, expiresInS: UPLOAD_URL_TTL_S, contentType: file.contentType }),
          expiresAt: new Date(Date.now() + UPLOAD_URL_TTL_S * 1000).toISOString(),
          maxBytes: MAX_UPLOAD_BYTES,
          file: toFileRecord(file),
        },
      })),
    ),
  };
}

/** `GET /api/file-nodes/{id}`: a FILE or IFC_FILE node, its file and a short-lived download address. */
export async function getFileNode(ctx: AppContext, organizationId: string, nodeId: string) {
  const found = await findFileNode(ctx.db, organizationId, nodeId);
  if (!found) throw notFound();
  const url = await ctx.storage.createDownloadUrl(found.file.storageKey, {
    fileName: found.file.name,
    contentType: found.file.contentType,
    expiresInS: DOWNLOAD_URL_TTL_S,
  });
  return { node: toNode(found.node), file: toFileRecord(found.file), url };
}
