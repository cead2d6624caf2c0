import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { OrgLink } from './org-link';

/** Unknown routes and malformed ids end here (and, with other words and actions, pages that cannot open). */
export function NotFoundPage({
  message = 'The page you are looking for does not exist, or the link is malformed.',
  title = 'Not found',
  overline = '404',
  icon = <SearchOffRoundedIcon sx={{ fontSize: 36 }} />,
  actions,
  testId = 'not-found-page',
}: {
  message?: ReactNode;
  title?: string;
  overline?: string | null;
  icon?: ReactNode;
  /** Buttons in place of "Back to the hub". */
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <Box
      data-testid={testId}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        py: { xs: 6, md: 10 },
        px: 2,
      }}
    >
      <Box
        sx={{
          width: 72,
          height: 72,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'text.secondary',
          mb: 3,
        }}
      >
        {icon}
      </Box>
      {overline && (
        <Typography variant="overline" sx={{ color: 'primary.main' }}>
          {overline}
        </Typography>
      )}
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 480, mb: 3 }}>{message}</Typography>
      {actions ?? (
        <Button variant="contained" component={OrgLink} to="/hub">
          Back to the hub
        </Button>
      )}
    </Box>
  );
}
