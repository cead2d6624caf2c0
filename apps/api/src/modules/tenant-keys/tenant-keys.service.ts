import { randomBytes } from 'node:crypto';
import type { CreatedTenantKey, CreateTenantKeyBody, TenantKey, TenantKeyList, TenantKeyQuery } from '@gprhub/contract';
import { TENANT_KEY_PREFIX } from '@gprhub/contract';
import type { Database, TenantKeyListRow } from '@gprhub/db';
import { deleteTenantKey, findTenantKeyById, findTenantKeys, insertTenantKey } from '@gprhub/db';
import type { Actor } from '../../auth/actor.js';
import { hashTenantKey } from '../../auth/actor.js';
import { requirePermission } from '../../auth/permissions.js';
import { notFound } from '../../lib/errors.js';

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
  actor: Actor,
  creator: KeyUser,
  body: CreateTenantKeyBody,
): Promise<CreatedTenantKey> {
  const { organizationId } = actor;
  await requirePermission(db, actor, 'createTenantKeys');
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
export async function revokeTenantKey(db: Database, actor: Actor, userId: string, id: string): Promise<void> {
  const { organizationId } = actor;
  const key = await findTenantKeyById(db, organizationId, id);
  if (!key) throw notFound();
  if (key.createdById !== userId) await requirePermission(db, actor, 'revokeOthersTenantKeys');
  await deleteTenantKey(db, organizationId, id);
}
