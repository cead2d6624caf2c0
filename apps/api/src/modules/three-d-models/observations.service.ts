import type { Area, Observation, ObservationDetails, ObservationRebar } from '@gprhub/contract';
import type { NodeRow, ThreeDModelObservationRow } from '@gprhub/db';
import {
  deleteObservation,
  findGprScan,
  findGprScanGroup,
  findLiveNodesByIds,
  findObservation,
  findObservations,
  findThreeDModelVersions,
  insertObservations,
  updateObservation,
} from '@gprhub/db';
import { DEFAULT_PERMITTIVITY, velocityFromPermittivity } from '@gprhub/gpr';
import { areaFromPosition, defaultObservationArea, type RadarPosition } from '@gprhub/scan3d';
import type { AppContext } from '../../app-context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { getAnalysisByInput, getCorrectionByInput } from '../analyses/analyses.service.js';
import { loadGprScanRadargram, planAreaScanLines } from '../../scan-data/gpr-scan-data.js';
import { getOwnModel } from './model-access.js';
import { getRadarPositions } from './three-d-models.service.js';

export function toObservation({ observation: o, node }: { observation: ThreeDModelObservationRow; node: NodeRow }): Observation {
  return {
    id: o.id,
    threeDModelNodeId: o.threeDModelNodeId,
    threeDModelVersionId: o.threeDModelVersionId,
    observationType: 'GPR_SCAN',
    observationNodeId: o.observationNodeId,
    observationName: node.name,
    observationDate: o.observationDate,
    observationArea: o.observationArea,
    scanArea: o.scanArea,
    isVisible: o.isVisible,
    createdAt: o.createdAt.toISOString(),
  };
}

/** The tracker's position of a scan: the one whose id is the scan's node id, its name or its file's name. */
function findPositionOf(positions: RadarPosition[], keys: (string | undefined)[]): RadarPosition | undefined {
  for (const key of keys) {
    const found = key ? positions.find((p) => p.id === key) : undefined;
    if (found) return found;
  }
  return undefined;
}

/**
 * `POST /api/3d-model-observations/batch`: place GPR scans in a version of the model. A scan the tracker saw
 * (a radar position with its node id, name or file name) starts at its scanArea; others at a default place. A scan already
 * placed in that version is kept as it is.
 */
export async function createObservations(
  ctx: AppContext,
  organizationId: string,
  body: { threeDModelNodeId: string; threeDModelVersionId: string; nodeIds: string[] },
): Promise<Observation[]> {
  await getOwnModel(ctx.db, organizationId, body.threeDModelNodeId);
  const versions = await findThreeDModelVersions(ctx.db, organizationId, body.threeDModelNodeId);
  if (!versions.some((v) => v.id === body.threeDModelVersionId)) throw notFound();
  const ids = [...new Set(body.nodeIds)];
  const nodes = await findLiveNodesByIds(ctx.db, organizationId, ids);
  if (nodes.length !== ids.length) throw notFound();
  const notScans = ids.map((id, i) => ({ i, node: nodes.find((n) => n.id === id)! })).filter(({ node }) => node.type !== 'GPR_SCAN');
  if (notScans.length > 0) {
    const message = 'Only GPR scans can be added to a 3D model';
    throw badRequest(message, notScans.map(({ i }) => ({ path: `nodeIds.${i}`, message })));
  }
  const positions = await getRadarPositions(ctx, organizationId, body.threeDModelNodeId, body.threeDModelVersionId);
  const existing = await findObservations(ctx.db, organizationId, body.threeDModelNodeId, body.threeDModelVersionId);
  const rows = [];
  for (const [i, id] of ids.entries()) {
    const node = nodes.find((n) => n.id === id)!;
    const scan = await findGprScan(ctx.db, organizationId, id);
    const position = findPositionOf(positions, [node.id, node.name, scan?.scan.originalName]);
    const scanArea = position ? areaFromPosition(position) : null;
    rows.push({
      organizationId,
      threeDModelNodeId: body.threeDModelNodeId,
      threeDModelVersionId: body.threeDModelVersionId,
      observationType: 'GPR_SCAN',
      observationNodeId: id,
      observationDate: scan?.scan.scanDate ?? null,
      observationArea: scanArea ?? defaultObservationArea(existing.length + i),
      scanArea,
    });
  }
  await insertObservations(ctx.db, rows);
  const all = await findObservations(ctx.db, organizationId, body.threeDModelNodeId, body.threeDModelVersionId);
  return all.filter((o) => ids.includes(o.observation.observationNodeId)).map(toObservation);
}

/** The observations of a model: of the given version, else of its newest version. */
export async function listObservations(ctx: AppContext, organizationId: string, modelNodeId: string, versionId?: string): Promise<Observation[]> {
  const version = versionId ?? (await findThreeDModelVersions(ctx.db, organizationId, modelNodeId))[0]?.id;
  if (!version) return [];
  return (await findObservations(ctx.db, organizationId, modelNodeId, version)).map(toObservation);
}

const sameArea = (a: Area | null, b: Area | null) => JSON.stringify(a) === JSON.stringify(b);

/** `GET /api/3d-models/{id}/observations/table`: one row per observation for the observations panel. */
export async function listObservationTable(ctx: AppContext, organizationId: string, modelNodeId: string, versionId?: string) {
  const observations = await listObservations(ctx, organizationId, modelNodeId, versionId);
  return {
    rows: observations.map((o) => ({
      id: o.id,
      name: o.observationName,
      observationType: o.observationType,
      observationDate: o.observationDate,
      isVisible: o.isVisible,
      placement: o.scanArea ? ('tracker' as const) : ('manual' as const),
      isMoved: o.scanArea !== null && !sameArea(o.scanArea, o.observationArea),
    })),
  };
}

