import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../client.js';
import { invitation, member, organization, user } from '../schema/index.js';

export interface MemberRow {
  id: string;
  userId: string;
  organizationId: string;
  role: string;
  createdAt: Date;
  name: string;
  email: string;
  image: string | null;
}

const memberColumns = {
  id: member.id,
  userId: member.userId,
  organizationId: member.organizationId,
  role: member.role,
  createdAt: member.createdAt,
  name: user.name,
  email: user.email,
  image: user.image,
};

/** The organization's members with their user's name and email, oldest first. */
export async function findMembers(db: Database, organizationId: string): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(member.organizationId, organizationId))
    .orderBy(asc(member.createdAt), asc(member.id));
}

/** One membership of the organization by its id; nothing for another organization's. */
export async function findMemberById(db: Database, organizationId: string, id: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, organizationId), eq(member.id, id)))
    .limit(1);
  return row;
}

/** The membership of `userId` in the organization. */
export async function findMemberByUser(db: Database, organizationId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, organizationId), eq(member.userId, userId)))
    .limit(1);
  return row;
}

export interface InvitationRow {
  id: string;
  organizationId: string;
  email: string;
  role: string | null;
  status: string;
  expiresAt: Date;
  createdAt: Date;
  inviterId: string;
  inviterName: string | null;
  organizationName: string;
  organizationSlug: string;
}

const invitationColumns = {
  id: invitation.id,
  organizationId: invitation.organizationId,
  email: invitation.email,
  role: invitation.role,
  status: invitation.status,
  expiresAt: invitation.expiresAt,
  createdAt: invitation.createdAt,
  inviterId: invitation.inviterId,
  inviterName: user.name,
  organizationName: organization.name,
  organizationSlug: organization.slug,
};

/** The organization's invitations with `status` (pending by default), newest first. */
export async function findInvitations(db: Database, organizationId: string, status = 'pending'): Promise<InvitationRow[]> {
  const rows = await db
    .select(invitationColumns)
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .leftJoin(user, eq(user.id, invitation.inviterId))
    .where(and(eq(invitation.organizationId, organizationId), eq(invitation.status, status)));
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/** An invitation by id: of one organization, or (for its link) of any. */
export async function findInvitationById(
  db: Database,
  id: string,
  organizationId?: string,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select(invitationColumns)
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .leftJoin(user, eq(user.id, invitation.inviterId))
    .where(organizationId ? and(eq(invitation.id, id), eq(invitation.organizationId, organizationId)) : eq(invitation.id, id))
    .limit(1);
  return row;
}
