import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { analyses, analysisJobEvents, analysisJobs, analysisRuns } from '../schema/analyses.js';
import {
  analysisConditions,
  listOrder,
  pageOf,
  type AnalysisListFilter,
  type ListPage,
} from './analysis-list.js';

/** Runs of analyses, their jobs (one per run, claimed and settled by workers) and the jobs' history events. */
export type AnalysisRunRow = typeof analysisRuns.$inferSelect;
export type AnalysisJobRow = typeof analysisJobs.$inferSelect;
export type AnalysisJobEventRow = typeof analysisJobEvents.$inferSelect;

/** A new run with its job (status CREATED) and the job's first history event; the analysis points to it as latest. */
export async function createRunWithJob(
  db: Database,
  values: {
    organizationId: string;
    analysisNodeId: string;
    analysisType: string;
    options: Record<string, unknown>;
    optionsKey: string;
    engineVersion: string;
    payload: Record<string, unknown>;
    createdById: string | null;
  },
): Promise<{ run: AnalysisRunRow; job: AnalysisJobRow }> {
  return db.transaction(async (tx) => {
    const [run] = await tx
      .insert(analysisRuns)
      .values({
        organizationId: values.organizationId,
        analysisNodeId: values.analysisNodeId,
        analysisType: values.analysisType,
        options: values.options,
        optionsKey: values.optionsKey,
        engineVersion: values.engineVersion,
        createdById: values.createdById,
      })
      .returning();
    const [job] = await tx
      .insert(analysisJobs)
      .values({
        organizationId: values.organizationId,
        analysisRunId: run!.id,
        analysisNodeId: values.analysisNodeId,
        analysisType: values.analysisType,
        engineVersion: values.engineVersion,
        payload: { ...values.payload, analysisRunId: run!.id },
      })
      .returning();
    await tx
      .insert(analysisJobEvents)
      .values({ jobId: job!.id, event: 'CREATED', message: 'Waiting for a worker' });
    await tx
      .update(analyses)
      .set({ latestRunId: run!.id, updatedAt: new Date() })
      .where(eq(analyses.nodeId, values.analysisNodeId));
    return { run: run!, job: job! };
  });
}

export async function setQueueJobId(db: Database, jobId: string, queueJobId: string): Promise<void> {
  await db.update(analysisJobs).set({ queueJobId }).where(eq(analysisJobs.id, jobId));
}

/** Find a job without organization scope: workers act for every organization. */
export async function findJobUnscoped(db: Database, jobId: string): Promise<AnalysisJobRow | undefined> {
  const [row] = await db.select().from(analysisJobs).where(eq(analysisJobs.id, jobId)).limit(1);
  return row;
}

async function addEvent(db: Database, jobId: string, event: string, message: string | null): Promise<void> {
  await db.insert(analysisJobEvents).values({ jobId, event, message });
}

/**
 * A worker takes the job: the attempt counter goes up and the job (and its run) becomes ANALYSING. Answers
 * null when the job is already FINISHED or FAILED (a duplicate delivery: nothing to do).
 */
export async function claimJob(
  db: Database,
  jobId: string,
  workerId: string,
): Promise<AnalysisJobRow | null> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .update(analysisJobs)
      .set({
        attempt: sql`${analysisJobs.attempt} + 1`,
        status: 'ANALYSING',
        progress: 0,
        message: null,
        workerId,
        updatedAt: new Date(),
      })
      .where(and(eq(analysisJobs.id, jobId), inArray(analysisJobs.status, ['CREATED', 'ANALYSING'])))
      .returning();
    if (!job) return null;
    const retried = job.attempt > 1;
    await tx.insert(analysisJobEvents).values({
      jobId,
      event: retried ? 'RETRIED' : 'STARTED',
      message: retried
        ? `Attempt ${job.attempt} on ${workerId} (the previous worker stopped before finishing)`
        : `Started on ${workerId}`,
    });
    await tx
      .update(analysisRuns)
      .set({
        status: 'ANALYSING',
        progress: 0,
        message: null,
        startedAt: sql`coalesce(${analysisRuns.startedAt}, now())`,
        partialResults: null,
      })
      .where(eq(analysisRuns.id, job.analysisRunId));
    return job;
  });
}

