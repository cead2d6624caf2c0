import ClearRoundedIcon from '@mui/icons-material/ClearRounded';
import RestoreFromTrashRoundedIcon from '@mui/icons-material/RestoreFromTrashRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DataGrid } from '@mui/x-data-grid';
import type { GridColDef, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import type { Node } from '@gprhub/contract';
import { NODE_TYPE_LABELS } from '@gprhub/contract';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { COMPACT_PAGINATION_SX, FLUSH_GRID_SX } from '../../components/grid-styles';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format-date';
import { getListingColumns } from '../hub/hub-layout';
import { useScreenClass } from '../hub/use-screen-class';
import { NodeNameCell } from './node-name-cell';
import { useNodes, useRestoreNode } from './nodes-api';
import type { RestoredNode } from './restored-snackbar';
import { describeRestored, RestoredSnackbar } from './restored-snackbar';
import { isInteractiveClick, useOpenNode } from './use-open-node';
import { useDebouncedValue } from './use-debounced-value';

/** The spec's node search: 10 rows a page, 500 ms debounce, sorted by createdAt or name. */
const PAGE_SIZE = 10;
const SEARCH_DEBOUNCE_MS = 500;
const DEFAULT_SORT: GridSortModel = [{ field: 'createdAt', sort: 'desc' }];
export const DELETED_PARAM = 'deleted';

/** `/nodes`: every node of the organization, searchable; `?deleted=true` lists deleted ones to restore. */
export function NodesPage() {
  const screen = useScreenClass();
  const [searchParams, setSearchParams] = useSearchParams();
  const isDeleted = searchParams.get(DELETED_PARAM) === 'true';
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [paging, setPaging] = useState({ key: '', model: { page: 0, pageSize: PAGE_SIZE } });
  const [sortModel, setSortModel] = useState<GridSortModel>(DEFAULT_SORT);
  const [restored, setRestored] = useState<RestoredNode | null>(null);
  const restore = useRestoreNode();
  const openNode = useOpenNode();

  // A new search or mode starts at the first page.
  const pagingKey = `${isDeleted}|${debouncedSearch}`;
  const paginationModel = useMemo<GridPaginationModel>(
    () => (paging.key === pagingKey ? paging.model : { page: 0, pageSize: paging.model.pageSize }),
    [paging, pagingKey],
  );
  const setPaginationModel = (model: GridPaginationModel) => setPaging({ key: pagingKey, model });

  const sort = sortModel[0] ?? DEFAULT_SORT[0]!;
  const nodes = useNodes({
    filter: debouncedSearch ? { name: debouncedSearch } : {},
    deleted: isDeleted,
    limit: paginationModel.pageSize,
    skip: paginationModel.page * paginationModel.pageSize,
    sort: {
      field: sort.field === 'name' ? ('name' as const) : ('createdAt' as const),
      direction: sort.sort === 'asc' ? ('asc' as const) : ('desc' as const),
    },
  });

  const setDeleted = (deleted: boolean) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      if (deleted) next.set(DELETED_PARAM, 'true');
      else next.delete(DELETED_PARAM);
      return next;
    });

  const visible = new Set<string>(getListingColumns(screen));
  const columns: GridColDef<Node>[] = [
    {
      field: 'name',
      headerName: 'Name',
      flex: 1,
      minWidth: 180,
      sortingOrder: ['asc', 'desc'],
      renderCell: ({ row }) => (
        <NodeNameCell
          node={row}
          isLink={!isDeleted}
          secondary={screen === 'small' ? NODE_TYPE_LABELS[row.type] : undefined}
        />
      ),
    },
    {
      field: 'type',
      headerName: 'Type',
      width: 200,
      sortable: false,
      valueGetter: (_value, row) => NODE_TYPE_LABELS[row.type],
    },
    {
      field: 'createdAt',
      headerName: 'Created at',
      width: 180,
      sortingOrder: ['desc', 'asc'],
      valueFormatter: (value: string) => formatDateTime(value),
    },
    ...(isDeleted
      ? [
          {
            field: 'deletedAt',
            headerName: 'Deleted at',
            width: 180,
            sortable: false,
            valueFormatter: (value: string | null) => (value ? formatDateTime(value) : ''),
          } satisfies GridColDef<Node>,
          {
            field: 'restore',
            headerName: '',
            width: screen === 'small' ? 60 : 130,
            sortable: false,
            disableColumnMenu: true,
            align: 'right',
            renderCell: ({ row }) =>
              row.type === 'FOLDER' && (
                <RestoreButton
                  isIconOnly={screen === 'small'}
                  isPending={restore.isPending && restore.variables === row.nodeId}
                  isDisabled={restore.isPending}
                  onClick={() =>
                    restore.mutate(row.nodeId, {
                      onSuccess: (answer) => setRestored(describeRestored(row, answer.restoredNodes)),
                    })
                  }
                />
              ),
          } satisfies GridColDef<Node>,
        ]
      : []),
  ];

  return (
    <Box data-testid="nodes-page">
      <PageHeader
        title="Nodes"
        description={
          isDeleted
            ? 'Deleted nodes of this organization. Restoring a folder brings back everything deleted with it.'
            : 'Every folder, scan, model and file of this organization. Open a row to see it in the hub.'
        }
      />
      {nodes.isError && (
        <Alert severity="error" sx={{ mb: 3 }} data-testid="nodes-load-error">
          Error loading data
        </Alert>
      )}
      {restore.error && (
        <Alert severity="error" sx={{ mb: 3 }} onClose={() => restore.reset()} data-testid="restore-error">
          {restore.error.message}
        </Alert>
      )}
      <Card data-testid="nodes-grid" sx={COMPACT_PAGINATION_SX}>
        <Box
          sx={{
            px: 2.5,
            py: 1.5,
            display: 'flex',
            alignItems: 'center',
            flexWrap: 'wrap',
            gap: 1.5,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <TextField
            size="small"
            placeholder="Search by name"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            sx={{ flex: '1 1 240px', maxWidth: { sm: 420 } }}
            slotProps={{
              htmlInput: { 'aria-label': 'Search by name', 'data-testid': 'nodes-search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRoundedIcon fontSize="small" />
                  </InputAdornment>
                ),
                endAdornment: search && (
                  <InputAdornment position="end">
                    <IconButton
                      size="small"
                      aria-label="Clear search"
                      onClick={() => setSearch('')}
                      edge="end"
                    >
                      <ClearRoundedIcon fontSize="small" />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, ml: 'auto' }}>
            {nodes.data && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="nodes-total">
                {nodes.data.total === 1 ? '1 node' : `${nodes.data.total} nodes`}
              </Typography>
            )}
            <FormControlLabel
              label="Deleted"
              labelPlacement="start"
              control={
                <Switch
                  checked={isDeleted}
                  onChange={(event) => setDeleted(event.target.checked)}
                  slotProps={{ input: { 'data-testid': 'nodes-deleted-toggle' } as object }}
                />
              }
              sx={{ ml: 0, mr: -1 }}
            />
          </Box>
        </Box>
        <DataGrid
          label={isDeleted ? 'Deleted nodes' : 'Nodes'}
          rows={nodes.data?.nodes ?? []}
          getRowId={(row) => row.nodeId}
          columns={columns}
          columnVisibilityModel={{
            type: visible.has('type'),
            createdAt: visible.has('createdAt'),
            deletedAt: isDeleted && screen !== 'small',
          }}
          rowCount={nodes.data?.total ?? 0}
          loading={nodes.isFetching}
          paginationMode="server"
          sortingMode="server"
          paginationModel={paginationModel}
          onPaginationModelChange={setPaginationModel}
          sortModel={sortModel}
          onSortModelChange={(model) => setSortModel(model.length ? model : DEFAULT_SORT)}
          pageSizeOptions={[10, 20, 50]}
          disableColumnFilter
          disableRowSelectionOnClick
          onRowClick={({ row }, event) => {
            if (isDeleted || isInteractiveClick(event.target)) return;
            openNode(row, { isNewTab: event.ctrlKey || event.metaKey });
          }}
          autoHeight
          rowHeight={screen === 'small' ? 60 : 52}
          localeText={{
            noRowsLabel: nodes.isError
              ? 'Error loading data'
              : debouncedSearch
                ? `No ${isDeleted ? 'deleted ' : ''}nodes match “${debouncedSearch}”`
                : isDeleted
                  ? 'No deleted nodes'
                  : 'No nodes yet. Create a folder in the hub.',
          }}
          slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
          sx={{
            ...FLUSH_GRID_SX,
            minHeight: 300,
            '& .MuiDataGrid-row': { cursor: isDeleted ? 'default' : 'pointer' },
            '& .MuiDataGrid-cell:focus, & .MuiDataGrid-cell:focus-within': { outline: 'none' },
          }}
        />
      </Card>
      <RestoredSnackbar restored={restored} onClose={() => setRestored(null)} />
    </Box>
  );
}

function RestoreButton({
  isIconOnly,
  isPending,
  isDisabled,
  onClick,
}: {
  isIconOnly: boolean;
  isPending: boolean;
  isDisabled: boolean;
  onClick: () => void;
}) {
  if (isIconOnly)
    return (
      <IconButton
        size="small"
        aria-label="Restore"
        onClick={onClick}
        disabled={isDisabled}
        data-testid="restore-node-button"
      >
        <RestoreFromTrashRoundedIcon fontSize="small" />
      </IconButton>
    );
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<RestoreFromTrashRoundedIcon />}
      onClick={onClick}
      loading={isPending}
      disabled={isDisabled && !isPending}
      data-testid="restore-node-button"
    >
      Restore
    </Button>
  );
}
