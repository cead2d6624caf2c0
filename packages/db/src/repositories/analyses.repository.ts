import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { analyses, analysisRuns } from '../schema/analyses.js';
import { gprScans } from '../schema/gpr-scans.js';
import { nodes } from '../schema/nodes.js';
import {
  analysisConditions,
  listOrder,
  pageOf,
  type AnalysisListFilter,
  type ListPage,
} from './analysis-list.js';
import type { AnalysisRunRow } from './analysis-runs.repository.js';
import { insertNode } from './nodes.repository.js';

/** Analyses: one per organization, type and input (an ANALYSIS node each). Runs and jobs: analysis-runs.repository.ts. */
export type AnalysisRow = typeof analyses.$inferSelect;

/** An analysis with its node's name and parent and its latest run. */
export interface AnalysisWithRun {
  analysis: AnalysisRow;
  node: { name: string; parentId: string | null; createdAt: Date; updatedAt: Date };
  run: AnalysisRunRow | null;
}

const NO_PARENT = '00000000-0000-0000-0000-000000000000';

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
