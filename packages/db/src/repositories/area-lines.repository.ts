import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { analysisAreaLines, analysisJobs, analysisRuns } from '../schema/analyses.js';
import type { AnalysisJobRow } from './analysis-runs.repository.js';

/** An area-scan run's stored line (docs/decisions/0032-area-lines-as-jobs.md). */
export type AreaLineRow = typeof analysisAreaLines.$inferSelect;

/**
 * The area job's attempt splits it into `lineCount` line jobs: recorded on the job (only while this attempt
 * holds it), so the line jobs can tell when the last of them is stored. Answers false when the attempt lost it.
 */
export async function setAreaLineCount(
  db: Database,
  job: Pick<AnalysisJobRow, 'id' | 'attempt'>,
  lineCount: number,
): Promise<boolean> {
  const rows = await db
    .update(analysisJobs)
    .set({ lineCount, updatedAt: new Date() })
    .where(
      and(
        eq(analysisJobs.id, job.id),
        eq(analysisJobs.attempt, job.attempt),
        eq(analysisJobs.status, 'ANALYSING'),
      ),
    )
    .returning({ id: analysisJobs.id });
  return rows.length > 0;
}

/** What storing a line answered: whether this call stored it, and how many of the area's lines are stored. */
export interface StoredAreaLine {
  isNew: boolean;
  linesDone: number;
  lineCount: number;
}

/**
 * Store one line of an area-scan run, in one transaction: the line's row (unique per run and line, so a line
 * job that runs twice stores once), the count of stored lines on the area's job (incremented only by the
 * insert that stored it: the row lock orders concurrent line jobs, so exactly one of them reads the last
 * count), the line's partial result on the run and the progress. Answers null when the area's job is no
 * longer ANALYSING (it failed or finished: nothing is written).
 */
export async function storeAreaLine(
  db: Database,
  values: {
    jobId: string;
    lineNodeId: string;
    lineIndex: number;
    detections: Record<string, unknown>;
    result: Record<string, unknown>;
    workerId: string;
  },
): Promise<StoredAreaLine | null> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(analysisJobs)
      .where(and(eq(analysisJobs.id, values.jobId), eq(analysisJobs.status, 'ANALYSING')))
      .for('update');
    if (!job || job.lineCount === null) return null;
    const inserted = await tx
      .insert(analysisAreaLines)
      .values({
        organizationId: job.organizationId,
        analysisRunId: job.analysisRunId,
        lineNodeId: values.lineNodeId,
        lineIndex: values.lineIndex,
        detections: values.detections,
        result: values.result,
        workerId: values.workerId,
      })
      .onConflictDoNothing({ target: [analysisAreaLines.analysisRunId, analysisAreaLines.lineNodeId] })
      .returning({ id: analysisAreaLines.id });
    const isNew = inserted.length > 0;
    let linesDone = job.linesDone;
    if (isNew) {
      linesDone += 1;
      const progress = Math.min(99, Math.round((100 * linesDone) / (job.lineCount + 1)));
      const message = `line ${linesDone} of ${job.lineCount}`;
      await tx
        .update(analysisJobs)
        .set({ linesDone: sql`${analysisJobs.linesDone} + 1`, progress, message, updatedAt: new Date() })
        .where(eq(analysisJobs.id, job.id));
      await tx.update(analysisRuns).set({ progress, message }).where(eq(analysisRuns.id, job.analysisRunId));
    }
    // The partial result goes on the run every time (a retried area attempt cleared them when it claimed).
    await tx
      .update(analysisRuns)
      .set({
        partialResults: sql`coalesce(${analysisRuns.partialResults}, '{}'::jsonb) || jsonb_build_object(${values.lineNodeId}::text, ${JSON.stringify(values.result)}::jsonb)`,
      })
      .where(and(eq(analysisRuns.id, job.analysisRunId), eq(analysisRuns.status, 'ANALYSING')));
    return { isNew, linesDone, lineCount: job.lineCount };
  });
}

/** The stored lines of a run, in the area's line order. */
export async function listAreaLines(
  db: Database,
  organizationId: string,
  analysisRunId: string,
): Promise<AreaLineRow[]> {
  return db
    .select()
    .from(analysisAreaLines)
    .where(
      and(
        eq(analysisAreaLines.organizationId, organizationId),
        eq(analysisAreaLines.analysisRunId, analysisRunId),
      ),
    )
    .orderBy(asc(analysisAreaLines.lineIndex));
}
