import PersonRemoveRoundedIcon from '@mui/icons-material/PersonRemoveRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import type { Member, OrganizationRole } from '@gprhub/contract';
import { ORGANIZATION_ROLES, primaryRole } from '@gprhub/contract';
import { formatDateShort } from '../../lib/format-date';
import { ROLE_LABELS } from './role-labels';

export interface MemberActions {
  /** Why the signed-in user may not change this member's role; null when they may. */
  whyNotChangeRole: (member: Member) => string | null;
  /** Why the signed-in user may not remove this member (or leave); null when they may. */
  whyNotRemove: (member: Member) => string | null;
  /** Whether the owner role may be given. */
  canGrantOwner: boolean;
  selfId: string | null;
  onChangeRole: (member: Member, role: OrganizationRole) => void;
  onRemove: (member: Member) => void;
}

export function memberColumns(actions: MemberActions): GridColDef<Member>[] {
  return [
    {
      field: 'name',
      headerName: 'Name',
      flex: 1,
      minWidth: 160,
      renderCell: ({ row }) => (
        <Box component="span" sx={{ fontWeight: 500 }}>
          {row.name}
          {row.id === actions.selfId && (
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
              {' '}
              (you)
            </Box>
          )}
        </Box>
      ),
    },
    { field: 'email', headerName: 'Email', flex: 1.2, minWidth: 200 },
    {
      field: 'role',
      headerName: 'Role',
      width: 150,
      renderCell: ({ row }) => {
        const role = primaryRole(row.role) ?? 'member';
        const reason = actions.whyNotChangeRole(row);
        if (reason) {
          return (
            <Tooltip title={reason}>
              <Chip
                label={ROLE_LABELS[role]}
                size="small"
                variant={role === 'member' ? 'outlined' : 'filled'}
                color={role === 'owner' ? 'primary' : 'default'}
                data-testid={`member-role-${row.email}`}
              />
            </Tooltip>
          );
        }
        return (
          <Select
            size="small"
            value={role}
            variant="standard"
            disableUnderline
            onChange={(event) => actions.onChangeRole(row, event.target.value as OrganizationRole)}
            inputProps={{ 'aria-label': `Role of ${row.name}` }}
            SelectDisplayProps={{ 'data-testid': `member-role-select-${row.email}` } as object}
            sx={{ fontSize: 14 }}
          >
            {ORGANIZATION_ROLES.map((r) => (
              <MenuItem key={r} value={r} disabled={r === 'owner' && !actions.canGrantOwner} data-testid={`role-option-${r}`}>
                {ROLE_LABELS[r]}
              </MenuItem>
            ))}
          </Select>
        );
      },
    },
    {
      field: 'joinedAt',
      headerName: 'Joined',
      width: 170,
      valueFormatter: (value: string) => formatDateShort(value),
    },
    {
      field: 'actions',
      headerName: '',
      width: 64,
      sortable: false,
      align: 'right',
      renderCell: ({ row }) => {
        const reason = actions.whyNotRemove(row);
        const label = row.id === actions.selfId ? 'Leave the organization' : `Remove ${row.name}`;
        return (
          <Tooltip title={reason ?? label}>
            <span>
              <IconButton
                size="small"
                aria-label={label}
                disabled={reason !== null}
                onClick={() => actions.onRemove(row)}
                data-testid={`remove-member-${row.email}`}
              >
                <PersonRemoveRoundedIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        );
      },
    },
  ];
}
