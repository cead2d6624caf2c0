import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { TenantKey } from '@gprhub/contract';
import { formatDateTime } from '../../lib/format-date';

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 };

function isExpired(key: TenantKey): boolean {
  return key.expiresAt !== null && Date.parse(key.expiresAt) <= Date.now();
}

/** The keys table: name (and id), creator, dates, and a Revoke action per key. */
export function keyColumns(
  onRevoke: (key: TenantKey) => void,
  /** Why the signed-in user may not revoke this key; null when they may. */
  whyNotRevoke: (key: TenantKey) => string | null = () => null,
): GridColDef<TenantKey>[] {
  return [
    {
      field: 'name',
      headerName: 'Name',
      flex: 1,
      minWidth: 240,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minWidth: 0 }}>
          <Typography variant="body2" noWrap sx={{ color: row.name ? 'text.primary' : 'text.secondary' }}>
            {row.name ?? 'Unnamed key'}
          </Typography>
          <Typography component="span" noWrap sx={{ ...MONO, fontSize: 11.5, color: 'text.secondary' }}>
            {row.id}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'createdBy',
      headerName: 'Created by',
      width: 170,
      sortable: false,
      valueGetter: (_value, row) => row.createdBy?.name ?? 'Deleted user',
    },
    {
      field: 'createdAt',
      headerName: 'Created at',
      width: 180,
      sortingOrder: ['desc', 'asc'],
      valueFormatter: (value: string) => formatDateTime(value),
    },
    {
      field: 'lastUsedAt',
      headerName: 'Last used',
      width: 180,
      sortable: false,
      valueFormatter: (value: string | null) => (value ? formatDateTime(value) : 'Never'),
    },
    {
      field: 'expiresAt',
      headerName: 'Expires',
      width: 180,
      sortable: false,
      renderCell: ({ row }) =>
        row.expiresAt ? (
          <Box component="span" sx={{ color: isExpired(row) ? 'error.main' : 'text.primary' }}>
            {isExpired(row) ? 'Expired ' : ''}
            {formatDateTime(row.expiresAt)}
          </Box>
        ) : (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            Never
          </Box>
        ),
    },
    {
      field: 'actions',
      headerName: '',
      width: 64,
      sortable: false,
      align: 'right',
      renderCell: ({ row }) => {
        const reason = whyNotRevoke(row);
        return (
          <Tooltip title={reason ?? 'Revoke key'}>
            <span>
              <IconButton
                size="small"
                aria-label={`Revoke ${row.name ?? 'unnamed key'}`}
                onClick={() => onRevoke(row)}
                disabled={reason !== null}
                data-testid={`revoke-key-${row.id}`}
              >
                <DeleteOutlineRoundedIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        );
      },
    },
  ];
}
