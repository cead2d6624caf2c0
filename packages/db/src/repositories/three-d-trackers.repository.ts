import { and, asc, count, desc, eq, gt, ilike, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client.js';
import {
  nodes,
  organization,
  threeDModelSessions,
  threeDTrackerCredentials,
  threeDTrackerPairingTokens,
  threeDTrackers,
} from '../schema/index.js';
import { insertNode, type NodeRow } from './nodes.repository.js';

export type ThreeDTrackerRow = typeof threeDTrackers.$inferSelect;
export type ThreeDModelSessionRow = typeof threeDModelSessions.$inferSelect;
export type TrackerWithNode = { node: NodeRow; tracker: ThreeDTrackerRow };

/** A device credential found by its secret's hash, with its live tracker and organization slug. */
export interface TrackerCredentialAuthRow {
  credentialId: string;
  organizationId: string;
  organizationSlug: string;
  trackerNodeId: string;
  expiresAt: Date;
}

export interface TrackerListQuery {
  hasNextUploadInfo?: boolean;
  name?: string;
  idFromTracker?: string;
  id?: string;
  sort: { field: 'createdAt' | 'name' | 'idFromTracker'; direction: 'asc' | 'desc' };
  limit: number;
  skip: number;
}

const live = (organizationId: string) => and(eq(threeDTrackers.organizationId, organizationId), isNull(nodes.deletedAt));

/** The organization's live trackers, filtered, sorted and paged (one page and the total). */
export async function findThreeDTrackers(db: Database, organizationId: string, query: TrackerListQuery): Promise<{ rows: TrackerWithNode[]; total: number }> {
  const escape = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const conditions: (SQL | undefined)[] = [live(organizationId)];
  if (query.hasNextUploadInfo === true) conditions.push(isNotNull(threeDTrackers.nextUploadModelId));
  if (query.hasNextUploadInfo === false) conditions.push(isNull(threeDTrackers.nextUploadModelId));
  if (query.name) conditions.push(ilike(nodes.name, escape(query.name)));
  if (query.idFromTracker) conditions.push(ilike(threeDTrackers.idFromTracker, escape(query.idFromTracker)));
  if (query.id) conditions.push(eq(threeDTrackers.nodeId, query.id));
  const where = and(...conditions);
  const column = query.sort.field === 'name' ? sql`lower(${nodes.name})` : query.sort.field === 'idFromTracker' ? threeDTrackers.idFromTracker : threeDTrackers.createdAt;
  const order = query.sort.direction === 'asc' ? asc(column) : desc(column);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ node: nodes, tracker: threeDTrackers })
      .from(threeDTrackers)
      .innerJoin(nodes, eq(nodes.id, threeDTrackers.nodeId))
      .where(where)
      .orderBy(order, asc(threeDTrackers.nodeId))
      .limit(query.limit)
      .offset(query.skip),
    db.select({ total: count() }).from(threeDTrackers).innerJoin(nodes, eq(nodes.id, threeDTrackers.nodeId)).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function findThreeDTracker(db: Database, organizationId: string, nodeId: string): Promise<TrackerWithNode | undefined> {
  const [row] = await db
    .select({ node: nodes, tracker: threeDTrackers })
    .from(threeDTrackers)
    .innerJoin(nodes, eq(nodes.id, threeDTrackers.nodeId))
    .where(and(live(organizationId), eq(threeDTrackers.nodeId, nodeId)))
    .limit(1);
  return row;
}

export async function updateThreeDTracker(
  db: Database,
  organizationId: string,
  nodeId: string,
  values: { name?: string; nextUploadModelId?: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (values.name !== undefined) {
      await tx.update(nodes).set({ name: values.name, updatedAt: new Date() }).where(and(eq(nodes.organizationId, organizationId), eq(nodes.id, nodeId)));
    }
    if (values.nextUploadModelId !== undefined) {
      await tx
        .update(threeDTrackers)
        .set({ nextUploadModelId: values.nextUploadModelId })
        .where(and(eq(threeDTrackers.organizationId, organizationId), eq(threeDTrackers.nodeId, nodeId)));
    }
  });
}

/** Delete a tracker for good: its node, row, credentials and sessions go with it (cascade). */
export async function deleteThreeDTracker(db: Database, organizationId: string, nodeId: string): Promise<void> {
  await db.delete(nodes).where(and(eq(nodes.organizationId, organizationId), eq(nodes.id, nodeId), eq(nodes.type, 'THREE_D_TRACKER')));
}

export async function insertPairingToken(db: Database, values: { organizationId: string; tokenHash: string; createdById: string | null; expiresAt: Date }): Promise<void> {
  await db.insert(threeDTrackerPairingTokens).values(values);
}

/**
 * Use a pairing token once: marks it used if it is unused and unexpired, in one statement, so two devices
 * presenting the same token cannot both succeed. Returns its organization, or undefined.
 */
export async function consumePairingToken(db: Database, tokenHash: string): Promise<{ organizationId: string } | undefined> {
  const [row] = await db
    .update(threeDTrackerPairingTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(threeDTrackerPairingTokens.tokenHash, tokenHash), isNull(threeDTrackerPairingTokens.usedAt), gt(threeDTrackerPairingTokens.expiresAt, new Date())))
    .returning({ organizationId: threeDTrackerPairingTokens.organizationId });
  return row;
}

/**
 * Register a device: the tracker of (organization, idFromTracker) is created, or updated (its name) when the
 * device pairs again. Its earlier credentials are revoked and the new one stored, all in one transaction.
 */
