import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../components/brand-logo';
import { authClient } from '../auth/auth-client';
import { useSignOut } from '../auth/use-sign-out';

/**
 * A full page outside the app shell, for when there is no organization to show the shell for:
 * the brand, the signed-in user with a way out, and one centred card.
 */
export function StandalonePage({
  icon,
  title,
  description,
  children,
  testId,
  tone = 'primary',
}: {
  icon: ReactNode;
  /** Colour of the icon tile: green for a next step, amber for a refusal, red for a failure. */
  tone?: 'primary' | 'warning' | 'error';
  title: string;
  description: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const session = authClient.useSession();
  const signOut = useSignOut();
  return (
    <Box
      sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
      data-testid={testId}
    >
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: { xs: 2, sm: 4 },
          py: 2,
        }}
      >
        <BrandLogo />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' } }}>
            {session.data?.user.email}
          </Typography>
          {session.data && (
            <Button
              color="inherit"
              startIcon={<LogoutRoundedIcon />}
              onClick={() => void signOut()}
              data-testid="standalone-sign-out"
            >
              Sign out
            </Button>
          )}
        </Box>
      </Box>
      <Box
        component="main"
        sx={{
          flex: 1,
          display: 'flex',
          alignItems: { xs: 'flex-start', sm: 'center' },
          justifyContent: 'center',
          p: 2,
          pb: { sm: 10 },
        }}
      >
        <Card sx={{ width: '100%', maxWidth: 520, p: { xs: 3, sm: 5 } }}>
          <Box
            sx={{
              width: 52,
              height: 52,
              borderRadius: '14px',
              display: 'grid',
              placeItems: 'center',
              bgcolor: `${tone}.main`,
              color: `${tone}.contrastText`,
              mb: 3,
            }}
          >
            {icon}
          </Box>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          <Typography variant="body2" component="div" sx={{ color: 'text.secondary', mt: 1, mb: 4 }}>
            {description}
          </Typography>
          {children}
        </Card>
      </Box>
    </Box>
  );
}
