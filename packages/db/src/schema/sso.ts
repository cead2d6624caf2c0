import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organization } from './auth.js';

const tz = { withTimezone: true, mode: 'date' } as const;

/**
 * An organization's own OpenID Connect identity provider (one per organization). The client secret is stored
 * encrypted (AES-256-GCM, key derived from AUTH_SECRET; docs/decisions/0041-single-sign-on.md).
 */
export const ssoProviders = pgTable('sso_provider', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: text('organization_id')
    .notNull()
    .unique()
    .references(() => organization.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** `v1.<iv>.<tag>.<ciphertext>`, base64url: never returned by the API. */
  clientSecretEncrypted: text('client_secret_encrypted').notNull(),
  /** Role given to a user added on first sign-in (just-in-time): `member` or `admin`. */
  defaultRole: text('default_role').notNull().default('member'),
  /** Password sign-in refused for the provider's domains. */
  requireSso: boolean('require_sso').notNull().default(false),
  createdAt: timestamp('created_at', tz).defaultNow().notNull(),
  updatedAt: timestamp('updated_at', tz).defaultNow().notNull(),
});

/** An email domain that signs in through an organization's provider: a domain belongs to one organization only. */
export const ssoDomains = pgTable(
  'sso_domain',
  {
    domain: text('domain').primaryKey(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => ssoProviders.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sso_domain_provider_idx').on(t.providerId)],
);
