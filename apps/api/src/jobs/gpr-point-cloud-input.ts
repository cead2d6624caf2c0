import { findAnalysisByInput, findFilesByIds, findGprScan, findGprScanGroup } from '@gprhub/db';
import { DEFAULT_PERMITTIVITY } from '@gprhub/gpr';
import type { AppContext } from '../app-context.js';
import { readStoredBytes } from '../scan-data/stored-bytes.js';
import { loadAreaScanLines, loadGprScanRadargram } from '../scan-data/gpr-scan-data.js';
import type { GprPointCloudRequest } from './gpr-point-cloud-job.js';

/** Whether GENERATE_POINT_CLOUD can start from this node: a GPR scan (line) or an area scan of the organization. */
export async function isGprPointCloudSource(ctx: AppContext, organizationId: string, nodeId: string): Promise<boolean> {
  if (await findGprScan(ctx.db, organizationId, nodeId)) return true;
  return (await findGprScanGroup(ctx.db, organizationId, nodeId, 'AREA_SCAN')) !== undefined;
}

/** The permittivity of a finished rebar analysis of this input (a number or a pooled estimate), if any. */
async function analysedPermittivity(
  ctx: AppContext,
  organizationId: string,
  analysisType: 'LINE_SCAN_REBAR_2' | 'AREA_SCAN_REBAR_2',
  input: Record<string, string>,
): Promise<number | undefined> {
  const found = await findAnalysisByInput(ctx.db, organizationId, analysisType, JSON.stringify(input));
  const run = found?.run;
  if (run?.status !== 'FINISHED' || !run.resultFileId) return undefined;
  const [file] = await findFilesByIds(ctx.db, organizationId, [run.resultFileId]);
  if (!file) return undefined;
  const results = JSON.parse(Buffer.from(await readStoredBytes(ctx.storage, file.storageKey)).toString('utf8')) as {
    permittivity?: number | { value?: number };
  };
  const value = typeof results.permittivity === 'number' ? results.permittivity : results.permittivity?.value;
  return typeof value === 'number' && Number.isFinite(value) && value >= 1 ? value : undefined;
}

/**
 * Load GENERATE_POINT_CLOUD's GPR input (decisions/0045): an area scan's lines on its grid, or a line scan as a
 * lone line, with the permittivity to migrate at: the run's own, else the finished rebar analysis' (the area's
 * pooled value), else the scan's setting, else 7.
 */
export async function gprPointCloudRequest(
  ctx: AppContext,
  organizationId: string,
  nodeId: string,
  permittivity: number | undefined,
): Promise<GprPointCloudRequest> {
  const area = await findGprScanGroup(ctx.db, organizationId, nodeId, 'AREA_SCAN');
  if (area) {
    const loaded = await loadAreaScanLines(ctx, organizationId, nodeId);
    if (loaded.lines.length === 0) throw new Error('This area scan holds no lines to build a point cloud from');
    const analysed = permittivity === undefined ? await analysedPermittivity(ctx, organizationId, 'AREA_SCAN_REBAR_2', { areaScanNodeId: nodeId }) : undefined;
    return {
      type: 'GPR_POINT_CLOUD',
      nodeId,
      name: loaded.name,
      kind: 'area',
      lines: loaded.lines.map(({ radargram, direction, offsetM, startM }) => ({ radargram, direction, offsetM, startM })),
      permittivity: permittivity ?? analysed ?? DEFAULT_PERMITTIVITY,
      permittivitySource: permittivity !== undefined ? 'user' : analysed !== undefined ? 'analysis' : 'default',
      warnings: loaded.warnings,
    };
  }
  const scan = await loadGprScanRadargram(ctx, organizationId, nodeId);
  const analysed = permittivity === undefined ? await analysedPermittivity(ctx, organizationId, 'LINE_SCAN_REBAR_2', { gprScanNodeId: nodeId }) : undefined;
  const setting = scan.radargram.permittivity;
  return {
    type: 'GPR_POINT_CLOUD',
    nodeId,
    name: scan.name,
    kind: 'line',
    lines: [{ radargram: scan.radargram, direction: 'LEFT_TO_RIGHT', offsetM: 0 }],
    permittivity: permittivity ?? analysed ?? setting ?? DEFAULT_PERMITTIVITY,
    permittivitySource: permittivity !== undefined ? 'user' : analysed !== undefined ? 'analysis' : setting !== undefined ? 'scan setting' : 'default',
    warnings: [],
  };
}
