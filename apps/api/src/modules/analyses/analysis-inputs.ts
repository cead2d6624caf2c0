import {
  ANALYSIS_INPUT_ALTERNATIVES,
  ANALYSIS_TYPE_LABELS,
  inputFieldsOf,
  RUNNABLE_ANALYSIS_TYPES,
  type AnalysisInput,
  type AnalysisType,
  type HyperbolaLabelDto,
  type NodeType,
} from '@gprhub/contract';
import { findLiveNodesByIds, findThreeDModelVersion, type AnalysisJobRow } from '@gprhub/db';
import { gprPointCloudRequest, isGprPointCloudSource } from '../../jobs/gpr-point-cloud-input.js';
import { loadRtabmapDatabase } from '../../jobs/point-cloud-input.js';
import type { AppContext } from '../../app-context.js';
import { ANALYSIS_ENGINE_VERSION, type ComputeRequest } from '../../jobs/compute.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { assertNodesOfType, loadAreaScanLines, loadGprScanRadargram } from '../../scan-data/gpr-scan-data.js';

/** The node type each input field must point at. */
const FIELD_NODE_TYPES: Record<string, NodeType> = {
  gprScanNodeId: 'GPR_SCAN',
  parallelGprScanNodeId: 'GPR_SCAN',
  perpendicularGprScanNodeId: 'GPR_SCAN',
  areaScanNodeId: 'GPR_SCAN_GROUP',
  parallelAreaScanNodeId: 'GPR_SCAN_GROUP',
  perpendicularAreaScanNodeId: 'GPR_SCAN_GROUP',
};

/** The run options: everything in the input besides the node ids. */
export interface RunOptions {
  hyperbolaLabels?: Record<string, HyperbolaLabelDto[]>;
  permittivity?: number;
  knownCover?: KnownCoverInput;
  /** The bars' known diameter, metres. */
  barDiameterM?: number;
}

/** A cover measured on site (issue #13 item 7), as the run options carry it. */
export interface KnownCoverInput {
  xM: number;
  yM?: number;
  scan?: 'parallel' | 'perpendicular';
  coverM: number;
}

export interface CanonicalInput {
  analysisType: AnalysisType;
  /** The node ids the type needs, nothing else, in the type's field order. */
  input: Record<string, string>;
  inputKey: string;
  inputNodeIds: string[];
  options: RunOptions;
  optionsKey: string;
}

/** JSON with sorted keys, so equal inputs give equal keys. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Which analyses take a known cover and which point each needs: a line scan the position along it (xM), an area
 * (or a pair of areas) the grid point (xM, yM), a pair of line scans the scan measured on and the position along it.
 */
function checkKnownCover(analysisType: AnalysisType, known: KnownCoverInput): void {
  const isArea =
    analysisType === 'AREA_SCAN_REBAR_2' || analysisType === 'AREA_SCAN_DUAL_ORIENTATION_REBAR_2';
  const isDualLine = analysisType === 'LINE_SCAN_DUAL_ORIENTATION_REBAR_2';
  checkRebarOption(analysisType, 'knownCover');
  if (isArea && known.yM === undefined)
    throw badRequest(
      `knownCover of ${analysisType} needs yM: the point of the grid where the cover was measured`,
    );
  if (!isArea && known.yM !== undefined)
    throw badRequest(
      'knownCover.yM is only used by area scans (a line scan takes the position along it, xM)',
    );
  if (isDualLine && known.scan === undefined)
    throw badRequest(
      "knownCover of LINE_SCAN_DUAL_ORIENTATION_REBAR_2 needs scan ('parallel' or 'perpendicular'): the scan whose bar was measured",
    );
  if (!isDualLine && known.scan !== undefined)
    throw badRequest('knownCover.scan is only used by LINE_SCAN_DUAL_ORIENTATION_REBAR_2');
}

const REBAR_TYPES: readonly AnalysisType[] = [
  'LINE_SCAN_REBAR_2',
  'AREA_SCAN_REBAR_2',
  'LINE_SCAN_DUAL_ORIENTATION_REBAR_2',
  'AREA_SCAN_DUAL_ORIENTATION_REBAR_2',
];

/** The run options only the rebar analyses take (a known cover, a known bar size). */
function checkRebarOption(analysisType: AnalysisType, option: 'knownCover' | 'barDiameterM'): void {
  if (!REBAR_TYPES.includes(analysisType))
    throw badRequest(
      `${option} is only used by LINE_SCAN_REBAR_2, AREA_SCAN_REBAR_2 and their dual-orientation pairs`,
    );
}

