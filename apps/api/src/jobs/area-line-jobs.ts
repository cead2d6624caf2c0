/**
 * AREA_SCAN_REBAR_2 as many queue jobs (docs/decisions/0032-area-lines-as-jobs.md): the area's job splits
 * itself into one line job per line; each line job detects its line and stores the detections (one row per
 * run and line); the line job whose row completes the count queues the combine step, which pools and links
 * the stored lines and settles the area job exactly as a one-piece analysis did (finishJob: FINISHED with
 * every per-line sub-analysis in one transaction). Any number of workers take the line jobs side by side.
 */
import {
  findJobUnscoped,
  listAreaLines,
  setAreaLineCount,
  storeAreaLine,
  type AnalysisJobRow,
} from '@gprhub/db';
import type { AreaLineDetections } from '@gprhub/gpr';
import type { AppContext } from '../app-context.js';
import { loadGprScanRadargram, planAreaScanLines } from '../scan-data/gpr-scan-data.js';
import { finishJob } from './analysis-results.js';
import type { AreaCombineOptions, ComputeOutput } from './compute.js';
import type { AreaCombineMessage, AreaLineMessage } from './queue.js';
import type { ThreadRunner } from './thread-runner.js';

/** True for the analysis types that run as line jobs and a combine step. */
export function isSplitIntoLines(analysisType: string): boolean {
  return analysisType === 'AREA_SCAN_REBAR_2';
}

/**
 * The area job's attempt: places the lines from the stored rows (no file is read here), records how many there
 * are, and queues one line job each. The attempt stays ANALYSING; the line jobs and the combine step finish it.
 */
export async function splitAreaJob(
  ctx: AppContext,
  job: AnalysisJobRow,
  send: (messages: AreaLineMessage[]) => Promise<void>,
): Promise<void> {
  const input = (job.payload as { analysisInput: { areaScanNodeId: string } }).analysisInput;
  const plan = await planAreaScanLines(ctx, job.organizationId, input.areaScanNodeId);
  if (plan.lines.length === 0) throw new Error(`The area scan ${plan.name} has no line scans to analyse`);
  if (!(await setAreaLineCount(ctx.db, job, plan.lines.length))) return; // a newer attempt holds it
  await send(
    plan.lines.map((line) => ({
      jobId: job.id,
      step: 'line',
      lineNodeId: line.nodeId,
      lineIndex: line.lineIndex,
      direction: line.direction,
      offsetM: line.offsetM,
    })),
  );
}

/**
 * One line job: loads the line, detects it in a compute thread and stores it. Answers true when the stored
 * lines are complete (this row completed the count, or a re-run found them complete): the caller then queues
 * the combine step. A line of an area job that is no longer ANALYSING is skipped.
 */
export async function runAreaLine(
  ctx: AppContext,
  runner: ThreadRunner,
  workerId: string,
  message: AreaLineMessage,
): Promise<boolean> {
  const job = await findJobUnscoped(ctx.db, message.jobId);
  if (!job || job.status !== 'ANALYSING') return false;
  const scan = await loadGprScanRadargram(ctx, job.organizationId, message.lineNodeId);
  const { barDiameterM } = (job.payload as { analysisInput: AreaCombineOptions }).analysisInput;
  const output = await runner.run(
    {
      type: 'AREA_SCAN_LINE',
      line: {
        radargram: scan.radargram,
        direction: message.direction,
        offsetM: message.offsetM,
        nodeId: message.lineNodeId,
      },
      barDiameterM,
    },
    ctx.config.jobs.timeoutS,
  );
  const { detections, result } = output.results as {
    detections: Record<string, unknown>;
    result: Record<string, unknown>;
  };
  const stored = await storeAreaLine(ctx.db, {
    jobId: job.id,
    lineNodeId: message.lineNodeId,
    lineIndex: message.lineIndex,
    detections,
    result,
    workerId,
  });
  // Normally only the line that completed the count queues the combine step. A line job run again after its
  // row was stored (its worker died between the commit and the queueing) queues it too, so it is never lost;
  // the combine step settles the area job once whatever happens (finishJob is fenced by the attempt).
  return stored !== null && stored.linesDone >= stored.lineCount;
}

/**
 * The combine step: reads every stored line of the run, pools and links them in a compute thread, and settles
 * the area job FINISHED with its per-line sub-analyses (analysis-results.ts). Does nothing when the job is no
 * longer ANALYSING (already settled by a duplicate combine, or failed).
 */
export async function runAreaCombine(
  ctx: AppContext,
  runner: ThreadRunner,
  message: AreaCombineMessage,
): Promise<void> {
  const job = await findJobUnscoped(ctx.db, message.jobId);
  if (!job || job.status !== 'ANALYSING' || job.lineCount === null) return;
  const rows = await listAreaLines(ctx.db, job.organizationId, job.analysisRunId);
  if (rows.length < job.lineCount) return; // not complete: the last line job queues the combine step again
  const input = (job.payload as { analysisInput: AreaCombineOptions }).analysisInput;
  const output: ComputeOutput = await runner.run(
    {
      type: 'AREA_SCAN_COMBINE',
      lines: rows.map((row) => ({
        ...(row.detections as unknown as AreaLineDetections),
        nodeId: row.lineNodeId,
      })),
      options: {
        permittivity: input.permittivity,
        knownCover: input.knownCover,
        barDiameterM: input.barDiameterM,
      },
    },
    ctx.config.jobs.timeoutS,
  );
  await finishJob(ctx, job, output);
}
