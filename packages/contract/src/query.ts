import { z } from 'zod';
import { TextSchema } from './common.js';

/** Sort direction used by every list query. */
export const SortDirectionSchema = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof SortDirectionSchema>;

/** Largest page a list query may ask for. */
export const MAX_QUERY_LIMIT = 1000;
/** Page size used when a query gives none (the spec's default table page size). */
export const DEFAULT_QUERY_LIMIT = 20;

/**
 * Build the schema of a `GET .../query?q=<json>` query: `filter`, `limit` (≥ 1), `skip` (≥ 0) and
 * `sort` ({ field, direction }). Every list endpoint uses this one convention.
 *
 * @param filter - the resource's filter object schema (every field optional)
 * @param sortFields - the fields the resource can be sorted by; the first is the default
 */
export function createListQuerySchema<F extends z.ZodObject, S extends readonly [string, ...string[]]>(
  filter: F,
  sortFields: S,
) {
  return z.object({
    filter: filter.optional(),
    limit: z.number().int().min(1).max(MAX_QUERY_LIMIT).default(DEFAULT_QUERY_LIMIT),
    skip: z.number().int().min(0).default(0),
    sort: z
      .object({ field: z.enum(sortFields), direction: SortDirectionSchema.default('desc') })
      .default({ field: sortFields[0], direction: 'desc' } as never),
  });
}

/** The query string of every `/query` endpoint: `q` is the JSON-encoded query (optional). */
export const QueryStringSchema = z.object({
  q: TextSchema.optional().meta({ description: 'JSON-encoded query: { filter, limit, skip, sort: { field, direction } }' }),
});

/** Encode a list query for the `q` parameter. */
export function encodeListQuery(query: object): string {
  return encodeURIComponent(JSON.stringify(query));
}
