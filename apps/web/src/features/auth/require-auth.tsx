import CloudOffRoundedIcon from '@mui/icons-material/CloudOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Navigate, Outlet, useLocation } from 'react-router';
import { getErrorMessage } from '../../api/api-error';
import { FullPageLoader } from '../../components/full-page-loader';
import { authClient } from './auth-client';
import { wasSignedOut } from './sign-out-intent';

/**
 * Layout route of every signed-in page: visitors without a session go to sign-in, with a way
 * back. A session check that failed (server down, rate limited) is not mistaken for signed out.
 */
export function RequireAuth() {
  const { data, isPending, error, refetch } = authClient.useSession();
  const location = useLocation();
  if (isPending) return <FullPageLoader label="Checking your session" />;
  if (!data && error && error.status !== 401) {
    return <SessionCheckFailed message={getErrorMessage(error)} onRetry={() => void refetch()} />;
  }
  if (!data) {
    const back = wasSignedOut() ? '/hub' : `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/auth/sign-in?redirect=${encodeURIComponent(back)}`} replace />;
  }
  return <Outlet />;
}

function SessionCheckFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Box
      role="alert"
      data-testid="session-check-failed"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
        textAlign: 'center',
        bgcolor: 'background.default',
      }}
    >
      <CloudOffRoundedIcon sx={{ fontSize: 48, color: 'text.secondary' }} />
      <Typography variant="h5" component="h1">
        GPR Hub can't be reached
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 440 }}>
        We could not check your session: {message}. Check your connection and try again.
      </Typography>
      <Button variant="contained" onClick={onRetry}>
        Try again
      </Button>
    </Box>
  );
}
