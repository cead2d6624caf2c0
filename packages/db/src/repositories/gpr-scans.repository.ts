import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../client.js';
import { files, gprScanGroups, gprScans, nodes } from '../schema/index.js';
import { belowPath, type NodeRow } from './nodes.repository.js';

export type GprScanRow = typeof gprScans.$inferSelect;
export type NewGprScanRow = typeof gprScans.$inferInsert;
export type GprScanGroupRow = typeof gprScanGroups.$inferSelect;
export type NewGprScanGroupRow = typeof gprScanGroups.$inferInsert;

/** A scan with its node and the group it sits in (its parent, when that is a GPR_SCAN_GROUP). */
export interface GprScanWithNode {
  scan: GprScanRow;
  node: NodeRow;
  gprScanGroupNodeId: string | null;
}

/** A scan group with its node and the group it sits in. */
export interface GprScanGroupWithNode {
  group: GprScanGroupRow;
  node: NodeRow;
  parentGprScanGroupNodeId: string | null;
}

const parentGroup = alias(nodes, 'parent_group');
const parentIsGroup = and(eq(parentGroup.id, nodes.parentId), eq(parentGroup.type, 'GPR_SCAN_GROUP'));

function scanSelect(db: Database) {
  return db
    .select({ scan: gprScans, node: nodes, gprScanGroupNodeId: parentGroup.id })
    .from(gprScans)
    .innerJoin(nodes, eq(nodes.id, gprScans.nodeId))
    .leftJoin(parentGroup, parentIsGroup);
}

function groupSelect(db: Database) {
  return db
    .select({ group: gprScanGroups, node: nodes, parentGprScanGroupNodeId: parentGroup.id })
    .from(gprScanGroups)
    .innerJoin(nodes, eq(nodes.id, gprScanGroups.nodeId))
    .leftJoin(parentGroup, parentIsGroup);
}

const liveScan = (organizationId: string): SQL =>
  and(eq(gprScans.organizationId, organizationId), eq(nodes.type, 'GPR_SCAN'), isNull(nodes.deletedAt))!;

/** A live GPR scan of the organization. */
export async function findGprScan(
  db: Database,
  organizationId: string,
  nodeId: string,
): Promise<GprScanWithNode | undefined> {
  const [row] = await scanSelect(db)
    .where(and(liveScan(organizationId), eq(gprScans.nodeId, nodeId)))
    .limit(1);
  return row;
}

/** Live GPR scans of the organization among `nodeIds`. */
export async function findGprScansByIds(
  db: Database,
  organizationId: string,
  nodeIds: string[],
): Promise<GprScanWithNode[]> {
  if (nodeIds.length === 0) return [];
  return scanSelect(db).where(and(liveScan(organizationId), inArray(gprScans.nodeId, nodeIds)));
}

/** The live scans directly inside a group, by CSV line number (then scan number, then name). */
export async function findGprScansOfGroup(
  db: Database,
  organizationId: string,
  groupNodeId: string,
): Promise<GprScanWithNode[]> {
  return scanSelect(db)
    .where(and(liveScan(organizationId), eq(nodes.parentId, groupNodeId)))
    .orderBy(
      sql`${gprScans.csvLineNumber} ASC NULLS LAST`,
      sql`${gprScans.scanNumber} ASC NULLS LAST`,
      asc(nodes.name),
      asc(nodes.id),
    );
}

