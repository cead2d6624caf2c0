import AddRoundedIcon from '@mui/icons-material/AddRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { DataGrid } from '@mui/x-data-grid';
import type { GridColDef, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import type { TenantKey } from '@gprhub/contract';
import { DEFAULT_QUERY_LIMIT } from '@gprhub/contract';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format-date';
import { useCreateTenantKey, useTenantKeys } from './keys-api';
import { NewKeyAlert } from './new-key-alert';

const COLUMNS: GridColDef<TenantKey>[] = [
  {
    field: 'id',
    headerName: 'ID',
    flex: 1,
    minWidth: 280,
    sortable: false,
    renderCell: ({ value }) => (
      <Box
        component="span"
        sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 }}
      >
        {value as string}
      </Box>
    ),
  },
  {
    field: 'createdAt',
    headerName: 'Created at',
    width: 200,
    sortingOrder: ['desc', 'asc'],
    valueFormatter: (value: string) => formatDateTime(value),
  },
];

const DEFAULT_SORT: GridSortModel = [{ field: 'createdAt', sort: 'desc' }];

/** `/keys`: the organization's API keys, paged and sorted by the server, and "New key". */
export function KeysPage() {
  const [paginationModel, setPaginationModel] = useState<GridPaginationModel>({
    page: 0,
    pageSize: DEFAULT_QUERY_LIMIT,
  });
  const [sortModel, setSortModel] = useState<GridSortModel>(DEFAULT_SORT);
  const query = useMemo(() => {
    const sort = sortModel[0] ?? DEFAULT_SORT[0];
    return {
      limit: paginationModel.pageSize,
      skip: paginationModel.page * paginationModel.pageSize,
      sort: {
        field: 'createdAt' as const,
        direction: sort?.sort === 'asc' ? ('asc' as const) : ('desc' as const),
      },
    };
  }, [paginationModel, sortModel]);
  const keys = useTenantKeys(query);
  const create = useCreateTenantKey();

  return (
    <Box data-testid="keys-page">
      <PageHeader
        title="API keys"
        description={
          <>
            Keys let scripts and integrations call the GPR Hub API for this organization. Send one as{' '}
            <Box component="code" sx={{ fontSize: '0.85em', whiteSpace: 'nowrap' }}>
              Authorization: Bearer &lt;key&gt;
            </Box>
            .
          </>
        }
        actions={
          <Button
            variant="contained"
            startIcon={<AddRoundedIcon />}
            onClick={() => create.mutate()}
            loading={create.isPending}
            data-testid="new-key-button"
          >
            New key
          </Button>
        }
      />
      {create.data && (
        <NewKeyAlert key={create.data.id} createdKey={create.data} onClose={() => create.reset()} />
      )}
      {create.error && (
        <Alert severity="error" sx={{ mb: 3 }} onClose={() => create.reset()} data-testid="new-key-error">
          {create.error.message}
        </Alert>
      )}
      {keys.isError && (
        <Alert severity="error" sx={{ mb: 3 }} data-testid="keys-load-error">
          Error loading data
        </Alert>
      )}
      <Card data-testid="keys-grid">
        <Box sx={{ px: 2.5, pt: 2, pb: 1.5, display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Typography variant="h6" component="h2" id="keys-table-title">
            Keys
          </Typography>
          {keys.data && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {keys.data.total}
            </Typography>
          )}
        </Box>
        <DataGrid
          label="Keys"
          aria-labelledby="keys-table-title"
          rows={keys.data?.keys ?? []}
          columns={COLUMNS}
          rowCount={keys.data?.total ?? 0}
          loading={keys.isFetching}
          paginationMode="server"
          sortingMode="server"
          paginationModel={paginationModel}
          onPaginationModelChange={setPaginationModel}
          sortModel={sortModel}
          onSortModelChange={(model) => setSortModel(model.length ? model : DEFAULT_SORT)}
          pageSizeOptions={[10, 20, 50, 100]}
          disableColumnFilter
          disableRowSelectionOnClick
          autoHeight
          localeText={{
            noRowsLabel: keys.isError ? 'Error loading data' : 'No keys yet. Create one with “New key”.',
          }}
          slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
          sx={{
            border: 0,
            borderTop: 1,
            borderColor: 'divider',
            borderRadius: 0,
            '--DataGrid-containerBackground': 'transparent',
            minHeight: 300,
          }}
        />
      </Card>
    </Box>
  );
}
