import { z } from 'zod';
import { IdSchema, TimestampSchema } from './common.js';
import { createListQuerySchema } from './query.js';

/** A tenant API key as listed: the secret itself is never listed again. */
export const TenantKeySchema = z.object({ id: IdSchema, createdAt: TimestampSchema }).meta({ id: 'TenantKey' });
export type TenantKey = z.infer<typeof TenantKeySchema>;

/** Answer of `POST /api/tenant-keys`: the only time the key is shown. */
export const CreatedTenantKeySchema = TenantKeySchema.extend({
  key: z.string().meta({ description: 'The secret. Shown once; only its hash is stored.' }),
}).meta({ id: 'CreatedTenantKey' });
export type CreatedTenantKey = z.infer<typeof CreatedTenantKeySchema>;

export const TenantKeyQuerySchema = createListQuerySchema(z.object({}), ['createdAt']);
export type TenantKeyQuery = z.infer<typeof TenantKeyQuerySchema>;

export const TenantKeyListSchema = z.object({ keys: z.array(TenantKeySchema), total: z.number().int() });
export type TenantKeyList = z.infer<typeof TenantKeyListSchema>;

/** Prefix of every tenant key, so that a leaked key is recognisable. */
export const TENANT_KEY_PREFIX = 'gprk_';