/** The job's row while this attempt holds it (ANALYSING at this attempt). */
function isHeldBy(job: Pick<AnalysisJobRow, 'id' | 'attempt'>) {
  return and(
    eq(analysisJobs.id, job.id),
    eq(analysisJobs.attempt, job.attempt),
    eq(analysisJobs.status, 'ANALYSING'),
  );
}

/** Progress of the current attempt (ignored when a newer attempt holds the job). */
export async function updateJobProgress(
  db: Database,
  job: Pick<AnalysisJobRow, 'id' | 'analysisRunId' | 'attempt'>,
  progress: number,
  message: string | null,
): Promise<boolean> {
  const updated = await db
    .update(analysisJobs)
    .set({ progress, message, updatedAt: new Date() })
    .where(isHeldBy(job))
    .returning({ id: analysisJobs.id });
  if (updated.length === 0) return false;
  await db.update(analysisRuns).set({ progress, message }).where(eq(analysisRuns.id, job.analysisRunId));
  return true;
}

/** Publish one piece of partial results on the run (area scans: a line). */
export async function addPartialResult(
  db: Database,
  job: Pick<AnalysisJobRow, 'id' | 'analysisRunId' | 'attempt'>,
  key: string,
  value: unknown,
): Promise<void> {
  await db
    .update(analysisRuns)
    .set({
      partialResults: sql`coalesce(${analysisRuns.partialResults}, '{}'::jsonb) || jsonb_build_object(${key}::text, ${JSON.stringify(value)}::jsonb)`,
    })
    .where(
      and(
        eq(analysisRuns.id, job.analysisRunId),
        eq(analysisRuns.status, 'ANALYSING'),
        sql`exists (select 1 from ${analysisJobs} where ${analysisJobs.id} = ${job.id} and ${analysisJobs.attempt} = ${job.attempt})`,
      ),
    );
}

/**
 * Inside a transaction: lock the job's row if this attempt still holds it (ANALYSING at this attempt), so
 * what is written next in the transaction belongs to the attempt that will settle it. Answers false otherwise.
 */
export async function lockHeldJob(
  tx: Database,
  job: Pick<AnalysisJobRow, 'id' | 'attempt'>,
): Promise<boolean> {
  const rows = await tx.select({ id: analysisJobs.id }).from(analysisJobs).where(isHeldBy(job)).for('update');
  return rows.length > 0;
}

/**
 * Settle the current attempt: FINISHED with its result file, or FAILED with a message. Only the attempt that
 * holds the job can settle it, and only once, so a job finishes exactly once even when a stale worker wakes up.
 * `alsoInTransaction` writes what must appear together with the status (an area scan's per-line analyses): a
 * reader never sees the job settled without them, and a crash leaves neither.
 */
export async function settleJob(
  db: Database,
  job: Pick<AnalysisJobRow, 'id' | 'analysisRunId' | 'attempt'>,
  outcome:
    | { status: 'FINISHED'; resultFileId: string | null; message?: string }
    | { status: 'FAILED'; message: string },
  alsoInTransaction?: (tx: Database) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [settled] = await tx
      .update(analysisJobs)
      .set({
        status: outcome.status,
        progress: outcome.status === 'FINISHED' ? 100 : null,
        message: outcome.message ?? null,
        finishedAt: now,
        updatedAt: now,
      })
      .where(isHeldBy(job))
      .returning({ id: analysisJobs.id });
    if (!settled) return false;
    await tx
      .insert(analysisJobEvents)
      .values({ jobId: job.id, event: outcome.status, message: outcome.message ?? null });
    await tx
      .update(analysisRuns)
      .set({
        status: outcome.status,
        progress: outcome.status === 'FINISHED' ? 100 : null,
        message: outcome.message ?? null,
        finishedAt: now,
        resultFileId: outcome.status === 'FINISHED' ? outcome.resultFileId : null,
        partialResults: null,
      })
      .where(eq(analysisRuns.id, job.analysisRunId));
    if (alsoInTransaction) await alsoInTransaction(tx as unknown as Database);
    return true;
  });
}