export async function pairThreeDTracker(
  db: Database,
  values: { organizationId: string; idFromTracker: string; name: string; secretHash: string; expiresAt: Date },
): Promise<{ tracker: TrackerWithNode; created: boolean }> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const [existing] = await tx
      .select({ node: nodes, tracker: threeDTrackers })
      .from(threeDTrackers)
      .innerJoin(nodes, eq(nodes.id, threeDTrackers.nodeId))
      .where(and(eq(threeDTrackers.organizationId, values.organizationId), eq(threeDTrackers.idFromTracker, values.idFromTracker)))
      .limit(1)
      .for('update');
    let nodeId: string;
    let created = false;
    if (existing) {
      nodeId = existing.node.id;
      // A tracker deleted from the hub (soft) and paired again comes back.
      await tx.update(nodes).set({ name: values.name, updatedAt: new Date(), deletedAt: null, deletionId: null }).where(eq(nodes.id, nodeId));
      await tx.delete(threeDTrackerCredentials).where(eq(threeDTrackerCredentials.trackerNodeId, nodeId));
    } else {
      const node = await insertNode(tx, { organizationId: values.organizationId, parentId: null, type: 'THREE_D_TRACKER', name: values.name, createdById: null });
      await tx.insert(threeDTrackers).values({ nodeId: node.id, organizationId: values.organizationId, idFromTracker: values.idFromTracker });
      nodeId = node.id;
      created = true;
    }
    await tx.insert(threeDTrackerCredentials).values({ organizationId: values.organizationId, trackerNodeId: nodeId, secretHash: values.secretHash, expiresAt: values.expiresAt });
    const tracker = await findThreeDTracker(tx, values.organizationId, nodeId);
    return { tracker: tracker!, created };
  });
}

/** A credential by hash, only while its tracker's node is live. */
export async function findTrackerCredentialByHash(db: Database, secretHash: string): Promise<TrackerCredentialAuthRow | undefined> {
  const [row] = await db
    .select({
      credentialId: threeDTrackerCredentials.id,
      organizationId: threeDTrackerCredentials.organizationId,
      organizationSlug: organization.slug,
      trackerNodeId: threeDTrackerCredentials.trackerNodeId,
      expiresAt: threeDTrackerCredentials.expiresAt,
    })
    .from(threeDTrackerCredentials)
    .innerJoin(organization, eq(organization.id, threeDTrackerCredentials.organizationId))
    .innerJoin(nodes, eq(nodes.id, threeDTrackerCredentials.trackerNodeId))
    .where(and(eq(threeDTrackerCredentials.secretHash, secretHash), isNull(nodes.deletedAt)))
    .limit(1);
  return row;
}

export async function insertModelSession(
  db: Database,
  values: { organizationId: string; threeDModelNodeId: string; trackerNodeId: string; rosUrl: string | null; lastSeenAt?: Date },
): Promise<ThreeDModelSessionRow> {
  const [row] = await db.insert(threeDModelSessions).values(values).returning();
  return row!;
}

/** The newest open session of a model: one the device refreshed after `aliveSince` (older ones have ended). */
export async function findModelSession(db: Database, organizationId: string, modelNodeId: string, aliveSince: Date): Promise<ThreeDModelSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(threeDModelSessions)
    .where(
      and(
        eq(threeDModelSessions.organizationId, organizationId),
        eq(threeDModelSessions.threeDModelNodeId, modelNodeId),
        gt(threeDModelSessions.lastSeenAt, aliveSince),
      ),
    )
    .orderBy(desc(threeDModelSessions.createdAt), desc(threeDModelSessions.id))
    .limit(1);
  return row;
}

/** An open session of the model (refreshed after `aliveSince`). */
export async function findModelSessionById(
  db: Database,
  organizationId: string,
  modelNodeId: string,
  sessionId: string,
  aliveSince: Date,
): Promise<ThreeDModelSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(threeDModelSessions)
    .where(
      and(
        eq(threeDModelSessions.organizationId, organizationId),
        eq(threeDModelSessions.threeDModelNodeId, modelNodeId),
        eq(threeDModelSessions.id, sessionId),
        gt(threeDModelSessions.lastSeenAt, aliveSince),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The device's heartbeat: refresh its open session (one refreshed after `aliveSince`; an expired one has
 * ended and stays so). True when refreshed.
 */
export async function touchModelSession(
  db: Database,
  organizationId: string,
  trackerNodeId: string,
  sessionId: string,
  aliveSince: Date,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(threeDModelSessions)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(threeDModelSessions.organizationId, organizationId),
        eq(threeDModelSessions.trackerNodeId, trackerNodeId),
        eq(threeDModelSessions.id, sessionId),
        gt(threeDModelSessions.lastSeenAt, aliveSince),
      ),
    )
    .returning({ id: threeDModelSessions.id });
  return rows.length > 0;
}

/** End a session (of the model, and of the tracker when given). True when one was deleted. */
export async function deleteModelSession(
  db: Database,
  organizationId: string,
  sessionId: string,
  scope: { modelNodeId?: string; trackerNodeId?: string },
): Promise<boolean> {
  const rows = await db
    .delete(threeDModelSessions)
    .where(
      and(
        eq(threeDModelSessions.organizationId, organizationId),
        eq(threeDModelSessions.id, sessionId),
        scope.modelNodeId ? eq(threeDModelSessions.threeDModelNodeId, scope.modelNodeId) : undefined,
        scope.trackerNodeId ? eq(threeDModelSessions.trackerNodeId, scope.trackerNodeId) : undefined,
      ),
    )
    .returning({ id: threeDModelSessions.id });
  return rows.length > 0;
}
