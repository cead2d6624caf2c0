import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from '../client.js';
import {
  analyses,
  analysisCorrections,
  analysisJobEvents,
  analysisJobs,
  analysisRuns,
} from '../schema/analyses.js';
import { gprScans } from '../schema/gpr-scans.js';
import { nodes } from '../schema/nodes.js';
import { insertNode } from './nodes.repository.js';

export type AnalysisRow = typeof analyses.$inferSelect;
export type AnalysisRunRow = typeof analysisRuns.$inferSelect;
export type AnalysisJobRow = typeof analysisJobs.$inferSelect;
export type AnalysisJobEventRow = typeof analysisJobEvents.$inferSelect;
export type AnalysisCorrectionRow = typeof analysisCorrections.$inferSelect;

/** An analysis with its node's name and parent and its latest run. */
export interface AnalysisWithRun {
  analysis: AnalysisRow;
  node: { name: string; parentId: string | null; createdAt: Date; updatedAt: Date };
  run: AnalysisRunRow | null;
}

const NO_PARENT = '00000000-0000-0000-0000-000000000000';

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

type AnalysisListRow = { analysis: AnalysisRow; node: AnalysisWithRun['node'] };

async function withLatestRuns(db: Database, rows: AnalysisListRow[]): Promise<AnalysisWithRun[]> {
  const runIds = rows.map((r) => r.analysis.latestRunId).filter((id): id is string => Boolean(id));
  const runs = runIds.length
    ? await db.select().from(analysisRuns).where(inArray(analysisRuns.id, runIds))
    : [];
  const byId = new Map(runs.map((r) => [r.id, r]));
  return rows.map((r) => ({
    ...r,
    run: r.analysis.latestRunId ? (byId.get(r.analysis.latestRunId) ?? null) : null,
  }));
}

const analysisColumns = {
  analysis: analyses,
  node: {
    name: nodes.name,
    parentId: nodes.parentId,
    createdAt: nodes.createdAt,
    updatedAt: nodes.updatedAt,
  },
};

/** The live analysis of this organization, type and canonical input (and parent analysis, for per-line analyses). */
export async function findAnalysisByInput(
  db: Database,
  organizationId: string,
  analysisType: string,
  inputKey: string,
  parentAnalysisNodeId: string | null = null,
): Promise<AnalysisWithRun | undefined> {
  const rows = await db
    .select(analysisColumns)
    .from(analyses)
    .innerJoin(nodes, eq(nodes.id, analyses.nodeId))
    .where(
      and(
        eq(analyses.organizationId, organizationId),
        eq(analyses.analysisType, analysisType),
        eq(analyses.inputKey, inputKey),
        sql`coalesce(${analyses.parentAnalysisNodeId}, ${NO_PARENT}::uuid) = ${parentAnalysisNodeId ?? NO_PARENT}::uuid`,
        isNull(nodes.deletedAt),
      ),
    )
    .limit(1);
  return (await withLatestRuns(db, rows))[0];
}

export async function findAnalysisByNodeId(
  db: Database,
  organizationId: string,
  nodeId: string,
): Promise<AnalysisWithRun | undefined> {
  const rows = await db
    .select(analysisColumns)
    .from(analyses)
    .innerJoin(nodes, eq(nodes.id, analyses.nodeId))
    .where(
      and(eq(analyses.organizationId, organizationId), eq(analyses.nodeId, nodeId), isNull(nodes.deletedAt)),
    )
    .limit(1);
  return (await withLatestRuns(db, rows))[0];
}

/**
 * Create the analysis (its ANALYSIS node under `parentNodeId`) unless one exists for the input. A concurrent
 * create of the same input loses the unique-index race and gets the winner's row.
 */