/** Fail a job that no worker will finish (the queue gave up on it after its retries). */
export async function failAbandonedJob(db: Database, jobId: string, message: string): Promise<boolean> {
  const job = await findJobUnscoped(db, jobId);
  if (!job || job.status === 'FINISHED' || job.status === 'FAILED') return false;
  if (job.status === 'CREATED') {
    await db.update(analysisJobs).set({ status: 'ANALYSING' }).where(eq(analysisJobs.id, jobId));
  }
  return settleJob(db, job, { status: 'FAILED', message });
}

export async function recordJobEvent(
  db: Database,
  jobId: string,
  event: string,
  message: string | null,
): Promise<void> {
  await addEvent(db, jobId, event, message);
}

export async function findRun(
  db: Database,
  organizationId: string,
  runId: string,
): Promise<AnalysisRunRow | undefined> {
  const [row] = await db
    .select()
    .from(analysisRuns)
    .where(and(eq(analysisRuns.organizationId, organizationId), eq(analysisRuns.id, runId)))
    .limit(1);
  return row;
}

export async function findRunUnscoped(db: Database, runId: string): Promise<AnalysisRunRow | undefined> {
  const [row] = await db.select().from(analysisRuns).where(eq(analysisRuns.id, runId)).limit(1);
  return row;
}

export async function findJob(
  db: Database,
  organizationId: string,
  jobId: string,
): Promise<AnalysisJobRow | undefined> {
  const [row] = await db
    .select()
    .from(analysisJobs)
    .where(and(eq(analysisJobs.organizationId, organizationId), eq(analysisJobs.id, jobId)))
    .limit(1);
  return row;
}

export async function findJobEvents(
  db: Database,
  jobIds: string[],
): Promise<Map<string, AnalysisJobEventRow[]>> {
  const map = new Map<string, AnalysisJobEventRow[]>();
  if (jobIds.length === 0) return map;
  const rows = await db
    .select()
    .from(analysisJobEvents)
    .where(inArray(analysisJobEvents.jobId, jobIds))
    .orderBy(asc(analysisJobEvents.createdAt), asc(analysisJobEvents.id));
  for (const row of rows) {
    const list = map.get(row.jobId) ?? [];
    list.push(row);
    map.set(row.jobId, list);
  }
  return map;
}

/** Runs of the analyses matching the filter (or of the run's analysis with `analysisRunId`), newest first by default. */
export async function listRuns(
  db: Database,
  organizationId: string,
  filter: AnalysisListFilter,
  page: ListPage,
): Promise<{ rows: AnalysisRunRow[]; total: number }> {
  const conditions = analysisConditions(organizationId, filter);
  if (filter.analysisRunId) conditions.push(eq(analysisRuns.id, filter.analysisRunId));
  const where = and(eq(analysisRuns.organizationId, organizationId), ...conditions);
  const order = listOrder(page, analysisRuns);
  const { rows, total } = await pageOf<{ run: AnalysisRunRow }>(
    db,
    analysisRuns,
    { run: analysisRuns },
    where,
    order,
    page,
  );
  return { rows: rows.map((r) => r.run), total };
}

export async function listJobs(
  db: Database,
  organizationId: string,
  filter: AnalysisListFilter,
  page: ListPage,
): Promise<{ rows: AnalysisJobRow[]; total: number }> {
  const conditions = analysisConditions(organizationId, filter);
  if (filter.analysisRunId) conditions.push(eq(analysisJobs.analysisRunId, filter.analysisRunId));
  const where = and(eq(analysisJobs.organizationId, organizationId), ...conditions);
  const order = listOrder(page, analysisJobs);
  const { rows, total } = await pageOf<{ job: AnalysisJobRow }>(
    db,
    analysisJobs,
    { job: analysisJobs },
    where,
    order,
    page,
  );
  return { rows: rows.map((r) => r.job), total };
}

export async function findJobsOfRun(
  db: Database,
  organizationId: string,
  runId: string,
): Promise<AnalysisJobRow[]> {
  return db
    .select()
    .from(analysisJobs)
    .where(and(eq(analysisJobs.organizationId, organizationId), eq(analysisJobs.analysisRunId, runId)))
    .orderBy(asc(analysisJobs.createdAt));
}
