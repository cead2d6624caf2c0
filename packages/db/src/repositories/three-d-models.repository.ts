import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../client.js';
import { files } from '../schema/files.js';
import { nodes } from '../schema/nodes.js';
import {
  threeDModelObservations,
  threeDModels,
  threeDModelVersionFiles,
  threeDModelVersions,
  type StoredArea,
} from '../schema/three-d-models.js';
import { insertNode, type NodeRow } from './nodes.repository.js';

export type ThreeDModelRow = typeof threeDModels.$inferSelect;
export type ThreeDModelVersionRow = typeof threeDModelVersions.$inferSelect;
export type ThreeDModelVersionFileRow = typeof threeDModelVersionFiles.$inferSelect;
export type ThreeDModelObservationRow = typeof threeDModelObservations.$inferSelect;
export type FileRowOfVersion = typeof files.$inferSelect;

/** Create a THREE_D_MODEL node and its row in one transaction. */
export async function insertThreeDModel(
  db: Database,
  values: { organizationId: string; parentId: string | null; name: string; createdById: string | null },
): Promise<{ node: NodeRow; model: ThreeDModelRow }> {
  return db.transaction(async (tx) => {
    const node = await insertNode(tx as unknown as Database, { ...values, type: 'THREE_D_MODEL' });
    const [model] = await tx.insert(threeDModels).values({ nodeId: node.id, organizationId: values.organizationId }).returning();
    return { node, model: model! };
  });
}

/**
 * A live model with its node. `organizationId` null: any organization (only for public reads, whose caller
 * then checks `node.isPublic`).
 */
