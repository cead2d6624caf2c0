import type {
  CreateNodeBody,
  HubPath,
  Node,
  NodeDetail,
  NodeList,
  NodeOrganization,
  NodeQuery,
  UpdateNodeBody,
} from '@gprhub/contract';
import type { Database, NodeRow } from '@gprhub/db';
import {
  countLiveChildren,
  findDescendants,
  findNodeById,
  findPathNodes,
  insertNode,
  moveSubtree,
  queryNodeList,
  restoreDeletion,
  softDeleteSubtree,
  updateNodeFields,
} from '@gprhub/db';
import { findMemberOrganizationOfNode, NodeTooDeepError } from '@gprhub/db';
import { badRequest, notFound } from '../../lib/errors.js';

/** Turn the repository's depth refusal into a 400 on the field that caused it. */
async function withinDepth<T>(field: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof NodeTooDeepError) throw badRequest(error.message, [{ path: field, message: error.message }]);
    throw error;
  }
}

export function toNode(row: NodeRow): Node {
  return {
    nodeId: row.id,
    name: row.name,
    type: row.type as Node['type'],
    parentId: row.parentId,
    isPublic: row.isPublic,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

/** A live node of the organization, or 404. */
export async function getNodeRow(db: Database, organizationId: string, id: string): Promise<NodeRow> {
  const row = await findNodeById(db, organizationId, id);
  if (!row) throw notFound();
  return row;
}

export async function listNodes(db: Database, organizationId: string, q: NodeQuery): Promise<NodeList> {
  const { items, total } = await queryNodeList(db, organizationId, {
    ...q.filter,
    gprScanGroupNodeId: q.gprScanFilter?.gprScanGroupNodeId,
    parentGprScanGroupNodeId: q.gprScanGroupFilter?.parentGprScanGroupNodeId,
    deleted: q.deleted,
    promotedNodeIds: q.promotedNodeIds,
    sort: q.sort,
    limit: q.limit,
    skip: q.skip,
  });
  const result: NodeList = { nodes: items as Node[], total };
  if (q.includeChildrenMap) {
    result.childrenMap = await countLiveChildren(db, organizationId, items.map((item) => item.nodeId));
  }
  return result;
}

export async function createFolder(db: Database, organizationId: string, userId: string | null, body: CreateNodeBody): Promise<Node> {
  if (body.parentId) await getNodeRow(db, organizationId, body.parentId);
  const row = await withinDepth('parentId', () =>
    insertNode(db, { organizationId, parentId: body.parentId ?? null, type: body.type, name: body.name, createdById: userId }),
  );
  return toNode(row);
}

export async function getNodeDetail(db: Database, organizationId: string, id: string): Promise<NodeDetail> {
  const row = await getNodeRow(db, organizationId, id);
  const parent = row.parentId ? await findNodeById(db, organizationId, row.parentId) : undefined;
  return { node: toNode(row), parentNode: parent ? toNode(parent) : null, parentIsRoot: row.parentId === null };
}

/** Rename, publish, or move (refusing a move into the node's own subtree). */
export async function updateNode(db: Database, organizationId: string, id: string, body: UpdateNodeBody): Promise<Node> {
  const row = await getNodeRow(db, organizationId, id);
  if (body.parentNodeId !== undefined && body.parentNodeId !== row.parentId) {
    const target = body.parentNodeId ? await getNodeRow(db, organizationId, body.parentNodeId) : null;
    if (target && target.path.startsWith(row.path)) {
      throw badRequest('A node cannot be moved into itself or one of its descendants', [
        { path: 'parentNodeId', message: 'A node cannot be moved into itself or one of its descendants' },
      ]);
    }
    await withinDepth('parentNodeId', () => moveSubtree(db, organizationId, row, target));
  }
  if (body.name !== undefined || body.isPublic !== undefined) {
    await updateNodeFields(db, organizationId, id, { name: body.name, isPublic: body.isPublic });
  }
  return toNode(await getNodeRow(db, organizationId, id));
}

export async function deleteNode(db: Database, organizationId: string, id: string): Promise<void> {
  const row = await getNodeRow(db, organizationId, id);
  await softDeleteSubtree(db, organizationId, row);
}

/** Restore a deleted folder with everything deleted together with it. */
export async function restoreNode(db: Database, organizationId: string, id: string): Promise<Node[]> {
  const row = await findNodeById(db, organizationId, id, { includeDeleted: true });
  if (!row) throw notFound();
  if (!row.deletedAt) throw badRequest('This node is not deleted');
  if (row.type !== 'FOLDER') throw badRequest('Only folders can be restored');
  return (await restoreDeletion(db, organizationId, row)).map(toNode);
}

/** The organization of `userId`'s holding node `id` (any of them, not only the active one); 404 otherwise. */
export async function findNodeOrganization(
  db: Database,
  userId: string | null,
  id: string,
): Promise<NodeOrganization> {
  const row = userId ? await findMemberOrganizationOfNode(db, userId, id) : undefined;
  if (!row) throw notFound();
  return { organization: { id: row.id, slug: row.slug, name: row.name } };
}

export async function getHubPath(db: Database, organizationId: string, id: string): Promise<HubPath> {
  const row = await getNodeRow(db, organizationId, id);
  const path = await findPathNodes(db, organizationId, row);
  return { path: path.map((n) => ({ nodeId: n.id, name: n.name, type: n.type as Node['type'] })) };
}

export async function listDescendants(
  db: Database,
  organizationId: string,
  id: string,
  options: { ids?: string[]; typeIn?: string[]; limit: number; skip: number },
): Promise<{ descendants: Node[]; total: number }> {
  const row = await getNodeRow(db, organizationId, id);
  const { items, total } = await findDescendants(db, organizationId, row, options);
  return { descendants: items as Node[], total };
}
