import type { AnalysisByInputResponse, AnalysisStatus, AnalysisType } from '@gprhub/contract';
import { isFinalStatus } from '@gprhub/contract';

/** Analysis status: every 2 s until FINISHED or FAILED, then every 10 s (seed 000 §4, §9). */
export const STATUS_POLL_ACTIVE_MS = 2_000;
export const STATUS_POLL_IDLE_MS = 10_000;
/** `by-input`: every 5 s, or 1 s while partial results exist; stops when done (seed 000 §7). */
export const BY_INPUT_POLL_MS = 5_000;
export const BY_INPUT_PARTIAL_POLL_MS = 1_000;
/** The preview's `by-input`: 1 s until done, then 5 s (seed 001 §4 "Preview"). */
export const PREVIEW_POLL_ACTIVE_MS = 1_000;
export const PREVIEW_POLL_IDLE_MS = 5_000;
/** Analyses table: runs every 7.5 s; jobs every 5 s while one is unfinished, else 10 s (seed 001 §4). */
export const RUNS_POLL_MS = 7_500;
export const JOBS_POLL_ACTIVE_MS = 5_000;
export const JOBS_POLL_IDLE_MS = 10_000;

/** Whether a status still moves: CREATED or ANALYSING. 'Not started' (null) and unknown values do not. */
export function isActiveStatus(status: AnalysisStatus | string | null | undefined): boolean {
  return status === 'CREATED' || status === 'ANALYSING';
}

/**
 * How often to poll an analysis' status: 2 s while it runs, 10 s once it is FINISHED or FAILED.
 * 'Not started' (no run) polls at the idle rate: nothing moves until someone starts a run.
 * @example getStatusPollInterval('ANALYSING') // 2000
 */
export function getStatusPollInterval(status: AnalysisStatus | null | undefined): number {
  return isActiveStatus(status) ? STATUS_POLL_ACTIVE_MS : STATUS_POLL_IDLE_MS;
}

/**
 * How often to poll `POST /api/analyses/by-input`, or false to stop.
 * - GPR_SCAN_PREVIEW: 1 s until done, then 5 s (the preview image's address expires, so it keeps refreshing).
 * - Other types: 1 s while partial results arrive, 5 s otherwise, and stop once done.
 * - After an error: stop (the query's own retries have run; a remount or a refetch tries again).
 * @param data - the last answer (undefined before the first one)
 */
export function getByInputPollInterval(
  analysisType: AnalysisType,
  data: Pick<AnalysisByInputResponse, 'isDone' | 'isPartial'> | undefined,
  isError = false,
): number | false {
  if (isError) return false;
  if (analysisType === 'GPR_SCAN_PREVIEW')
    return data?.isDone ? PREVIEW_POLL_IDLE_MS : PREVIEW_POLL_ACTIVE_MS;
  if (data?.isDone) return false;
  return data?.isPartial ? BY_INPUT_PARTIAL_POLL_MS : BY_INPUT_POLL_MS;
}

/** Jobs of a run: 5 s while any job is unfinished, else 10 s. */
export function getJobsPollInterval(jobs: readonly { isFinished: boolean }[] | undefined): number {
  return jobs?.some((job) => !job.isFinished) ? JOBS_POLL_ACTIVE_MS : JOBS_POLL_IDLE_MS;
}

/**
 * The analyses table itself (its refresh is "not shown" in the spec): like a status, 2 s while a row on
 * the page is CREATED or ANALYSING, else 10 s, so rows turn FINISHED live.
 */
export function getAnalysesListPollInterval(
  analyses: readonly { status: AnalysisStatus | null }[] | undefined,
): number {
  return analyses?.some((analysis) => isActiveStatus(analysis.status))
    ? STATUS_POLL_ACTIVE_MS
    : STATUS_POLL_IDLE_MS;
}

/**
 * Whether the shown `by-input` answer is behind the polled status: another run started, or the run the
 * answer shows has since settled. Either way the shown data must be fetched again (a change to FINISHED
 * refreshes the shown data).
 */
export function isByInputBehindStatus(
  shown: { runId: string | null; isDone: boolean } | undefined,
  polled: { latestRunId: string | null; status: AnalysisStatus | null } | undefined,
): boolean {
  if (!shown || !polled) return false;
  if (polled.latestRunId !== shown.runId) return polled.latestRunId !== null;
  return isFinalStatus(polled.status) && !shown.isDone;
}
