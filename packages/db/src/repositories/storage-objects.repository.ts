import { and, eq, inArray, isNull, like, lt, notExists, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../client.js';
import { files, reportSettings, storagePendingObjects } from '../schema/index.js';

/** The orphan sweep took these pending records: the writer was too slow and its objects are being deleted. */
export class PendingObjectsSweptError extends Error {
  constructor() {
    super('The objects of this write were swept as abandoned before it finished (STORAGE_SWEEP_GRACE_S)');
  }
}

/**
 * Record objects about to be written (before writing them): until a file row takes over the key, the
 * orphan sweep knows they are being written, and since when. See docs/decisions/0020-orphan-sweep.md.
 */
export async function insertPendingObjects(db: Database, organizationId: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insert(storagePendingObjects)
    .values(keys.map((storageKey) => ({ organizationId, storageKey })))
    .onConflictDoNothing();
}

/** Drop pending records after deleting their objects (a failed write cleaning up after itself). */
export async function deletePendingObjects(db: Database, organizationId: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .delete(storagePendingObjects)
    .where(and(eq(storagePendingObjects.organizationId, organizationId), inArray(storagePendingObjects.storageKey, keys)));
}

/**
 * In the transaction that inserts the keys' file rows: the file rows take over from the pending records.
 * @throws PendingObjectsSweptError when the sweep took any of them first (the transaction must roll back:
 * the sweep is deleting those objects)
 */
export async function settlePendingObjects(db: Database, organizationId: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const settled = await db
    .delete(storagePendingObjects)
    .where(and(eq(storagePendingObjects.organizationId, organizationId), inArray(storagePendingObjects.storageKey, keys)))
    .returning({ id: storagePendingObjects.id });
  if (settled.length < new Set(keys).size) throw new PendingObjectsSweptError();
}

/**
 * Take (delete and return the keys of) up to `limit` pending records older than `before`: their writers
 * crashed or hung. Deleting first is what makes the sweep safe against a slow writer: the writer's
 * {@link settlePendingObjects} then fails and rolls back, so no file row ever points at a swept object.
 * Across organizations: only the orphan sweep calls this, which works on storage as a whole.
 */
export async function takeStalePendingObjects(db: Database, before: Date, limit: number): Promise<string[]> {
  const stale = db
    .select({ id: storagePendingObjects.id })
    .from(storagePendingObjects)
    .where(lt(storagePendingObjects.createdAt, before))
    .limit(limit);
  const taken = await db
    .delete(storagePendingObjects)
    .where(inArray(storagePendingObjects.id, stale))
    .returning({ key: storagePendingObjects.storageKey });
  return taken.map((r) => r.key);
}

/**
 * Take (delete and return the storage keys of) up to `limit` files of no node created before `before` that
 * no organization's report settings use: report logos uploaded and never saved, or replaced by a save that
 * crashed before deleting them (files of no node under `<organization>/report-logos/`; every other file row
 * belongs to a node). Across organizations, for the orphan sweep; the objects are deleted by the caller.
 */
export async function takeUnusedNodelessFiles(db: Database, before: Date, limit: number): Promise<string[]> {
  const unused = db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        isNull(files.nodeId),
        like(files.storageKey, '%/report-logos/%'),
        lt(files.createdAt, before),
        notExists(db.select({ one: sql`1` }).from(reportSettings).where(eq(reportSettings.logoFileId, files.id))),
      ),
    )
    .limit(limit);
  const taken = await db.delete(files).where(inArray(files.id, unused)).returning({ key: files.storageKey });
  return taken.map((r) => r.key);
}

/**
 * What the database says of these storage keys, in one statement (one snapshot, so a write settling
 * meanwhile is seen either as pending or as a file, never as neither): the keys of file rows, with whether
 * the file's upload is confirmed, and the keys of pending records. Across organizations, for the sweep.
 */
export async function findStorageKeyOwners(
  db: Database,
  keys: string[],
): Promise<{ files: Map<string, { isConfirmed: boolean }>; pending: Set<string> }> {
  const result = { files: new Map<string, { isConfirmed: boolean }>(), pending: new Set<string>() };
  if (keys.length === 0) return result;
  const rows = await unionAll(
    db
      .select({ key: files.storageKey, kind: sql<string>`'file'`.as('kind'), isConfirmed: sql<boolean>`${files.confirmedUploadedAt} is not null`.as('is_confirmed') })
      .from(files)
      .where(inArray(files.storageKey, keys)),
    db
      .select({ key: storagePendingObjects.storageKey, kind: sql<string>`'pending'`.as('kind'), isConfirmed: sql<boolean>`false`.as('is_confirmed') })
      .from(storagePendingObjects)
      .where(inArray(storagePendingObjects.storageKey, keys)),
  );
  for (const r of rows) {
    if (r.kind === 'file') result.files.set(r.key, { isConfirmed: Boolean(r.isConfirmed) });
    else result.pending.add(r.key);
  }
  return result;
}
