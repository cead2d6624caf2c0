import { and, asc, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { files, nodeComments, nodeImages, nodeMetadata, user } from '../schema/index.js';

export type CommentRow = typeof nodeComments.$inferSelect;
export type CommentWithAuthor = CommentRow & {
  author: { id: string; name: string; firstName: string | null; lastName: string | null; image: string | null };
};

const authorColumns = { id: user.id, name: user.name, firstName: user.firstName, lastName: user.lastName, image: user.image };

export async function findComments(db: Database, organizationId: string, nodeId: string): Promise<CommentWithAuthor[]> {
  const rows = await db
    .select({ comment: nodeComments, author: authorColumns })
    .from(nodeComments)
    .innerJoin(user, eq(user.id, nodeComments.authorId))
    .where(and(eq(nodeComments.organizationId, organizationId), eq(nodeComments.nodeId, nodeId)))
    .orderBy(asc(nodeComments.createdAt), asc(nodeComments.id));
  return rows.map((r) => ({ ...r.comment, author: r.author }));
}

export async function findComment(db: Database, organizationId: string, id: string): Promise<CommentWithAuthor | undefined> {
  const [r] = await db
    .select({ comment: nodeComments, author: authorColumns })
    .from(nodeComments)
    .innerJoin(user, eq(user.id, nodeComments.authorId))
    .where(and(eq(nodeComments.organizationId, organizationId), eq(nodeComments.id, id)))
    .limit(1);
  return r ? { ...r.comment, author: r.author } : undefined;
}

export async function insertComment(db: Database, values: { organizationId: string; nodeId: string; authorId: string; content: string }) {
  const [row] = await db.insert(nodeComments).values(values).returning();
  return row!;
}

export async function updateCommentContent(db: Database, organizationId: string, id: string, content: string) {
  await db
    .update(nodeComments)
    .set({ content, updatedAt: new Date() })
    .where(and(eq(nodeComments.organizationId, organizationId), eq(nodeComments.id, id)));
}

export async function deleteCommentRow(db: Database, organizationId: string, id: string) {
  await db.delete(nodeComments).where(and(eq(nodeComments.organizationId, organizationId), eq(nodeComments.id, id)));
}

export type MetadataRow = typeof nodeMetadata.$inferSelect;

export async function findMetadata(db: Database, organizationId: string, nodeId: string): Promise<MetadataRow[]> {
  return db
    .select()
    .from(nodeMetadata)
    .where(and(eq(nodeMetadata.organizationId, organizationId), eq(nodeMetadata.nodeId, nodeId)))
    .orderBy(asc(nodeMetadata.createdAt), asc(nodeMetadata.id));
}

/** The items named `name` of these nodes (e.g. every scan's rebarPositionLabel), oldest first. */
export async function findMetadataByName(
  db: Database,
  organizationId: string,
  nodeIds: string[],
  name: string,
): Promise<MetadataRow[]> {
  if (nodeIds.length === 0) return [];
  return db
    .select()
    .from(nodeMetadata)
    .where(and(eq(nodeMetadata.organizationId, organizationId), eq(nodeMetadata.name, name), inArray(nodeMetadata.nodeId, nodeIds)))
    .orderBy(asc(nodeMetadata.createdAt), asc(nodeMetadata.id));
}

export async function findMetadataItem(db: Database, organizationId: string, id: string): Promise<MetadataRow | undefined> {
  const [row] = await db
    .select()
    .from(nodeMetadata)
    .where(and(eq(nodeMetadata.organizationId, organizationId), eq(nodeMetadata.id, id)))
    .limit(1);
  return row;
}

export async function insertMetadata(
  db: Database,
  values: { organizationId: string; nodeId: string; name: string; type: string; value: unknown; createdById: string | null },
): Promise<MetadataRow> {
  const [row] = await db.insert(nodeMetadata).values(values).returning();
  return row!;
}

export async function updateMetadata(
  db: Database,
  organizationId: string,
  id: string,
  values: { nodeId: string; name: string; type: string; value: unknown },
): Promise<MetadataRow> {
  const [row] = await db
    .update(nodeMetadata)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(nodeMetadata.organizationId, organizationId), eq(nodeMetadata.id, id)))
    .returning();
  return row!;
}

export async function deleteMetadataRow(db: Database, organizationId: string, id: string) {
  await db.delete(nodeMetadata).where(and(eq(nodeMetadata.organizationId, organizationId), eq(nodeMetadata.id, id)));
}

/** Metadata names used in the organization that contain `text`, most used first. */
export async function findMetadataNames(db: Database, organizationId: string, text: string, limit = 10): Promise<string[]> {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .select({ name: nodeMetadata.name, uses: sql<number>`count(*)` })
    .from(nodeMetadata)
    .where(and(eq(nodeMetadata.organizationId, organizationId), ilike(nodeMetadata.name, `%${escaped}%`)))
    .groupBy(nodeMetadata.name)
    .orderBy(desc(sql`count(*)`), asc(nodeMetadata.name))
    .limit(limit);
  return rows.map((r) => r.name);
}

export type ImageRow = typeof nodeImages.$inferSelect;

export async function insertImages(db: Database, values: { id?: string; organizationId: string; nodeId: string; fileId: string }[]) {
  return db.insert(nodeImages).values(values).returning();
}

export async function findImages(db: Database, organizationId: string, nodeId: string) {
  return db
    .select({ image: nodeImages, file: files })
    .from(nodeImages)
    .innerJoin(files, eq(files.id, nodeImages.fileId))
    .where(and(eq(nodeImages.organizationId, organizationId), eq(nodeImages.nodeId, nodeId), sql`${files.confirmedUploadedAt} IS NOT NULL`))
    .orderBy(desc(nodeImages.createdAt), asc(nodeImages.id));
}

export async function findImage(db: Database, organizationId: string, id: string) {
  const [row] = await db
    .select({ image: nodeImages, file: files })
    .from(nodeImages)
    .innerJoin(files, eq(files.id, nodeImages.fileId))
    .where(and(eq(nodeImages.organizationId, organizationId), eq(nodeImages.id, id)))
    .limit(1);
  return row;
}

/** Delete an image and its file record (the caller removes the stored bytes). */
export async function deleteImageRows(db: Database, organizationId: string, imageId: string, fileId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(nodeImages).where(and(eq(nodeImages.organizationId, organizationId), eq(nodeImages.id, imageId)));
    await tx.delete(files).where(and(eq(files.organizationId, organizationId), eq(files.id, fileId)));
  });
}