/**
 * Check an analysis input against its type (spec §3 "Analysis inputs by type"): the type's id fields are
 * required, dual types need two different ids, and the 3D types wait for 3D models. Pure: the ids' existence
 * and node types are checked by {@link assertInputNodes}.
 */
export function canonicalizeInput(analysisType: AnalysisType, raw: AnalysisInput): CanonicalInput {
  if (!(RUNNABLE_ANALYSIS_TYPES as readonly string[]).includes(analysisType)) {
    throw badRequest(`${ANALYSIS_TYPE_LABELS[analysisType]} (${analysisType}) is not available yet`);
  }
  const fields = inputFieldsOf(analysisType, raw as Record<string, unknown>);
  if (!fields) {
    const names = (ANALYSIS_INPUT_ALTERNATIVES[analysisType] ?? []).map((f) => f.join(' and ')).join(' or ');
    throw badRequest(`${analysisType} needs exactly one of ${names} in analysisInput`);
  }
  const input: Record<string, string> = {};
  for (const field of fields) {
    const value = (raw as Record<string, unknown>)[field];
    if (typeof value !== 'string') {
      throw badRequest(
        fields.length > 1
          ? `${analysisType} needs both ${fields.join(' and ')} in analysisInput`
          : `${analysisType} needs ${field} in analysisInput`,
      );
    }
    input[field] = value;
  }
  const inputNodeIds = Object.values(input);
  if (new Set(inputNodeIds).size !== inputNodeIds.length)
    throw badRequest(`${fields.join(' and ')} must be two different scans`);
  if (raw.knownCover) checkKnownCover(analysisType, raw.knownCover);
  if (raw.barDiameterM !== undefined) checkRebarOption(analysisType, 'barDiameterM');
  const options: RunOptions = {};
  if (raw.hyperbolaLabels && Object.keys(raw.hyperbolaLabels).length > 0) {
    if (analysisType === 'GPR_SCAN_PREVIEW' || analysisType === 'HYPERBOLA_DETECTION') {
      throw badRequest(`${analysisType} does not take hyperbola labels`);
    }
    options.hyperbolaLabels = raw.hyperbolaLabels;
  }
  if (
    raw.permittivity !== undefined &&
    analysisType !== 'GPR_SCAN_PREVIEW' &&
    analysisType !== 'HYPERBOLA_DETECTION'
  )
    options.permittivity = raw.permittivity;
  if (raw.knownCover) options.knownCover = raw.knownCover;
  if (raw.barDiameterM !== undefined) options.barDiameterM = raw.barDiameterM;
  if (options.permittivity !== undefined && input.threeDModelVersionId !== undefined)
    throw badRequest(`${analysisType} from a 3D model version takes no permittivity`);
  return {
    analysisType,
    input,
    inputKey: stableJson(input),
    inputNodeIds,
    options,
    optionsKey: stableJson(options),
  };
}

/**
 * Every id of the input is a live node of the organization (404 otherwise, as for any id of another
 * organization) of the right type (400 naming the id otherwise); a 3D model version id must be a version of
 * the organization's models (404 otherwise). Answers the node the analysis hangs under and the node ids it is
 * found by: the input's first node, or for a 3D version its model.
 */
export async function assertInputNodes(
  ctx: AppContext,
  organizationId: string,
  canonical: CanonicalInput,
): Promise<{ parentNodeId: string; inputNodeIds: string[] }> {
  const versionId = canonical.input.threeDModelVersionId;
  if (versionId !== undefined) {
    const version = await findThreeDModelVersion(ctx.db, organizationId, versionId);
    if (!version) throw notFound('3D model version not found');
    const [model] = await findLiveNodesByIds(ctx.db, organizationId, [version.threeDModelNodeId]);
    if (!model) throw notFound('3D model version not found');
    return { parentNodeId: version.threeDModelNodeId, inputNodeIds: [version.threeDModelNodeId] };
  }
  const found = await findLiveNodesByIds(ctx.db, organizationId, canonical.inputNodeIds);
  if (found.length !== new Set(canonical.inputNodeIds).size) throw notFound();
  if (canonical.analysisType === 'GENERATE_POINT_CLOUD') {
    // From a GPR scan: a line scan (a 2-D slice of points) or an area scan (the volume of its lines).
    const id = canonical.input.gprScanNodeId!;
    if (!(await isGprPointCloudSource(ctx, organizationId, id))) {
      const message = `Node ${id} is not a GPR scan or an area scan of this organization`;
      throw badRequest(message, [{ path: id, message }]);
    }
    return { parentNodeId: id, inputNodeIds: canonical.inputNodeIds };
  }
  for (const [field, id] of Object.entries(canonical.input)) {
    const type = FIELD_NODE_TYPES[field];
    if (type) await assertNodesOfType(ctx, organizationId, [id], type);
  }
  return { parentNodeId: canonical.inputNodeIds[0]!, inputNodeIds: canonical.inputNodeIds };
}

