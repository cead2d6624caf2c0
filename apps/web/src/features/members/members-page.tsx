import PersonAddRoundedIcon from '@mui/icons-material/PersonAddRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DataGrid } from '@mui/x-data-grid';
import type { Invitation, Member, OrganizationRole } from '@gprhub/contract';
import { hasAnyRole, roleCan } from '@gprhub/contract';
import { useMemo, useState } from 'react';
import { getErrorMessage } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CardGridTitle } from '../../components/card-grid-title';
import { DIVIDED_FLUSH_GRID_SX } from '../../components/grid-styles';
import { CopyButton } from '../../components/copy-button';
import { PageHeader } from '../../components/page-header';
import { useNavigate } from 'react-router';
import { InvitationsCard } from './invitations-card';
import { InviteDialog } from './invite-dialog';
import { memberColumns } from './members-columns';
import { useChangeMemberRole, useMembers, useMembership, useRemoveMember } from './members-api';

const isOwner = (role: string) => hasAnyRole(role, ['owner']);

/** `/organization/members`: who belongs to the organization, their roles, and (owners, admins) invitations. */
export function MembersPage() {
  const members = useMembers();
  const membership = useMembership();
  const role = membership.data?.role ?? null;
  const canManage = roleCan(role, 'manageMembers');
  const canGrantOwner = roleCan(role, 'manageOwners');
  const ownerCount = (members.data?.members ?? []).filter((m) => isOwner(m.role)).length;
  const selfId = membership.data?.memberId ?? null;
  const [isInviting, setIsInviting] = useState(false);
  const [invited, setInvited] = useState<Invitation | null>(null);
  const [toRemove, setToRemove] = useState<Member | null>(null);
  const [roleError, setRoleError] = useState<string | null>(null);
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const navigate = useNavigate();

  const columns = useMemo(() => {
    const lastOwner = (member: Member) => isOwner(member.role) && ownerCount <= 1;
    return memberColumns({
      whyNotChangeRole: (member) => {
        if (!canManage) return 'Only owners and admins can change roles';
        if (isOwner(member.role) && !canGrantOwner) return 'Only owners can change an owner’s role';
        if (lastOwner(member))
          return 'The last owner keeps the owner role: make another member an owner first';
        return null;
      },
      whyNotRemove: (member) => {
        if (lastOwner(member))
          return 'The last owner cannot leave or be removed: make another member an owner first';
        if (member.id === selfId) return null;
        if (!canManage) return 'Only owners and admins can remove members';
        if (isOwner(member.role) && !canGrantOwner) return 'Only owners can remove an owner';
        return null;
      },
      canGrantOwner,
      selfId,
      onChangeRole: (member: Member, next: OrganizationRole) => {
        setRoleError(null);
        changeRole.mutate(
          { id: member.id, role: next },
          { onError: (error) => setRoleError(getErrorMessage(error)) },
        );
      },
      onRemove: setToRemove,
    });
  }, [canManage, canGrantOwner, ownerCount, selfId, changeRole]);

  const isLeaving = toRemove !== null && toRemove.id === selfId;
  return (
    <Box data-testid="members-page">
      <PageHeader
        title="Members"
        description="Everyone in this organization and their role. Owners and admins invite, change roles and remove members."
        actions={
          <Tooltip title={canManage ? '' : 'Only owners and admins can invite members'}>
            <span>
              <Button
                variant="contained"
                startIcon={<PersonAddRoundedIcon />}
                onClick={() => setIsInviting(true)}
                disabled={!canManage}
                data-testid="invite-member-button"
              >
                Invite member
              </Button>
            </span>
          </Tooltip>
        }
      />
      <InviteDialog
        isOpen={isInviting}
        onClose={() => setIsInviting(false)}
        onInvited={setInvited}
        canInviteOwner={canGrantOwner}
      />
      {invited && (
        <Alert
          severity="success"
          sx={{ mb: 3, alignItems: 'center' }}
          onClose={() => setInvited(null)}
          data-testid="invitation-link-alert"
        >
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            Invitation for <strong>{invited.email}</strong> made. No mail is sent: copy this link and send it
            to them.
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box
              component="code"
              sx={{
                fontSize: 13,
                wordBreak: 'break-all',
                bgcolor: 'action.hover',
                px: 1,
                py: 0.5,
                borderRadius: 1,
              }}
              data-testid="invitation-link"
            >
              {invited.url}
            </Box>
            <CopyButton value={invited.url} label="Copy invitation link" testId="copy-invitation-link" />
          </Box>
        </Alert>
      )}
      {roleError && (
        <Alert
          severity="error"
          sx={{ mb: 3 }}
          onClose={() => setRoleError(null)}
          data-testid="member-role-error"
        >
          {roleError}
        </Alert>
      )}
      <ConfirmDialog
        open={toRemove !== null}
        title={isLeaving ? 'Leave the organization?' : 'Remove member?'}
        confirmLabel={isLeaving ? 'Leave' : 'Remove'}
        onConfirm={async () => {
          await remove.mutateAsync(toRemove!.id);
          if (isLeaving) void navigate('/hub');
        }}
        onClose={() => setToRemove(null)}
        testId="remove-member-dialog"
      >
        {isLeaving ? (
          <>You lose access to this organization at once, and the API keys you made stop working.</>
        ) : (
          <>
            <strong>{toRemove?.name}</strong> ({toRemove?.email}) loses access to this organization at once,
            on every device, and the API keys they made stop working.
          </>
        )}
      </ConfirmDialog>
      {members.isError && (
        <Alert severity="error" sx={{ mb: 3 }}>
          Error loading data
        </Alert>
      )}
      <Card data-testid="members-grid" sx={{ mb: 3 }}>
        <CardGridTitle id="members-table-title" title="Members" total={members.data?.total} />
        <DataGrid
          label="Members"
          aria-labelledby="members-table-title"
          rows={members.data?.members ?? []}
          columns={columns}
          loading={members.isFetching || membership.isPending}
          disableColumnFilter
          disableRowSelectionOnClick
          hideFooter
          autoHeight
          localeText={{ noRowsLabel: members.isError ? 'Error loading data' : 'No members' }}
          slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
          sx={DIVIDED_FLUSH_GRID_SX}
        />
      </Card>
      {canManage && <InvitationsCard />}
    </Box>
  );
}
