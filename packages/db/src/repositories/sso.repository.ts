import { eq } from 'drizzle-orm';
import type { Database } from '../client.js';
import { ssoDomains, ssoProviders } from '../schema/index.js';

export type SsoProviderRow = typeof ssoProviders.$inferSelect;
export type SsoProviderWithDomains = SsoProviderRow & { domains: string[] };

/** Another organization already signs in this domain through its provider. */
export class SsoDomainTakenError extends Error {
  constructor(readonly domain: string) {
    super(`The domain ${domain} already signs in through another organization's identity provider`);
    this.name = 'SsoDomainTakenError';
  }
}

async function withDomains(db: Database, row: SsoProviderRow | undefined): Promise<SsoProviderWithDomains | undefined> {
  if (!row) return undefined;
  const domains = await db.select({ domain: ssoDomains.domain }).from(ssoDomains).where(eq(ssoDomains.providerId, row.id));
  return { ...row, domains: domains.map((d) => d.domain).sort() };
}

export async function findSsoProviderOfOrganization(
  db: Database,
  organizationId: string,
): Promise<SsoProviderWithDomains | undefined> {
  const [row] = await db.select().from(ssoProviders).where(eq(ssoProviders.organizationId, organizationId)).limit(1);
  return withDomains(db, row);
}

/** The provider that signs in `domain` (lower case), if any organization registered it. */
export async function findSsoProviderByDomain(db: Database, domain: string): Promise<SsoProviderWithDomains | undefined> {
  const [row] = await db
    .select({ provider: ssoProviders })
    .from(ssoDomains)
    .innerJoin(ssoProviders, eq(ssoProviders.id, ssoDomains.providerId))
    .where(eq(ssoDomains.domain, domain))
    .limit(1);
  return withDomains(db, row?.provider);
}

export async function findSsoProviderById(db: Database, id: string): Promise<SsoProviderWithDomains | undefined> {
  const [row] = await db.select().from(ssoProviders).where(eq(ssoProviders.id, id)).limit(1);
  return withDomains(db, row);
}

export interface SsoProviderValues {
  issuer: string;
  clientId: string;
  /** Null keeps the stored secret (an update that does not change it). */
  clientSecretEncrypted: string | null;
  defaultRole: string;
  requireSso: boolean;
  domains: string[];
}

/**
 * Create or replace the organization's provider and its domains, in one transaction. Throws
 * SsoDomainTakenError when another organization holds one of the domains.
 */
export async function saveSsoProvider(
  db: Database,
  organizationId: string,
  values: SsoProviderValues,
): Promise<SsoProviderWithDomains> {
  const id = await db.transaction(async (tx) => {
    for (const domain of values.domains) {
      const [holder] = await tx
        .select({ organizationId: ssoProviders.organizationId })
        .from(ssoDomains)
        .innerJoin(ssoProviders, eq(ssoProviders.id, ssoDomains.providerId))
        .where(eq(ssoDomains.domain, domain))
        .limit(1);
      if (holder && holder.organizationId !== organizationId) throw new SsoDomainTakenError(domain);
    }
    const [existing] = await tx
      .select({ id: ssoProviders.id })
      .from(ssoProviders)
      .where(eq(ssoProviders.organizationId, organizationId))
      .limit(1);
    const common = {
      issuer: values.issuer,
      clientId: values.clientId,
      defaultRole: values.defaultRole,
      requireSso: values.requireSso,
      updatedAt: new Date(),
    };
    let providerId: string;
    if (existing) {
      await tx
        .update(ssoProviders)
        .set(values.clientSecretEncrypted ? { ...common, clientSecretEncrypted: values.clientSecretEncrypted } : common)
        .where(eq(ssoProviders.id, existing.id));
      providerId = existing.id;
    } else {
      if (!values.clientSecretEncrypted) throw new Error('A new provider needs its client secret');
      const [created] = await tx
        .insert(ssoProviders)
        .values({ ...common, organizationId, clientSecretEncrypted: values.clientSecretEncrypted })
        .returning({ id: ssoProviders.id });
      providerId = created!.id;
    }
    await tx.delete(ssoDomains).where(eq(ssoDomains.providerId, providerId));
    if (values.domains.length > 0) {
      await tx.insert(ssoDomains).values(values.domains.map((domain) => ({ domain, providerId })));
    }
    return providerId;
  }).catch((error: unknown) => {
    // Two organizations claiming the same domain at once: the primary key decides.
    const cause = (error as { cause?: { code?: string } }).cause;
    if ((error as { code?: string }).code === '23505' || cause?.code === '23505') {
      throw new SsoDomainTakenError(values.domains.join(', '));
    }
    throw error;
  });
  return (await findSsoProviderById(db, id))!;
}

/** Remove the organization's provider; true when there was one. */
export async function deleteSsoProvider(db: Database, organizationId: string): Promise<boolean> {
  const rows = await db
    .delete(ssoProviders)
    .where(eq(ssoProviders.organizationId, organizationId))
    .returning({ id: ssoProviders.id });
  return rows.length > 0;
}
