/**
 * The scan import's calls: reading and importing a vendor zip (form data, with upload progress), uploading
 * loose scan files and importing them, the vendor link, and creating dual-orientation pairs.
 */
import type {
  CreateGprScansFromUrlResponse,
  CreateGprScansResponse,
  DualOrientationAreaScan,
  DualOrientationGprScan,
  ImportScanGeometry,
  VendorLinkSettings,
  ZipFileMapResponse,
} from '@gprhub/contract';
import { apiFetch, apiMutation } from '../../api/api-client';
import type { ApiRequestOptions } from '../../api/api-client';
import type { UploadProgress } from '../../api/upload-files';
import { uploadFiles } from '../../api/upload-files';
import { useApiQuery } from '../../api/use-api-query';
import { postFormWithProgress } from './post-form';
import { buildStoredZip } from './store-zip';

/** Progress of an import's upload, 0 to 1. */
export type OnFraction = (fraction: number) => void;

const fractionOf = (onFraction?: OnFraction) =>
  onFraction ? (loaded: number, total: number) => onFraction(total > 0 ? loaded / total : 0) : undefined;

/** `POST /api/gpr-scans/proceq-zip-files`: the zip's file map, to review. */
export function reviewZipFile(
  zip: Blob,
  fileName: string,
  request: ApiRequestOptions,
  onFraction?: OnFraction,
) {
  const form = new FormData();
  form.append('file', zip, fileName);
  return postFormWithProgress<ZipFileMapResponse>('/api/gpr-scans/proceq-zip-files', form, {
    organization: request.organization ?? null,
    onProgress: fractionOf(onFraction),
  });
}

/** `POST /api/gpr-scans/create-from-zip` with parentId, the zip, the paths to skip and the geometry typed. */
export function createFromZip(
  input: {
    parentId: string | null;
    zip: Blob;
    fileName: string;
    pathsToSkip: string[];
    scanGeometry?: ImportScanGeometry[];
  },
  request: ApiRequestOptions,
  onFraction?: OnFraction,
) {
  const form = new FormData();
  if (input.parentId) form.append('parentId', input.parentId);
  if (input.pathsToSkip.length > 0) form.append('pathsToSkip', JSON.stringify(input.pathsToSkip));
  if (input.scanGeometry?.length) form.append('scanGeometry', JSON.stringify(input.scanGeometry));
  form.append('file', input.zip, input.fileName);
  return postFormWithProgress<CreateGprScansResponse>('/api/gpr-scans/create-from-zip', form, {
    organization: request.organization ?? null,
    onProgress: fractionOf(onFraction),
  });
}

/** The extension of a file name, without the dot ('' when none). */
export const extensionOf = (name: string) => (name.includes('.') ? name.split('.').pop()!.toLowerCase() : '');

/**
 * Import loose scan files (with their sidecars). In a folder: staged through the upload flow
 * (`POST /api/files/batch` on the folder, PUT, `has-uploaded`), then `create-from-files`. At the top level,
 * where uploads cannot be staged, they go as one stored zip through `create-from-zip`.
 */
export async function importScanFiles(
  input: { parentId: string | null; files: File[]; scanGeometry?: ImportScanGeometry[] },
  request: ApiRequestOptions,
  onFraction?: OnFraction,
): Promise<CreateGprScansResponse> {
  const { parentId, files, scanGeometry } = input;
  if (!parentId) {
    const { zip, fileName } = await zipLooseFiles(files);
    return createFromZip(
      { parentId: null, zip, fileName, pathsToSkip: [], scanGeometry },
      request,
      onFraction,
    );
  }
  const records = await uploadFiles({
    ...request,
    objectPathPrefix: 'gpr-imports',
    files: files.map((file) => ({
      nodeId: parentId,
      name: file.name,
      extension: extensionOf(file.name),
      data: file,
    })),
    onProgress: (progress: UploadProgress) => onFraction?.(progress.fraction),
  });
  return apiMutation<CreateGprScansResponse>(
    'POST',
    '/api/gpr-scans/create-from-files',
    { parentId, fileIds: records.map((r) => r.id), ...(scanGeometry?.length ? { scanGeometry } : {}) },
    request,
  );
}

/** Loose scan files as one stored zip (entries named as the files, so its review's paths are their names). */
export async function zipLooseFiles(files: File[]): Promise<{ zip: Blob; fileName: string }> {
  const entries = await Promise.all(
    files.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })),
  );
  return {
    zip: buildStoredZip(entries),
    fileName: files.length === 1 ? `${files[0]!.name}.zip` : 'scan-files.zip',
  };
}

/** `GET /api/gpr-scans/vendor-link-settings`: the host vendor links must use (null: not configured). */
export function useVendorLinkSettings() {
  return useApiQuery(
    ['gpr-scans', 'vendor-link-settings'],
    (request) => apiFetch<VendorLinkSettings>('/api/gpr-scans/vendor-link-settings', request),
    { staleTime: 5 * 60_000 },
  );
}

/** `POST /api/gpr-scans/proceq-url-files`: the file map of the zip behind a vendor link. */
export function readVendorUrl(url: string, request: ApiRequestOptions) {
  return apiMutation<ZipFileMapResponse>('POST', '/api/gpr-scans/proceq-url-files', { url }, request);
}

/** `POST /api/gpr-scans/create-from-url`: import the zip behind a vendor link. */
export function createFromUrl(
  input: { parentId: string | null; url: string; pathsToSkip: string[] },
  request: ApiRequestOptions,
) {
  return apiMutation<CreateGprScansFromUrlResponse>('POST', '/api/gpr-scans/create-from-url', input, request);
}

/** `POST /api/dual-orientation-gpr-scans`. */
export async function pairGprScans(parallel: string, perpendicular: string, request: ApiRequestOptions) {
  const body = { parallelGprScanNodeId: parallel, perpendicularGprScanNodeId: perpendicular };
  return (
    await apiMutation<{ dualOrientationGprScan: DualOrientationGprScan }>(
      'POST',
      '/api/dual-orientation-gpr-scans',
      body,
      request,
    )
  ).dualOrientationGprScan;
}

/** `POST /api/dual-orientation-area-scans`. */
export async function pairAreaScans(parallel: string, perpendicular: string, request: ApiRequestOptions) {
  const body = { parallelAreaScanNodeId: parallel, perpendicularAreaScanNodeId: perpendicular };
  return (
    await apiMutation<{ dualOrientationAreaScan: DualOrientationAreaScan }>(
      'POST',
      '/api/dual-orientation-area-scans',
      body,
      request,
    )
  ).dualOrientationAreaScan;
}
