import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { user } from '../schema/auth.js';
import { files } from '../schema/files.js';
import { reportSettings, reports } from '../schema/reports.js';

export type ReportRow = typeof reports.$inferSelect;
export type ReportSettingsRow = typeof reportSettings.$inferSelect;

/** A new PENDING report of a node. */
export async function insertReport(
  db: Database,
  values: { organizationId: string; subjectNodeId: string; requestedBy: string | null },
): Promise<ReportRow> {
  const [row] = await db.insert(reports).values(values).returning();
  return row!;
}

/** A report of the organization. */
export async function findReport(db: Database, organizationId: string, id: string): Promise<ReportRow | undefined> {
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.organizationId, organizationId), eq(reports.id, id)))
    .limit(1);
  return row;
}

/**
 * The worker takes a report (its id comes from the queue, so the organization is the row's): attempt + 1,
 * RUNNING. Undefined when it is already settled (a duplicate delivery).
 */
export async function claimReport(db: Database, id: string): Promise<ReportRow | undefined> {
  const [row] = await db
    .update(reports)
    .set({ status: 'RUNNING', attempt: sql`${reports.attempt} + 1`, progress: 0, message: null })
    .where(and(eq(reports.id, id), sql`${reports.status} in ('PENDING', 'RUNNING')`))
    .returning();
  return row;
}

/** Progress of the attempt that holds the report (a later attempt's writes win). */
export async function updateReportProgress(db: Database, report: ReportRow, progress: number, message: string | null): Promise<void> {
  await db
    .update(reports)
    .set({ progress, message })
    .where(and(eq(reports.id, report.id), eq(reports.attempt, report.attempt), eq(reports.status, 'RUNNING')));
}

/**
 * Settle the report in the caller's transaction, only if this attempt still holds it: FINISHED with its file
 * node and file, or FAILED with a message. Answers whether it did.
 */
export async function settleReport(
  db: Database,
  report: ReportRow,
  outcome: { status: 'FINISHED'; fileNodeId: string; fileId: string } | { status: 'FAILED'; message: string },
): Promise<boolean> {
  const rows = await db
    .update(reports)
    .set(
      outcome.status === 'FINISHED'
        ? { status: 'FINISHED', progress: 1, message: null, fileNodeId: outcome.fileNodeId, fileId: outcome.fileId, finishedAt: new Date() }
        : { status: 'FAILED', message: outcome.message, finishedAt: new Date() },
    )
    .where(and(eq(reports.id, report.id), eq(reports.attempt, report.attempt), eq(reports.status, 'RUNNING')))
    .returning({ id: reports.id });
  return rows.length === 1;
}

/** The report's row locked for the settling transaction (so two attempts never both settle it). */
export async function lockReport(db: Database, report: ReportRow): Promise<boolean> {
  const rows = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.id, report.id), eq(reports.attempt, report.attempt), eq(reports.status, 'RUNNING')))
    .for('update');
  return rows.length === 1;
}

/** A report whose jobs were lost twice: FAILED, whatever attempt holds it. */
export async function failAbandonedReport(db: Database, id: string, message: string): Promise<void> {
  await db
    .update(reports)
    .set({ status: 'FAILED', message, finishedAt: new Date() })
    .where(and(eq(reports.id, id), sql`${reports.status} in ('PENDING', 'RUNNING')`));
}

export async function findReportSettings(db: Database, organizationId: string): Promise<ReportSettingsRow | undefined> {
  const [row] = await db.select().from(reportSettings).where(eq(reportSettings.organizationId, organizationId)).limit(1);
  return row;
}

/**
 * Save an organization's report settings. A logo the settings used before and no longer use is deleted with
 * them (its file row, in the same transaction): its storage key is returned for the caller to delete the
 * object after the commit (a crash in between leaves an object no row names, which the orphan sweep takes).
 */
export async function upsertReportSettings(
  db: Database,
  organizationId: string,
  settings: Record<string, unknown>,
  logoFileId: string | null,
): Promise<{ row: ReportSettingsRow; replacedLogoKey: string | null }> {
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ logoFileId: reportSettings.logoFileId })
      .from(reportSettings)
      .where(eq(reportSettings.organizationId, organizationId))
      .for('update');
    const [row] = await tx
      .insert(reportSettings)
      .values({ organizationId, settings, logoFileId })
      .onConflictDoUpdate({ target: reportSettings.organizationId, set: { settings, logoFileId, updatedAt: new Date() } })
      .returning();
    let replacedLogoKey: string | null = null;
    if (previous?.logoFileId && previous.logoFileId !== logoFileId) {
      const [gone] = await tx
        .delete(files)
        .where(and(eq(files.id, previous.logoFileId), eq(files.organizationId, organizationId), isNull(files.nodeId)))
        .returning({ storageKey: files.storageKey });
      replacedLogoKey = gone?.storageKey ?? null;
    }
    return { row: row!, replacedLogoKey };
  });
}

/** A user's display name (the report's author), or null when the user is gone. */
export async function findUserName(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId)).limit(1);
  return row?.name ?? null;
}

/** The newest report of a node. */
export async function findLatestReport(db: Database, organizationId: string, subjectNodeId: string): Promise<ReportRow | undefined> {
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.organizationId, organizationId), eq(reports.subjectNodeId, subjectNodeId)))
    .orderBy(desc(reports.createdAt))
    .limit(1);
  return row;
}
