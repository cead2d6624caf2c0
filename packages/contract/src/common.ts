import { z } from 'zod';

/**
 * Every string the API accepts or answers. PostgreSQL text cannot hold U+0000, so a NUL is refused
 * here, at the contract boundary, with the spec's message ('Please provide a valid string for property
 * {name}'), instead of reaching the database. Use it (never a bare `z.string()`) for every string field.
 */
export const TextSchema = z.string().refine((text) => !text.includes('\u0000'), { params: { hasNul: true } });

/** Ids are UUID v4 everywhere, as the spec requires. */
export const IdSchema = z.uuidv4();
export const IdParamsSchema = z.object({ id: IdSchema });
export type IdParams = z.infer<typeof IdParamsSchema>;

/** Timestamps travel as ISO 8601 strings. */
export const TimestampSchema = z.iso.datetime({ offset: true });