/** The job's payload: what the worker needs and what "copy payload" gives the user. */
export function jobPayload(canonical: CanonicalInput): Record<string, unknown> {
  return {
    analysisType: canonical.analysisType,
    analysisInput: { ...canonical.input, ...canonical.options },
    analysisEngineVersion: ANALYSIS_ENGINE_VERSION,
  };
}

/** Load a job's inputs (radargrams from storage) into a compute request for a thread. */
export async function buildComputeRequest(ctx: AppContext, job: AnalysisJobRow): Promise<ComputeRequest> {
  const payload = job.payload as {
    analysisType: AnalysisType;
    analysisInput: Record<string, unknown> & RunOptions;
  };
  const input = payload.analysisInput;
  const org = job.organizationId;
  const labels = input.hyperbolaLabels ?? {};
  const id = (field: string) => String(input[field]);
  switch (job.analysisType as AnalysisType) {
    case 'GPR_SCAN_PREVIEW':
    case 'HYPERBOLA_DETECTION': {
      const scan = await loadGprScanRadargram(ctx, org, id('gprScanNodeId'));
      return {
        type: job.analysisType as 'GPR_SCAN_PREVIEW' | 'HYPERBOLA_DETECTION',
        radargram: scan.radargram,
      };
    }
    case 'LINE_SCAN_REBAR_2': {
      const scan = await loadGprScanRadargram(ctx, org, id('gprScanNodeId'));
      return {
        type: 'LINE_SCAN_REBAR_2',
        radargram: scan.radargram,
        options: {
          hyperbolas: labels[scan.nodeId],
          permittivity: input.permittivity,
          knownCover: input.knownCover,
          barDiameterM: input.barDiameterM,
        },
      };
    }
    case 'AREA_SCAN_REBAR_2':
      // Split into line jobs and a combine step instead (jobs/area-line-jobs.ts).
      throw new Error('An area scan is analysed line by line, not in one request');
    case 'LINE_SCAN_DUAL_ORIENTATION_REBAR_2': {
      const parallel = await loadGprScanRadargram(ctx, org, id('parallelGprScanNodeId'));
      const perpendicular = await loadGprScanRadargram(ctx, org, id('perpendicularGprScanNodeId'));
      return {
        type: 'LINE_SCAN_DUAL_ORIENTATION_REBAR_2',
        parallel: parallel.radargram,
        perpendicular: perpendicular.radargram,
        options: {
          permittivity: input.permittivity,
          parallelHyperbolas: labels[parallel.nodeId],
          perpendicularHyperbolas: labels[perpendicular.nodeId],
          knownCover: input.knownCover,
          barDiameterM: input.barDiameterM,
        },
      };
    }
    case 'AREA_SCAN_DUAL_ORIENTATION_REBAR_2': {
      const parallel = await loadAreaScanLines(ctx, org, id('parallelAreaScanNodeId'));
      const perpendicular = await loadAreaScanLines(ctx, org, id('perpendicularAreaScanNodeId'));
      return {
        type: 'AREA_SCAN_DUAL_ORIENTATION_REBAR_2',
        parallelLines: parallel.lines,
        perpendicularLines: perpendicular.lines,
        options: {
          permittivity: input.permittivity,
          knownCover: input.knownCover,
          barDiameterM: input.barDiameterM,
        },
      };
    }
    case 'GENERATE_POINT_CLOUD': {
      if (typeof input.gprScanNodeId === 'string')
        return gprPointCloudRequest(ctx, org, input.gprScanNodeId, input.permittivity);
      const versionId = id('threeDModelVersionId');
      const dbPath = await loadRtabmapDatabase(ctx, org, versionId);
      return { type: 'GENERATE_POINT_CLOUD', dbPath, versionId, options: {} };
    }
    case 'GENERATE_MESH': {
      const versionId = id('threeDModelVersionId');
      const dbPath = await loadRtabmapDatabase(ctx, org, versionId);
      return { type: 'GENERATE_MESH', dbPath, versionId, options: {} };
    }
    default:
      throw new Error(`${job.analysisType} cannot run yet`);
  }
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}
