import type { AnalysisCorrection, AnalysisInput, AnalysisType, SaveCorrectionBody } from '@gprhub/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useOrganizationSlug } from '../../api/organization-scope';
import { orgQueryKey, useApiMutation, useApiQuery } from '../../api/use-api-query';
import {
  ANALYSES,
  deleteAnalysisCorrection,
  fetchCorrectionByInput,
  saveAnalysisCorrection,
} from './analyses-api';
import { getAnalysisInputKey } from './analysis-input-key';
import { useTransientMessage } from './use-transient-message';

/** How long the saved indicator shows after a save (seed 000 §4 "Dirty state", §9). */
export const SAVED_INDICATOR_MS = 2_000;

export type SaveCorrectionInput = Omit<SaveCorrectionBody, 'analysisType'>;

/** The query key of an input's correction (shared by every view of it, so a save shows everywhere at once). */
export const getCorrectionQueryKey = (analysisType: AnalysisType, inputKey: string | null) =>
  [ANALYSES, 'correction', analysisType, inputKey] as const;

/**
 * The user's correction of an input's analysis: `correction` (null when none), `save` (replaces it;
 * needs the analysis node and the run it is based on, from `useAnalysisByInput`), `remove` (back to the
 * analysis results), and `isSaved` for 2 s after a save or a removal.
 */
export function useAnalysisCorrection(
  analysisType: AnalysisType,
  input: AnalysisInput | null | undefined,
  options: { enabled?: boolean } = {},
) {
  const queryClient = useQueryClient();
  const organization = useOrganizationSlug();
  const inputKey = getAnalysisInputKey(analysisType, input);
  const key = getCorrectionQueryKey(analysisType, inputKey);
  const fullKey = orgQueryKey(organization, ...key);
  const saved = useTransientMessage<true>(SAVED_INDICATOR_MS);

  const query = useApiQuery(
    key,
    (request) => fetchCorrectionByInput({ analysisType, analysisInput: input! }, request),
    { enabled: (options.enabled ?? true) && inputKey !== null },
  );
  const setCorrection = (analysisCorrection: AnalysisCorrection | null) =>
    queryClient.setQueryData(fullKey, { analysisCorrection });

  const save = useApiMutation<AnalysisCorrection, SaveCorrectionInput>(
    (body, request) => saveAnalysisCorrection({ ...body, analysisType }, request),
    {
      onSuccess: (correction) => {
        setCorrection(correction);
        saved.show(true);
      },
    },
  );
  const remove = useApiMutation<void, string | void>(
    (id, request) => {
      const correctionId = id ?? query.data?.analysisCorrection?.id;
      if (!correctionId) return Promise.resolve();
      return deleteAnalysisCorrection(correctionId, request);
    },
    {
      onSuccess: () => {
        setCorrection(null);
        saved.show(true);
      },
    },
  );

  return {
    correction: query.data?.analysisCorrection ?? null,
    isLoading: query.isLoading,
    error: query.error,
    refetch: query.refetch,
    save: save.mutateAsync,
    isSaving: save.isPending,
    saveError: save.error,
    /** Delete the correction (the current one unless an id is given). */
    remove: remove.mutateAsync,
    isRemoving: remove.isPending,
    removeError: remove.error,
    isSaved: saved.value === true,
  };
}
