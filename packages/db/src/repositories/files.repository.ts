import { and, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../client.js';
import { files } from '../schema/index.js';

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;

export async function insertFiles(db: Database, values: NewFileRow[]): Promise<FileRow[]> {
  if (values.length === 0) return [];
  return db.insert(files).values(values).returning();
}

export async function findFileById(db: Database, organizationId: string, id: string): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.organizationId, organizationId), eq(files.id, id)))
    .limit(1);
  return row;
}

/** A file by id with no organization filter: only for the signed-URL routes, whose signature names the file. */
export async function findFileByIdUnscoped(db: Database, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row;
}

/**
 * Mark a file uploaded, once: true when this call did it, false when it was already uploaded (or is
 * gone). The winner alone may write the file's object, so a confirmed file is never replaced.
 */
export async function claimFileUpload(db: Database, id: string, size: number): Promise<boolean> {
  const claimed = await db
    .update(files)
    .set({ confirmedUploadedAt: new Date(), size })
    .where(and(eq(files.id, id), isNull(files.confirmedUploadedAt)))
    .returning({ id: files.id });
  return claimed.length === 1;
}

/** Undo {@link claimFileUpload} when writing the object failed after the claim. */
export async function releaseFileUpload(db: Database, id: string): Promise<void> {
  await db.update(files).set({ confirmedUploadedAt: null, size: null }).where(eq(files.id, id));
}

/** How many of `ids` exist in the organization, and how many of those are uploaded. */
export async function countUploadedFiles(
  db: Database,
  organizationId: string,
  ids: string[],
): Promise<{ found: number; uploaded: number }> {
  const scope = and(eq(files.organizationId, organizationId), inArray(files.id, ids));
  const [[found], [uploaded]] = await Promise.all([
    db.select({ n: count() }).from(files).where(scope),
    db.select({ n: count() }).from(files).where(and(scope, isNotNull(files.confirmedUploadedAt))),
  ]);
  return { found: found?.n ?? 0, uploaded: uploaded?.n ?? 0 };
}
