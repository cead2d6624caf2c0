import CancelScheduleSendRoundedIcon from '@mui/icons-material/CancelScheduleSendRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { DataGrid } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import type { Invitation } from '@gprhub/contract';
import { primaryRole } from '@gprhub/contract';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CardGridTitle } from '../../components/card-grid-title';
import { DIVIDED_FLUSH_GRID_SX } from '../../components/grid-styles';
import { CopyButton } from '../../components/copy-button';
import { formatDateShort } from '../../lib/format-date';
import { useCancelInvitation, useInvitations } from './members-api';
import { ROLE_LABELS } from './role-labels';

/** Pending invitations (owners and admins): email, role, inviter, expiry, the link to copy, Revoke. */
export function InvitationsCard() {
  const invitations = useInvitations(true);
  const cancel = useCancelInvitation();
  const [toRevoke, setToRevoke] = useState<Invitation | null>(null);
  const columns = useMemo<GridColDef<Invitation>[]>(
    () => [
      { field: 'email', headerName: 'Email', flex: 1.2, minWidth: 200 },
      {
        field: 'role',
        headerName: 'Role',
        width: 110,
        valueFormatter: (value: string) => ROLE_LABELS[primaryRole(value) ?? 'member'],
      },
      {
        field: 'inviter',
        headerName: 'Invited by',
        flex: 1,
        minWidth: 140,
        valueGetter: (_v, row) => row.inviter?.name ?? '—',
      },
      {
        field: 'expiresAt',
        headerName: 'Expires',
        width: 170,
        valueFormatter: (value: string) => formatDateShort(value),
      },
      {
        field: 'actions',
        headerName: '',
        width: 100,
        sortable: false,
        align: 'right',
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <CopyButton
              value={row.url}
              label="Copy invitation link"
              testId={`copy-invitation-${row.email}`}
            />
            <Tooltip title="Revoke invitation">
              <IconButton
                size="small"
                aria-label={`Revoke the invitation of ${row.email}`}
                onClick={() => setToRevoke(row)}
                data-testid={`revoke-invitation-${row.email}`}
              >
                <CancelScheduleSendRoundedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        ),
      },
    ],
    [],
  );
  return (
    <Card data-testid="invitations-grid">
      <ConfirmDialog
        open={toRevoke !== null}
        title="Revoke invitation?"
        confirmLabel="Revoke"
        onConfirm={() => cancel.mutateAsync(toRevoke!.id)}
        onClose={() => setToRevoke(null)}
        testId="revoke-invitation-dialog"
      >
        The invitation link for <strong>{toRevoke?.email}</strong> stops working at once.
      </ConfirmDialog>
      <CardGridTitle
        id="invitations-table-title"
        title="Pending invitations"
        total={invitations.data?.total}
      />
      <DataGrid
        label="Pending invitations"
        aria-labelledby="invitations-table-title"
        rows={invitations.data?.invitations ?? []}
        columns={columns}
        loading={invitations.isFetching}
        disableColumnFilter
        disableRowSelectionOnClick
        hideFooter
        autoHeight
        localeText={{ noRowsLabel: invitations.isError ? 'Error loading data' : 'No pending invitations' }}
        slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
        sx={{ ...DIVIDED_FLUSH_GRID_SX, minHeight: 160 }}
      />
    </Card>
  );
}
