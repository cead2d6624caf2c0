import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  sql,
  type AnyColumn,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Database } from '../client.js';
import { nodes } from '../schema/index.js';

/**
 * The node at `path` and everything under it: a prefix match in the C collation, so it reads a range of
 * `node_org_path_idx` / `node_live_path_idx` whatever the database's default collation.
 */
export function inSubtree(path: string): SQL {
  return sql`(${nodes.path} COLLATE "C") LIKE ${`${path}%`}`;
}

/** Everything under the node at `path`, not the node itself. */
export function belowPath(path: string): SQL {
  return sql`(${nodes.path} COLLATE "C") LIKE ${`${path}%`} AND (${nodes.path} COLLATE "C") <> ${path}`;
}

export type NodeRow = typeof nodes.$inferSelect;

/** Thrown when a node would end up deeper than the tree allows. */
export class NodeTooDeepError extends Error {
  constructor(readonly maxDepth: number) {
    super(`Folders can be nested at most ${maxDepth} levels deep`);
    this.name = 'NodeTooDeepError';
  }
}

/** Deepest level (0 = top) a node may have; see MAX_NODE_DEPTH in the contract. */
export const MAX_DEPTH_INDEX = 63;

/** Escape LIKE wildcards so user text matches literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Live (not deleted) nodes of the organization among `ids`. */
export async function findLiveNodesByIds(
  db: Database,
  organizationId: string,
  ids: string[],
): Promise<NodeRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(nodes)
    .where(and(eq(nodes.organizationId, organizationId), inArray(nodes.id, ids), isNull(nodes.deletedAt)));
}

