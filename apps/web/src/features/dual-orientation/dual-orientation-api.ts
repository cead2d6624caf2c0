import type { AreaScan, DualOrientationAreaScan, DualOrientationGprScan, GprScan } from '@gprhub/contract';
import { useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiMutation } from '../../api/api-client';
import { useOrganizationSlug } from '../../api/organization-scope';
import { orgQueryKey, useApiMutation, useApiQuery } from '../../api/use-api-query';
import { ANALYSES } from '../analyses/analyses-api';

/** Query-key prefix of the dual-orientation screens' reads. */
export const DUAL_ORIENTATION = 'dual-orientation';

export interface DualOrientationGprScanDetail {
  dualOrientationGprScan: DualOrientationGprScan;
  parallelGprScan: GprScan;
  perpendicularGprScan: GprScan;
}

export interface DualOrientationAreaScanDetail {
  dualOrientationAreaScan: DualOrientationAreaScan;
  parallelAreaScan: AreaScan;
  perpendicularAreaScan: AreaScan;
}

/** `GET /api/dual-orientation-gpr-scans/{id}`: the pair and both scans. */
export function useDualOrientationGprScan(nodeId: string | null) {
  return useApiQuery(
    [DUAL_ORIENTATION, 'gpr', nodeId],
    (request) => apiFetch<DualOrientationGprScanDetail>(`/api/dual-orientation-gpr-scans/${nodeId}`, request),
    { enabled: nodeId !== null },
  );
}

/** `GET /api/dual-orientation-area-scans/{id}`: the pair and both area scans. */
export function useDualOrientationAreaScan(nodeId: string | null) {
  return useApiQuery(
    [DUAL_ORIENTATION, 'area', nodeId],
    (request) =>
      apiFetch<DualOrientationAreaScanDetail>(`/api/dual-orientation-area-scans/${nodeId}`, request),
    { enabled: nodeId !== null },
  );
}

/**
 * Swap the parallel and perpendicular roles of a pair: `POST` with the roles exchanged (the API answers 200
 * for an existing pair). The pair and the analyses (whose input changed) are refetched.
 */
export function useSwapDualOrientation(kind: 'gpr' | 'area') {
  const queryClient = useQueryClient();
  const organization = useOrganizationSlug();
  return useApiMutation<unknown, { parallel: string; perpendicular: string }>(
    ({ parallel, perpendicular }, request) =>
      kind === 'gpr'
        ? apiMutation(
            'POST',
            '/api/dual-orientation-gpr-scans',
            { parallelGprScanNodeId: perpendicular, perpendicularGprScanNodeId: parallel },
            request,
          )
        : apiMutation(
            'POST',
            '/api/dual-orientation-area-scans',
            { parallelAreaScanNodeId: perpendicular, perpendicularAreaScanNodeId: parallel },
            request,
          ),
    {
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: orgQueryKey(organization, DUAL_ORIENTATION) });
        await queryClient.invalidateQueries({ queryKey: orgQueryKey(organization, ANALYSES) });
      },
    },
  );
}
