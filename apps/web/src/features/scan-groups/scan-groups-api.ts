import type { GprScanGroup } from '@gprhub/contract';
import { apiFetch } from '../../api/api-client';
import { useApiQuery } from '../../api/use-api-query';

/** `GET /api/gpr-scan-groups/{id}`: the group and its type (AREA_SCAN or MULTI_SCAN). */
export function useGprScanGroup(nodeId: string | null) {
  return useApiQuery(
    ['gpr-scan-groups', nodeId],
    (request) => apiFetch<{ gprScanGroup: GprScanGroup }>(`/api/gpr-scan-groups/${nodeId}`, request),
    { enabled: nodeId !== null },
  );
}
