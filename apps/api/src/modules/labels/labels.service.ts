import type { GprScanLabels, LabelingScans, RebarPositionLabelValue } from '@gprhub/contract';
import { REBAR_POSITION_LABEL_NAME, RebarPositionLabelValueSchema } from '@gprhub/contract';
import type { GprScanWithNode, MetadataRow } from '@gprhub/db';
import { findMetadataByName, queryGprScans } from '@gprhub/db';
import type { AppContext } from '../../app-context.js';
import { getGprScanRow } from '../gpr-scans/gpr-scans.service.js';
import { toMetadataItem } from '../node-details/metadata.service.js';
import { getNodeRow } from '../nodes/nodes.service.js';

/** A session holds at most this many scans. */
export const MAX_SESSION_SCANS = 2000;

/** `GET /api/gpr-scans/{id}/labels`. */
export async function getScanLabels(ctx: AppContext, organizationId: string, nodeId: string): Promise<GprScanLabels> {
  const row = await getGprScanRow(ctx, organizationId, nodeId);
  const [label] = await findMetadataByName(ctx.db, organizationId, [nodeId], REBAR_POSITION_LABEL_NAME);
  return { node: { id: row.node.id, name: row.node.name }, rebarPositionLabel: label ? toMetadataItem(label) : null };
}

const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The scans of a session: the node itself when it is a scan, else every live scan under it (every scan of the
 * organization without a node), in natural name order (L2 before L10), then id, so the order never changes.
 */
export async function findSessionScans(
  ctx: AppContext,
  organizationId: string,
  nodeId: string | undefined,
): Promise<GprScanWithNode[]> {
  let filter: { nodeId?: string; descendantOfNodeIds?: string[] } = {};
  if (nodeId) {
    const node = await getNodeRow(ctx.db, organizationId, nodeId);
    filter = node.type === 'GPR_SCAN' ? { nodeId } : { descendantOfNodeIds: [nodeId] };
  }
  const { rows } = await queryGprScans(ctx.db, organizationId, {
    ...filter,
    sort: { field: 'createdAt', direction: 'asc' },
    limit: MAX_SESSION_SCANS,
    skip: 0,
  });
  return rows.sort((a, b) => byName.compare(a.node.name, b.node.name) || (a.node.id < b.node.id ? -1 : a.node.id > b.node.id ? 1 : 0));
}

/** The stored labels of these scans by scan id (values that no longer parse are skipped, never served). */
export async function findLabelsOf(
  ctx: AppContext,
  organizationId: string,
  scanIds: string[],
): Promise<Map<string, { row: MetadataRow; value: RebarPositionLabelValue }>> {
  const rows = await findMetadataByName(ctx.db, organizationId, scanIds, REBAR_POSITION_LABEL_NAME);
  const out = new Map<string, { row: MetadataRow; value: RebarPositionLabelValue }>();
  for (const row of rows) {
    const parsed = RebarPositionLabelValueSchema.safeParse(row.value);
    if (parsed.success && !out.has(row.nodeId)) out.set(row.nodeId, { row, value: parsed.data });
  }
  return out;
}

/** `GET /api/labels/scans?nodeId=`: the session's scans and how many carry labels. */
export async function listLabelingScans(ctx: AppContext, organizationId: string, nodeId: string | undefined): Promise<LabelingScans> {
  const scans = await findSessionScans(ctx, organizationId, nodeId);
  const labels = await findLabelsOf(ctx, organizationId, scans.map((s) => s.node.id));
  const out = scans.map(({ node, scan }) => {
    const label = labels.get(node.id);
    return {
      nodeId: node.id,
      name: node.name,
      traces: scan.traces,
      samplesPerTrace: scan.samplesPerTrace,
      labelId: label?.row.id ?? null,
      pointCount: label?.value.points.length ?? 0,
    };
  });
  return { scans: out, labelled: out.filter((s) => s.labelId).length, total: out.length };
}
