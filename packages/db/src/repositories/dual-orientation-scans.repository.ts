import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../client.js';
import { dualOrientationAreaScans, dualOrientationGprScans, nodes } from '../schema/index.js';
import { insertNode, type NodeRow } from './nodes.repository.js';

/** Which pairing: two GPR scans or two area scans. */
export type DualOrientationKind = 'gpr' | 'area';

/** A dual-orientation scan, whichever kind, with its node. */
export interface DualOrientationRow {
  nodeId: string;
  parallelNodeId: string;
  perpendicularNodeId: string;
  node: NodeRow;
}

const TABLES = {
  gpr: {
    table: dualOrientationGprScans,
    nodeId: dualOrientationGprScans.nodeId,
    organizationId: dualOrientationGprScans.organizationId,
    parallel: dualOrientationGprScans.parallelGprScanNodeId,
    perpendicular: dualOrientationGprScans.perpendicularGprScanNodeId,
    nodeType: 'DUAL_ORIENTATION_GPR_SCAN',
  },
  area: {
    table: dualOrientationAreaScans,
    nodeId: dualOrientationAreaScans.nodeId,
    organizationId: dualOrientationAreaScans.organizationId,
    parallel: dualOrientationAreaScans.parallelAreaScanNodeId,
    perpendicular: dualOrientationAreaScans.perpendicularAreaScanNodeId,
    nodeType: 'DUAL_ORIENTATION_AREA_SCAN',
  },
} as const;

function select(db: Database, kind: DualOrientationKind) {
  const t = TABLES[kind];
  return db
    .select({
      nodeId: t.nodeId,
      parallelNodeId: t.parallel,
      perpendicularNodeId: t.perpendicular,
      node: nodes,
    })
    .from(t.table)
    .innerJoin(nodes, eq(nodes.id, t.nodeId));
}

/** A live dual-orientation scan of the organization. */
export async function findDualOrientationScan(
  db: Database,
  kind: DualOrientationKind,
  organizationId: string,
  nodeId: string,
): Promise<DualOrientationRow | undefined> {
  const t = TABLES[kind];
  const [row] = await select(db, kind)
    .where(and(eq(t.organizationId, organizationId), eq(t.nodeId, nodeId), isNull(nodes.deletedAt)))
    .limit(1);
  return row;
}

/** Live dual-orientation scans of the organization that pair any of `scanNodeIds` (in either role). */
export async function findDualOrientationScansOf(
  db: Database,
  kind: DualOrientationKind,
  organizationId: string,
  scanNodeIds: string[],
): Promise<DualOrientationRow[]> {
  if (scanNodeIds.length === 0) return [];
  const t = TABLES[kind];
  return select(db, kind).where(
    and(
      eq(t.organizationId, organizationId),
      isNull(nodes.deletedAt),
      or(inArray(t.parallel, scanNodeIds), inArray(t.perpendicular, scanNodeIds)),
    ),
  );
}

/** Create a dual-orientation scan node under `parentId` and its row, in one transaction. */
export async function insertDualOrientationScan(
  db: Database,
  kind: DualOrientationKind,
  values: {
    organizationId: string;
    createdById: string | null;
    parentId: string | null;
    name: string;
    parallelNodeId: string;
    perpendicularNodeId: string;
  },
): Promise<DualOrientationRow> {
  const t = TABLES[kind];
  return db.transaction(async (tx) => {
    const node = await insertNode(tx as unknown as Database, {
      organizationId: values.organizationId,
      parentId: values.parentId,
      type: t.nodeType,
      name: values.name,
      createdById: values.createdById,
    });
    await tx.insert(t.table).values({
      nodeId: node.id,
      organizationId: values.organizationId,
      [kind === 'gpr' ? 'parallelGprScanNodeId' : 'parallelAreaScanNodeId']: values.parallelNodeId,
      [kind === 'gpr' ? 'perpendicularGprScanNodeId' : 'perpendicularAreaScanNodeId']:
        values.perpendicularNodeId,
    } as never);
    return {
      nodeId: node.id,
      parallelNodeId: values.parallelNodeId,
      perpendicularNodeId: values.perpendicularNodeId,
      node,
    };
  });
}

/** Set which scan of a pair is parallel and which perpendicular. */
export async function updateDualOrientationRoles(
  db: Database,
  kind: DualOrientationKind,
  organizationId: string,
  nodeId: string,
  parallelNodeId: string,
  perpendicularNodeId: string,
): Promise<void> {
  const t = TABLES[kind];
  const set =
    kind === 'gpr'
      ? {
          parallelGprScanNodeId: parallelNodeId,
          perpendicularGprScanNodeId: perpendicularNodeId,
          updatedAt: new Date(),
        }
      : {
          parallelAreaScanNodeId: parallelNodeId,
          perpendicularAreaScanNodeId: perpendicularNodeId,
          updatedAt: new Date(),
        };
  await db
    .update(t.table)
    .set(set as never)
    .where(and(eq(t.organizationId, organizationId), eq(t.nodeId, nodeId)));
  await db
    .update(nodes)
    .set({ updatedAt: new Date() })
    .where(and(eq(nodes.organizationId, organizationId), eq(nodes.id, nodeId)));
}
