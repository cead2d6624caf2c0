import type { MetadataItem, PutMetadataBody } from '@gprhub/contract';
import type { Database, MetadataRow } from '@gprhub/db';
import { deleteMetadataRow, findMetadata, findMetadataItem, findMetadataNames, insertMetadata, updateMetadata } from '@gprhub/db';
import { badRequest, notFound } from '../../lib/errors.js';
import { getNodeRow } from '../nodes/nodes.service.js';
import { findGprScan, findNodeById } from '@gprhub/db';
import { REBAR_POSITION_LABEL_NAME } from '@gprhub/contract';
import { parseLabelValue } from '../labels/label-validation.js';

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
  const existing = body.id ? await findMetadataItem(db, organizationId, body.id) : undefined;
  if (body.id && !existing) throw notFound();
  let id = body.id;
  let value: unknown = body.value;
  if (body.name === REBAR_POSITION_LABEL_NAME || existing?.name === REBAR_POSITION_LABEL_NAME) {
    const label = await checkRebarLabel(db, organizationId, body, existing);
    value = label.value;
    id ??= label.existingId;
  }
  const values = { nodeId: body.ownerId, name: body.name, type: body.type, value };
  if (!id) return toMetadataItem(await insertMetadata(db, { organizationId, createdById: userId, ...values }));
  return toMetadataItem(await updateMetadata(db, organizationId, id, values));
}

/**
 * A scan's labels (seed 001 §3): one JSON item named rebarPositionLabel on a GPR scan, its value checked strictly.
 * Saving without an id when the scan already has one replaces it, so a repeated first save never makes two.
 */
async function checkRebarLabel(
  db: Database,
  organizationId: string,
  body: PutMetadataBody,
  existing: MetadataRow | undefined,
): Promise<{ value: unknown; existingId?: string }> {
  if (existing && existing.nodeId !== body.ownerId)
    throw badRequest('A label item cannot move to another node', [{ path: 'ownerId', message: 'A label item cannot move to another node' }]);
  if (body.name !== REBAR_POSITION_LABEL_NAME)
    throw badRequest(`A ${REBAR_POSITION_LABEL_NAME} item cannot be renamed`, [{ path: 'name', message: `A ${REBAR_POSITION_LABEL_NAME} item cannot be renamed` }]);
  if (body.type !== 'JSON')
    throw badRequest(`A ${REBAR_POSITION_LABEL_NAME} item is of type JSON`, [{ path: 'type', message: `A ${REBAR_POSITION_LABEL_NAME} item is of type JSON` }]);
  const scan = await findGprScan(db, organizationId, body.ownerId);
  if (!scan) throw badRequest('Labels belong to a GPR scan', [{ path: 'ownerId', message: 'Labels belong to a GPR scan' }]);
  const value = parseLabelValue(body.value, scan.scan);
  if (existing) return { value };
  const current = (await findMetadata(db, organizationId, body.ownerId)).find((m) => m.name === REBAR_POSITION_LABEL_NAME);
  return { value, existingId: current?.id };
}

export async function removeMetadata(db: Database, organizationId: string, id: string): Promise<void> {
  if (!(await findMetadataItem(db, organizationId, id))) throw notFound();
  await deleteMetadataRow(db, organizationId, id);
}

export async function suggestMetadataNames(db: Database, organizationId: string, name: string): Promise<string[]> {
  return findMetadataNames(db, organizationId, name);
}