/** A live scan group of the organization (of `groupType` when given). */
export async function findGprScanGroup(
  db: Database,
  organizationId: string,
  nodeId: string,
  groupType?: 'AREA_SCAN' | 'MULTI_SCAN',
): Promise<GprScanGroupWithNode | undefined> {
  const [row] = await groupSelect(db)
    .where(
      and(
        eq(gprScanGroups.organizationId, organizationId),
        eq(gprScanGroups.nodeId, nodeId),
        isNull(nodes.deletedAt),
        groupType ? eq(gprScanGroups.groupType, groupType) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/** Live scan groups of the organization among `nodeIds`. */
export async function findGprScanGroupsByIds(
  db: Database,
  organizationId: string,
  nodeIds: string[],
  groupType?: 'AREA_SCAN' | 'MULTI_SCAN',
): Promise<GprScanGroupWithNode[]> {
  if (nodeIds.length === 0) return [];
  return groupSelect(db)
    .where(
      and(
        eq(gprScanGroups.organizationId, organizationId),
        inArray(gprScanGroups.nodeId, nodeIds),
        isNull(nodes.deletedAt),
        groupType ? eq(gprScanGroups.groupType, groupType) : undefined,
      ),
    )
    .orderBy(asc(nodes.createdAt), asc(nodes.id));
}

/** Filter and sort of {@link queryGprScans}; every field optional. */
export interface GprScanListQuery {
  createdFrom?: Date;
  createdTo?: Date;
  gprExternalId?: string;
  gprVendorId?: string;
  nodeId?: string;
  nodeIds?: string[];
  /** Scans directly in this group; null: scans in no group. */
  gprScanGroupNodeId?: string | null;
  gprScanGroupNodeIds?: string[];
  /** Scans anywhere under these nodes. */
  descendantOfNodeIds?: string[];
  sort: { field: 'createdAt' | 'gprVendorId' | 'gprExternalId' | 'originalName'; direction: 'asc' | 'desc' };
  limit: number;
  skip: number;
}

/** A page of the organization's live GPR scans, with the total. */
export async function queryGprScans(
  db: Database,
  organizationId: string,
  q: GprScanListQuery,
): Promise<{ rows: GprScanWithNode[]; total: number }> {
  let under: SQL | undefined;
  if (q.descendantOfNodeIds) {
    const ancestors = q.descendantOfNodeIds.length
      ? await db
          .select({ id: nodes.id, path: nodes.path })
          .from(nodes)
          .where(
            and(
              eq(nodes.organizationId, organizationId),
              inArray(nodes.id, q.descendantOfNodeIds),
              isNull(nodes.deletedAt),
            ),
          )
      : [];
    under = ancestors.length ? or(...ancestors.map((a) => belowPath(a.path))) : sql`false`;
  }
  const where = and(
    liveScan(organizationId),
    q.createdFrom ? gte(nodes.createdAt, q.createdFrom) : undefined,
    q.createdTo ? lte(nodes.createdAt, q.createdTo) : undefined,
    q.gprExternalId !== undefined ? eq(gprScans.gprExternalId, q.gprExternalId) : undefined,
    q.gprVendorId !== undefined ? eq(gprScans.gprVendorId, q.gprVendorId) : undefined,
    q.nodeId ? eq(gprScans.nodeId, q.nodeId) : undefined,
    q.nodeIds ? (q.nodeIds.length ? inArray(gprScans.nodeId, q.nodeIds) : sql`false`) : undefined,
    q.gprScanGroupNodeId === null
      ? isNull(parentGroup.id)
      : q.gprScanGroupNodeId
        ? eq(parentGroup.id, q.gprScanGroupNodeId)
        : undefined,
    q.gprScanGroupNodeIds
      ? q.gprScanGroupNodeIds.length
        ? inArray(parentGroup.id, q.gprScanGroupNodeIds)
        : sql`false`
      : undefined,
    under,
  );
  const dir = q.sort.direction === 'asc' ? asc : desc;
  const column = {
    createdAt: nodes.createdAt,
    gprVendorId: gprScans.gprVendorId,
    gprExternalId: gprScans.gprExternalId,
    originalName: gprScans.originalName,
  }[q.sort.field];
  const [rows, [totalRow]] = await Promise.all([
    scanSelect(db).where(where).orderBy(dir(column), dir(nodes.id)).limit(q.limit).offset(q.skip),
    db
      .select({ total: count() })
      .from(gprScans)
      .innerJoin(nodes, eq(nodes.id, gprScans.nodeId))
      .leftJoin(parentGroup, parentIsGroup)
      .where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

/**
 * Record the preview image of a scan (the GPR_SCAN_PREVIEW analysis calls this). The file must belong to the
 * organization.
 * @returns false when the scan or the file is not the organization's
 */
export async function setGprScanPreviewFile(
  db: Database,
  organizationId: string,
  nodeId: string,
  fileId: string | null,
): Promise<boolean> {
  if (fileId) {
    const [file] = await db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.organizationId, organizationId), eq(files.id, fileId)))
      .limit(1);
    if (!file) return false;
  }
  const rows = await db
    .update(gprScans)
    .set({ previewFileId: fileId })
    .where(and(eq(gprScans.organizationId, organizationId), eq(gprScans.nodeId, nodeId)))
    .returning({ nodeId: gprScans.nodeId });
  return rows.length === 1;
}

/**
 * Set a scan's trace spacing and the scan length that follows from it (a file that stores none, such as a
 * gprMax output, or one the user corrects).
 * @returns false when the scan is not a live scan of the organization
 */
export async function updateGprScanGeometry(
  db: Database,
  organizationId: string,
  nodeId: string,
  geometry: { traceSpacingM: number; scanLengthM: number },
): Promise<boolean> {
  const scan = await findGprScan(db, organizationId, nodeId);
  if (!scan) return false;
  await db
    .update(gprScans)
    .set(geometry)
    .where(and(eq(gprScans.organizationId, organizationId), eq(gprScans.nodeId, nodeId)));
  return true;
}
