import { asc, desc, eq, ilike, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from '../client.js';
import { analyses, type analysisJobs, type analysisRuns } from '../schema/analyses.js';
import { nodes } from '../schema/nodes.js';

/** The filters, sort and paging shared by the lists of analyses, runs and jobs. */

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
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

export function analysisConditions(organizationId: string, filter: AnalysisListFilter): SQL[] {
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
export async function pageOf<T>(
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
export function listOrder(
  page: ListPage,
  columns: { analysisType: AnyColumn; createdAt: AnyColumn; id: AnyColumn },
): SQL[] {
  const dir = page.sort.direction === 'asc' ? asc : desc;
  const first = page.sort.field === 'analysisType' ? [dir(columns.analysisType)] : [];
  return [...first, dir(columns.createdAt), dir(columns.id)];
}
