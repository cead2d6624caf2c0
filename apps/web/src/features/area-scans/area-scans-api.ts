import type { AreaScan, DualOrientationAreaScan, FileWithUrl, GprScan } from '@gprhub/contract';
import { apiFetch } from '../../api/api-client';
import { useApiQuery } from '../../api/use-api-query';

/** Query-key prefix of the area-scan screens' reads. */
export const AREA_SCANS = 'area-scans';

export interface AreaScanDetails {
  areaScan: AreaScan;
  dualOrientationAreaScan: DualOrientationAreaScan | null;
  gprScanZipFile: FileWithUrl | null;
  lineScanCount: number;
}

/** `GET /api/area-scans/{id}/details`: the area scan, its pair and its zip (with a download address). */
export function useAreaScanDetails(nodeId: string | null) {
  return useApiQuery(
    [AREA_SCANS, nodeId, 'details'],
    (request) => apiFetch<AreaScanDetails>(`/api/area-scans/${nodeId}/details`, request),
    // The zip's signed address expires: refetch it now and then rather than keep a stale one.
    { enabled: nodeId !== null, staleTime: 60_000, refetchInterval: 5 * 60_000 },
  );
}

/** `GET /api/area-scans/{id}/line-scans`: its lines, ordered by csvLineNumber. */
export function useLineScans(nodeId: string | null) {
  return useApiQuery(
    [AREA_SCANS, nodeId, 'line-scans'],
    (request) => apiFetch<{ gprScans: GprScan[] }>(`/api/area-scans/${nodeId}/line-scans`, request),
    { enabled: nodeId !== null },
  );
}