/** An observation of the organization (for changes), else 404. */
export async function getOwnObservation(ctx: AppContext, organizationId: string, id: string) {
  const found = await findObservation(ctx.db, organizationId, id);
  if (!found) throw notFound();
  return found;
}

function isOrthonormal(area: Area): boolean {
  const axes = [area.planeX, area.planeY, area.planeZ];
  const dot = (a: number[], b: number[]) => a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
  return axes.every((a) => Math.abs(dot(a, a) - 1) < 1e-3) && Math.abs(dot(axes[0]!, axes[1]!)) < 1e-3 && Math.abs(dot(axes[0]!, axes[2]!)) < 1e-3 && Math.abs(dot(axes[1]!, axes[2]!)) < 1e-3;
}

export async function patchObservation(ctx: AppContext, organizationId: string, id: string, body: { observationArea?: Area; isVisible?: boolean }) {
  await getOwnObservation(ctx, organizationId, id);
  if (body.observationArea && !isOrthonormal(body.observationArea)) {
    const message = 'planeX, planeY and planeZ must be unit vectors at right angles';
    throw badRequest(message, [{ path: 'observationArea', message }]);
  }
  await updateObservation(ctx.db, organizationId, id, body);
  return toObservation(await getOwnObservation(ctx, organizationId, id));
}

export async function removeObservation(ctx: AppContext, organizationId: string, id: string): Promise<void> {
  if (!(await deleteObservation(ctx.db, organizationId, id))) throw notFound();
}

function mean(values: number[]): number {
  return values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);
}

/** Bars of a rebar result or correction, as the 3D view draws them (invalid entries skipped). */
export function toObservationRebars(value: unknown): ObservationRebar[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((bar: { id?: unknown; R?: unknown; depthCoords?: unknown }) => {
    const coords = Array.isArray(bar?.depthCoords) ? (bar.depthCoords as unknown[]).filter((p): p is number[] => Array.isArray(p) && p.length === 3 && p.every(Number.isFinite)) : [];
    if (typeof bar?.id !== 'string' || typeof bar.R !== 'number' || !Number.isFinite(bar.R) || coords.length === 0) return [];
    return [{ id: bar.id, xM: mean(coords.map((p) => p[0]!)), depthM: mean(coords.map((p) => p[2]!)), radiusM: bar.R }];
  });
}

/**
 * `GET /api/3d-model-observations/{id}/details`: the scan's extent (length along the line, depth of the
 * radargram at the analysis' permittivity) and its bars: the user's correction, else the finished analysis.
 */
export async function getObservationDetails(ctx: AppContext, organizationId: string, found: { observation: ThreeDModelObservationRow; node: NodeRow }): Promise<ObservationDetails> {
  const scanNodeId = found.observation.observationNodeId;
  const input = { gprScanNodeId: scanNodeId };
  const correction = (await getCorrectionByInput(ctx, organizationId, 'LINE_SCAN_REBAR_2', input)).analysisCorrection;
  const analysis = await getAnalysisByInput(ctx, organizationId, 'LINE_SCAN_REBAR_2', input);
  const finished = analysis.isDone && !analysis.isPartial ? analysis.results : null;
  const rebarSource = correction ? 'correction' : finished ? 'analysis' : null;
  const rebars = toObservationRebars(correction ? correction.correctedAnalysisResults.rebars : finished?.rebars);
  const { radargram } = await loadGprScanRadargram(ctx, organizationId, scanNodeId);
  const permittivity = typeof finished?.permittivity === 'number' ? finished.permittivity : (radargram.permittivity ?? DEFAULT_PERMITTIVITY);
  const lastTimeS = radargram.timeOffsetS + radargram.samplesPerTrace * radargram.sampleIntervalS;
  return {
    observation: toObservation(found),
    gprScan: {
      nodeId: scanNodeId,
      name: found.node.name,
      lengthM: Math.max(0, radargram.traces - 1) * radargram.traceSpacingM,
      depthM: (Math.max(0, lastTimeS) * velocityFromPermittivity(permittivity)) / 2,
      traces: radargram.traces,
    },
    rebars,
    rebarSource,
    radargramUrl: `/api/3d-model-observations/${found.observation.id}/radargram`,
    pointCloudSource: await pointCloudSourceOf(ctx, organizationId, found.node),
  };
}

/** What GENERATE_POINT_CLOUD reads for a scan: its area scan (and where the line lies on its grid), else the scan. */
async function pointCloudSourceOf(ctx: AppContext, organizationId: string, node: NodeRow): Promise<ObservationDetails['pointCloudSource']> {
  const area = node.parentId ? await findGprScanGroup(ctx.db, organizationId, node.parentId, 'AREA_SCAN') : undefined;
  if (area) {
    const plan = await planAreaScanLines(ctx, organizationId, area.node.id);
    const line = plan.lines.find((l) => l.nodeId === node.id);
    if (line) return { gprScanNodeId: area.node.id, kind: 'area', name: area.node.name, direction: line.direction, offsetM: line.offsetM };
  }
  return { gprScanNodeId: node.id, kind: 'line', name: node.name, direction: 'LEFT_TO_RIGHT', offsetM: 0 };
}
