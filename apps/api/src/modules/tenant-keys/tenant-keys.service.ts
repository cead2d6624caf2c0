import { randomBytes } from 'node:crypto';
import type { CreatedTenantKey, TenantKeyList, TenantKeyQuery } from '@gprhub/contract';
import { TENANT_KEY_PREFIX } from '@gprhub/contract';
import type { Database } from '@gprhub/db';
import { findTenantKeys, insertTenantKey } from '@gprhub/db';
import { hashTenantKey } from '../../auth/actor.js';

/** Create a key for the organization; the secret is returned here only, its hash is stored. */
export async function createTenantKey(db: Database, organizationId: string, createdById: string): Promise<CreatedTenantKey> {
  const key = `${TENANT_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await insertTenantKey(db, { organizationId, keyHash: hashTenantKey(key), createdById });
  return { id: row.id, createdAt: row.createdAt.toISOString(), key };
}

export async function listTenantKeys(db: Database, organizationId: string, query: TenantKeyQuery): Promise<TenantKeyList> {
  const { rows, total } = await findTenantKeys(db, organizationId, {
    limit: query.limit,
    skip: query.skip,
    direction: query.sort.direction,
  });
  return { keys: rows.map((r) => ({ id: r.id, createdAt: r.createdAt.toISOString() })), total };
}