export async function findThreeDModel(
  db: Database,
  organizationId: string | null,
  nodeId: string,
): Promise<{ node: NodeRow; model: ThreeDModelRow } | undefined> {
  const [row] = await db
    .select({ node: nodes, model: threeDModels })
    .from(threeDModels)
    .innerJoin(nodes, eq(nodes.id, threeDModels.nodeId))
    .where(
      and(
        eq(threeDModels.nodeId, nodeId),
        organizationId === null ? undefined : eq(threeDModels.organizationId, organizationId),
        isNull(nodes.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

export async function updateThreeDModelViewOptions(
  db: Database,
  organizationId: string,
  nodeId: string,
  values: Partial<Pick<ThreeDModelRow, 'rotationXDeg' | 'rotationYDeg' | 'rotationZDeg' | 'materialSize' | 'useVertexColors'>>,
): Promise<ThreeDModelRow | undefined> {
  const [row] = await db
    .update(threeDModels)
    .set(values)
    .where(and(eq(threeDModels.organizationId, organizationId), eq(threeDModels.nodeId, nodeId)))
    .returning();
  return row;
}

/** Create a version and its typed files in one transaction. */
export async function insertThreeDModelVersion(
  db: Database,
  values: {
    organizationId: string;
    threeDModelNodeId: string;
    createdById: string | null;
    files: { type: string; fileId: string; summary: string }[];
  },
): Promise<ThreeDModelVersionRow> {
  return db.transaction(async (tx) => {
    const [version] = await tx
      .insert(threeDModelVersions)
      .values({ organizationId: values.organizationId, threeDModelNodeId: values.threeDModelNodeId, createdById: values.createdById })
      .returning();
    if (values.files.length > 0) {
      await tx.insert(threeDModelVersionFiles).values(
        values.files.map((f) => ({ organizationId: values.organizationId, versionId: version!.id, ...f })),
      );
    }
    return version!;
  });
}

/** The versions of a model, newest first. */
export async function findThreeDModelVersions(db: Database, organizationId: string, nodeId: string): Promise<ThreeDModelVersionRow[]> {
  return db
    .select()
    .from(threeDModelVersions)
    .where(and(eq(threeDModelVersions.organizationId, organizationId), eq(threeDModelVersions.threeDModelNodeId, nodeId)))
    .orderBy(desc(threeDModelVersions.createdAt), desc(threeDModelVersions.id));
}

/** The typed files of a version with their file rows. */
export async function findVersionFiles(
  db: Database,
  organizationId: string,
  versionId: string,
): Promise<{ versionFile: ThreeDModelVersionFileRow; file: FileRowOfVersion }[]> {
  return db
    .select({ versionFile: threeDModelVersionFiles, file: files })
    .from(threeDModelVersionFiles)
    .innerJoin(files, eq(files.id, threeDModelVersionFiles.fileId))
    .where(and(eq(threeDModelVersionFiles.organizationId, organizationId), eq(threeDModelVersionFiles.versionId, versionId)));
}

/** Add observations; one per model, scan and version (existing ones are kept and returned as they are). */
export async function insertObservations(
  db: Database,
  rows: (typeof threeDModelObservations.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(threeDModelObservations).values(rows).onConflictDoNothing();
}

/** The observations of a model (of one version, or all), oldest first, with their scan node. */
export async function findObservations(
  db: Database,
  organizationId: string,
  threeDModelNodeId: string,
  versionId?: string,
): Promise<{ observation: ThreeDModelObservationRow; node: NodeRow }[]> {
  return db
    .select({ observation: threeDModelObservations, node: nodes })
    .from(threeDModelObservations)
    .innerJoin(nodes, eq(nodes.id, threeDModelObservations.observationNodeId))
    .where(
      and(
        eq(threeDModelObservations.organizationId, organizationId),
        eq(threeDModelObservations.threeDModelNodeId, threeDModelNodeId),
        versionId ? eq(threeDModelObservations.threeDModelVersionId, versionId) : undefined,
        isNull(nodes.deletedAt),
      ),
    )
    .orderBy(threeDModelObservations.createdAt, threeDModelObservations.id);
}

/** One observation with its scan node; `organizationId` null only for public reads (the caller checks the model). */
export async function findObservation(
  db: Database,
  organizationId: string | null,
  id: string,
): Promise<{ observation: ThreeDModelObservationRow; node: NodeRow } | undefined> {
  const [row] = await db
    .select({ observation: threeDModelObservations, node: nodes })
    .from(threeDModelObservations)
    .innerJoin(nodes, eq(nodes.id, threeDModelObservations.observationNodeId))
    .where(
      and(
        eq(threeDModelObservations.id, id),
        organizationId === null ? undefined : eq(threeDModelObservations.organizationId, organizationId),
        isNull(nodes.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

export async function updateObservation(
  db: Database,
  organizationId: string,
  id: string,
  values: { observationArea?: StoredArea; isVisible?: boolean },
): Promise<ThreeDModelObservationRow | undefined> {
  const [row] = await db
    .update(threeDModelObservations)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(threeDModelObservations.organizationId, organizationId), eq(threeDModelObservations.id, id)))
    .returning();
  return row;
}

export async function deleteObservation(db: Database, organizationId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(threeDModelObservations)
    .where(and(eq(threeDModelObservations.organizationId, organizationId), eq(threeDModelObservations.id, id)))
    .returning({ id: threeDModelObservations.id });
  return rows.length > 0;
}

/** A version file with its file row and model, any organization: the caller checks access to the model. */
export async function findVersionFileUnscoped(
  db: Database,
  id: string,
): Promise<{ versionFile: ThreeDModelVersionFileRow; file: FileRowOfVersion; threeDModelNodeId: string } | undefined> {
  const [row] = await db
    .select({ versionFile: threeDModelVersionFiles, file: files, threeDModelNodeId: threeDModelVersions.threeDModelNodeId })
    .from(threeDModelVersionFiles)
    .innerJoin(threeDModelVersions, eq(threeDModelVersions.id, threeDModelVersionFiles.versionId))
    .innerJoin(files, eq(files.id, threeDModelVersionFiles.fileId))
    .where(eq(threeDModelVersionFiles.id, id))
    .limit(1);
  return row;
}

/** One version of the organization's models (with its model's node id), or undefined. */
export async function findThreeDModelVersion(
  db: Database,
  organizationId: string,
  versionId: string,
): Promise<ThreeDModelVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(threeDModelVersions)
    .where(and(eq(threeDModelVersions.organizationId, organizationId), eq(threeDModelVersions.id, versionId)))
    .limit(1);
  return row;
}

/**
 * Give a version generated files: its existing files of the same types are dropped (a re-run replaces what
 * the previous run made, in this version only), then the new ones are added.
 */
export async function replaceVersionFilesOfTypes(
  db: Database,
  organizationId: string,
  versionId: string,
  added: { type: string; fileId: string; summary: string }[],
): Promise<void> {
  // The version's row is locked first: a derived file's writer (lockVersionFiles) either commits before this
  // replacement (and its copy is dropped below) or after it (and finds its source gone).
  await lockVersionFiles(db, organizationId, versionId);
  const types = new Set(added.map((f) => f.type));
  // A file derived from a replaced one goes with it (decision 0058: the LOD-ordered copy of the point cloud).
  for (const type of [...types]) for (const derived of DERIVED_VERSION_FILE_TYPES[type] ?? []) types.add(derived);
  for (const type of types)
    await db
      .delete(threeDModelVersionFiles)
      .where(
        and(
          eq(threeDModelVersionFiles.organizationId, organizationId),
          eq(threeDModelVersionFiles.versionId, versionId),
          eq(threeDModelVersionFiles.type, type),
        ),
      );
  if (added.length > 0)
    await db.insert(threeDModelVersionFiles).values(added.map((f) => ({ organizationId, versionId, ...f })));
}

/** Version file types derived by the server from another type's file (decision 0058), by source type. */
export const DERIVED_VERSION_FILE_TYPES: Readonly<Record<string, readonly string[]>> = { point_cloud: ['point_cloud_lod'] };

/**
 * Lock a version's row until the transaction ends (writers of its derived files, one at a time). Answers the
 * version's files after the lock, or undefined when the version no longer exists.
 */
export async function lockVersionFiles(
  tx: Database,
  organizationId: string,
  versionId: string,
): Promise<{ versionFile: ThreeDModelVersionFileRow; file: FileRowOfVersion }[] | undefined> {
  const locked = await tx
    .select({ id: threeDModelVersions.id })
    .from(threeDModelVersions)
    .where(and(eq(threeDModelVersions.organizationId, organizationId), eq(threeDModelVersions.id, versionId)))
    .for('update');
  if (locked.length === 0) return undefined;
  return findVersionFiles(tx, organizationId, versionId);
}

/** Add one typed file to an existing version (a derived file; the caller holds {@link lockVersionFiles}). */
export async function insertVersionFile(
  db: Database,
  values: { organizationId: string; versionId: string; type: string; fileId: string; summary: string },
): Promise<ThreeDModelVersionFileRow> {
  const [row] = await db.insert(threeDModelVersionFiles).values(values).returning();
  return row!;
}
