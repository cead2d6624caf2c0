import type {
  CreateNodeBody,
  HubPath,
  Node,
  NodeDetail,
  NodeList,
  NodeQuery,
  RestoreNodeResponse,
  UpdateNodeBody,
} from '@gprhub/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiMutation } from '../../api/api-client';
import type { ApiRequestOptions } from '../../api/api-client';
import { useOrganizationSlug } from '../../api/organization-scope';
import { buildQueryPath } from '../../api/query-string';
import { orgQueryKey, useApiMutation, useApiQuery } from '../../api/use-api-query';

/**
 * The node tree's API for every screen: one query-key prefix (`nodes`), so any change to the tree
 * (create, rename, move, delete, restore) invalidates every listing, breadcrumb and detail at once.
 */
export const NODES = 'nodes';

export type NodeListQuery = Partial<NodeQuery>;

/** `GET /api/nodes/query?q=`: one page of nodes. */
export function fetchNodes(query: NodeListQuery, request?: ApiRequestOptions): Promise<NodeList> {
  return apiFetch<NodeList>(buildQueryPath('/api/nodes/query', query), request);
}

export function useNodes(
  query: NodeListQuery,
  options: { enabled?: boolean; refetchInterval?: number } = {},
) {
  return useApiQuery([NODES, 'query', query], (request) => fetchNodes(query, request), {
    placeholderData: keepPreviousData,
    ...options,
  });
}

/** `GET /api/nodes/{id}/details`: the node, its parent, and whether the parent is the root. */
export function useNodeDetail(nodeId: string | undefined) {
  return useApiQuery(
    [NODES, 'detail', nodeId],
    (request) => apiFetch<NodeDetail>(`/api/nodes/${nodeId}/details`, request),
    { enabled: Boolean(nodeId) },
  );
}

/** `GET /api/nodes/{id}/hub-path`: breadcrumbs, top first, ending with the node itself. */
export function useHubPath(nodeId: string | undefined) {
  return useApiQuery(
    [NODES, 'hub-path', nodeId],
    (request) => apiFetch<HubPath>(`/api/nodes/${nodeId}/hub-path`, request),
    {
      enabled: Boolean(nodeId),
    },
  );
}

/**
 * Seed the breadcrumbs of a node the user is about to open from a listing: its path is the
 * current folder's path plus itself. The hub then shows the folder at once instead of a skeleton.
 * The seed is marked stale, so the hub still asks the server and shows its answer.
 */
export function usePrimeHubPath() {
  const queryClient = useQueryClient();
  const organization = useOrganizationSlug();
  return (parentPath: HubPath['path'], node: Pick<Node, 'nodeId' | 'name' | 'type'>) => {
    const key = orgQueryKey(organization, NODES, 'hub-path', node.nodeId);
    if (queryClient.getQueryData(key)) return;
    const path = [...parentPath, { nodeId: node.nodeId, name: node.name, type: node.type }];
    queryClient.setQueryData<HubPath>(key, { path }, { updatedAt: 1 });
  };
}

/** Invalidate everything cached about the tree (listings, details, breadcrumbs). */
export function useInvalidateNodes() {
  const queryClient = useQueryClient();
  const organization = useOrganizationSlug();
  return () => queryClient.invalidateQueries({ queryKey: orgQueryKey(organization, NODES) });
}

/** `POST /api/nodes`: a new folder. */
export function useCreateFolder() {
  const invalidate = useInvalidateNodes();
  return useApiMutation<Node, Omit<CreateNodeBody, 'type'>>(
    (body, request) => apiMutation<Node>('POST', '/api/nodes', { ...body, type: 'FOLDER' }, request),
    { onSuccess: () => invalidate() },
  );
}

/** `PATCH /api/nodes/{id}`: rename, move (`parentNodeId`, null for the top level) or publish. */
export function useUpdateNode() {
  const invalidate = useInvalidateNodes();
  return useApiMutation<Node, { nodeId: string } & UpdateNodeBody>(
    ({ nodeId, ...body }, request) => apiMutation<Node>('PATCH', `/api/nodes/${nodeId}`, body, request),
    { onSuccess: () => invalidate() },
  );
}

/** `DELETE /api/nodes/{id}` for each id (soft delete with the subtree). Resolves when all are done. */
export function useDeleteNodes() {
  const invalidate = useInvalidateNodes();
  return useApiMutation<void, string[]>(
    async (nodeIds, request) => {
      await Promise.all(
        nodeIds.map((id) => apiMutation<null>('DELETE', `/api/nodes/${id}`, undefined, request)),
      );
    },
    { onSettled: () => invalidate() },
  );
}

/** `POST /api/nodes/{nodeId}/restore`: a deleted folder with everything deleted with it. */
export function useRestoreNode() {
  const invalidate = useInvalidateNodes();
  return useApiMutation<RestoreNodeResponse, string>(
    (nodeId, request) =>
      apiMutation<RestoreNodeResponse>('POST', `/api/nodes/${nodeId}/restore`, undefined, request),
    { onSuccess: () => invalidate() },
  );
}
