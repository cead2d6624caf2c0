import type { CreateFileNodesResponse, FileRecord, Node } from '@gprhub/contract';
import { ALLOWED_FILE_EXTENSIONS, Messages } from '@gprhub/contract';
import { apiFetch, apiMutation } from '../../api/api-client';
import { useOrganizationSlug } from '../../api/organization-scope';
import { uploadFiles } from '../../api/upload-files';
import { useApiQuery } from '../../api/use-api-query';
import { useInvalidateNodes } from '../nodes/nodes-api';

export interface FileNodeWithUrl {
  node: Node;
  file: FileRecord;
  url: string;
}

/** `GET /api/file-nodes/{id}`: the `/files/{id}` page's file and its download address. */
export function useFileNode(nodeId: string) {
  return useApiQuery(['file-nodes', nodeId], (request) => apiFetch<FileNodeWithUrl>(`/api/file-nodes/${nodeId}`, request), {
    // The download address is short-lived: fetch a fresh one when the page comes back.
    staleTime: 60_000,
  });
}

/** The lower-case extension of a file name ('' without one). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The spec's message for each file whose extension is not allowed. */
export function unsupportedFileMessages(files: readonly File[]): string[] {
  return [
    ...new Set(
      files
        .map((f) => extensionOf(f.name))
        .filter((ext) => !(ALLOWED_FILE_EXTENSIONS as readonly string[]).includes(ext))
        .map((ext) => Messages.unsupportedExtension(ext)),
    ),
  ];
}

/**
 * Upload files into a folder: `POST /api/file-nodes` creates the FILE nodes and their upload addresses,
 * then the bytes are sent and confirmed (20 s limit, as every upload). Answers the new nodes.
 */
export function useUploadFilesToFolder(folderId: string | null) {
  const organization = useOrganizationSlug();
  const invalidate = useInvalidateNodes();
  return async (files: File[], onProgress?: (fraction: number) => void): Promise<Node[]> => {
    const created = await apiMutation<CreateFileNodesResponse>('POST', '/api/file-nodes', { parentId: folderId, files: files.map((f) => ({ name: f.name })) }, { organization });
    try {
      await uploadFiles({
        organization,
        files: created.files.map(({ node, upload }, i) => ({ nodeId: node.nodeId, name: upload.file.name, extension: upload.file.extension, data: files[i]! })),
        createBatch: async () => ({ files: created.files.map((f) => f.upload) }),
        onProgress: (p) => onProgress?.(p.fraction),
      });
    } finally {
      void invalidate();
    }
    return created.files.map((f) => f.node);
  };
}
