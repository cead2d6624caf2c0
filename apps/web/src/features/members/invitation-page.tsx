import GroupAddRoundedIcon from '@mui/icons-material/GroupAddRounded';
import LinkOffRoundedIcon from '@mui/icons-material/LinkOffRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { primaryRole } from '@gprhub/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { getErrorMessage } from '../../api/api-error';
import { FullPageLoader } from '../../components/full-page-loader';
import { withOrg } from '../../lib/with-org';
import { authClient } from '../auth/auth-client';
import { StandalonePage } from '../organizations/standalone-page';
import { acceptInvitation, fetchInvitationPreview } from './members-api';
import { ROLE_LABELS } from './role-labels';

/**
 * `/invitations/:id`, the invitation link: what it is for; a new user creates an account (or signs in) and comes
 * back here; the invited user joins with one click.
 */
export function InvitationPage() {
  const { id = '' } = useParams();
  const session = authClient.useSession();
  const preview = useQuery({ queryKey: ['invitation', id], queryFn: () => fetchInvitationPreview(id), retry: false });
  const accept = useMutation({
    mutationFn: () => acceptInvitation(id),
    // A full load: the organization list and the session's organizations are read afresh.
    onSuccess: ({ organization }) => window.location.assign(withOrg('/hub', organization.slug)),
  });
  if (preview.isPending || session.isPending) return <FullPageLoader />;
  if (preview.isError) {
    return (
      <StandalonePage
        icon={<LinkOffRoundedIcon />}
        tone="warning"
        title="This invitation no longer works"
        description={getErrorMessage(preview.error)}
        testId="invitation-page"
      >
        <Button component={RouterLink} to="/hub" variant="outlined">
          Go to GPR Hub
        </Button>
      </StandalonePage>
    );
  }
  const invitation = preview.data;
  const back = `?redirect=${encodeURIComponent(`/invitations/${id}`)}`;
  const user = session.data?.user;
  const isRecipient = user !== undefined && user.email.toLowerCase() === invitation.email.toLowerCase();
  const role = ROLE_LABELS[primaryRole(invitation.role) ?? 'member'].toLowerCase();
  return (
    <StandalonePage
      icon={<GroupAddRoundedIcon />}
      title={`Join ${invitation.organization.name}`}
      description={
        <>
          {invitation.inviterName ?? 'An owner or admin'} invites <strong>{invitation.email}</strong> to join{' '}
          <strong>{invitation.organization.name}</strong> on GPR Hub as {role === 'admin' ? 'an' : 'a'} {role}.
        </>
      }
      testId="invitation-page"
    >
      {!user && (
        <Stack spacing={1.5}>
          <Button component={RouterLink} to={`/auth/sign-up${back}`} variant="contained" data-testid="invitation-sign-up">
            Create an account with {invitation.email}
          </Button>
          <Button component={RouterLink} to={`/auth/sign-in${back}`} variant="outlined" data-testid="invitation-sign-in">
            I already have an account: sign in
          </Button>
        </Stack>
      )}
      {user && !isRecipient && (
        <Alert severity="warning" data-testid="invitation-wrong-user">
          You are signed in as {user.email}, but this invitation is for {invitation.email}. Sign out and sign in
          (or create an account) with {invitation.email} to accept it.
        </Alert>
      )}
      {user && isRecipient && (
        <Stack spacing={2}>
          {accept.isError && <Alert severity="error">{getErrorMessage(accept.error)}</Alert>}
          <Button
            variant="contained"
            size="large"
            loading={accept.isPending || accept.isSuccess}
            onClick={() => accept.mutate()}
            data-testid="invitation-accept"
          >
            Join {invitation.organization.name}
          </Button>
        </Stack>
      )}
    </StandalonePage>
  );
}