export async function findOrCreateAnalysis(
  db: Database,
  values: {
    organizationId: string;
    analysisType: string;
    input: Record<string, string>;
    inputKey: string;
    inputNodeIds: string[];
    parentNodeId: string | null;
    parentAnalysisNodeId?: string | null;
    name: string;
    createdById: string | null;
  },
): Promise<AnalysisWithRun> {
  const existing = await findAnalysisByInput(
    db,
    values.organizationId,
    values.analysisType,
    values.inputKey,
    values.parentAnalysisNodeId ?? null,
  );
  if (existing) return existing;
  try {
    await db.transaction(async (tx) => {
      const node = await insertNode(tx as unknown as Database, {
        organizationId: values.organizationId,
        parentId: values.parentNodeId,
        type: 'ANALYSIS',
        name: values.name,
        createdById: values.createdById,
      });
      await tx.insert(analyses).values({
        nodeId: node.id,
        organizationId: values.organizationId,
        analysisType: values.analysisType,
        input: values.input,
        inputKey: values.inputKey,
        inputNodeIds: values.inputNodeIds,
        parentAnalysisNodeId: values.parentAnalysisNodeId ?? null,
      });
    });
  } catch (error) {
    const raced = await findAnalysisByInput(
      db,
      values.organizationId,
      values.analysisType,
      values.inputKey,
      values.parentAnalysisNodeId ?? null,
    );
    if (raced) return raced;
    throw error;
  }
  const created = await findAnalysisByInput(
    db,
    values.organizationId,
    values.analysisType,
    values.inputKey,
    values.parentAnalysisNodeId ?? null,
  );
  if (!created) throw new Error('The analysis could not be created');
  return created;
}

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
    .where(
      and(
        eq(analysisJobs.id, job.id),
        eq(analysisJobs.attempt, job.attempt),
        eq(analysisJobs.status, 'ANALYSING'),
      ),
    )
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
  const rows = await tx
    .select({ id: analysisJobs.id })
    .from(analysisJobs)
    .where(
      and(
        eq(analysisJobs.id, job.id),
        eq(analysisJobs.attempt, job.attempt),
        eq(analysisJobs.status, 'ANALYSING'),
      ),
    )
    .for('update');
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
      .where(
        and(
          eq(analysisJobs.id, job.id),
          eq(analysisJobs.attempt, job.attempt),
          eq(analysisJobs.status, 'ANALYSING'),
        ),
      )
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

export interface AnalysisListFilter {
  nodeId?: string;
  nodeIdIn?: string[];
  name?: string | null;
  analysisType?: string;
  analysisTypeIn?: string[];
  analysisRunId?: string;
  parentAnalysisNodeId?: string | null;
}

function analysisConditions(organizationId: string, filter: AnalysisListFilter): SQL[] {
  const conditions: SQL[] = [eq(analyses.organizationId, organizationId), isNull(nodes.deletedAt)];
  const ids = [...(filter.nodeId ? [filter.nodeId] : []), ...(filter.nodeIdIn ?? [])];
  if (filter.nodeId || filter.nodeIdIn) {
    if (ids.length === 0) conditions.push(sql`false`);
    else {
      const idArray = sql`ARRAY[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[]`;
      conditions.push(or(inArray(analyses.nodeId, ids), sql`${analyses.inputNodeIds} && ${idArray}`)!);
    }
  }
  if (filter.name) conditions.push(ilike(nodes.name, `%${escapeLike(filter.name)}%`));
  if (filter.analysisType) conditions.push(eq(analyses.analysisType, filter.analysisType));
  if (filter.analysisTypeIn)
    conditions.push(
      filter.analysisTypeIn.length ? inArray(analyses.analysisType, filter.analysisTypeIn) : sql`false`,
    );
  if (filter.parentAnalysisNodeId === null) conditions.push(isNull(analyses.parentAnalysisNodeId));
  else if (filter.parentAnalysisNodeId)
    conditions.push(eq(analyses.parentAnalysisNodeId, filter.parentAnalysisNodeId));
  return conditions;
}

export interface ListPage {
  limit: number;
  skip: number;
  sort: { field: 'createdAt' | 'analysisType'; direction: 'asc' | 'desc' };
}

