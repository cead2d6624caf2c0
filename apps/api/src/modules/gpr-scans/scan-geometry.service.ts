import type { GprScan, UpdateGprScanGeometryBody } from '@gprhub/contract';
import { updateGprScanGeometry } from '@gprhub/db';
import type { AppContext } from '../../app-context.js';
import type { AnalysisJobs } from '../../jobs/analysis-jobs.js';
import { notFound } from '../../lib/errors.js';
import { createAnalysis } from '../analyses/analyses.service.js';
import { getGprScanRow, toGprScan } from './gpr-scans.service.js';

/**
 * Set a scan's trace spacing (and so its length: traces × spacing, as at import), then run its analyses again
 * (rebars and preview), since both depend on it.
 */
export async function updateScanGeometry(
  ctx: AppContext,
  jobs: AnalysisJobs,
  caller: { organizationId: string; userId: string | null },
  nodeId: string,
  body: UpdateGprScanGeometryBody,
): Promise<{ gprScan: GprScan }> {
  const { organizationId, userId } = caller;
  const row = await getGprScanRow(ctx, organizationId, nodeId);
  const geometry = { traceSpacingM: body.traceSpacingM, scanLengthM: row.scan.traces * body.traceSpacingM };
  if (!(await updateGprScanGeometry(ctx.db, organizationId, nodeId, geometry))) throw notFound();
  for (const analysisType of ['LINE_SCAN_REBAR_2', 'GPR_SCAN_PREVIEW'] as const)
    await createAnalysis(ctx, jobs, organizationId, userId, {
      analysisType,
      analysisInput: { gprScanNodeId: nodeId },
      rerunIfExists: true,
    });
  return { gprScan: toGprScan(await getGprScanRow(ctx, organizationId, nodeId)) };
}
