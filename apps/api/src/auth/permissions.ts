import type { OrganizationRole, Permission } from '@gprhub/contract';
import { PERMISSIONS, roleCan } from '@gprhub/contract';
import type { Database } from '@gprhub/db';
import { findMemberRole } from '@gprhub/db';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../lib/errors.js';
import type { Actor } from './actor.js';

/**
 * The caller's current role in its organization, read from the database (not from the actor cache), so a
 * role taken away a moment ago, even by another process, no longer counts. An API key has its creator's role.
 */
export async function findActorRole(db: Database, actor: Actor): Promise<string | null> {
  if (!actor.roleHolderId) return null;
  return findMemberRole(db, actor.roleHolderId, actor.organizationId);
}

/**
 * The one permission check of the API (docs/decisions/0040-roles.md): a 403 with the permission's message
 * unless the caller's role holds it. A key acts with its creator's role, but never holds a user-only
 * permission (members, SSO, deleting the organization).
 */
export async function requirePermission(db: Database, actor: Actor, permission: Permission): Promise<void> {
  const role = await findActorRole(db, actor);
  if (!roleCan(role, permission, actor.via === 'tenant-key')) throw forbidden(PERMISSIONS[permission].refusal);
}

/**
 * A 403 unless the caller holds one of `roles` (e.g. `requireOrganizationRole(db, actor, ['owner', 'admin'],
 * 'Only owners and admins can …')`), for checks the permission table does not name yet.
 */
export async function requireOrganizationRole(
  db: Database,
  actor: Actor,
  roles: readonly OrganizationRole[],
  refusal: string,
): Promise<void> {
  const role = await findActorRole(db, actor);
  const held = (role ?? '').split(',').map((r) => r.trim());
  if (!roles.some((r) => held.includes(r))) throw forbidden(refusal);
}

/** A route's preValidation hook: the call goes on only with `permission` (a 403 before any 400 on the body). */
export function permitted(db: Database, permission: Permission) {
  return async (request: FastifyRequest): Promise<void> => requirePermission(db, request.actor, permission);
}
