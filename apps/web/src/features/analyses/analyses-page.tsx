import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import { DataGrid } from '@mui/x-data-grid';
import type {
  GridColumnVisibilityModel,
  GridFilterModel,
  GridPaginationModel,
  GridRowClassNameParams,
  GridRowParams,
  GridSortModel,
} from '@mui/x-data-grid';
import type { AnalysisType } from '@gprhub/contract';
import { DEFAULT_QUERY_LIMIT } from '@gprhub/contract';
import { useCallback, useMemo, useState } from 'react';
import { COMPACT_PAGINATION_SX } from '../../components/grid-styles';
import { PageHeader } from '../../components/page-header';
import { useScreenClass } from '../hub/use-screen-class';
import { isInteractiveClick } from '../nodes/use-open-node';
import { useAnalyses } from './analyses-api';
import type { AnalysesGridRow } from './analyses-columns';
import {
  buildGridRows,
  EXPAND_FIELD,
  getAnalysesColumns,
  getDefaultColumnVisibility,
} from './analyses-columns';
import { ExpansionProvider, useExpansionOf } from './analyses-expansion';
import { buildAnalysesQuery, getTypeFilter, TYPE_FIELD, TYPE_FILTER_OPERATOR } from './analyses-query';
import { AnalysesEmptyState } from './analyses-empty-state';
import { AnalysesToolbar, AnalysesToolbarContext } from './analyses-toolbar';
import { useAnalysisInputNodes } from './analysis-input';
import { DETAILS_ROW_SX } from './analyses-grid-styles';

const DEFAULT_SORT: GridSortModel = [{ field: 'createdAt', sort: 'desc' }];
const EMPTY_FILTER: GridFilterModel = { items: [] };
/** Rows hold the type and, where the input column is folded away, a second line (on phones the type may wrap). */
const ROW_HEIGHTS = { small: 76, medium: 64, large: 56 } as const;

/** `/analyses`: every analysis of the organization; a row opens to its runs, a run to its jobs. */
export function AnalysesPage() {
  return (
    <ExpansionProvider>
      <AnalysesTable />
    </ExpansionProvider>
  );
}

function AnalysesTable() {
  const screen = useScreenClass();
  const [paginationModel, setPaginationModel] = useState<GridPaginationModel>({
    page: 0,
    pageSize: DEFAULT_QUERY_LIMIT,
  });
  const [sortModel, setSortModel] = useState<GridSortModel>(DEFAULT_SORT);
  const [filterModel, setFilterModel] = useState<GridFilterModel>(EMPTY_FILTER);
  const [visibilityChoices, setVisibilityChoices] = useState<GridColumnVisibilityModel>({});
  const types = useMemo(() => getTypeFilter(filterModel.items), [filterModel]);

  const query = useMemo(
    () => buildAnalysesQuery({ ...paginationModel, sort: sortModel[0], types }),
    [paginationModel, sortModel, types],
  );
  const analyses = useAnalyses(query);
  const list = useMemo(() => analyses.data?.analyses ?? [], [analyses.data]);
  const nodes = useAnalysisInputNodes(list);

  const expansion = useExpansionOf('analysis');
  const rows = useMemo(() => buildGridRows(list, expansion.isOpen), [list, expansion.isOpen]);

  const visibility = useMemo(
    () => ({ ...getDefaultColumnVisibility(screen), ...visibilityChoices }),
    [screen, visibilityChoices],
  );
  const columns = useMemo(() => {
    const all = getAnalysesColumns({
      screen,
      nodes,
      isOpen: expansion.isOpen,
      onToggle: expansion.toggle,
      visibleCount: 0,
    });
    const visibleCount = all.filter((column) => visibility[column.field] !== false).length;
    return getAnalysesColumns({
      screen,
      nodes,
      isOpen: expansion.isOpen,
      onToggle: expansion.toggle,
      visibleCount,
    });
  }, [screen, nodes, expansion.isOpen, expansion.toggle, visibility]);

  // A new filter starts at the first page.
  const changeFilter = useCallback((model: GridFilterModel) => {
    setFilterModel(model);
    setPaginationModel((current) => ({ ...current, page: 0 }));
  }, []);
  const toolbar = useMemo(
    () => ({
      types,
      total: analyses.data?.total,
      isError: analyses.isError,
      onTypesChange: (next: AnalysisType[]) =>
        changeFilter(
          next.length
            ? { items: [{ id: 'type', field: TYPE_FIELD, operator: TYPE_FILTER_OPERATOR, value: next }] }
            : EMPTY_FILTER,
        ),
    }),
    [types, analyses.data?.total, analyses.isError, changeFilter],
  );

  const onRowClick = (params: GridRowParams<AnalysesGridRow>, event: { target: EventTarget | null }) => {
    if (params.row.kind === 'analysis' && !isInteractiveClick(event.target)) expansion.toggle(params.row.id);
  };

  return (
    <Box data-testid="analyses-page">
      <PageHeader
        title="Analyses"
        description="Every analysis of this organization with its latest status. Open one to see its runs, the jobs that ran them and their history."
      />
      {analyses.isError && (
        <Alert severity="error" sx={{ mb: 3 }} data-testid="analyses-load-error">
          Error loading data
        </Alert>
      )}
      <Card data-testid="analyses-grid" sx={COMPACT_PAGINATION_SX}>
        <AnalysesToolbarContext.Provider value={toolbar}>
          <DataGrid
            label="Analyses"
            rows={rows}
            columns={columns}
            rowCount={analyses.data?.total ?? 0}
            loading={analyses.isPending || (analyses.isFetching && analyses.isPlaceholderData)}
            paginationMode="server"
            sortingMode="server"
            filterMode="server"
            paginationModel={paginationModel}
            onPaginationModelChange={setPaginationModel}
            sortModel={sortModel}
            onSortModelChange={(model) => setSortModel(model.length ? model : DEFAULT_SORT)}
            filterModel={filterModel}
            onFilterModelChange={changeFilter}
            columnVisibilityModel={visibility}
            onColumnVisibilityModelChange={setVisibilityChoices}
            pageSizeOptions={[10, 20, 50, 100]}
            getRowHeight={({ model }) =>
              (model as AnalysesGridRow).kind === 'details' ? 'auto' : ROW_HEIGHTS[screen]
            }
            getRowClassName={({ row }: GridRowClassNameParams<AnalysesGridRow>) =>
              row.kind === 'details'
                ? 'analysis-details-row'
                : expansion.isOpen(row.id)
                  ? 'analysis-row-open'
                  : ''
            }
            onRowClick={onRowClick}
            disableRowSelectionOnClick
            showToolbar
            slots={{
              toolbar: AnalysesToolbar,
              noRowsOverlay: AnalysesEmptyState,
              noResultsOverlay: AnalysesEmptyState,
            }}
            slotProps={{
              loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' },
              // The chevron column is not a column to show or hide.
              columnsManagement: {
                getTogglableColumns: (all) => all.filter((c) => c.field !== EXPAND_FIELD).map((c) => c.field),
              },
            }}
            autoHeight
            sx={DETAILS_ROW_SX}
          />
        </AnalysesToolbarContext.Provider>
      </Card>
    </Box>
  );
}
