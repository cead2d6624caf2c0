import { and, eq, or } from 'drizzle-orm';
import type { Database } from '../client.js';
import { member, organization } from '../schema/index.js';

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
