import type {
  AcceptedInvitation,
  CreateInvitationBody,
  Invitation,
  InvitationList,
  InvitationPreview,
  Member,
  MemberList,
  Membership,
  OrganizationRole,
} from '@gprhub/contract';
import { ErrorCode, hasAnyRole, invitationPath } from '@gprhub/contract';
import type { InvitationRow, MemberRow } from '@gprhub/db';
import { findInvitationById, findInvitations, findMemberById, findMemberByUser, findMembers } from '@gprhub/db';
import { isAPIError } from 'better-auth/api';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { findActorRole, requirePermission } from '../../auth/permissions.js';
import { HttpError, notFound } from '../../lib/errors.js';

/** What better-auth's organization calls need: the caller's own headers (its session). */
type AuthHeaders = Headers;

const conflict = (message: string) => new HttpError(409, ErrorCode.Conflict, message);
const isOwner = (role: string | null | undefined) => hasAnyRole(role, ['owner']);

function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    email: row.email,
    image: row.image,
    role: row.role,
    joinedAt: row.createdAt.toISOString(),
  };
}

function toInvitation(row: InvitationRow, publicUrl: string): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role ?? 'member',
    status: row.status as Invitation['status'],
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    inviter: row.inviterName === null ? null : { id: row.inviterId, name: row.inviterName },
    url: new URL(invitationPath(row.id), publicUrl).toString(),
  };
}

/**
 * better-auth applies its own rules again after ours (defence in depth); should it still refuse, its words
 * travel in our error body with its status (never a 500).
 */
async function callAuth<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const status = error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    const code = status === 403 || status === 401 ? ErrorCode.Forbidden : ErrorCode.BadRequest;
    throw new HttpError(status === 401 ? 403 : status, code, error.body?.message ?? error.message);
  }
}

export async function listMembers(ctx: AppContext, organizationId: string): Promise<MemberList> {
  const rows = await findMembers(ctx.db, organizationId);
  return { members: rows.map(toMember), total: rows.length };
}

export async function getMembership(ctx: AppContext, actor: Actor): Promise<Membership> {
  const role = await findActorRole(ctx.db, actor);
  const isApiKey = actor.via === 'tenant-key';
  const own = actor.user ? await findMemberByUser(ctx.db, actor.organizationId, actor.user.id) : undefined;
  return { memberId: own?.id ?? null, role, isApiKey };
}

async function countOwners(ctx: AppContext, organizationId: string): Promise<number> {
  return (await findMembers(ctx.db, organizationId)).filter((m) => isOwner(m.role)).length;
}

/** Change a member's role. Owners' roles (and making owners): owners only. The last owner stays an owner. */
export async function changeMemberRole(
  ctx: AppContext,
  actor: Actor,
  headers: AuthHeaders,
  memberId: string,
  role: OrganizationRole,
): Promise<Member> {
  await requirePermission(ctx.db, actor, 'manageMembers');
  const target = await findMemberById(ctx.db, actor.organizationId, memberId);
  if (!target) throw notFound();
  if (target.role === role) return toMember(target);
  if (isOwner(target.role) || role === 'owner') await requirePermission(ctx.db, actor, 'manageOwners');
  if (isOwner(target.role) && (await countOwners(ctx, actor.organizationId)) <= 1) {
    throw conflict('The last owner cannot be given another role: make another member an owner first');
  }
  await callAuth(() =>
    ctx.auth.api.updateMemberRole({ body: { memberId, role, organizationId: actor.organizationId }, headers }),
  );
  const updated = await findMemberById(ctx.db, actor.organizationId, memberId);
  if (!updated) throw notFound();
  return toMember(updated);
}

/**
 * Remove a member (owners and admins; an owner only by owners), or leave (anyone, for themselves). The last
 * owner can neither leave nor be removed. Their sessions lose the organization and their keys stop working.
 */
