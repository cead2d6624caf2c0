import type {
  Building,
  BuildingRelatedNode,
  PinPosition,
  CreateBuildingBody,
  CreateFloorBody,
  CreateFloorPlanBody,
  Floor,
  FloorPlan,
  FloorPlansResponse,
  UpdateFloorBody,
} from '@gprhub/contract';
import { useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiMutation } from '../../api/api-client';
import { useOrganizationSlug } from '../../api/organization-scope';
import { orgQueryKey, useApiMutation, useApiQuery } from '../../api/use-api-query';

/** First key part of every building query (after the organization), so one invalidation refreshes them all. */
export const BUILDINGS = 'buildings';

export function useBuilding(buildingId: string) {
  return useApiQuery([BUILDINGS, buildingId], (request) => apiFetch<Building>(`/api/buildings/${buildingId}`, request));
}

export function useFloors(buildingId: string) {
  return useApiQuery([BUILDINGS, buildingId, 'floors'], (request) =>
    apiFetch<{ floors: Floor[] }>(`/api/buildings/${buildingId}/floors`, request),
  );
}

export function useFloorPlans(buildingId: string, floorId: string | undefined) {
  return useApiQuery(
    [BUILDINGS, buildingId, 'floor-plans', floorId],
    (request) => apiFetch<FloorPlansResponse>(`/api/floors/${floorId}/floor-plans`, request),
    { enabled: Boolean(floorId) },
  );
}

export function useFloorPlan(floorPlanId: string) {
  return useApiQuery([BUILDINGS, 'floor-plan', floorPlanId], (request) => apiFetch<FloorPlan>(`/api/floor-plans/${floorPlanId}`, request));
}

/** Refreshes every query of the building (floors, plans, counts). */
export function useInvalidateBuilding(buildingId: string) {
  const client = useQueryClient();
  const organization = useOrganizationSlug();
  return () => client.invalidateQueries({ queryKey: orgQueryKey(organization, BUILDINGS, buildingId) });
}

export function useCreateBuilding() {
  return useApiMutation<Building, CreateBuildingBody>((body, request) => apiMutation<Building>('POST', '/api/buildings', body, request));
}

export function useCreateFloor(buildingId: string) {
  const invalidate = useInvalidateBuilding(buildingId);
  return useApiMutation<Floor, Omit<CreateFloorBody, 'buildingNodeId'>>(
    (body, request) => apiMutation<Floor>('POST', '/api/floors', { ...body, buildingNodeId: buildingId }, request),
    { onSuccess: () => invalidate() },
  );
}

export function useUpdateFloor(buildingId: string) {
  const invalidate = useInvalidateBuilding(buildingId);
  return useApiMutation<Floor, { id: string } & UpdateFloorBody>(
    ({ id, ...body }, request) => apiMutation<Floor>('PATCH', `/api/floors/${id}`, body, request),
    { onSuccess: () => invalidate() },
  );
}

export function useDeleteFloor(buildingId: string) {
  const invalidate = useInvalidateBuilding(buildingId);
  return useApiMutation<void, string>((id, request) => apiMutation<void>('DELETE', `/api/floors/${id}`, undefined, request), {
    onSuccess: () => invalidate(),
  });
}

export function useCreateFloorPlans(buildingId: string) {
  const invalidate = useInvalidateBuilding(buildingId);
  return useApiMutation<FloorPlansResponse, CreateFloorPlanBody>(
    (body, request) => apiMutation<FloorPlansResponse>('POST', '/api/floor-plans', body, request),
    { onSuccess: () => invalidate() },
  );
}

export function useRotateFloorPlan(buildingId: string) {
  const invalidate = useInvalidateBuilding(buildingId);
  return useApiMutation<FloorPlan, { id: string; rotation: FloorPlan['rotation'] }>(
    ({ id, rotation }, request) => apiMutation<FloorPlan>('PATCH', `/api/floor-plans/${id}`, { rotation }, request),
    { onSuccess: () => invalidate() },
  );
}

export function useDeleteFloorPlan(buildingId: string) {
  const invalidate = useInvalidateBuilding(buildingId);
  return useApiMutation<void, string>((id, request) => apiMutation<void>('DELETE', `/api/nodes/${id}`, undefined, request), {
    onSuccess: () => invalidate(),
  });
}

export function usePins(buildingId: string, floorPlanId: string) {
  return useApiQuery([BUILDINGS, buildingId, 'pins', floorPlanId], (request) =>
    apiFetch<{ relatedNodes: BuildingRelatedNode[] }>(`/api/floor-plans/${floorPlanId}/related-nodes`, request),
  );
}

export function useCreatePin(buildingId: string) {
  const invalidate = useInvalidateBuilding(buildingId);
  return useApiMutation<BuildingRelatedNode, { floorPlanNodeId: string; relatedNodeId: string; position: PinPosition }>(
    (body, request) => apiMutation<BuildingRelatedNode>('POST', '/api/building-related-nodes', body, request),
    { onSuccess: () => invalidate() },
  );
}

export function useMovePin(buildingId: string) {
  const invalidate = useInvalidateBuilding(buildingId);
  return useApiMutation<BuildingRelatedNode, { id: string; position: PinPosition }>(
    ({ id, position }, request) => apiMutation<BuildingRelatedNode>('PATCH', `/api/building-related-nodes/${id}`, { position }, request),
    { onSuccess: () => invalidate() },
  );
}

export function useRemovePin(buildingId: string) {
  const invalidate = useInvalidateBuilding(buildingId);
  return useApiMutation<void, string>((id, request) => apiMutation<void>('DELETE', `/api/building-related-nodes/${id}`, undefined, request), {
    onSuccess: () => invalidate(),
  });
}
