import { describe, expect, it } from 'vitest';
import { buildAnalysesQuery, getTypeFilter } from './analyses-query';

describe('buildAnalysesQuery', () => {
  it('pages on the server, newest first by default, without the per-line analyses', () => {
    expect(buildAnalysesQuery({ page: 2, pageSize: 20, types: [] })).toEqual({
      limit: 20,
      skip: 40,
      sort: { field: 'createdAt', direction: 'desc' },
      filter: { parentAnalysisNodeId: null },
    });
  });

  it('sorts by type and filters by several types', () => {
    expect(
      buildAnalysesQuery({
        page: 0,
        pageSize: 10,
        sort: { field: 'analysisType', sort: 'asc' },
        types: ['GPR_SCAN_PREVIEW', 'NOT_A_TYPE', 'LINE_SCAN_REBAR_2'],
      }),
    ).toEqual({
      limit: 10,
      skip: 0,
      sort: { field: 'analysisType', direction: 'asc' },
      filter: { parentAnalysisNodeId: null, analysisTypeIn: ['GPR_SCAN_PREVIEW', 'LINE_SCAN_REBAR_2'] },
    });
  });

  it('sorts by createdAt for columns the server cannot sort', () => {
    expect(
      buildAnalysesQuery({ page: 0, pageSize: 20, sort: { field: 'status', sort: 'asc' }, types: [] }).sort,
    ).toEqual({
      field: 'createdAt',
      direction: 'asc',
    });
  });
});

describe('getTypeFilter', () => {
  it("reads the type column's isAnyOf item, in the contract's order", () => {
    expect(
      getTypeFilter([
        { field: 'analysisType', operator: 'isAnyOf', value: ['LINE_SCAN_REBAR_2', 'GPR_SCAN_PREVIEW', 'x'] },
      ]),
    ).toEqual(['GPR_SCAN_PREVIEW', 'LINE_SCAN_REBAR_2']);
    expect(getTypeFilter([{ field: 'analysisType', operator: 'isAnyOf' }])).toEqual([]);
    expect(getTypeFilter([{ field: 'other', operator: 'isAnyOf', value: ['GPR_SCAN_PREVIEW'] }])).toEqual([]);
    expect(getTypeFilter(undefined)).toEqual([]);
  });
});
