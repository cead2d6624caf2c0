import { and, eq } from 'drizzle-orm';
import type { Database } from '../client.js';
import { analysisCorrections } from '../schema/analyses.js';

/** An analysis' one correction (the user's edit of a run's results). */
export type AnalysisCorrectionRow = typeof analysisCorrections.$inferSelect;

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
