import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../client.js';
import { tenantKeys } from '../schema/index.js';

export type TenantKeyRow = typeof tenantKeys.$inferSelect;

export async function insertTenantKey(
  db: Database,
  values: { organizationId: string; keyHash: string; createdById: string | null },
): Promise<TenantKeyRow> {
  const [row] = await db.insert(tenantKeys).values(values).returning();
  return row!;
}

export async function findTenantKeys(
  db: Database,
  organizationId: string,
  page: { limit: number; skip: number; direction: 'asc' | 'desc' },
): Promise<{ rows: TenantKeyRow[]; total: number }> {
  const where = eq(tenantKeys.organizationId, organizationId);
  const order = page.direction === 'asc' ? asc(tenantKeys.createdAt) : desc(tenantKeys.createdAt);
  const [rows, [totalRow]] = await Promise.all([
    db.select().from(tenantKeys).where(where).orderBy(order, asc(tenantKeys.id)).limit(page.limit).offset(page.skip),
    db.select({ total: count() }).from(tenantKeys).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

/** Look a key up by the hash of its secret (any organization: the key names its organization). */
export async function findTenantKeyByHash(db: Database, keyHash: string): Promise<TenantKeyRow | undefined> {
  const [row] = await db.select().from(tenantKeys).where(eq(tenantKeys.keyHash, keyHash)).limit(1);
  return row;
}

/** Record that a key was used, at most once a minute per key (a write on every call would be wasteful). */
export async function touchTenantKey(db: Database, key: TenantKeyRow): Promise<void> {
  if (key.lastUsedAt && Date.now() - key.lastUsedAt.getTime() < 60_000) return;
  await db
    .update(tenantKeys)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(tenantKeys.organizationId, key.organizationId), eq(tenantKeys.id, key.id)));
}
