import type { CreateNodeImagesBody, NodeImage } from '@gprhub/contract';
import { IMAGE_FILE_EXTENSIONS } from '@gprhub/contract';
import { deleteImageRows, findImage, findImages, insertImages } from '@gprhub/db';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../lib/errors.js';
import { DOWNLOAD_URL_TTL_S } from '../../storage/index.js';
import { createUploadBatch, toFileRecord } from '../files/files.service.js';
import { getNodeRow } from '../nodes/nodes.service.js';

const isImageExtension = (ext: string) => (IMAGE_FILE_EXTENSIONS as readonly string[]).includes(ext);

/** Register pictures of a node and hand out their upload addresses. */
export async function createNodeImages(ctx: AppContext, organizationId: string, userId: string | null, body: CreateNodeImagesBody) {
  await getNodeRow(ctx.db, organizationId, body.ownerNodeId);
  const targets = await createUploadBatch(
    ctx,
    organizationId,
    userId,
    { objectPathPrefix: 'images', files: body.files.map((f) => ({ nodeId: body.ownerNodeId, name: f.name, extension: f.extension })) },
    isImageExtension,
  );
  const images = await insertImages(
    ctx.db,
    targets.map((t) => ({ organizationId, nodeId: body.ownerNodeId, fileId: t.file.id })),
  );
  return targets.map((t, i) => ({ ...t, imageId: images[i]!.id }));
}

/** The node's uploaded pictures, newest first, each with a short-lived address. */
export async function listNodeImages(ctx: AppContext, organizationId: string, nodeId: string): Promise<NodeImage[]> {
  await getNodeRow(ctx.db, organizationId, nodeId);
  const rows = await findImages(ctx.db, organizationId, nodeId);
  return Promise.all(
    rows.map(async ({ image, file }) => ({
      id: image.id,
      nodeId: image.nodeId,
      file: toFileRecord(file),
      url: await ctx.storage.createDownloadUrl(file.storageKey, {
        fileName: file.name,
        contentType: file.contentType,
        expiresInS: DOWNLOAD_URL_TTL_S,
        inline: true,
      }),
    })),
  );
}

export async function deleteNodeImage(ctx: AppContext, organizationId: string, id: string): Promise<void> {
  const row = await findImage(ctx.db, organizationId, id);
  if (!row) throw notFound();
  await deleteImageRows(ctx.db, organizationId, row.image.id, row.file.id);
  await ctx.storage.delete(row.file.storageKey);
}
