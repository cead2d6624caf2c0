import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../client.js';
import { member, organization, tenantKeys, user } from '../schema/index.js';

export type TenantKeyRow = typeof tenantKeys.$inferSelect;

/** A key as listed: with its creator's name (null once the creator's account is gone). */
export type TenantKeyListRow = TenantKeyRow & { createdByName: string | null };

/** A key found by its secret, with what deciding whether it still works needs. */
export type TenantKeyAuthRow = TenantKeyRow & {
  organizationSlug: string;
  /** The creator's role(s) in the key's organization; null when the creator is no longer a member. */
  creatorRole: string | null;
};

export async function insertTenantKey(
  db: Database,
  values: { organizationId: string; keyHash: string; createdById: string | null; name?: string | null; expiresAt?: Date | null },
): Promise<TenantKeyRow> {
  const [row] = await db.insert(tenantKeys).values(values).returning();
  return row!;
}

export async function findTenantKeys(
  db: Database,
  organizationId: string,
  page: { limit: number; skip: number; direction: 'asc' | 'desc' },
): Promise<{ rows: TenantKeyListRow[]; total: number }> {
  const where = eq(tenantKeys.organizationId, organizationId);
  const order = page.direction === 'asc' ? asc(tenantKeys.createdAt) : desc(tenantKeys.createdAt);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ key: tenantKeys, createdByName: user.name })
      .from(tenantKeys)
      .leftJoin(user, eq(user.id, tenantKeys.createdById))
      .where(where)
      .orderBy(order, asc(tenantKeys.id))
      .limit(page.limit)
      .offset(page.skip),
    db.select({ total: count() }).from(tenantKeys).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.key, createdByName: r.createdByName })), total: totalRow?.total ?? 0 };
}

export async function findTenantKeyById(db: Database, organizationId: string, id: string): Promise<TenantKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(tenantKeys)
    .where(and(eq(tenantKeys.organizationId, organizationId), eq(tenantKeys.id, id)))
    .limit(1);
  return row;
}

export async function deleteTenantKey(db: Database, organizationId: string, id: string): Promise<void> {
  await db.delete(tenantKeys).where(and(eq(tenantKeys.organizationId, organizationId), eq(tenantKeys.id, id)));
}

/**
 * Look a key up by the hash of its secret (any organization: the key names its organization), with its
 * organization's slug and its creator's current membership, read in the same query on every request.
 */
export async function findTenantKeyByHash(db: Database, keyHash: string): Promise<TenantKeyAuthRow | undefined> {
  const [row] = await db
    .select({ key: tenantKeys, organizationSlug: organization.slug, creatorRole: member.role })
    .from(tenantKeys)
    .innerJoin(organization, eq(organization.id, tenantKeys.organizationId))
    .leftJoin(member, and(eq(member.organizationId, tenantKeys.organizationId), eq(member.userId, tenantKeys.createdById)))
    .where(eq(tenantKeys.keyHash, keyHash))
    .limit(1);
  return row && { ...row.key, organizationSlug: row.organizationSlug, creatorRole: row.creatorRole };
}

/** Record that a key was used, at most once a minute per key (a write on every call would be wasteful). */
export async function touchTenantKey(db: Database, key: TenantKeyRow): Promise<void> {
  if (key.lastUsedAt && Date.now() - key.lastUsedAt.getTime() < 60_000) return;
  await db
    .update(tenantKeys)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(tenantKeys.organizationId, key.organizationId), eq(tenantKeys.id, key.id)));
}
