import { z } from 'zod';

/** Ids are UUID v4 everywhere, as the spec requires. */
export const IdSchema = z.uuidv4();
export const IdParamsSchema = z.object({ id: IdSchema });
export type IdParams = z.infer<typeof IdParamsSchema>;

/** Timestamps travel as ISO 8601 strings. */
export const TimestampSchema = z.iso.datetime({ offset: true });
