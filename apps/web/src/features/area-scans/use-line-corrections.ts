import type { AnalysisCorrection } from '@gprhub/contract';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useOrganizationSlug } from '../../api/organization-scope';
import { orgQueryKey } from '../../api/use-api-query';
import { fetchCorrectionByInput } from '../analyses/analyses-api';
import { getAnalysisInputKey } from '../analyses/analysis-input-key';
import { getCorrectionQueryKey } from '../analyses/use-analysis-correction';
import { readLineRebars, type LineRebar } from '../gpr-scans/line-rebars';

/**
 * The saved corrections of an area's lines (each line's LINE_SCAN_REBAR_2 correction, the one its GPR scan
 * page edits), as corrected bars per line node id. Lines without a correction are absent. The queries share
 * their keys with `useAnalysisCorrection`, so a save in a line's editor redraws the plan at once.
 */
export function useLineCorrections(lineNodeIds: readonly string[]): {
  corrections: ReadonlyMap<string, readonly LineRebar[]>;
  isLoading: boolean;
} {
  const organization = useOrganizationSlug();
  const combine = useCallback(
    (results: UseQueryResult<{ analysisCorrection: AnalysisCorrection | null }>[]) => {
      const corrections = new Map<string, readonly LineRebar[]>();
      results.forEach((result, i) => {
        const rebars = result.data?.analysisCorrection?.correctedAnalysisResults.rebars;
        if (rebars) corrections.set(lineNodeIds[i]!, readLineRebars(rebars));
      });
      return { corrections, isLoading: results.some((result) => result.isLoading) };
    },
    [lineNodeIds],
  );
  return useQueries({
    queries: lineNodeIds.map((gprScanNodeId) => {
      const input = { gprScanNodeId };
      return {
        queryKey: orgQueryKey(
          organization,
          ...getCorrectionQueryKey('LINE_SCAN_REBAR_2', getAnalysisInputKey('LINE_SCAN_REBAR_2', input)),
        ),
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          fetchCorrectionByInput(
            { analysisType: 'LINE_SCAN_REBAR_2', analysisInput: input },
            { organization, signal },
          ),
      };
    }),
    combine,
  });
}
