import type {
  AnalysisByInputBody,
  AnalysisByInputResponse,
  AnalysisCorrection,
  AnalysisJob,
  AnalysisRun,
  AnalysisType,
  CreateAnalysisBody,
  CreateAnalysisResponse,
  SaveCorrectionBody,
} from '@gprhub/contract';
import type { Analysis } from '@gprhub/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { apiFetch, apiMutation } from '../../api/api-client';
import type { ApiRequestOptions } from '../../api/api-client';
import { buildQueryPath } from '../../api/query-string';
import { useApiQuery } from '../../api/use-api-query';
import type { AnalysesTableQuery } from './analyses-query';
import {
  getAnalysesListPollInterval,
  getJobsPollInterval,
  getStatusPollInterval,
  RUNS_POLL_MS,
} from './analysis-polling';

/**
 * The analyses API. Every query key starts with `analyses` (after the organization), so a trigger or a
 * correction invalidates the table, the scan screens' by-input answers and statuses in one call.
 */
export const ANALYSES = 'analyses';

/** How many runs an analysis lists (newest first); older ones are rarely of interest. */
export const RUNS_PAGE_SIZE = 50;

/**
 * Statuses move on their own, so analysis data is never fresh: opening a screen refetches at once instead
 * of showing an answer up to the app's default 10 s old (the polls keep it current afterwards).
 */
export const LIVE_STALE_TIME = 0;

export interface AnalysisList {
  analyses: Analysis[];
  total: number;
}

/** `POST /api/analyses`: start (or reuse) the analysis of an input. */
export function createAnalysis(body: CreateAnalysisBody, request?: ApiRequestOptions) {
  return apiMutation<CreateAnalysisResponse>('POST', '/api/analyses', body, request);
}

/** `POST /api/analyses/by-input`: the analysis of an input, its latest run and results. */
export function fetchAnalysisByInput(body: AnalysisByInputBody, request?: ApiRequestOptions) {
  return apiMutation<AnalysisByInputResponse>('POST', '/api/analyses/by-input', body, request);
}

/** `POST /api/analyses/corrections/by-input`: the user's correction of an input's analysis, or null. */
export function fetchCorrectionByInput(body: AnalysisByInputBody, request?: ApiRequestOptions) {
  return apiMutation<{ analysisCorrection: AnalysisCorrection | null }>(
    'POST',
    '/api/analyses/corrections/by-input',
    body,
    request,
  );
}

/** `POST /api/analysis-corrections`: save (replace) the analysis' correction. */
export function saveAnalysisCorrection(body: SaveCorrectionBody, request?: ApiRequestOptions) {
  return apiMutation<AnalysisCorrection>('POST', '/api/analysis-corrections', body, request);
}

/** `DELETE /api/analysis-corrections/{id}`: back to the analysis results. */
export function deleteAnalysisCorrection(id: string, request?: ApiRequestOptions) {
  return apiMutation<void>('DELETE', `/api/analysis-corrections/${id}`, undefined, request);
}

/** `GET /api/analyses/query?q=`: one page of analyses. */
export function fetchAnalyses(query: object, request?: ApiRequestOptions) {
  return apiFetch<AnalysisList>(buildQueryPath('/api/analyses/query', query), request);
}

/** `GET /api/analysis-runs/query?q=` with `filter.nodeId`: an analysis' runs, newest first. */
export function fetchAnalysisRuns(analysisNodeId: string, request?: ApiRequestOptions) {
  const query = {
    filter: { nodeId: analysisNodeId },
    limit: RUNS_PAGE_SIZE,
    skip: 0,
    sort: { field: 'createdAt', direction: 'desc' },
  };
  return apiFetch<{ analysisRuns: AnalysisRun[]; total: number }>(
    buildQueryPath('/api/analysis-runs/query', query),
    request,
  );
}

/** `GET /api/analysis-runs/{id}/analysis-jobs`: a run's jobs with their history. */
export function fetchRunJobs(runId: string, request?: ApiRequestOptions) {
  return apiFetch<{ analysisJobs: AnalysisJob[] }>(`/api/analysis-runs/${runId}/analysis-jobs`, request);
}

/** `GET /api/analyses/{id}/sub-analyses`: an area-scan analysis' per-line analyses. */
export function fetchSubAnalyses(analysisNodeId: string, request?: ApiRequestOptions) {
  return apiFetch<{ analyses: Analysis[] }>(`/api/analyses/${analysisNodeId}/sub-analyses`, request);
}

/** `GET /api/analysis-jobs/{id}/payload?analysisType=`: what the job's worker was given. */
export async function fetchJobPayload(
  jobId: string,
  analysisType: AnalysisType,
  request?: ApiRequestOptions,
): Promise<Record<string, unknown>> {
  const path = `/api/analysis-jobs/${jobId}/payload?analysisType=${encodeURIComponent(analysisType)}`;
  return (await apiFetch<{ payload: Record<string, unknown> }>(path, request)).payload;
}

/** The analyses table: polled 2 s while a row on the page runs, else 10 s. */
export function useAnalyses(query: AnalysesTableQuery) {
  return useApiQuery([ANALYSES, 'list', query], (request) => fetchAnalyses(query, request), {
    placeholderData: keepPreviousData,
    staleTime: LIVE_STALE_TIME,
    refetchInterval: (q) => getAnalysesListPollInterval(q.state.data?.analyses),
  });
}

/** An analysis' runs, refreshed every 7.5 s. */
export function useAnalysisRuns(analysisNodeId: string) {
  return useApiQuery(
    [ANALYSES, 'runs', analysisNodeId],
    (request) => fetchAnalysisRuns(analysisNodeId, request),
    {
      staleTime: LIVE_STALE_TIME,
      refetchInterval: RUNS_POLL_MS,
    },
  );
}

/** A run's jobs, refreshed every 5 s while one is unfinished, else every 10 s. */
export function useRunJobs(runId: string) {
  return useApiQuery([ANALYSES, 'jobs', runId], (request) => fetchRunJobs(runId, request), {
    staleTime: LIVE_STALE_TIME,
    refetchInterval: (q) => getJobsPollInterval(q.state.data?.analysisJobs),
  });
}

/** An area-scan analysis' per-line analyses (they appear when its run finishes: refreshed like runs). */
export function useSubAnalyses(analysisNodeId: string, options: { enabled?: boolean } = {}) {
  return useApiQuery(
    [ANALYSES, 'sub-analyses', analysisNodeId],
    (request) => fetchSubAnalyses(analysisNodeId, request),
    { staleTime: LIVE_STALE_TIME, refetchInterval: RUNS_POLL_MS, ...options },
  );
}

/**
 * One analysis' status (`GET /api/analyses/query` with `filter.nodeId`, a light call), polled every 2 s
 * until FINISHED or FAILED, then every 10 s.
 */
export function useAnalysisStatus(
  analysisNodeId: string | null | undefined,
  options: { enabled?: boolean } = {},
) {
  return useApiQuery(
    [ANALYSES, 'status', analysisNodeId],
    async (request) => {
      const query = { filter: { nodeId: analysisNodeId }, limit: 1, skip: 0 };
      const list = await fetchAnalyses(query, request);
      return list.analyses.find((a) => a.nodeId === analysisNodeId) ?? null;
    },
    {
      enabled: Boolean(analysisNodeId) && (options.enabled ?? true),
      staleTime: LIVE_STALE_TIME,
      refetchInterval: (q) => getStatusPollInterval(q.state.data?.status),
    },
  );
}
