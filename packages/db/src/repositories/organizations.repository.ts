import { and, eq, isNull, or } from 'drizzle-orm';
import type { Database } from '../client.js';
import { member, nodes, organization } from '../schema/index.js';

export type OrganizationRow = typeof organization.$inferSelect;

/** The organization with this slug or id, if `userId` is a member of it. */
export async function findMemberOrganization(
  db: Database,
  userId: string,
  slugOrId: string,
): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .select({ organization })
    .from(organization)
    .innerJoin(member, eq(member.organizationId, organization.id))
    .where(and(eq(member.userId, userId), or(eq(organization.slug, slugOrId), eq(organization.id, slugOrId))))
    .limit(1);
  return row?.organization;
}

export async function findOrganizationById(db: Database, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organization).where(eq(organization.id, id)).limit(1);
  return row;
}

/** The member's role(s) in the organization (better-auth's comma-separated `role`), or null if not a member. */
export async function findMemberRole(db: Database, userId: string, organizationId: string): Promise<string | null> {
  const [row] = await db
    .select({ role: member.role })
    .from(member)
    .where(and(eq(member.userId, userId), eq(member.organizationId, organizationId)))
    .limit(1);
  return row?.role ?? null;
}

/**
 * The organization holding the live node `nodeId`, if `userId` is a member of it (so that a link opened in
 * another of the user's organizations can offer to switch). Nothing for anyone else.
 */
export async function findMemberOrganizationOfNode(
  db: Database,
  userId: string,
  nodeId: string,
): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .select({ organization })
    .from(nodes)
    .innerJoin(organization, eq(organization.id, nodes.organizationId))
    .innerJoin(member, eq(member.organizationId, nodes.organizationId))
    .where(and(eq(nodes.id, nodeId), isNull(nodes.deletedAt), eq(member.userId, userId)))
    .limit(1);
  return row?.organization;
}
