import type { BuildingRelatedNode, PinPosition, RebarSummary } from '@gprhub/contract';
import { BuildingMessages } from '@gprhub/contract';
import type { BuildingRelatedNodeRow, NodeRow } from '@gprhub/db';
import { deletePin, findFloorPlan, findNodeById, findPin, findPins, insertPin, updatePin } from '@gprhub/db';
import type { AppContext } from '../../app-context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { getAnalysisByInput, getCorrectionByInput } from '../analyses/analyses.service.js';
import { toNode } from '../nodes/nodes.service.js';
import { toObservationRebars } from '../three-d-models/observations.service.js';

/** Node types that can be pinned on a plan: GPR scans, area scans (scan groups) and 3D models. */
export const PINNABLE_TYPES = new Set(['GPR_SCAN', 'GPR_SCAN_GROUP', 'THREE_D_MODEL', 'DUAL_ORIENTATION_GPR_SCAN', 'DUAL_ORIENTATION_AREA_SCAN']);

const roundMm = (m: number) => Math.round(m * 10_000) / 10;

/**
 * A line scan's rebars as shown on hover: the user's correction, else the finished analysis; null when
 * neither exists. Cover is the depth of a bar's top (centre depth − radius), in millimetres.
 */
export async function scanRebarSummary(ctx: AppContext, organizationId: string, scanNodeId: string): Promise<RebarSummary | null> {
  const input = { gprScanNodeId: scanNodeId };
  const correction = (await getCorrectionByInput(ctx, organizationId, 'LINE_SCAN_REBAR_2', input)).analysisCorrection;
  let rebars: unknown;
  if (correction) rebars = correction.correctedAnalysisResults.rebars;
  else {
    const analysis = await getAnalysisByInput(ctx, organizationId, 'LINE_SCAN_REBAR_2', input);
    if (!analysis.isDone || analysis.isPartial || !analysis.results) return null;
    rebars = analysis.results.rebars;
  }
  const covers = toObservationRebars(rebars).map((bar) => bar.depthM - bar.radiusM);
  if (covers.length === 0) return { count: 0, coverMinMm: null, coverAvgMm: null, coverMaxMm: null };
  return {
    count: covers.length,
    coverMinMm: roundMm(Math.min(...covers)),
    coverAvgMm: roundMm(covers.reduce((a, b) => a + b, 0) / covers.length),
    coverMaxMm: roundMm(Math.max(...covers)),
  };
}

async function toPin(ctx: AppContext, organizationId: string, pin: BuildingRelatedNodeRow, node: NodeRow): Promise<BuildingRelatedNode> {
  return {
    id: pin.id,
    floorPlanNodeId: pin.floorPlanNodeId,
    relatedNodeId: pin.relatedNodeId,
    relatedNode: toNode(node),
    position: { x: pin.x, y: pin.y },
    rebarSummary: node.type === 'GPR_SCAN' ? await scanRebarSummary(ctx, organizationId, node.id) : null,
  };
}

/** `GET /api/floor-plans/{id}/related-nodes`: the plan's pins whose node is live. */
export async function listPins(ctx: AppContext, organizationId: string, floorPlanNodeId: string): Promise<BuildingRelatedNode[]> {
  if (!(await findFloorPlan(ctx.db, organizationId, floorPlanNodeId))) throw notFound();
  const rows = await findPins(ctx.db, organizationId, floorPlanNodeId);
  return Promise.all(rows.map(({ pin, node }) => toPin(ctx, organizationId, pin, node)));
}

/** `POST /api/building-related-nodes`: pin a scan, area scan or 3D model on a plan, at a position in image fractions. */
export async function createPin(ctx: AppContext, organizationId: string, body: { floorPlanNodeId: string; relatedNodeId: string; position: PinPosition }): Promise<BuildingRelatedNode> {
  if (!(await findFloorPlan(ctx.db, organizationId, body.floorPlanNodeId))) throw notFound();
  const node = await findNodeById(ctx.db, organizationId, body.relatedNodeId);
  if (!node) throw notFound();
  if (!PINNABLE_TYPES.has(node.type)) throw badRequest(BuildingMessages.notPinnable, [{ path: 'relatedNodeId', message: BuildingMessages.notPinnable }]);
  const pin = await insertPin(ctx.db, { organizationId, floorPlanNodeId: body.floorPlanNodeId, relatedNodeId: node.id, x: body.position.x, y: body.position.y });
  return toPin(ctx, organizationId, pin, node);
}

export async function movePin(ctx: AppContext, organizationId: string, id: string, position: PinPosition): Promise<BuildingRelatedNode> {
  const pin = await updatePin(ctx.db, organizationId, id, position);
  if (!pin) throw notFound();
  const node = await findNodeById(ctx.db, organizationId, pin.relatedNodeId);
  if (!node) throw notFound();
  return toPin(ctx, organizationId, pin, node);
}

export async function removePin(ctx: AppContext, organizationId: string, id: string): Promise<void> {
  if (!(await findPin(ctx.db, organizationId, id))) throw notFound();
  await deletePin(ctx.db, organizationId, id);
}