/** One page of a list of analyses, runs or jobs (each joined to its analysis and node) and the total count. */
async function pageOf<T>(
  db: Database,
  table: typeof analyses | typeof analysisRuns | typeof analysisJobs,
  columns: SelectedFields,
  where: SQL | undefined,
  order: SQL[],
  page: ListPage,
): Promise<{ rows: T[]; total: number }> {
  const joined = (fields: SelectedFields) => {
    let query = db
      .select(fields)
      .from(table as typeof analysisRuns)
      .$dynamic();
    if (table !== analyses)
      query = query.innerJoin(analyses, eq(analyses.nodeId, (table as typeof analysisRuns).analysisNodeId));
    return query.innerJoin(nodes, eq(nodes.id, analyses.nodeId)).where(where);
  };
  const rows = (await joined(columns)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.skip)) as T[];
  const [counted] = (await joined({ total: sql<number>`count(*)::int` })) as { total: number }[];
  return { rows, total: counted?.total ?? 0 };
}

/** Sort of a list: by type then creation time, or by creation time, in the page's direction, ties by id. */
function listOrder(
  page: ListPage,
  columns: { analysisType: AnyColumn; createdAt: AnyColumn; id: AnyColumn },
): SQL[] {
  const dir = page.sort.direction === 'asc' ? asc : desc;
  const first = page.sort.field === 'analysisType' ? [dir(columns.analysisType)] : [];
  return [...first, dir(columns.createdAt), dir(columns.id)];
}

export async function listAnalyses(
  db: Database,
  organizationId: string,
  filter: AnalysisListFilter,
  page: ListPage,
): Promise<{ rows: AnalysisWithRun[]; total: number }> {
  const where = and(...analysisConditions(organizationId, filter));
  const order = listOrder(page, {
    analysisType: analyses.analysisType,
    createdAt: analyses.createdAt,
    id: analyses.nodeId,
  });
  const { rows, total } = await pageOf<AnalysisListRow>(db, analyses, analysisColumns, where, order, page);
  return { rows: await withLatestRuns(db, rows), total };
}

/**
 * The per-line analyses of an area-scan analysis, in the order of the lines (CSV line number, then scan
 * number, then name).
 */
export async function listSubAnalyses(
  db: Database,
  organizationId: string,
  parentAnalysisNodeId: string,
): Promise<AnalysisWithRun[]> {
  const rows = await db
    .select(analysisColumns)
    .from(analyses)
    .innerJoin(nodes, eq(nodes.id, analyses.nodeId))
    .leftJoin(gprScans, sql`${gprScans.nodeId} = ${analyses.inputNodeIds}[1]`)
    .where(
      and(
        eq(analyses.organizationId, organizationId),
        eq(analyses.parentAnalysisNodeId, parentAnalysisNodeId),
        isNull(nodes.deletedAt),
      ),
    )
    .orderBy(
      sql`${gprScans.csvLineNumber} asc nulls last`,
      sql`${gprScans.scanNumber} asc nulls last`,
      asc(gprScans.originalName),
      asc(analyses.nodeId),
    );
  return withLatestRuns(db, rows);
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

export async function findCorrection(
  db: Database,
  organizationId: string,
  analysisNodeId: string,
): Promise<AnalysisCorrectionRow | undefined> {
  const [row] = await db
    .select()
    .from(analysisCorrections)
    .where(
      and(
        eq(analysisCorrections.organizationId, organizationId),
        eq(analysisCorrections.analysisNodeId, analysisNodeId),
      ),
    )
    .limit(1);
  return row;
}

/** Save the analysis' one correction (insert or replace). */
export async function upsertCorrection(
  db: Database,
  values: {
    organizationId: string;
    analysisNodeId: string;
    analysisType: string;
    basedOnRunId: string;
    correctedResults: Record<string, unknown>;
    updatedById: string | null;
  },
): Promise<AnalysisCorrectionRow> {
  const now = new Date();
  const [row] = await db
    .insert(analysisCorrections)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: analysisCorrections.analysisNodeId,
      set: {
        basedOnRunId: values.basedOnRunId,
        correctedResults: values.correctedResults,
        updatedById: values.updatedById,
        updatedAt: now,
        analysisType: values.analysisType,
      },
    })
    .returning();
  return row!;
}

export async function deleteCorrection(db: Database, organizationId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(analysisCorrections)
    .where(and(eq(analysisCorrections.organizationId, organizationId), eq(analysisCorrections.id, id)))
    .returning({ id: analysisCorrections.id });
  return rows.length > 0;
}
