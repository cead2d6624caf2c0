import type { ThreeDTracker, ThreeDTrackerList, ThreeDTrackerQuery, UpdateThreeDTrackerBody } from '@gprhub/contract';
import { TRACKER_POLL_MS } from '@gprhub/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiMutation } from '../../api/api-client';
import { useOrganizationSlug } from '../../api/organization-scope';
import { buildQueryPath } from '../../api/query-string';
import { orgQueryKey, useApiMutation, useApiQuery } from '../../api/use-api-query';

const TRACKERS = '3d-trackers';

export type TrackerListQuery = Partial<Omit<ThreeDTrackerQuery, 'sort'>> & { sort?: ThreeDTrackerQuery['sort'] };

/** `GET /api/3d-trackers/query?q=` — one page of the organization's trackers. */
export function useThreeDTrackers(query: TrackerListQuery, options: { poll?: boolean } = {}) {
  return useApiQuery([TRACKERS, 'list', query], (request) => apiFetch<ThreeDTrackerList>(buildQueryPath('/api/3d-trackers/query', query), request), {
    placeholderData: keepPreviousData,
    refetchInterval: options.poll ? TRACKER_POLL_MS : false,
  });
}

/** The trackers connected to an upload (the header chip; or those of one model): polled every 5 s. */
export function useConnectedTrackers(modelId?: string) {
  const list = useThreeDTrackers({ filter: { hasNextUploadInfo: true }, limit: 100 }, { poll: true });
  const trackers = list.data?.threeDTrackers.filter((t) => !modelId || t.nextUploadInfo?.threeDModelId === modelId);
  return { ...list, trackers };
}

/** `GET /api/3d-trackers/add-url` — a new pairing URL (single use, expires): fetched each time the dialog opens. */
export function useAddUrl(isOpen: boolean) {
  return useApiQuery([TRACKERS, 'add-url'], (request) => apiFetch<string>('/api/3d-trackers/add-url', request), {
    enabled: isOpen,
    gcTime: 0,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

function useInvalidateTrackers() {
  const queryClient = useQueryClient();
  const organization = useOrganizationSlug();
  return () => queryClient.invalidateQueries({ queryKey: orgQueryKey(organization, TRACKERS) });
}

export function useUpdateTracker() {
  const invalidate = useInvalidateTrackers();
  return useApiMutation<ThreeDTracker, { id: string; body: UpdateThreeDTrackerBody }>(
    ({ id, body }, request) => apiMutation<ThreeDTracker>('PATCH', `/api/3d-trackers/${id}`, body, request),
    { onSuccess: invalidate },
  );
}

/** "3D tracker send": connect a tracker to a model's next upload, or reset it (null). */
export function useSendTracker() {
  const invalidate = useInvalidateTrackers();
  return useApiMutation<ThreeDTracker, { threeDTrackerId: string; threeDModelId: string | null }>(
    ({ threeDTrackerId, threeDModelId }, request) =>
      apiMutation<ThreeDTracker>('POST', '/api/3d-trackers/send', { threeDTrackerId, nextUploadInfo: threeDModelId ? { threeDModelId } : null }, request),
    { onSuccess: invalidate },
  );
}

export function useDeleteTracker() {
  const invalidate = useInvalidateTrackers();
  return useApiMutation<void, string>((id, request) => apiMutation<void>('DELETE', `/api/3d-trackers/${id}`, undefined, request), { onSuccess: invalidate });
}

/** What the chip says of one tracker: its name, else the id it reports. */
export function trackerLabel(tracker: ThreeDTracker): string {
  return tracker.name.trim() || tracker.idFromTracker;
}