export async function removeMember(ctx: AppContext, actor: Actor, headers: AuthHeaders, memberId: string): Promise<void> {
  const target = await findMemberById(ctx.db, actor.organizationId, memberId);
  const isSelf = target !== undefined && actor.user !== null && target.userId === actor.user.id;
  if (!isSelf) await requirePermission(ctx.db, actor, 'manageMembers');
  if (!target) throw notFound();
  if (isOwner(target.role)) {
    if (!isSelf) await requirePermission(ctx.db, actor, 'manageOwners');
    if ((await countOwners(ctx, actor.organizationId)) <= 1) {
      throw conflict('The last owner cannot leave or be removed: make another member an owner first');
    }
  }
  if (isSelf) {
    await callAuth(() => ctx.auth.api.leaveOrganization({ body: { organizationId: actor.organizationId }, headers }));
  } else {
    await callAuth(() =>
      ctx.auth.api.removeMember({ body: { memberIdOrEmail: memberId, organizationId: actor.organizationId }, headers }),
    );
  }
}

export async function listInvitations(ctx: AppContext, actor: Actor): Promise<InvitationList> {
  await requirePermission(ctx.db, actor, 'manageMembers');
  const rows = await findInvitations(ctx.db, actor.organizationId);
  return { invitations: rows.map((row) => toInvitation(row, ctx.config.publicUrl)), total: rows.length };
}

/** Invite by email with a role; with no mail server the answer's `url` is the link to send by hand. */
export async function createInvitation(
  ctx: AppContext,
  actor: Actor,
  headers: AuthHeaders,
  body: CreateInvitationBody,
): Promise<Invitation> {
  await requirePermission(ctx.db, actor, 'manageMembers');
  if (body.role === 'owner') await requirePermission(ctx.db, actor, 'manageOwners');
  const members = await findMembers(ctx.db, actor.organizationId);
  if (members.some((m) => m.email.toLowerCase() === body.email)) {
    throw conflict(`${body.email} is already a member of this organization`);
  }
  const pending = await findInvitations(ctx.db, actor.organizationId);
  if (pending.some((i) => i.email.toLowerCase() === body.email && i.expiresAt.getTime() > Date.now())) {
    throw conflict(`${body.email} is already invited: copy the link from the pending invitations, or revoke it first`);
  }
  const created = await callAuth(() =>
    ctx.auth.api.createInvitation({
      body: { email: body.email, role: body.role, organizationId: actor.organizationId, resend: true },
      headers,
    }),
  );
  const row = await findInvitationById(ctx.db, created.id, actor.organizationId);
  if (!row) throw notFound();
  return toInvitation(row, ctx.config.publicUrl);
}

/** Revoke a pending invitation of the organization; its link stops working. */
export async function cancelInvitation(ctx: AppContext, actor: Actor, headers: AuthHeaders, id: string): Promise<void> {
  await requirePermission(ctx.db, actor, 'manageMembers');
  const row = await findInvitationById(ctx.db, id, actor.organizationId);
  if (!row || row.status !== 'pending') throw notFound();
  await callAuth(() => ctx.auth.api.cancelInvitation({ body: { invitationId: id }, headers }));
}

async function findOpenInvitation(ctx: AppContext, id: string): Promise<InvitationRow> {
  const row = await findInvitationById(ctx.db, id);
  if (!row || row.status !== 'pending' || row.expiresAt.getTime() <= Date.now()) {
    throw notFound('This invitation does not exist, was revoked, has expired or was already used');
  }
  return row;
}

/** What an invitation link shows: organization, email, role, inviter; 404 once it is no longer open. */
export async function previewInvitation(ctx: AppContext, id: string): Promise<InvitationPreview> {
  const row = await findOpenInvitation(ctx, id);
  return {
    id: row.id,
    email: row.email,
    role: row.role ?? 'member',
    expiresAt: row.expiresAt.toISOString(),
    organization: { name: row.organizationName, slug: row.organizationSlug },
    inviterName: row.inviterName,
  };
}

/** Accept an invitation as the signed-in user, whose email must be the invited one. */
export async function acceptInvitation(
  ctx: AppContext,
  headers: AuthHeaders,
  user: { id: string; email: string },
  id: string,
): Promise<AcceptedInvitation> {
  const row = await findOpenInvitation(ctx, id);
  if (row.email.toLowerCase() !== user.email.toLowerCase()) {
    throw new HttpError(
      403,
      ErrorCode.Forbidden,
      `This invitation is for ${row.email}: sign in with that email address to accept it`,
    );
  }
  if (!(await findMemberByUser(ctx.db, row.organizationId, user.id))) {
    await callAuth(() => ctx.auth.api.acceptInvitation({ body: { invitationId: id }, headers }));
  }
  return { organization: { id: row.organizationId, name: row.organizationName, slug: row.organizationSlug } };
}
