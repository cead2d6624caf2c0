import type {
  CreateThreeDModelBody,
  Node,
  Observation,
  ObservationDetails,
  ThreeDModelFileType,
  ThreeDModelResponse,
  ThreeDModelVersion,
  ViewOptions,
} from '@gprhub/contract';
import { useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiMutation } from '../../api/api-client';
import { orgQueryKey, useApiMutation, useApiQuery } from '../../api/use-api-query';
import { useOrganizationSlug } from '../../api/organization-scope';

/** First key part of every 3D model query (after the organization), so one invalidation refreshes them all. */
export const THREE_D = '3d-models';

/** The page polls every 2 s until the model has a version (spec 001 §4). */
export const VERSION_POLL_MS = 2000;

/**
 * `GET /api/3d-models/{id}`, polled every 2 s while there is no version, and while `isLive` (the live tab, an
 * open session, or a tracker connected to the model: its upload shows up by itself).
 */
export function useThreeDModel(modelId: string, isLive = false) {
  return useApiQuery([THREE_D, modelId, 'model'], (request) => apiFetch<ThreeDModelResponse>(`/api/3d-models/${modelId}`, request), {
    refetchInterval: (query) => (isLive || !query.state.data?.threeDModelVersion || query.state.data.session ? VERSION_POLL_MS : false),
  });
}

export function useViewOptions(modelId: string) {
  return useApiQuery([THREE_D, modelId, 'view-options'], (request) => apiFetch<ViewOptions>(`/api/3d-models/${modelId}/view-options`, request));
}

export function useObservations(modelId: string, versionId: string | undefined) {
  return useApiQuery(
    [THREE_D, modelId, 'observations', versionId],
    (request) => apiFetch<{ observations: Observation[] }>(`/api/3d-models/${modelId}/observations?threeDModelVersionId=${versionId}`, request),
    { enabled: Boolean(versionId), select: (data) => data },
  );
}

export function useObservationDetails(observationId: string) {
  return useApiQuery([THREE_D, 'observation', observationId, 'details'], (request) =>
    apiFetch<ObservationDetails>(`/api/3d-model-observations/${observationId}/details`, request),
  );
}

function useInvalidateModel(modelId: string) {
  const client = useQueryClient();
  const organization = useOrganizationSlug();
  return () => client.invalidateQueries({ queryKey: orgQueryKey(organization, THREE_D, modelId) });
}

export function useCreateThreeDModel() {
  return useApiMutation<Node, CreateThreeDModelBody>((body, request) => apiMutation<Node>('POST', '/api/3d-models', body, request));
}

export function useCreateVersion(modelId: string) {
  const invalidate = useInvalidateModel(modelId);
  return useApiMutation<ThreeDModelVersion, { type: ThreeDModelFileType; fileId: string }[]>(
    (files, request) => apiMutation<ThreeDModelVersion>('POST', '/api/3d-model-version', { threeDModelNodeId: modelId, files }, request),
    { onSuccess: () => invalidate() },
  );
}

export function useUpdateViewOptions(modelId: string) {
  const invalidate = useInvalidateModel(modelId);
  return useApiMutation<ViewOptions, Partial<ViewOptions>>(
    (body, request) => apiMutation<ViewOptions>('PATCH', `/api/3d-models/${modelId}/view-options`, body, request),
    { onSuccess: () => invalidate() },
  );
}

export function useAddObservations(modelId: string) {
  const invalidate = useInvalidateModel(modelId);
  return useApiMutation<{ observations: Observation[] }, { versionId: string; nodeIds: string[] }>(
    ({ versionId, nodeIds }, request) =>
      apiMutation('POST', '/api/3d-model-observations/batch', { threeDModelNodeId: modelId, threeDModelVersionId: versionId, nodeIds }, request),
    { onSuccess: () => invalidate() },
  );
}

export function useUpdateObservation(modelId: string) {
  const invalidate = useInvalidateModel(modelId);
  return useApiMutation<Observation, { id: string; observationArea?: Observation['observationArea']; isVisible?: boolean }>(
    ({ id, ...body }, request) => apiMutation<Observation>('PATCH', `/api/3d-model-observations/${id}`, body, request),
    { onSuccess: () => invalidate() },
  );
}

export function useRemoveObservation(modelId: string) {
  const invalidate = useInvalidateModel(modelId);
  return useApiMutation<void, string>((id, request) => apiMutation<void>('DELETE', `/api/3d-model-observations/${id}`, undefined, request), {
    onSuccess: () => invalidate(),
  });
}

/** `DELETE /api/3d-models/{id}/sessions/{sessionId}`: a member ends the model's live session (decision 0036). */
export function useEndSession(modelId: string) {
  const invalidate = useInvalidateModel(modelId);
  return useApiMutation<void, string>((sessionId, request) => apiMutation<void>('DELETE', `/api/3d-models/${modelId}/sessions/${sessionId}`, undefined, request), {
    onSuccess: () => invalidate(),
  });
}
