import type {
  Comment,
  CreateNodeImagesBody,
  FileRecord,
  MetadataItem,
  NodeImage,
  PutMetadataBody,
} from '@gprhub/contract';
import { useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiMutation } from '../../api/api-client';
import { useOrganizationSlug } from '../../api/organization-scope';
import { uploadFiles } from '../../api/upload-files';
import type { UploadProgress } from '../../api/upload-files';
import { orgQueryKey, useApiMutation, useApiQuery } from '../../api/use-api-query';

/** Query-key prefix of everything the details panel reads about one node. */
export const NODE_DETAILS = 'node-details';

/** The spec's comment refresh interval. */
export const COMMENTS_REFRESH_MS = 10_000;

const key = (nodeId: string, part: 'comments' | 'metadata' | 'images') =>
  [NODE_DETAILS, nodeId, part] as const;

function useInvalidate(nodeId: string, part: 'comments' | 'metadata' | 'images') {
  const queryClient = useQueryClient();
  const organization = useOrganizationSlug();
  return () => queryClient.invalidateQueries({ queryKey: orgQueryKey(organization, ...key(nodeId, part)) });
}

// Comments

/** `GET /api/nodes/{id}/comments`, oldest first, refreshed every 10 s. */
export function useComments(nodeId: string) {
  return useApiQuery(
    key(nodeId, 'comments'),
    (request) => apiFetch<{ comments: Comment[] }>(`/api/nodes/${nodeId}/comments`, request),
    { refetchInterval: COMMENTS_REFRESH_MS },
  );
}

export function useAddComment(nodeId: string) {
  const invalidate = useInvalidate(nodeId, 'comments');
  return useApiMutation<Comment, { content: string; ownerId?: string }>(
    (body, request) => apiMutation<Comment>('POST', `/api/nodes/${nodeId}/comments`, body, request),
    { onSuccess: () => invalidate() },
  );
}

export function useEditComment(nodeId: string) {
  const invalidate = useInvalidate(nodeId, 'comments');
  return useApiMutation<Comment, { id: string; content: string }>(
    ({ id, content }, request) =>
      apiMutation<Comment>('PATCH', `/api/node-comments/${id}`, { content }, request),
    { onSuccess: () => invalidate() },
  );
}

export function useDeleteComment(nodeId: string) {
  const invalidate = useInvalidate(nodeId, 'comments');
  return useApiMutation<void, string>(
    (id, request) => apiMutation<void>('DELETE', `/api/node-comments/${id}`, undefined, request),
    { onSuccess: () => invalidate() },
  );
}

// Metadata

/** `GET /api/nodes/{id}/metadata`. */
export function useMetadata(nodeId: string) {
  return useApiQuery(key(nodeId, 'metadata'), (request) =>
    apiFetch<{ metadata: MetadataItem[] }>(`/api/nodes/${nodeId}/metadata`, request),
  );
}

/** `PUT /api/node-metadata`: creates (no id) or replaces (id) an item. */
export function usePutMetadata(nodeId: string) {
  const invalidate = useInvalidate(nodeId, 'metadata');
  return useApiMutation<MetadataItem, PutMetadataBody>(
    (body, request) => apiMutation<MetadataItem>('PUT', '/api/node-metadata', body, request),
    { onSuccess: () => invalidate() },
  );
}

export function useDeleteMetadata(nodeId: string) {
  const invalidate = useInvalidate(nodeId, 'metadata');
  return useApiMutation<void, string>(
    (id, request) => apiMutation<void>('DELETE', `/api/node-metadata/${id}`, undefined, request),
    { onSuccess: () => invalidate() },
  );
}

/** `GET /api/node-metadata/query-name?name=`: names in use that contain the text. */
export function useMetadataNameSuggestions(name: string, enabled: boolean) {
  return useApiQuery(
    [NODE_DETAILS, 'metadata-names', name],
    (request) =>
      apiFetch<{ names: string[] }>(
        `/api/node-metadata/query-name?name=${encodeURIComponent(name)}`,
        request,
      ),
    { enabled, staleTime: 30_000 },
  );
}

// Images

/** `GET /api/nodes/{id}/images`: uploaded pictures, newest first, with signed inline addresses. */
export function useImages(nodeId: string) {
  return useApiQuery(
    key(nodeId, 'images'),
    (request) => apiFetch<{ images: NodeImage[] }>(`/api/nodes/${nodeId}/images`, request),
    // The addresses are signed for a limited time: refresh them well before they expire.
    { staleTime: 60_000, refetchInterval: 10 * 60_000 },
  );
}

export interface ImageUpload {
  name: string;
  extension: string;
  data: Blob;
}

/**
 * Upload pictures of a node: `POST /api/node-images/batch` hands out one address per picture, the
 * bytes go there by PUT, then `uploadFiles` waits until the server has them all.
 */
export function useUploadImages(nodeId: string) {
  const invalidate = useInvalidate(nodeId, 'images');
  return useApiMutation<FileRecord[], { files: ImageUpload[]; onProgress?: (p: UploadProgress) => void }>(
    ({ files, onProgress }, request) => {
      const body: CreateNodeImagesBody = {
        ownerNodeId: nodeId,
        files: files.map(({ name, extension }) => ({ name, extension })),
      };
      return uploadFiles({
        ...request,
        files: files.map((file) => ({ ...file, nodeId })),
        ...(onProgress ? { onProgress } : {}),
        createBatch: (batchRequest) => apiMutation('POST', '/api/node-images/batch', body, batchRequest),
      });
    },
    { onSettled: () => invalidate() },
  );
}

export function useDeleteImage(nodeId: string) {
  const invalidate = useInvalidate(nodeId, 'images');
  return useApiMutation<void, string>(
    (id, request) => apiMutation<void>('DELETE', `/api/node-images/${id}`, undefined, request),
    { onSuccess: () => invalidate() },
  );
}
