import type { AnalysisQuery, AnalysisType } from '@gprhub/contract';
import { ANALYSIS_TYPES } from '@gprhub/contract';

/** The table's column that filters by type (multi-select, `filter.analysisTypeIn`). */
export const TYPE_FIELD = 'analysisType';
export const TYPE_FILTER_OPERATOR = 'isAnyOf';

interface GridModels {
  page: number;
  pageSize: number;
  sort?: { field: string; sort?: 'asc' | 'desc' | null | undefined } | undefined;
  types: readonly string[];
}

export type AnalysesTableQuery = Omit<AnalysisQuery, 'filter'> & {
  filter: { analysisTypeIn?: AnalysisType[]; parentAnalysisNodeId: null };
};

const isAnalysisType = (value: string): value is AnalysisType =>
  (ANALYSIS_TYPES as readonly string[]).includes(value);

/**
 * The type filter of the grid's filter model: the values of its `isAnyOf` item on the type column,
 * restricted to known types, deduplicated, in the contract's order. Empty: no type filter.
 */
export function getTypeFilter(
  items: readonly { field: string; operator: string; value?: unknown }[] | undefined,
): AnalysisType[] {
  const item = items?.find((i) => i.field === TYPE_FIELD && i.operator === TYPE_FILTER_OPERATOR);
  const values = Array.isArray(item?.value) ? (item.value as unknown[]) : [];
  const wanted = new Set(values.filter((v): v is string => typeof v === 'string').filter(isAnalysisType));
  return ANALYSIS_TYPES.filter((type) => wanted.has(type));
}

/**
 * `GET /api/analyses/query` from the table's state: server paging, sort by createdAt (newest first by
 * default) or analysisType, and the type filter as `filter.analysisTypeIn`. Per-line analyses of an area scan
 * are left out (`parentAnalysisNodeId: null`): their area-scan analysis lists them when expanded.
 */
export function buildAnalysesQuery({ page, pageSize, sort, types }: GridModels): AnalysesTableQuery {
  const field = sort?.field === TYPE_FIELD ? 'analysisType' : 'createdAt';
  const direction = sort?.sort === 'asc' ? 'asc' : 'desc';
  const analysisTypeIn = types.filter(isAnalysisType);
  return {
    limit: pageSize,
    skip: page * pageSize,
    sort: { field, direction },
    filter: { parentAnalysisNodeId: null, ...(analysisTypeIn.length ? { analysisTypeIn } : {}) },
  };
}
