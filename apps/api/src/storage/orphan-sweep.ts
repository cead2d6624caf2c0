import { findStorageKeyOwners, takeStalePendingObjects, takeUnusedNodelessFiles, type Database } from '@gprhub/db';
import { uploadKeyOf } from './s3-storage.js';
import type { Storage, StoredObjectInfo } from './storage.js';

const BATCH = 500;
const STAGING_PREFIX = uploadKeyOf('');

/** What one sweep did. */
export interface SweepReport {
  /** Keys of the objects deleted. */
  deleted: string[];
  /** Objects listed in storage and kept (referenced, pending, or too young to judge). */
  kept: number;
}

/**
 * Delete what crashes left in storage (docs/decisions/0020-orphan-sweep.md), in three passes:
 *
 * 0. Report logos older than `graceS` that no report settings use (uploaded and never saved, or replaced by
 *    a save that died before deleting the old one): their file rows are taken, then their objects deleted.
 * 1. Pending writes older than `graceS` (an import or an analysis killed between writing its objects and
 *    committing their file rows): the records are taken first, then their objects deleted.
 * 2. Every object in storage older than `graceS` that no file row and no pending record names: what a
 *    crash left with no record at all (a local driver's half-written temporary file, an S3 upload staging
 *    key whose file is confirmed or gone, objects of rows deleted with their organization).
 *
 * An object a file row names is never deleted (nor the staging object of a file still waiting for its
 * upload). Storage must belong to this database alone: objects another deployment wrote would be swept.
 */
export async function sweepOrphanObjects(
  ctx: { db: Database; storage: Storage },
  options: { graceS: number; now?: Date },
): Promise<SweepReport> {
  const before = new Date((options.now ?? new Date()).getTime() - options.graceS * 1000);
  const report: SweepReport = { deleted: [], kept: 0 };
  for (;;) {
    const keys = await takeUnusedNodelessFiles(ctx.db, before, BATCH);
    if (keys.length === 0) break;
    for (const key of keys) await deleteObject(ctx.storage, key, report);
  }
  for (;;) {
    const keys = await takeStalePendingObjects(ctx.db, before, BATCH);
    if (keys.length === 0) break;
    const { files } = await findStorageKeyOwners(ctx.db, keys);
    for (const key of keys) if (!files.has(key)) await deleteObject(ctx.storage, key, report);
  }
  let batch: StoredObjectInfo[] = [];
  for await (const object of ctx.storage.list()) {
    if (object.lastModified >= before) {
      report.kept++;
      continue;
    }
    batch.push(object);
    if (batch.length === BATCH) {
      await sweepListed(ctx, batch, report);
      batch = [];
    }
  }
  await sweepListed(ctx, batch, report);
  return report;
}

async function sweepListed(ctx: { db: Database; storage: Storage }, objects: StoredObjectInfo[], report: SweepReport): Promise<void> {
  if (objects.length === 0) return;
  const isStaging = (key: string) => ctx.storage.driver === 's3' && key.startsWith(STAGING_PREFIX);
  // A staging object belongs to the file whose key it stages.
  const ownerKeys = objects.map((o) => (isStaging(o.key) ? o.key.slice(STAGING_PREFIX.length) : o.key));
  const owners = await findStorageKeyOwners(ctx.db, [...new Set([...ownerKeys, ...objects.map((o) => o.key)])]);
  for (const [i, object] of objects.entries()) {
    const ownerKey = ownerKeys[i]!;
    const isKept = isStaging(object.key)
      ? // Kept while its file waits for the upload to be confirmed (has-uploaded copies it then).
        owners.files.get(ownerKey)?.isConfirmed === false || owners.pending.has(object.key)
      : owners.files.has(object.key) || owners.pending.has(object.key);
    if (isKept) report.kept++;
    else await deleteObject(ctx.storage, object.key, report);
  }
}

async function deleteObject(storage: Storage, key: string, report: SweepReport): Promise<void> {
  await storage.delete(key);
  report.deleted.push(key);
}

/**
 * Sweep once now and then every `intervalS` seconds (0: only now), logging what was deleted. Errors are
 * logged, never thrown: the next sweep tries again. Returns the function that stops it.
 */
export function startOrphanSweep(
  ctx: { db: Database; storage: Storage },
  options: { intervalS: number; graceS: number },
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = sweepOrphanObjects(ctx, { graceS: options.graceS })
      .then((r) => {
        if (r.deleted.length > 0) log.info({ deleted: r.deleted.length, kept: r.kept }, 'orphan sweep: deleted objects nothing refers to');
      })
      .catch((error: unknown) => log.error({ err: error }, 'orphan sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = options.intervalS > 0 ? setInterval(run, options.intervalS * 1000) : null;
  timer?.unref();
  return async () => {
    if (timer) clearInterval(timer);
    await running;
  };
}
