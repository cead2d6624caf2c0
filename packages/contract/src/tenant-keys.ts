import { z } from 'zod';
import { IdSchema, TextSchema, TimestampSchema } from './common.js';
import { createListQuerySchema } from './query.js';
import { PERMISSIONS } from './roles.js';

/** Organization roles whose members may create API keys; a key works only while its creator holds one. */
export const TENANT_KEY_CREATOR_ROLES = PERMISSIONS.createTenantKeys.roles;
/** Roles that may revoke any key of the organization (others revoke only their own). */
export const TENANT_KEY_ADMIN_ROLES = PERMISSIONS.revokeOthersTenantKeys.roles;

/** A tenant API key as listed: the secret itself is never listed again. */
export const TenantKeySchema = z
  .object({
    id: IdSchema,
    name: TextSchema.nullable(),
    createdAt: TimestampSchema,
    createdBy: z
      .object({ id: TextSchema, name: TextSchema })
      .nullable()
      .meta({ description: 'The member who made the key; null once their account is deleted (the key then no longer works)' }),
    lastUsedAt: TimestampSchema.nullable().meta({ description: 'Last authenticated call (updated at most once a minute)' }),
    expiresAt: TimestampSchema.nullable().meta({ description: 'After this the key no longer works; null: no expiry' }),
  })
  .meta({ id: 'TenantKey' });
export type TenantKey = z.infer<typeof TenantKeySchema>;

export const TENANT_KEY_NAME_MAX = 100;

/** Body of `POST /api/tenant-keys` (optional: a key with no name and no expiry). */
export const CreateTenantKeyBodySchema = z
  .object({
    name: TextSchema.trim().min(1).max(TENANT_KEY_NAME_MAX).optional(),
    expiresAt: TimestampSchema.refine((value) => Date.parse(value) > Date.now(), 'The expiry must be in the future').optional(),
  })
  .nullish();
export type CreateTenantKeyBody = z.infer<typeof CreateTenantKeyBodySchema>;

/** Answer of `POST /api/tenant-keys`: the only time the key is shown. */
export const CreatedTenantKeySchema = TenantKeySchema.extend({
  key: TextSchema.meta({ description: 'The secret. Shown once; only its hash is stored.' }),
}).meta({ id: 'CreatedTenantKey' });
export type CreatedTenantKey = z.infer<typeof CreatedTenantKeySchema>;

export const TenantKeyQuerySchema = createListQuerySchema(z.object({}), ['createdAt']);
export type TenantKeyQuery = z.infer<typeof TenantKeyQuerySchema>;

export const TenantKeyListSchema = z.object({ keys: z.array(TenantKeySchema), total: z.number().int() });
export type TenantKeyList = z.infer<typeof TenantKeyListSchema>;

/** Prefix of every tenant key, so that a leaked key is recognisable. */
export const TENANT_KEY_PREFIX = 'gprk_';
