import { ORGANIZATION_HEADER } from '@gprhub/contract';
import { ApiRequestError } from './api-error';

export type MutationMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  /** Slug of the organization the call is for. Defaults to the tab's current organization. */
  organization?: string | null;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Injected in tests. */
  fetch?: typeof fetch;
}

let currentOrganization: string | null = null;

/**
 * Set the organization sent by calls that do not name one. The organization gate calls this as
 * soon as the tab's `org` changes, so helpers outside React (uploads) follow the tab, not the
 * session (another tab may have switched the session's active organization).
 */
export function setCurrentOrganization(slug: string | null): void {
  currentOrganization = slug;
}

export function getCurrentOrganization(): string | null {
  return currentOrganization;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function request<T>(path: string, init: RequestInit, options: ApiRequestOptions): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  const organization = options.organization === undefined ? currentOrganization : options.organization;
  if (organization) headers.set(ORGANIZATION_HEADER, organization);
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const response = await doFetch(path, {
    ...init,
    headers,
    credentials: 'include',
    signal: options.signal ?? null,
  });
  if (response.status === 204) return undefined as T;
  const body = await readBody(response);
  if (!response.ok) throw ApiRequestError.fromBody(response.status, body);
  return body as T;
}

/**
 * GET an API path and return its JSON. Sends cookies and the organization header; a failed
 * response throws `ApiRequestError` with the server's error body; a 204 returns undefined.
 */
export function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  return request<T>(path, { method: 'GET' }, options);
}

/**
 * Send a mutation. A `FormData` body goes as multipart (the browser sets the boundary); any other
 * body is sent as JSON; `undefined` sends no body.
 */
export function apiMutation<T>(
  method: MutationMethod,
  path: string,
  body?: unknown,
  options: ApiRequestOptions = {},
): Promise<T> {
  const init: RequestInit = { method };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'content-type': 'application/json' };
  }
  return request<T>(path, init, options);
}

/** GET a file (a zip, for one) as a Blob, with the same cookies, organization header and error handling. */
export async function apiDownload(path: string, options: ApiRequestOptions = {}): Promise<Blob> {
  const headers = new Headers(options.headers);
  const organization = options.organization === undefined ? currentOrganization : options.organization;
  if (organization) headers.set(ORGANIZATION_HEADER, organization);
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const response = await doFetch(path, { headers, credentials: 'include', signal: options.signal ?? null });
  if (!response.ok) throw ApiRequestError.fromBody(response.status, await readBody(response));
  return response.blob();
}
