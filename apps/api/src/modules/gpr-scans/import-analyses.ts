import type { AnalysisType, CreateGprScansResponse } from '@gprhub/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { AnalysisJobs } from '../../jobs/analysis-jobs.js';
import { createAnalysis } from '../analyses/analyses.service.js';

/** What an import starts, in this order: the bars of every line first (what a surveyor opens), then previews. */
const STARTS: { analysisType: AnalysisType; input: (nodeId: string) => Record<string, string>; of: 'scans' | 'areas' }[] = [
  { analysisType: 'LINE_SCAN_REBAR_2', input: (id) => ({ gprScanNodeId: id }), of: 'scans' },
  { analysisType: 'AREA_SCAN_REBAR_2', input: (id) => ({ areaScanNodeId: id }), of: 'areas' },
  { analysisType: 'GPR_SCAN_PREVIEW', input: (id) => ({ gprScanNodeId: id }), of: 'scans' },
];

/**
 * Start the analyses of what an import created (each scan's rebars and preview, each area scan's rebars) on
 * the job queue, in the background: the import answers at once and the results are ready, or on their way,
 * when the user opens a scan. The inputs are the ones the scan pages ask for, so a page finds the run instead
 * of starting another. Off with GPR_IMPORT_START_ANALYSES=off. A failure to start one is logged, never fatal.
 */
export function startImportAnalyses(
  ctx: AppContext,
  jobs: AnalysisJobs,
  caller: { organizationId: string; userId: string | null },
  created: CreateGprScansResponse,
  log: FastifyBaseLogger,
): Promise<void> | null {
  if (!ctx.config.gprImport.startAnalyses) return null;
  const ids = {
    scans: created.gprScans.map((s) => s.node.nodeId),
    areas: created.areaScanGroups.map((g) => g.node.nodeId),
  };
  const run = async () => {
    for (const start of STARTS)
      for (const nodeId of ids[start.of]) {
        try {
          await createAnalysis(ctx, jobs, caller.organizationId, caller.userId, {
            analysisType: start.analysisType,
            analysisInput: start.input(nodeId),
          });
        } catch (error) {
          log.warn({ err: error, nodeId, analysisType: start.analysisType }, 'could not start an analysis at import');
        }
      }
  };
  return run();
}
