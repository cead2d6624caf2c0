import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import LinkOffRoundedIcon from '@mui/icons-material/LinkOffRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { DataGrid, GridActionsCellItem, useGridApiRef } from '@mui/x-data-grid';
import type {
  GridColDef,
  GridFilterModel,
  GridPaginationModel,
  GridRowSelectionModel,
  GridSortModel,
} from '@mui/x-data-grid';
import type { ThreeDTracker, ThreeDTrackerQuery } from '@gprhub/contract';
import { DEFAULT_QUERY_LIMIT, ThreeDTrackerMessages } from '@gprhub/contract';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FLUSH_GRID_SX } from '../../components/grid-styles';
import { OrgLink } from '../../components/org-link';
import { PageHeader } from '../../components/page-header';
import { useSnackbar } from '../../components/snackbar-provider';
import { formatDateTime } from '../../lib/format-date';
import { AddTrackerDialog } from './add-tracker-dialog';
import { usePermission } from '../members/members-api';
import {
  useDeleteTracker,
  useSendTracker,
  useThreeDTrackers,
  useUpdateTracker,
} from './three-d-trackers-api';

const DEFAULT_SORT: GridSortModel = [{ field: 'createdAt', sort: 'desc' }];
const SORTABLE = new Set(['createdAt', 'name', 'idFromTracker']);
const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 };

/** The grid's filter model as the query's filter: text filters on Name and Id from 3d Tracker, and "connected". */
function toFilter(model: GridFilterModel): NonNullable<ThreeDTrackerQuery['filter']> {
  const filter: NonNullable<ThreeDTrackerQuery['filter']> = {};
  for (const item of model.items) {
    const value = typeof item.value === 'string' ? item.value.trim() : '';
    if (!value) continue;
    if (item.field === 'name') filter.name = value;
    if (item.field === 'idFromTracker') filter.idFromTracker = value;
  }
  return filter;
}

