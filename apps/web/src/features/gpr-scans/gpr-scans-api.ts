import type { GprScan, GprScanDetails, GprScanList, GprScanQuery } from '@gprhub/contract';
import { ORGANIZATION_HEADER } from '@gprhub/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { apiFetch, getCurrentOrganization } from '../../api/api-client';
import type { ApiRequestOptions } from '../../api/api-client';
import { buildQueryPath } from '../../api/query-string';
import { ApiRequestError } from '../../api/api-error';
import { useApiQuery } from '../../api/use-api-query';
import { decodeSignalBinary } from './signal-depth-image';
import type { ScanSignal } from './signal-depth-image';

/**
 * The GPR scans API for every scan screen (line scan, dual-orientation and area-scan pages). Every query key
 * starts with `gpr-scans` (after the organization), so one invalidation refreshes them all.
 */
export const GPR_SCANS = 'gpr-scans';

/**
 * Download addresses in the details are short-lived (signed); refetch them well before they expire, so a
 * click on "Download" never meets an expired link.
 */
export const DETAILS_REFRESH_MS = 4 * 60_000;

/** `GET /api/gpr-scans/{id}`: the scan and the facts read from its file. */
export async function fetchGprScan(nodeId: string, request?: ApiRequestOptions): Promise<GprScan> {
  return (await apiFetch<{ gprScan: GprScan }>(`/api/gpr-scans/${nodeId}`, request)).gprScan;
}

/** `GET /api/gpr-scans/{id}/details`: the scan with its pair, area scan, files (signed URLs) and preview. */
export function fetchGprScanDetails(nodeId: string, request?: ApiRequestOptions): Promise<GprScanDetails> {
  return apiFetch<GprScanDetails>(`/api/gpr-scans/${nodeId}/details`, request);
}

/** `GET /api/gpr-scans/query?q=`: one page of scans with the area scans they belong to. */
export function fetchGprScans(
  query: Partial<GprScanQuery>,
  request?: ApiRequestOptions,
): Promise<GprScanList> {
  return apiFetch<GprScanList>(buildQueryPath('/api/gpr-scans/query', query), request);
}

/** One GPR scan (`GET /api/gpr-scans/{id}`); disabled while the id is unknown. */
export function useGprScan(nodeId: string | null | undefined) {
  return useApiQuery([GPR_SCANS, 'scan', nodeId], (request) => fetchGprScan(nodeId!, request), {
    enabled: Boolean(nodeId),
  });
}

/** A GPR scan's details (`GET /api/gpr-scans/{id}/details`), refreshed before its signed URLs expire. */
export function useGprScanDetails(nodeId: string | null | undefined) {
  return useApiQuery([GPR_SCANS, 'details', nodeId], (request) => fetchGprScanDetails(nodeId!, request), {
    enabled: Boolean(nodeId),
    refetchInterval: DETAILS_REFRESH_MS,
  });
}

/** A page of GPR scans (`GET /api/gpr-scans/query`), keeping the previous page while the next loads. */
export function useGprScans(query: Partial<GprScanQuery>, options: { enabled?: boolean } = {}) {
  return useApiQuery([GPR_SCANS, 'query', query], (request) => fetchGprScans(query, request), {
    placeholderData: keepPreviousData,
    ...options,
  });
}

/**
 * `GET /api/gpr-scans/{id}/signal` in its compact binary form (`Accept: application/octet-stream`), byte-shuffled
 * (`layout=shuffled`: the same values, fewer bytes once compressed).
 */
export async function fetchGprScanSignal(
  nodeId: string,
  request: ApiRequestOptions = {},
): Promise<ScanSignal> {
  const headers = new Headers({ accept: 'application/octet-stream' });
  const organization = request.organization === undefined ? getCurrentOrganization() : request.organization;
  if (organization) headers.set(ORGANIZATION_HEADER, organization);
  const response = await (request.fetch ?? globalThis.fetch.bind(globalThis))(
    `/api/gpr-scans/${nodeId}/signal?layout=shuffled`,
    {
      headers,
      credentials: 'include',
      signal: request.signal ?? null,
    },
  );
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: the status decides the message */
    }
    throw ApiRequestError.fromBody(response.status, body);
  }
  return decodeSignalBinary(await response.arrayBuffer());
}

/** A scan's signal (binary), fetched once per scan: a file's samples never change. */
export function useGprScanSignal(nodeId: string | null | undefined, options: { enabled?: boolean } = {}) {
  return useApiQuery([GPR_SCANS, 'signal', nodeId], (request) => fetchGprScanSignal(nodeId!, request), {
    enabled: Boolean(nodeId) && (options.enabled ?? true),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
}
