import type {
  CreateFilesBatchBody,
  CreateFilesBatchResponse,
  FileRecord,
  UploadTarget,
} from '@gprhub/contract';
import { apiMutation } from './api-client';
import type { ApiRequestOptions } from './api-client';
import { ApiRequestError } from './api-error';

/** A file picked by the user, to be stored under `nodeId`. */
export interface LocalFile {
  /** Null for a file of the organization itself (the report logo). */
  nodeId: string | null;
  /** File name without extension, as the API stores it. */
  name: string;
  /** Extension without the dot. */
  extension: string;
  data: Blob;
}

export interface UploadProgress {
  loadedBytes: number;
  totalBytes: number;
  /** 0 to 1 over all files. */
  fraction: number;
}

/** Sends one file's bytes to its upload address, reporting progress. */
export type PutFile = (
  url: string,
  data: Blob,
  onProgress: (loadedBytes: number) => void,
  signal?: AbortSignal,
) => Promise<void>;

export interface UploadFilesOptions extends ApiRequestOptions {
  files: LocalFile[];
  /** Storage folder under the organization (letters, digits, `/`, `_`, `-`). */
  objectPathPrefix?: string;
  onProgress?: (progress: UploadProgress) => void;
  /** How long to wait for the server to confirm every upload, after the bytes are sent (ms). */
  timeoutMs?: number;
  /** Interval between confirmation checks (ms). */
  pollIntervalMs?: number;
  /** How many files are sent at once. */
  concurrency?: number;
  /** Replaces the XMLHttpRequest upload (tests). */
  putFile?: PutFile;
  /** Replaces `POST /api/files/batch` (endpoints with their own batch call, e.g. node images). */
  createBatch?: (request: ApiRequestOptions) => Promise<CreateFilesBatchResponse>;
}

export const DEFAULT_UPLOAD_TIMEOUT_MS = 20_000;
export const UPLOAD_POLL_INTERVAL_MS = 1_000;

const fileKey = (nodeId: string | null, name: string, extension: string) =>
  `${nodeId ?? ''}\u0000${name}\u0000${extension.replace(/^\./, '').toLowerCase()}`;

/** PUT a blob with XMLHttpRequest, which (unlike fetch) reports upload progress. */
export const putWithXhr: PutFile = (url, data, onProgress, signal) =>
  new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(data.size);
        resolve();
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      reject(ApiRequestError.fromBody(xhr.status, body));
    };
    xhr.onerror = () => reject(new Error('Upload failed: network error'));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(data);
  });

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** Pair each upload address with the local file it is for (same node, name and extension). */
function matchTargets(
  targets: UploadTarget[],
  files: LocalFile[],
): { target: UploadTarget; local: LocalFile }[] {
  const remaining = [...files];
  return targets.map((target) => {
    const key = fileKey(target.file.nodeId, target.file.name, target.file.extension);
    const index = remaining.findIndex((f) => fileKey(f.nodeId, f.name, f.extension) === key);
    if (index < 0) throw new Error('Failed to find file data');
    const [local] = remaining.splice(index, 1);
    return { target, local: local as LocalFile };
  });
}

async function runLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

/**
 * Upload files: ask the API for upload addresses (`POST /api/files/batch`), PUT each file's bytes
 * with progress, then check `POST /api/files/has-uploaded` every second until the server has
 * them all, failing with 'Timeout after {n}ms' once the time limit has passed.
 *
 * @returns the stored file records
 * @throws Error('Failed to find file data') when an address matches none of the local files
 */
export async function uploadFiles(options: UploadFilesOptions): Promise<FileRecord[]> {
  const {
    files,
    objectPathPrefix = '',
    onProgress,
    timeoutMs = DEFAULT_UPLOAD_TIMEOUT_MS,
    pollIntervalMs = UPLOAD_POLL_INTERVAL_MS,
    concurrency = 4,
    putFile = putWithXhr,
    createBatch,
    ...request
  } = options;
  if (files.length === 0) return [];

  const body: CreateFilesBatchBody = {
    objectPathPrefix,
    files: files.map(({ nodeId, name, extension }) => ({
      nodeId: nodeId ?? '', // a file of no node comes with its own `createBatch` (the report logo)
      name,
      extension: extension.replace(/^\./, ''),
    })),
  };
  const batch = createBatch
    ? await createBatch(request)
    : await apiMutation<CreateFilesBatchResponse>('POST', '/api/files/batch', body, request);
  const pairs = matchTargets(batch.files, files);

  const totalBytes = pairs.reduce((sum, { local }) => sum + local.data.size, 0);
  const loaded = new Map<string, number>();
  const report = () => {
    if (!onProgress) return;
    const loadedBytes = [...loaded.values()].reduce((a, b) => a + b, 0);
    onProgress({
      loadedBytes,
      totalBytes,
      fraction: totalBytes > 0 ? Math.min(1, loadedBytes / totalBytes) : 1,
    });
  };
  report();
  await runLimited(pairs, concurrency, async ({ target, local }) => {
    await putFile(
      target.uploadUrl,
      local.data,
      (bytes) => {
        loaded.set(target.file.id, Math.min(bytes, local.data.size));
        report();
      },
      request.signal,
    );
  });

  const fileIds = pairs.map(({ target }) => target.file.id);
  const startedAt = Date.now();
  for (;;) {
    const { areAllFilesUploaded } = await apiMutation<{ areAllFilesUploaded: boolean }>(
      'POST',
      '/api/files/has-uploaded',
      { fileIds },
      request,
    );
    if (areAllFilesUploaded) break;
    if (Date.now() - startedAt >= timeoutMs) throw new Error(`Timeout after ${timeoutMs}ms`);
    await sleep(pollIntervalMs, request.signal);
  }
  return pairs.map(({ target }) => target.file);
}
