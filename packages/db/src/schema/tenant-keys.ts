import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organization, user } from './auth.js';

const tz = { withTimezone: true, mode: 'date' } as const;

/** An organization's API key. Only the SHA-256 of the secret is stored. */
export const tenantKeys = pgTable(
  'tenant_key',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull().unique(),
    /** What the key is for, as its creator named it (optional). */
    name: text('name'),
    /** The member who made it: the key works only while they are a member allowed to create keys. */
    createdById: text('created_by_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).defaultNow().notNull(),
    lastUsedAt: timestamp('last_used_at', tz),
    /** After this the key no longer authenticates (null: no expiry). */
    expiresAt: timestamp('expires_at', tz),
  },
  (t) => [index('tenant_key_org_created_idx').on(t.organizationId, t.createdAt)],
);
