import AddRoundedIcon from '@mui/icons-material/AddRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { DataGrid } from '@mui/x-data-grid';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import type { CreatedTenantKey, TenantKey } from '@gprhub/contract';
import { DEFAULT_QUERY_LIMIT } from '@gprhub/contract';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CardGridTitle } from '../../components/card-grid-title';
import { DIVIDED_FLUSH_GRID_SX } from '../../components/grid-styles';
import { keyColumns } from './keys-columns';
import { useRevokeTenantKey, useTenantKeys } from './keys-api';
import { NewKeyAlert } from './new-key-alert';
import { NewKeyDialog } from './new-key-dialog';
import { authClient } from '../auth/auth-client';
import { usePermission } from '../members/members-api';

const DEFAULT_SORT: GridSortModel = [{ field: 'createdAt', sort: 'desc' }];

/** `/keys`: the organization's API keys, paged and sorted by the server, "New key" and Revoke. */
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
  const [isCreating, setIsCreating] = useState(false);
  const [created, setCreated] = useState<CreatedTenantKey | null>(null);
  const [toRevoke, setToRevoke] = useState<TenantKey | null>(null);
  const revoke = useRevokeTenantKey();
  const session = authClient.useSession();
  const userId = session.data?.user.id;
  const revokeOthers = usePermission('revokeOthersTenantKeys');
  const columns = useMemo(
    () =>
      keyColumns(setToRevoke, (key) =>
        key.createdBy?.id === userId || revokeOthers.isAllowed ? null : revokeOthers.reason,
      ),
    [userId, revokeOthers.isAllowed, revokeOthers.reason],
  );

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
            onClick={() => setIsCreating(true)}
            data-testid="new-key-button"
          >
            New key
          </Button>
        }
      />
      <NewKeyDialog isOpen={isCreating} onClose={() => setIsCreating(false)} onCreated={setCreated} />
      {created && <NewKeyAlert key={created.id} createdKey={created} onClose={() => setCreated(null)} />}
      <ConfirmDialog
        open={toRevoke !== null}
        title="Revoke API key?"
        confirmLabel="Revoke"
        onConfirm={() => revoke.mutateAsync(toRevoke!.id)}
        onClose={() => setToRevoke(null)}
        testId="revoke-key-dialog"
      >
        <strong>{toRevoke?.name ?? 'This unnamed key'}</strong> stops working at once: scripts and
        integrations that send it will be refused. This cannot be undone.
      </ConfirmDialog>
      {keys.isError && (
        <Alert severity="error" sx={{ mb: 3 }} data-testid="keys-load-error">
          Error loading data
        </Alert>
      )}
      <Card data-testid="keys-grid">
        <CardGridTitle id="keys-table-title" title="Keys" total={keys.data?.total} />
        <DataGrid
          label="Keys"
          aria-labelledby="keys-table-title"
          rows={keys.data?.keys ?? []}
          columns={columns}
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
          sx={{ ...DIVIDED_FLUSH_GRID_SX, minHeight: 300 }}
        />
      </Card>
    </Box>
  );
}