/** One node of the organization (live only unless `includeDeleted`). */
export async function findNodeById(
  db: Database,
  organizationId: string,
  id: string,
  options: { includeDeleted?: boolean } = {},
): Promise<NodeRow | undefined> {
  const [row] = await db
    .select()
    .from(nodes)
    .where(
      and(
        eq(nodes.organizationId, organizationId),
        eq(nodes.id, id),
        options.includeDeleted ? undefined : isNull(nodes.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Create a node under `parentId` (null: the organization's top level), keeping `path` and `depth` right.
 * @throws Error('Parent not found') when the parent is not a live node of the organization
 */
export async function insertNode(
  db: Database,
  values: {
    organizationId: string;
    parentId: string | null;
    type: string;
    name: string;
    createdById: string | null;
    id?: string;
  },
): Promise<NodeRow> {
  const id = values.id ?? crypto.randomUUID();
  let path = `/${id}/`;
  let depth = 0;
  if (values.parentId) {
    const parent = await findNodeById(db, values.organizationId, values.parentId);
    if (!parent) throw new Error('Parent not found');
    path = `${parent.path}${id}/`;
    depth = parent.depth + 1;
    if (depth > MAX_DEPTH_INDEX) throw new NodeTooDeepError(MAX_DEPTH_INDEX + 1);
  }
  const [row] = await db
    .insert(nodes)
    .values({ ...values, id, path, depth })
    .returning();
  return row!;
}

export interface NodeListQuery {
  type?: string;
  typeIn?: string[];
  name?: string;
  parentId?: string | null;
  nodeIdIn?: string[];
  nodeIdNotIn?: string[];
  /** Restrict GPR_SCAN nodes to those directly in this group (null: not in a group). */
  gprScanGroupNodeId?: string | null;
  /** Restrict GPR_SCAN_GROUP nodes to those directly in this group (null: not in a group). */
  parentGprScanGroupNodeId?: string | null;
  deleted?: boolean;
  promotedNodeIds?: string[];
  sort: { field: 'createdAt' | 'type' | 'name'; direction: 'asc' | 'desc' };
  limit: number;
  skip: number;
}

/** A scan is "in a group" when its parent is a GPR_SCAN_GROUP node. */
function parentIsGroup(groupId: string | null): SQL {
  if (groupId) return eq(nodes.parentId, groupId);
  return sql`(${nodes.parentId} IS NULL OR NOT EXISTS (SELECT 1 FROM ${nodes} p WHERE p.id = ${nodes.parentId} AND p.type = 'GPR_SCAN_GROUP'))`;
}

/** The WHERE and ORDER BY of a node listing. */
function listClauses(organizationId: string, q: NodeListQuery): { where: SQL | undefined; order: SQL[] } {
  const conditions: (SQL | undefined)[] = [
    eq(nodes.organizationId, organizationId),
    q.deleted ? isNotNull(nodes.deletedAt) : isNull(nodes.deletedAt),
    q.type ? eq(nodes.type, q.type) : undefined,
    q.typeIn?.length ? inArray(nodes.type, q.typeIn) : undefined,
    q.name ? sql`${nodes.name} ILIKE ${`%${likeLiteral(q.name)}%`}` : undefined,
    q.parentId === null ? isNull(nodes.parentId) : q.parentId ? eq(nodes.parentId, q.parentId) : undefined,
    q.nodeIdIn ? (q.nodeIdIn.length ? inArray(nodes.id, q.nodeIdIn) : sql`false`) : undefined,
    q.nodeIdNotIn?.length ? notInArray(nodes.id, q.nodeIdNotIn) : undefined,
    q.gprScanGroupNodeId !== undefined
      ? sql`(${nodes.type} <> 'GPR_SCAN' OR ${parentIsGroup(q.gprScanGroupNodeId)})`
      : undefined,
    q.parentGprScanGroupNodeId !== undefined
      ? sql`(${nodes.type} <> 'GPR_SCAN_GROUP' OR ${parentIsGroup(q.parentGprScanGroupNodeId)})`
      : undefined,
  ];
  const column = { createdAt: nodes.createdAt, type: nodes.type, name: nodes.name }[q.sort.field];
  const dir = q.sort.direction === 'asc' ? asc : desc;
  const order: SQL[] = [];
  if (q.promotedNodeIds?.length) {
    const cases = q.promotedNodeIds.map((id, i) => sql`WHEN ${id}::uuid THEN ${i}`);
    order.push(sql`CASE ${nodes.id} ${sql.join(cases, sql` `)} ELSE ${q.promotedNodeIds.length} END`);
  }
  order.push(q.sort.field === 'name' ? dir(sql`lower(${nodes.name})`) : dir(column), dir(nodes.id));
  return { where: and(...conditions), order };
}

/**
 * A page of the node listing as the API answers it and its total, in one statement whose page comes back as one
 * JSON text built by the database (the hub's listing is its busiest read: one query and one `JSON.parse`
 * instead of two queries and 50 rows of column values converted one by one; docs/decisions/0046-hot-reads.md).
 */
export async function queryNodeList(
  db: Database,
  organizationId: string,
  q: NodeListQuery,
): Promise<{ items: NodeListItem[]; total: number }> {
  const { where, order } = listClauses(organizationId, q);
  // The page holds plain columns: what is computed per row (timestamps as text, children counts) is computed in
  // the outer query, for the page's rows only, not for every row the sort reads.
  const page = db
    .select({
      id: nodes.id,
      name: nodes.name,
      type: nodes.type,
      parentId: nodes.parentId,
      isPublic: nodes.isPublic,
      createdAt: nodes.createdAt,
      updatedAt: nodes.updatedAt,
      deletedAt: nodes.deletedAt,
      rank: sql<number>`row_number() OVER (ORDER BY ${sql.join(order, sql`, `)})`.as('rank'),
    })
    .from(nodes)
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset(q.skip)
    .as('page');
  const [row] = await db
    .select({
      total: sql<number>`(SELECT count(*)::int FROM ${nodes} WHERE ${where})`,
      items: sql<string>`coalesce(json_agg(json_build_object(
        'nodeId', ${page.id}, 'name', ${page.name}, 'type', ${page.type}, 'parentId', ${page.parentId},
        'isPublic', ${page.isPublic}, 'createdAt', ${isoUtc(page.createdAt)}, 'updatedAt', ${isoUtc(page.updatedAt)},
        'deletedAt', ${isoUtc(page.deletedAt)}) ORDER BY ${page.rank}), '[]')::text`,
    })
    .from(page);
  return { items: JSON.parse(row?.items ?? '[]') as NodeListItem[], total: Number(row?.total ?? 0) };
}

/** Number of live children of each of `ids`. */
export async function countLiveChildren(
  db: Database,
  organizationId: string,
  ids: string[],
): Promise<Record<string, number>> {
  const out: Record<string, number> = Object.fromEntries(ids.map((id) => [id, 0]));
  if (ids.length === 0) return out;
  const rows = await db
    .select({ parentId: nodes.parentId, n: count() })
    .from(nodes)
    .where(
      and(eq(nodes.organizationId, organizationId), inArray(nodes.parentId, ids), isNull(nodes.deletedAt)),
    )
    .groupBy(nodes.parentId);
  for (const r of rows) if (r.parentId) out[r.parentId] = r.n;
  return out;
}

/** The node and its ancestors, top first, from the node's own path. */
export async function findPathNodes(db: Database, organizationId: string, node: NodeRow): Promise<NodeRow[]> {
  const ids = node.path.split('/').filter(Boolean);
  const rows = await db
    .select()
    .from(nodes)
    .where(and(eq(nodes.organizationId, organizationId), inArray(nodes.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is NodeRow => r !== undefined);
}

/**
 * A node as the API lists it, built by the database: ids, flags, and timestamps written as
 * `Date#toISOString` writes them (UTC, milliseconds, `Z`).
 */
export interface NodeListItem {
  nodeId: string;
  name: string;
  type: string;
  parentId: string | null;
  isPublic: boolean;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

/** A timestamp column as `Date#toISOString` writes it (null stays null). */
function isoUtc(column: AnyColumn | SQLWrapper): SQL<string> {
  return sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * Live descendants of `node` (not the node itself), in tree order, and their count, in one statement.
 * The page comes back as one JSON text built by the database: a page of 1,000 nodes then costs one
 * value to hand over and one `JSON.parse`, not 1,000 rows of column values to convert one by one
 * (four times faster on PGlite; one value over the network on PostgreSQL).
 */
export async function findDescendants(
  db: Database,
  organizationId: string,
  node: NodeRow,
  options: { ids?: string[]; typeIn?: string[]; limit: number; skip: number },
): Promise<{ items: NodeListItem[]; total: number }> {
  const where = and(
    eq(nodes.organizationId, organizationId),
    belowPath(node.path),
    isNull(nodes.deletedAt),
    options.ids ? (options.ids.length ? inArray(nodes.id, options.ids) : sql`false`) : undefined,
    options.typeIn?.length ? inArray(nodes.type, options.typeIn) : undefined,
  );
  const page = db
    .select({
      id: nodes.id,
      name: nodes.name,
      type: nodes.type,
      parentId: nodes.parentId,
      isPublic: nodes.isPublic,
      createdAt: isoUtc(nodes.createdAt).as('created_at_iso'),
      updatedAt: isoUtc(nodes.updatedAt).as('updated_at_iso'),
      deletedAt: isoUtc(nodes.deletedAt).as('deleted_at_iso'),
      path: sql<string>`${nodes.path} COLLATE "C"`.as('path_c'),
    })
    .from(nodes)
    .where(where)
    .orderBy(sql`${nodes.path} COLLATE "C"`)
    .limit(options.limit)
    .offset(options.skip)
    .as('page');
  const [row] = await db
    .select({
      total: sql<number>`(SELECT count(*)::int FROM ${nodes} WHERE ${where})`,
      items: sql<string>`coalesce(json_agg(json_build_object(
        'nodeId', ${page.id}, 'name', ${page.name}, 'type', ${page.type}, 'parentId', ${page.parentId},
        'isPublic', ${page.isPublic}, 'createdAt', ${page.createdAt}, 'updatedAt', ${page.updatedAt},
        'deletedAt', ${page.deletedAt}) ORDER BY ${page.path}), '[]')::text`,
    })
    .from(page);
  return { items: JSON.parse(row?.items ?? '[]') as NodeListItem[], total: Number(row?.total ?? 0) };
}

/** Rename, publish or unpublish a node. */
export async function updateNodeFields(
  db: Database,
  organizationId: string,
  id: string,
  fields: { name?: string; isPublic?: boolean },
): Promise<NodeRow | undefined> {
  const [row] = await db
    .update(nodes)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(nodes.organizationId, organizationId), eq(nodes.id, id), isNull(nodes.deletedAt)))
    .returning();
  return row;
}

/**
 * Move `node` (with its subtree) under `newParent` (null: top level), rewriting the subtree's
 * paths in one statement. The caller has checked that `newParent` is not inside the subtree.
 */
export async function moveSubtree(
  db: Database,
  organizationId: string,
  node: NodeRow,
  newParent: NodeRow | null,
): Promise<void> {
  const newPath = `${newParent ? newParent.path : '/'}${node.id}/`;
  const depthDelta = (newParent ? newParent.depth + 1 : 0) - node.depth;
  await db.transaction(async (tx) => {
    const [deepest] = await tx
      .select({ depth: sql<number>`max(${nodes.depth})` })
      .from(nodes)
      .where(and(eq(nodes.organizationId, organizationId), inSubtree(node.path)));
    if (Number(deepest?.depth ?? node.depth) + depthDelta > MAX_DEPTH_INDEX)
      throw new NodeTooDeepError(MAX_DEPTH_INDEX + 1);
    await tx
      .update(nodes)
      .set({ parentId: newParent?.id ?? null, updatedAt: new Date() })
      .where(and(eq(nodes.organizationId, organizationId), eq(nodes.id, node.id)));
    await tx
      .update(nodes)
      .set({
        path: sql`${newPath} || substr(${nodes.path}, ${node.path.length + 1})`,
        depth: sql`${nodes.depth} + ${depthDelta}`,
      })
      .where(and(eq(nodes.organizationId, organizationId), inSubtree(node.path)));
  });
}

/** Soft-delete `node` and its live subtree as one deletion (restored together). */
export async function softDeleteSubtree(
  db: Database,
  organizationId: string,
  node: NodeRow,
): Promise<number> {
  const deletionId = crypto.randomUUID();
  const rows = await db
    .update(nodes)
    .set({ deletedAt: new Date(), deletionId })
    .where(and(eq(nodes.organizationId, organizationId), inSubtree(node.path), isNull(nodes.deletedAt)))
    .returning({ id: nodes.id });
  return rows.length;
}

/**
 * Undo the deletion that removed `node`: every node deleted together with it comes back. When the
 * node's parent is itself deleted, the node comes back at the top level.
 */
export async function restoreDeletion(
  db: Database,
  organizationId: string,
  node: NodeRow,
): Promise<NodeRow[]> {
  return db.transaction(async (tx) => {
    const parent = node.parentId
      ? await findNodeById(tx as unknown as Database, organizationId, node.parentId)
      : undefined;
    if (node.parentId && !parent) await moveSubtree(tx as unknown as Database, organizationId, node, null);
    const reloaded = (await findNodeById(tx as unknown as Database, organizationId, node.id, {
      includeDeleted: true,
    }))!;
    return tx
      .update(nodes)
      .set({ deletedAt: null, deletionId: null, updatedAt: new Date() })
      .where(
        and(
          eq(nodes.organizationId, organizationId),
          eq(nodes.deletionId, node.deletionId!),
          inSubtree(reloaded.path),
        ),
      )
      .returning();
  });
}
