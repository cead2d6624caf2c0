import type { MetadataItem, PutMetadataBody } from '@gprhub/contract';
import type { Database, MetadataRow } from '@gprhub/db';
import { deleteMetadataRow, findMetadata, findMetadataItem, findMetadataNames, insertMetadata, updateMetadata } from '@gprhub/db';
import { badRequest, notFound } from '../../lib/errors.js';
import { getNodeRow } from '../nodes/nodes.service.js';
import { findNodeById } from '@gprhub/db';

export function toMetadataItem(row: MetadataRow): MetadataItem {
  return {
    id: row.id,
    ownerId: row.nodeId,
    name: row.name,
    type: row.type as MetadataItem['type'],
    value: row.value as MetadataItem['value'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listMetadata(db: Database, organizationId: string, nodeId: string): Promise<MetadataItem[]> {
  await getNodeRow(db, organizationId, nodeId);
  return (await findMetadata(db, organizationId, nodeId)).map(toMetadataItem);
}

/** Create (no id) or replace (id) a metadata item of the node `ownerId`. */
export async function putMetadata(db: Database, organizationId: string, userId: string | null, body: PutMetadataBody): Promise<MetadataItem> {
  await getNodeRow(db, organizationId, body.ownerId);
  if (body.type === 'RELATED_NODE') {
    const related = await findNodeById(db, organizationId, body.value.relatedNodeId);
    if (!related) throw badRequest('Related node is required', [{ path: 'value.relatedNodeId', message: 'Related node is required' }]);
  }
  const values = { nodeId: body.ownerId, name: body.name, type: body.type, value: body.value };
  if (!body.id) return toMetadataItem(await insertMetadata(db, { organizationId, createdById: userId, ...values }));
  if (!(await findMetadataItem(db, organizationId, body.id))) throw notFound();
  return toMetadataItem(await updateMetadata(db, organizationId, body.id, values));
}

export async function removeMetadata(db: Database, organizationId: string, id: string): Promise<void> {
  if (!(await findMetadataItem(db, organizationId, id))) throw notFound();
  await deleteMetadataRow(db, organizationId, id);
}

export async function suggestMetadataNames(db: Database, organizationId: string, name: string): Promise<string[]> {
  return findMetadataNames(db, organizationId, name);
}
