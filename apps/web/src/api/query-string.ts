import { encodeListQuery } from '@gprhub/contract';

/**
 * The path of a `GET …/query?q=<json>` call: the list query (filter, limit, skip, sort) travels
 * as URL-encoded JSON in `q`, the convention every list endpoint shares.
 * @example buildQueryPath('/api/tenant-keys/query', { limit: 20, skip: 0 }) // '/api/tenant-keys/query?q=%7B%22limit…'
 */
export function buildQueryPath(path: string, query: object): string {
  return `${path}?q=${encodeListQuery(query)}`;
}

/** Read a `q` parameter back into an object (the inverse of `buildQueryPath`); null when absent or invalid. */
export function parseQueryParam(search: string): unknown {
  const raw = new URLSearchParams(search).get('q');
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
