import { randomBytes } from 'node:crypto';
import type { CreatedTenantKey, CreateTenantKeyBody, TenantKey, TenantKeyList, TenantKeyQuery } from '@gprhub/contract';
import { hasAnyRole, TENANT_KEY_ADMIN_ROLES, TENANT_KEY_CREATOR_ROLES, TENANT_KEY_PREFIX } from '@gprhub/contract';
import type { Database, TenantKeyListRow } from '@gprhub/db';
import { deleteTenantKey, findMemberRole, findTenantKeyById, findTenantKeys, insertTenantKey } from '@gprhub/db';
import { hashTenantKey } from '../../auth/actor.js';
import { forbidden, notFound } from '../../lib/errors.js';

interface KeyUser {
  id: string;
  name: string;
}

function toTenantKey(row: TenantKeyListRow): TenantKey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdById && row.createdByName !== null ? { id: row.createdById, name: row.createdByName } : null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/** Create a key for the organization; the secret is returned here only, its hash is stored. */
export async function createTenantKey(
  db: Database,
  organizationId: string,
  creator: KeyUser,
  body: CreateTenantKeyBody,
): Promise<CreatedTenantKey> {
  const role = await findMemberRole(db, creator.id, organizationId);
  if (!hasAnyRole(role, TENANT_KEY_CREATOR_ROLES)) throw forbidden('Your role in this organization may not create API keys');
  const key = `${TENANT_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await insertTenantKey(db, {
    organizationId,
    keyHash: hashTenantKey(key),
    createdById: creator.id,
    name: body?.name ?? null,
    expiresAt: body?.expiresAt ? new Date(body.expiresAt) : null,
  });
  return { ...toTenantKey({ ...row, createdByName: creator.name }), key };
}

export async function listTenantKeys(db: Database, organizationId: string, query: TenantKeyQuery): Promise<TenantKeyList> {
  const { rows, total } = await findTenantKeys(db, organizationId, {
    limit: query.limit,
    skip: query.skip,
    direction: query.sort.direction,
  });
  return { keys: rows.map(toTenantKey), total };
}

/** Revoke a key: owners and admins any key of the organization, other members their own. */
export async function revokeTenantKey(db: Database, organizationId: string, userId: string, id: string): Promise<void> {
  const key = await findTenantKeyById(db, organizationId, id);
  if (!key) throw notFound();
  if (key.createdById !== userId) {
    const role = await findMemberRole(db, userId, organizationId);
    if (!hasAnyRole(role, TENANT_KEY_ADMIN_ROLES)) throw forbidden('Only owners and admins may revoke a key made by someone else');
  }
  await deleteTenantKey(db, organizationId, id);
}
