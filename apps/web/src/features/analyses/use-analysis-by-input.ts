import type {
  AnalysisByInputResponse,
  AnalysisInput,
  AnalysisType,
  CreateAnalysisBody,
  CreateAnalysisResponse,
} from '@gprhub/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { getErrorMessage } from '../../api/api-error';
import { useOrganizationSlug } from '../../api/organization-scope';
import { orgQueryKey, useApiMutation, useApiQuery } from '../../api/use-api-query';
import {
  ANALYSES,
  createAnalysis,
  fetchAnalysisByInput,
  LIVE_STALE_TIME,
  useAnalysisStatus,
} from './analyses-api';
import { getAnalysisInputKey } from './analysis-input-key';
import { getByInputPollInterval, isByInputBehindStatus } from './analysis-polling';
import { autoTriggerGuard, decideAutoTrigger } from './auto-trigger-guard';
import { useTransientMessage } from './use-transient-message';

/** How long a trigger error stays under the analysis button (seed 000 §8, §9). */
export const TRIGGER_ERROR_MS = 10_000;

/** The query key of an input's by-input answer (for invalidation by other screens). */
export function byInputKey(analysisType: AnalysisType, inputKey: string | null) {
  return [ANALYSES, 'by-input', analysisType, inputKey] as const;
}

/**
 * `POST /api/analyses`. `trigger(body)` starts (or reuses) the analysis; on success every analyses query
 * of the organization is refreshed. A failure's message is `error` for 10 s, then clears.
 */
export function useTriggerAnalysis() {
  const queryClient = useQueryClient();
  const organization = useOrganizationSlug();
  const error = useTransientMessage<string>(TRIGGER_ERROR_MS);
  const { show, clear } = error;
  const mutation = useApiMutation<CreateAnalysisResponse, CreateAnalysisBody>(
    (body, request) => createAnalysis(body, request),
    {
      onMutate: () => clear(),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: orgQueryKey(organization, ANALYSES) }),
      onError: (failure) => show(getErrorMessage(failure)),
    },
  );
  const { mutate } = mutation;
  const trigger = useCallback((body: CreateAnalysisBody) => mutate(body), [mutate]);
  return {
    trigger,
    isPending: mutation.isPending,
    data: mutation.data,
    /** The last failure's message, shown for 10 s. */
    error: error.value,
  };
}

export interface AnalysisByInputOptions {
  enabled?: boolean;
  /** Called once per run when it is seen FINISHED (e.g. to refresh a scan's preview image). */
  onFinished?: (answer: AnalysisByInputResponse) => void;
}

/**
 * The analysis of an input (`POST /api/analyses/by-input`), polled as the spec says: every 5 s, 1 s while
 * partial results arrive, stopping when done (a preview: 1 s until done, then 5 s). Its status is polled
 * besides (2 s while it runs, then 10 s), so a rerun started elsewhere or a run settling refreshes the data.
 */
export function useAnalysisByInput(
  analysisType: AnalysisType,
  input: AnalysisInput | null | undefined,
  options: AnalysisByInputOptions = {},
) {
  const queryClient = useQueryClient();
  const organization = useOrganizationSlug();
  const inputKey = getAnalysisInputKey(analysisType, input);
  const isEnabled = (options.enabled ?? true) && inputKey !== null;
  const query = useApiQuery(
    byInputKey(analysisType, inputKey),
    (request) => fetchAnalysisByInput({ analysisType, analysisInput: input! }, request),
    {
      enabled: isEnabled,
      staleTime: LIVE_STALE_TIME,
      refetchInterval: (q) => getByInputPollInterval(analysisType, q.state.data, q.state.status === 'error'),
    },
  );
  const answer = query.data;
  const status = useAnalysisStatus(answer?.analysis?.nodeId, { enabled: isEnabled });

  const isBehind = isByInputBehindStatus(
    answer && { runId: answer.analysisRun?.id ?? null, isDone: answer.isDone },
    status.data ?? undefined,
  );
  const { isFetching } = query;
  useEffect(() => {
    if (!isBehind || isFetching) return;
    void queryClient.invalidateQueries({
      queryKey: orgQueryKey(organization, ...byInputKey(analysisType, inputKey)),
    });
    void queryClient.invalidateQueries({
      queryKey: orgQueryKey(organization, ANALYSES, 'correction', analysisType, inputKey),
    });
  }, [isBehind, isFetching, queryClient, organization, analysisType, inputKey]);

  const notifiedRunRef = useRef<string | null>(null);
  const { onFinished } = options;
  useEffect(() => {
    const run = answer?.analysisRun;
    if (!answer || !run || run.status !== 'FINISHED' || notifiedRunRef.current === run.id) return;
    notifiedRunRef.current = run.id;
    onFinished?.(answer);
  }, [answer, onFinished]);

  return { ...query, inputKey, analysisStatus: status.data ?? null };
}

/**
 * An input's analysis that starts itself: when by-input says no analysis exists, it is triggered once per
 * distinct input (guarded across re-renders, StrictMode and components), then polled until done. `trigger`
 * starts a run by hand (retry after a failure, or `rerunIfExists`); `triggerError` lasts 10 s.
 */
export function useAutoAnalysis(
  analysisType: AnalysisType,
  input: AnalysisInput | null | undefined,
  options: AnalysisByInputOptions = {},
) {
  const organization = useOrganizationSlug();
  const byInput = useAnalysisByInput(analysisType, input, options);
  const triggerAnalysis = useTriggerAnalysis();
  const { trigger } = triggerAnalysis;
  const guardKey = byInput.inputKey && `${organization}|${analysisType}|${byInput.inputKey}`;
  const latestInput = useRef(input);
  useEffect(() => {
    latestInput.current = input;
  });
  const { data, isFetching } = byInput;
  useEffect(() => {
    const decision = decideAutoTrigger(
      autoTriggerGuard,
      guardKey,
      data && { hasAnalysis: data.analysis !== null, isFresh: !isFetching },
    );
    if (decision === 'trigger' && latestInput.current)
      trigger({ analysisType, analysisInput: latestInput.current });
  }, [guardKey, data, isFetching, trigger, analysisType]);

  const rerun = useCallback(
    (rerunIfExists = false) => {
      if (input) trigger({ analysisType, analysisInput: input, ...(rerunIfExists ? { rerunIfExists } : {}) });
    },
    [trigger, analysisType, input],
  );
  return {
    ...byInput,
    trigger: rerun,
    isTriggering: triggerAnalysis.isPending,
    triggerError: triggerAnalysis.error,
  };
}

/** What {@link useAutoAnalysis} answers. */
export type AutoAnalysis = ReturnType<typeof useAutoAnalysis>;
