import { ORGANIZATION_HEADER, type ReportResponse } from '@gprhub/contract';
import { apiFetch, apiMutation, getCurrentOrganization, type ApiRequestOptions } from '../../api/api-client';
import { ApiRequestError } from '../../api/api-error';

/** `POST /api/reports`: start a report of the node; answers its id. */
export function startReport(subjectNodeId: string): Promise<{ reportId: string }> {
  return apiMutation<{ reportId: string }>('POST', '/api/reports', { subjectNodeId });
}

export function fetchLatestReport(nodeId: string, options: ApiRequestOptions = {}): Promise<{ report: ReportResponse | null }> {
  return apiFetch<{ report: ReportResponse | null }>(`/api/nodes/${nodeId}/latest-report`, options);
}

/**
 * Download an export (CSV, DXF): fetched with the tab's organization header (a plain link would carry the
 * session's organization, which another tab may have switched), then saved under the server's file name.
 */
export async function downloadExport(path: string, fallbackName: string): Promise<void> {
  const headers: Record<string, string> = {};
  const organization = getCurrentOrganization();
  if (organization) headers[ORGANIZATION_HEADER] = organization;
  const response = await fetch(path, { credentials: 'include', headers });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw ApiRequestError.fromBody(response.status, body);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  saveBlob(await response.blob(), name ? decodeURIComponent(name) : fallbackName);
}

function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
