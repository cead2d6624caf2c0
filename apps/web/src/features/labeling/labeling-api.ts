import type { GprScanLabels, LabelAgreement, LabelingScans, MetadataItem, RebarPositionLabelValue } from '@gprhub/contract';
import { REBAR_POSITION_LABEL_NAME } from '@gprhub/contract';
import { useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiMutation } from '../../api/api-client';
import { useOrganizationSlug } from '../../api/organization-scope';
import { orgQueryKey, useApiMutation, useApiQuery } from '../../api/use-api-query';

const nodeQuery = (nodeId: string | null) => (nodeId ? `?nodeId=${encodeURIComponent(nodeId)}` : '');

/** `GET /api/labels/scans?nodeId=`: the session's scans in order, and how many are labelled. */
export function useLabelingScans(nodeId: string | null) {
  return useApiQuery(['labels', 'scans', nodeId], (request) =>
    apiFetch<LabelingScans>(`/api/labels/scans${nodeQuery(nodeId)}`, request),
  );
}

/** `GET /api/gpr-scans/{id}/labels`. */
export function useScanLabels(scanId: string | null) {
  return useApiQuery(
    ['labels', 'scan', scanId],
    (request) => apiFetch<GprScanLabels>(`/api/gpr-scans/${scanId}/labels`, request),
    { enabled: scanId !== null, staleTime: Infinity },
  );
}

/** `GET /api/labels/agreement?nodeId=`: the engine against the labels. */
export function useLabelAgreement(nodeId: string | null) {
  return useApiQuery(['labels', 'agreement', nodeId], (request) =>
    apiFetch<LabelAgreement>(`/api/labels/agreement${nodeQuery(nodeId)}`, request),
  );
}

/** Refreshes the session's counts and the yardstick after a save or a clear (the scan's own labels are set directly). */
function useRefreshSession() {
  const client = useQueryClient();
  const organization = useOrganizationSlug();
  return (scanId: string, labels: GprScanLabels['rebarPositionLabel']) => {
    client.setQueryData(orgQueryKey(organization, 'labels', 'scan', scanId), (old: GprScanLabels | undefined) =>
      old ? { ...old, rebarPositionLabel: labels } : old,
    );
    void client.invalidateQueries({ queryKey: orgQueryKey(organization, 'labels', 'scans') });
    void client.invalidateQueries({ queryKey: orgQueryKey(organization, 'labels', 'agreement') });
  };
}

/** Saves a scan's labels: creates the rebarPositionLabel item, or updates it when it exists (seed 001 §7). */
export function useSaveLabels() {
  const refresh = useRefreshSession();
  return useApiMutation<MetadataItem, { scanId: string; labelId: string | null; value: RebarPositionLabelValue }>(
    ({ scanId, labelId, value }, request) =>
      apiMutation<MetadataItem>(
        'PUT',
        '/api/node-metadata',
        { ...(labelId && { id: labelId }), ownerId: scanId, type: 'JSON', name: REBAR_POSITION_LABEL_NAME, value },
        request,
      ),
    { onSuccess: (item, { scanId }) => refresh(scanId, item) },
  );
}

/** "Clear labels": deletes the stored item by id. */
export function useClearLabels() {
  const refresh = useRefreshSession();
  return useApiMutation<void, { scanId: string; labelId: string }>(
    ({ labelId }, request) => apiMutation<void>('DELETE', `/api/node-metadata/${labelId}`, undefined, request),
    { onSuccess: (_, { scanId }) => refresh(scanId, null) },
  );
}
