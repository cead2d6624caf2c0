import type { DualOrientationAreaScan, DualOrientationGprScan } from '@gprhub/contract';
import { ErrorCode } from '@gprhub/contract';
import type { Database, DualOrientationKind, DualOrientationRow } from '@gprhub/db';
import {
  findDualOrientationScan,
  findDualOrientationScansOf,
  findGprScanGroupsByIds,
  findGprScansByIds,
  findLiveNodesByIds,
  findPathNodes,
  insertDualOrientationScan,
  updateDualOrientationRoles,
} from '@gprhub/db';
import type { AppContext } from '../../app-context.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';

export function toDualOrientationGprScan(row: DualOrientationRow): DualOrientationGprScan {
  return {
    nodeId: row.nodeId,
    name: row.node.name,
    parentId: row.node.parentId,
    parallelGprScanNodeId: row.parallelNodeId,
    perpendicularGprScanNodeId: row.perpendicularNodeId,
    createdAt: row.node.createdAt.toISOString(),
    updatedAt: row.node.updatedAt.toISOString(),
  };
}

export function toDualOrientationAreaScan(row: DualOrientationRow): DualOrientationAreaScan {
  return {
    nodeId: row.nodeId,
    name: row.node.name,
    parentId: row.node.parentId,
    parallelAreaScanNodeId: row.parallelNodeId,
    perpendicularAreaScanNodeId: row.perpendicularNodeId,
    createdAt: row.node.createdAt.toISOString(),
    updatedAt: row.node.updatedAt.toISOString(),
  };
}

const WORDS = {
  gpr: { one: 'GPR scan', field: 'GprScanNodeId' },
  area: { one: 'area scan', field: 'AreaScanNodeId' },
} as const;

/** A live dual-orientation scan of the organization, or 404. */
export async function getDualOrientationRow(
  ctx: AppContext,
  kind: DualOrientationKind,
  organizationId: string,
  nodeId: string,
): Promise<DualOrientationRow> {
  const row = await findDualOrientationScan(ctx.db, kind, organizationId, nodeId);
  if (!row) throw notFound();
  return row;
}

/** The two members, checked to be live scans (or area scans) of the organization; 400 naming the field otherwise. */
async function loadMembers(
  db: Database,
  kind: DualOrientationKind,
  organizationId: string,
  parallel: string,
  perpendicular: string,
) {
  const words = WORDS[kind];
  if (parallel === perpendicular) {
    const message = `The parallel and the perpendicular ${words.one} must be two different scans`;
    throw badRequest(message, [{ path: `perpendicular${words.field}`, message }]);
  }
  const found =
    kind === 'gpr'
      ? (await findGprScansByIds(db, organizationId, [parallel, perpendicular])).map((r) => r.node)
      : (await findGprScanGroupsByIds(db, organizationId, [parallel, perpendicular], 'AREA_SCAN')).map(
          (r) => r.node,
        );
  const missing = [
    { id: parallel, path: `parallel${words.field}` },
    { id: perpendicular, path: `perpendicular${words.field}` },
  ]
    .filter(({ id }) => !found.some((n) => n.id === id))
    .map(({ id, path }) => ({
      path,
      message: `Node ${id} is not ${kind === 'gpr' ? 'a' : 'an'} ${words.one} of this organization`,
    }));
  if (missing.length > 0) throw badRequest(missing[0]!.message, missing);
  return {
    parallelNode: found.find((n) => n.id === parallel)!,
    perpendicularNode: found.find((n) => n.id === perpendicular)!,
  };
}

/**
 * Pair two scans (or area scans), or swap the roles of an existing pair. A scan belongs to at most one live
 * pair: pairing it with a different partner is refused (409) until that pair's node is deleted. The new node
 * sits next to the parallel scan, above any scan groups (a group lists only scans and groups).
 */
export async function pairScans(
  ctx: AppContext,
  kind: DualOrientationKind,
  organizationId: string,
  userId: string | null,
  parallel: string,
  perpendicular: string,
): Promise<{ row: DualOrientationRow; isCreated: boolean }> {
  const { parallelNode, perpendicularNode } = await loadMembers(
    ctx.db,
    kind,
    organizationId,
    parallel,
    perpendicular,
  );
  // Pairs whose other scan has been deleted no longer hold a scan.
  const pairs = await findDualOrientationScansOf(ctx.db, kind, organizationId, [parallel, perpendicular]);
  const members = [...new Set(pairs.flatMap((d) => [d.parallelNodeId, d.perpendicularNodeId]))];
  const live = new Set((await findLiveNodesByIds(ctx.db, organizationId, members)).map((n) => n.id));
  const existing = pairs.filter((d) => live.has(d.parallelNodeId) && live.has(d.perpendicularNodeId));
  const same = existing.find(
    (d) =>
      [d.parallelNodeId, d.perpendicularNodeId].sort().join() === [parallel, perpendicular].sort().join(),
  );
  if (same) {
    if (same.parallelNodeId !== parallel)
      await updateDualOrientationRoles(ctx.db, kind, organizationId, same.nodeId, parallel, perpendicular);
    return { row: await getDualOrientationRow(ctx, kind, organizationId, same.nodeId), isCreated: false };
  }
  if (existing.length > 0) {
    const taken = existing[0]!;
    const member = [parallel, perpendicular].find(
      (id) => id === taken.parallelNodeId || id === taken.perpendicularNodeId,
    );
    throw new HttpError(
      409,
      ErrorCode.Conflict,
      `${WORDS[kind].one[0]!.toUpperCase()}${WORDS[kind].one.slice(1)} ${member} is already paired in ${taken.node.name} (${taken.nodeId}); delete that pair first`,
    );
  }
  const ancestors = await findPathNodes(ctx.db, organizationId, parallelNode);
  const home = ancestors
    .slice(0, -1)
    .reverse()
    .find((n) => n.type !== 'GPR_SCAN_GROUP' && n.type !== 'GPR_SCAN');
  const name = `${parallelNode.name} × ${perpendicularNode.name}`.slice(0, 255);
  const row = await insertDualOrientationScan(ctx.db, kind, {
    organizationId,
    createdById: userId,
    parentId: home?.id ?? null,
    name,
    parallelNodeId: parallel,
    perpendicularNodeId: perpendicular,
  });
  return { row, isCreated: true };
}
