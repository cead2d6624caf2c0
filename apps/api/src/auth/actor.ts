import { createHash } from 'node:crypto';
import {
  ErrorCode,
  hasAnyRole,
  ORGANIZATION_HEADER,
  TENANT_KEY_CREATOR_ROLES,
  TENANT_KEY_PREFIX,
} from '@gprhub/contract';
import type { Database, TenantKeyAuthRow } from '@gprhub/db';
import { findMemberOrganization, findTenantKeyByHash, touchTenantKey } from '@gprhub/db';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { forbidden, HttpError, unauthorized } from '../lib/errors.js';
import type { ActorCache } from './actor-cache.js';
import type { Auth } from './auth.js';

/** Who is calling, and for which organization. Every service call is scoped by `organizationId`. */
export interface Actor {
  organizationId: string;
  /** The signed-in user; null when a tenant API key authenticates the call. */
  user: {
    id: string;
    name: string;
    email: string;
    firstName?: string | null;
    lastName?: string | null;
    image?: string | null;
  } | null;
  via: 'session' | 'tenant-key';
  /**
   * Whose membership grants the call its role (auth/permissions.ts): the signed-in user, or the key's creator
   * (a key acts with its creator's current role, never more). Null for a key whose creator's account is gone.
   */
  roleHolderId: string | null;
}

function headerOrganization(request: FastifyRequest): string | undefined {
  const header = request.headers[ORGANIZATION_HEADER];
  return (Array.isArray(header) ? header[0] : header) || undefined;
}

/**
 * A key works while its creator is a member of its organization with a role that may create keys (read
 * again on every call), until it expires, and only for its own organization.
 */
function checkTenantKey(key: TenantKeyAuthRow, wanted: string | undefined): void {
  if (!hasAnyRole(key.creatorRole, TENANT_KEY_CREATOR_ROLES)) {
    throw unauthorized(
      'This API key no longer works: its creator is no longer a member of the organization allowed to create keys',
    );
  }
  if (key.expiresAt && key.expiresAt.getTime() <= Date.now()) throw unauthorized('This API key has expired');
  if (wanted && wanted !== key.organizationId && wanted !== key.organizationSlug) {
    throw forbidden(
      `This API key belongs to another organization: it cannot be used for organization ${wanted}`,
    );
  }
}

export function hashTenantKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * Authenticate a request: a tenant key (`Authorization: Bearer gprk_…`), or a better-auth session
 * (cookie, or its token as a bearer). The organization is the `x-organization` header (slug or id)
 * when sent, else the session's active organization; the user must be a member of it.
 */
export async function resolveActor(
  auth: Auth,
  db: Database,
  request: FastifyRequest,
  cache?: ActorCache,
): Promise<Actor> {
  if (!cache) return (await verifyActor(auth, db, request)).actor;
  return cache.resolve(cache.keyOf(request, headerOrganization(request)), () =>
    verifyActor(auth, db, request),
  );
}

/** The request's actor from its credentials, and when the credential itself expires. */
async function verifyActor(
  auth: Auth,
  db: Database,
  request: FastifyRequest,
): Promise<{ actor: Actor; expiresAt?: Date | null }> {
  const authorization = request.headers.authorization ?? '';
  const bearer = authorization.startsWith('Bearer ') ? authorization.slice(7).trim() : '';
  if (bearer.startsWith(TENANT_KEY_PREFIX)) {
    const key = await findTenantKeyByHash(db, hashTenantKey(bearer));
    if (!key) throw unauthorized('Invalid API key');
    checkTenantKey(key, headerOrganization(request));
    // With the cache, the last-used time is written once per AUTH_CACHE_S at most.
    await touchTenantKey(db, key);
    const actor: Actor = {
      organizationId: key.organizationId,
      user: null,
      via: 'tenant-key',
      roleHolderId: key.createdById,
    };
    return { actor, expiresAt: key.expiresAt };
  }
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) throw unauthorized();
  const wanted = headerOrganization(request) || session.session.activeOrganizationId;
  if (!wanted) {
    throw new HttpError(
      403,
      ErrorCode.NoActiveOrganization,
      'No active organization: create an organization or choose one',
    );
  }
  const organization = await findMemberOrganization(db, session.user.id, wanted);
  if (!organization) throw forbidden(`You are not a member of organization ${wanted}`);
  const u = session.user as typeof session.user & { firstName?: string | null; lastName?: string | null };
  const actor: Actor = {
    organizationId: organization.id,
    user: {
      id: u.id,
      name: u.name,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      image: u.image,
    },
    via: 'session',
    roleHolderId: u.id,
  };
  return { actor, expiresAt: session.session.expiresAt };
}
