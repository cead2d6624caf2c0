import {
  ANALYSIS_TYPE_LABELS,
  type Analysis,
  type AnalysisByInputResponse,
  type AnalysisCorrection,
  type AnalysisJob,
  type AnalysisQuery,
  type AnalysisRun,
  type AnalysisStatus,
  type AnalysisType,
  type CreateAnalysisBody,
  type CreateAnalysisResponse,
  type SaveCorrectionBody,
} from '@gprhub/contract';
import {
  createRunWithJob,
  deleteCorrection,
  findAnalysisByInput,
  findAnalysisByNodeId,
  findCorrection,
  findFileByIdUnscoped,
  findJob,
  findJobEvents,
  findJobsOfRun,
  findOrCreateAnalysis,
  findRun,
  listAnalyses,
  listJobs,
  listRuns,
  listSubAnalyses,
  settleJob,
  claimJob,
  setQueueJobId,
  upsertCorrection,
  type AnalysisCorrectionRow,
  type AnalysisJobRow,
  type AnalysisRunRow,
  type AnalysisWithRun,
} from '@gprhub/db';
import type { AppContext } from '../../app-context.js';
import type { AnalysisJobs } from '../../jobs/analysis-jobs.js';
import { ANALYSIS_ENGINE_VERSION } from '../../jobs/compute.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { DOWNLOAD_URL_TTL_S } from '../../storage/storage.js';
import { assertInputNodes, canonicalizeInput, jobPayload, readAll } from './analysis-inputs.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toRun(row: AnalysisRunRow): AnalysisRun {
  const status = row.status as AnalysisStatus;
  return {
    id: row.id,
    analysisNodeId: row.analysisNodeId,
    analysisType: row.analysisType as AnalysisType,
    status,
    progress: row.progress,
    message: row.message,
    analysisRunResult: { status, progress: row.progress, message: row.message },
    analysisEngineVersion: row.engineVersion,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

export function toAnalysis({ analysis, node, run }: AnalysisWithRun): Analysis {
  const type = analysis.analysisType as AnalysisType;
  return {
    nodeId: analysis.nodeId,
    name: node.name,
    analysisType: type,
    analysisTypeLabel: ANALYSIS_TYPE_LABELS[type],
    analysisInput: analysis.input,
    parentId: node.parentId,
    parentAnalysisNodeId: analysis.parentAnalysisNodeId,
    status: (run?.status as AnalysisStatus | undefined) ?? null,
    progress: run?.progress ?? null,
    latestRunId: run?.id ?? null,
    createdAt: analysis.createdAt.toISOString(),
    updatedAt: (run?.finishedAt ?? run?.startedAt ?? run?.createdAt ?? analysis.updatedAt).toISOString(),
  };
}

async function toJobs(ctx: AppContext, rows: AnalysisJobRow[]): Promise<AnalysisJob[]> {
  const events = await findJobEvents(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const history = (events.get(row.id) ?? []).map((e) => ({
      event: e.event,
      message: e.message,
      createdAt: e.createdAt.toISOString(),
    }));
    const status = row.status as AnalysisStatus;
    return {
      id: row.id,
      analysisRunId: row.analysisRunId,
      analysisNodeId: row.analysisNodeId,
      analysisType: row.analysisType as AnalysisType,
      status,
      progress: row.progress,
      statusEvent: history.at(-1) ?? null,
      isFinished: status === 'FINISHED' || status === 'FAILED',
      analysisEngineVersion: row.engineVersion,
      attempts: row.attempt,
      history,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/**
 * `POST /api/analyses`: find or create the analysis of this input; start a run unless a usable one exists
 * (see the `rerunIfExists` description in the contract).
 */
export async function createAnalysis(
  ctx: AppContext,
  jobs: AnalysisJobs,
  organizationId: string,
  userId: string | null,
  body: CreateAnalysisBody,
): Promise<CreateAnalysisResponse> {
  const canonical = canonicalizeInput(body.analysisType, body.analysisInput);
  const { parentNodeId, inputNodeIds } = await assertInputNodes(ctx, organizationId, canonical);
  const analysis = await findOrCreateAnalysis(ctx.db, {
    organizationId,
    analysisType: canonical.analysisType,
    input: canonical.input,
    inputKey: canonical.inputKey,
    inputNodeIds,
    parentNodeId,
    name: ANALYSIS_TYPE_LABELS[canonical.analysisType],
    createdById: userId,
  });
  const latest = analysis.run;
  if (
    latest &&
    !body.rerunIfExists &&
    latest.status !== 'FAILED' &&
    latest.optionsKey === canonical.optionsKey
  ) {
    return { analysis: toAnalysis(analysis), analysisRun: toRun(latest), started: false };
  }
  const { run, job } = await createRunWithJob(ctx.db, {
    organizationId,
    analysisNodeId: analysis.analysis.nodeId,
    analysisType: canonical.analysisType,
    options: canonical.options as Record<string, unknown>,
    optionsKey: canonical.optionsKey,
    engineVersion: ANALYSIS_ENGINE_VERSION,
    payload: jobPayload(canonical),
    createdById: userId,
  });
  try {
    await setQueueJobId(ctx.db, job.id, await jobs.enqueue(job.id));
  } catch (error) {
    const claimed = await claimJob(ctx.db, job.id, 'api');
    if (claimed)
      await settleJob(ctx.db, claimed, {
        status: 'FAILED',
        message: `Could not queue the analysis: ${(error as Error).message}`,
      });
  }
  const fresh = (await findAnalysisByNodeId(ctx.db, organizationId, analysis.analysis.nodeId))!;
  return { analysis: toAnalysis(fresh), analysisRun: toRun(fresh.run ?? run), started: true };
}

/** A small cache of parsed result files: by-input is polled every few seconds by every open scan page. */
const resultCache = new Map<string, Record<string, unknown>>();
const RESULT_CACHE_SIZE = 64;

async function readResults(ctx: AppContext, fileId: string): Promise<Record<string, unknown>> {
  const cached = resultCache.get(fileId);
  if (cached) return cached;
  const file = await findFileByIdUnscoped(ctx.db, fileId);
  if (!file) throw notFound('The results of this analysis run are missing');
  const results = JSON.parse(
    (await readAll(await ctx.storage.read(file.storageKey))).toString('utf8'),
  ) as Record<string, unknown>;
  resultCache.set(fileId, results);
  if (resultCache.size > RESULT_CACHE_SIZE) resultCache.delete(resultCache.keys().next().value!);
  return results;
}

/** Results as served: a preview's file id becomes a short-lived image address. */
async function servedResults(
  ctx: AppContext,
  organizationId: string,
  run: AnalysisRunRow,
): Promise<Record<string, unknown>> {
  const results = { ...(await readResults(ctx, run.resultFileId!)) };
  if (typeof results.previewFileId === 'string') {
    const file = await findFileByIdUnscoped(ctx.db, results.previewFileId);
    if (file && file.organizationId === organizationId) {
      results.previewImageUrl = await ctx.storage.createDownloadUrl(file.storageKey, {
        fileName: file.name,
        contentType: file.contentType,
        expiresInS: DOWNLOAD_URL_TTL_S,
        inline: true,
      });
    }
  }
  return results;
}

/** `POST /api/analyses/by-input`: the analysis of this input, its latest run and results (partial while running). */
export async function getAnalysisByInput(
  ctx: AppContext,
  organizationId: string,
  analysisType: AnalysisType,
  analysisInput: CreateAnalysisBody['analysisInput'],
): Promise<AnalysisByInputResponse> {
  const canonical = canonicalizeInput(analysisType, analysisInput);
  const found = await findAnalysisByInput(ctx.db, organizationId, analysisType, canonical.inputKey);
  if (!found) {
    await assertInputNodes(ctx, organizationId, canonical);
    return { analysis: null, analysisRun: null, results: null, isDone: false, isPartial: false };
  }
  const run = found.run;
  let results: Record<string, unknown> | null = null;
  let isPartial = false;
  if (run?.status === 'FINISHED' && run.resultFileId) results = await servedResults(ctx, organizationId, run);
  else if (run?.partialResults && Object.keys(run.partialResults).length > 0) {
    results = { lines: Object.values(run.partialResults) };
    isPartial = true;
  }
  return {
    analysis: toAnalysis(found),
    analysisRun: run ? toRun(run) : null,
    results,
    isDone: run?.status === 'FINISHED' || run?.status === 'FAILED',
    isPartial,
  };
}

function toCorrection(row: AnalysisCorrectionRow): AnalysisCorrection {
  return {
    id: row.id,
    analysisNodeId: row.analysisNodeId,
    analysisType: row.analysisType as AnalysisType,
    basedOnAnalysisRunId: row.basedOnRunId,
    correctedAnalysisResults: row.correctedResults,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getCorrectionByInput(
  ctx: AppContext,
  organizationId: string,
  analysisType: AnalysisType,
  analysisInput: CreateAnalysisBody['analysisInput'],
): Promise<{ analysisCorrection: AnalysisCorrection | null }> {
  const canonical = canonicalizeInput(analysisType, analysisInput);
  const found = await findAnalysisByInput(ctx.db, organizationId, analysisType, canonical.inputKey);
  const row = found ? await findCorrection(ctx.db, organizationId, found.analysis.nodeId) : undefined;
  return { analysisCorrection: row ? toCorrection(row) : null };
}

/** `POST /api/analysis-corrections`: save the analysis' one correction (replacing the previous one). */
export async function saveCorrection(
  ctx: AppContext,
  organizationId: string,
  userId: string | null,
  body: SaveCorrectionBody,
): Promise<AnalysisCorrection> {
  const analysis = await findAnalysisByNodeId(ctx.db, organizationId, body.analysisNodeId);
  if (!analysis) throw notFound();
  if (analysis.analysis.analysisType !== body.analysisType) {
    throw badRequest(`The analysis is a ${analysis.analysis.analysisType}, not a ${body.analysisType}`);
  }
  const run = await findRun(ctx.db, organizationId, body.basedOnAnalysisRunId);
  if (!run || run.analysisNodeId !== body.analysisNodeId)
    throw badRequest('basedOnAnalysisRunId is not a run of this analysis');
  const row = await upsertCorrection(ctx.db, {
    organizationId,
    analysisNodeId: body.analysisNodeId,
    analysisType: body.analysisType,
    basedOnRunId: run.id,
    correctedResults: body.correctedAnalysisResults,
    updatedById: userId,
  });
  return toCorrection(row);
}

export async function removeCorrection(ctx: AppContext, organizationId: string, id: string): Promise<void> {
  if (!(await deleteCorrection(ctx.db, organizationId, id))) throw notFound();
}

export async function getRunJobs(
  ctx: AppContext,
  organizationId: string,
  runId: string,
): Promise<AnalysisJob[]> {
  const run = await findRun(ctx.db, organizationId, runId);
  if (!run) throw notFound();
  return toJobs(ctx, await findJobsOfRun(ctx.db, organizationId, runId));
}

export async function getJobPayload(
  ctx: AppContext,
  organizationId: string,
  jobId: string,
  analysisType?: AnalysisType,
): Promise<Record<string, unknown>> {
  const job = await findJob(ctx.db, organizationId, jobId);
  if (!job) throw notFound();
  if (analysisType && job.analysisType !== analysisType)
    throw badRequest(`The job is a ${job.analysisType} job, not ${analysisType}`);
  return job.payload;
}

export async function queryAnalyses(ctx: AppContext, organizationId: string, q: AnalysisQuery) {
  const { rows, total } = await listAnalyses(ctx.db, organizationId, q.filter ?? {}, q);
  return { analyses: rows.map(toAnalysis), total };
}

export async function queryRuns(ctx: AppContext, organizationId: string, q: AnalysisQuery) {
  const { rows, total } = await listRuns(ctx.db, organizationId, q.filter ?? {}, q);
  return { analysisRuns: rows.map(toRun), total };
}

export async function queryJobs(ctx: AppContext, organizationId: string, q: AnalysisQuery) {
  const { rows, total } = await listJobs(ctx.db, organizationId, q.filter ?? {}, q);
  return { analysisJobs: await toJobs(ctx, rows), total };
}

/** One analysis (its node fields and latest run). */
export async function getAnalysis(ctx: AppContext, organizationId: string, analysisNodeId: string) {
  const analysis = await findAnalysisByNodeId(ctx.db, organizationId, analysisNodeId);
  if (!analysis) throw notFound();
  return toAnalysis(analysis);
}

export async function getSubAnalyses(ctx: AppContext, organizationId: string, analysisNodeId: string) {
  const analysis = await findAnalysisByNodeId(ctx.db, organizationId, analysisNodeId);
  if (!analysis) throw notFound();
  return { analyses: (await listSubAnalyses(ctx.db, organizationId, analysisNodeId)).map(toAnalysis) };
}