/** `/three-d-trackers`: the organization's paired 3D trackers (seed 000 §2). */
export function ThreeDTrackersPage() {
  const apiRef = useGridApiRef();
  const [paginationModel, setPaginationModel] = useState<GridPaginationModel>({
    page: 0,
    pageSize: DEFAULT_QUERY_LIMIT,
  });
  const [sortModel, setSortModel] = useState<GridSortModel>(DEFAULT_SORT);
  const [filterModel, setFilterModel] = useState<GridFilterModel>({ items: [] });
  const [selection, setSelection] = useState<GridRowSelectionModel>({ type: 'include', ids: new Set() });
  const query = useMemo(() => {
    const sort = sortModel[0] ?? DEFAULT_SORT[0]!;
    return {
      filter: toFilter(filterModel),
      limit: paginationModel.pageSize,
      skip: paginationModel.page * paginationModel.pageSize,
      sort: {
        field: (SORTABLE.has(sort.field) ? sort.field : 'createdAt') as ThreeDTrackerQuery['sort']['field'],
        direction: sort.sort === 'asc' ? ('asc' as const) : ('desc' as const),
      },
    };
  }, [paginationModel, sortModel, filterModel]);
  const trackers = useThreeDTrackers(query, { poll: true });
  const [isAdding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<ThreeDTracker | null>(null);
  const remove = useDeleteTracker();
  const manage = usePermission('manageTrackers');
  const update = useUpdateTracker();
  const send = useSendTracker();
  const snackbar = useSnackbar();

  const columns = useMemo<GridColDef<ThreeDTracker>[]>(
    () => [
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 200, editable: true },
      {
        field: 'idFromTracker',
        headerName: 'Id from 3d Tracker',
        flex: 1,
        minWidth: 200,
        renderCell: ({ value }) => (
          <Box component="span" sx={MONO}>
            {value as string}
          </Box>
        ),
      },
      {
        field: 'nodeId',
        headerName: 'ID',
        width: 300,
        sortable: false,
        filterable: false,
        renderCell: ({ value }) => (
          <Box component="span" sx={MONO}>
            {value as string}
          </Box>
        ),
      },
      {
        field: 'createdAt',
        headerName: 'Created at',
        width: 190,
        filterable: false,
        sortingOrder: ['desc', 'asc'],
        valueFormatter: (value: string) => formatDateTime(value),
      },
      {
        field: 'nextUploadInfo',
        headerName: 'Upload node Id',
        flex: 1,
        minWidth: 280,
        sortable: false,
        filterable: false,
        renderCell: ({ row }) =>
          row.nextUploadInfo ? (
            <OrgLink
              to={`/3d-models/${row.nextUploadInfo.threeDModelId}/3d-model`}
              style={MONO}
              data-testid="tracker-upload-node"
            >
              {row.nextUploadInfo.threeDModelId}
            </OrgLink>
          ) : (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              —
            </Box>
          ),
      },
      {
        field: 'actions',
        type: 'actions',
        width: 120,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="edit"
            icon={<EditRoundedIcon />}
            label="Edit 3D tracker"
            onClick={() => apiRef.current?.startCellEditMode({ id: row.nodeId, field: 'name' })}
          />,
          <GridActionsCellItem
            key="delete"
            icon={
              <Tooltip title={manage.isAllowed ? 'Delete 3D tracker' : manage.reason}>
                <DeleteOutlineRoundedIcon />
              </Tooltip>
            }
            label="Delete 3D tracker"
            disabled={!manage.isAllowed}
            onClick={() => setToDelete(row)}
          />,
          ...(row.nextUploadInfo
            ? [
                <GridActionsCellItem
                  key="reset"
                  icon={<LinkOffRoundedIcon />}
                  label="Reset connection"
                  showInMenu
                  onClick={() =>
                    send.mutate(
                      { threeDTrackerId: row.nodeId, threeDModelId: null },
                      { onError: (error) => snackbar(`Error: ${error.message}`) },
                    )
                  }
                />,
              ]
            : []),
        ],
      },
    ],
    [apiRef, send, snackbar, manage.isAllowed, manage.reason],
  );

  return (
    <Box data-testid="three-d-trackers-page">
      <PageHeader
        title={ThreeDTrackerMessages.title}
        description="Handheld trackers that map the room while you scan. Pair one by scanning the QR code of “Add Tracker”, then connect it to a 3D model from the model's page."
        actions={
          <Tooltip title={manage.isAllowed ? '' : manage.reason}>
            <span>
              <Button
                variant="contained"
                startIcon={<AddRoundedIcon />}
                onClick={() => setAdding(true)}
                disabled={!manage.isAllowed}
                data-testid="add-tracker-button"
              >
                {ThreeDTrackerMessages.add}
              </Button>
            </span>
          </Tooltip>
        }
      />
      <AddTrackerDialog isOpen={isAdding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={toDelete !== null}
        title={ThreeDTrackerMessages.deleteTitle}
        confirmLabel="Delete"
        onConfirm={() => remove.mutateAsync(toDelete!.nodeId)}
        onClose={() => setToDelete(null)}
        testId="delete-tracker-dialog"
      >
        {ThreeDTrackerMessages.deleteText}
      </ConfirmDialog>
      {trackers.isError && (
        <Alert severity="error" sx={{ mb: 3 }}>
          Error loading data
        </Alert>
      )}
      <Card data-testid="trackers-grid">
        <DataGrid
          apiRef={apiRef}
          label="3D trackers"
          getRowId={(row) => row.nodeId}
          rows={trackers.data?.threeDTrackers ?? []}
          columns={columns}
          rowCount={trackers.data?.total ?? 0}
          loading={trackers.isLoading}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          paginationModel={paginationModel}
          onPaginationModelChange={setPaginationModel}
          sortModel={sortModel}
          onSortModelChange={(model) => setSortModel(model.length ? model : DEFAULT_SORT)}
          filterModel={filterModel}
          onFilterModelChange={setFilterModel}
          rowSelectionModel={selection}
          onRowSelectionModelChange={setSelection}
          disableMultipleRowSelection
          pageSizeOptions={[10, 20, 50, 100]}
          initialState={{ columns: { columnVisibilityModel: { nodeId: false } } }}
          processRowUpdate={async (next, previous) => {
            const name = next.name.trim();
            if (name === previous.name) return previous;
            if (!name) {
              snackbar(ThreeDTrackerMessages.nameRequired);
              return previous;
            }
            return update.mutateAsync({ id: next.nodeId, body: { name } });
          }}
          onProcessRowUpdateError={(error: Error) => snackbar(`Error: ${error.message}`)}
          autoHeight
          localeText={{
            noRowsLabel: trackers.isError
              ? 'Error loading data'
              : 'No 3D trackers yet. Pair one with “Add Tracker”.',
          }}
          slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
          sx={{ ...FLUSH_GRID_SX, minHeight: 300 }}
        />
      </Card>
    </Box>
  );
}
