import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { OrgLink } from './org-link';

/** Unknown routes and malformed ids end here. */
export function NotFoundPage({
  message = 'The page you are looking for does not exist, or the link is malformed.',
}: {
  message?: string;
}) {
  return (
    <Box
      data-testid="not-found-page"
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
        <SearchOffRoundedIcon sx={{ fontSize: 36 }} />
      </Box>
      <Typography variant="overline" sx={{ color: 'primary.main' }}>
        404
      </Typography>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Not found
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 440, mb: 3 }}>{message}</Typography>
      <Button variant="contained" component={OrgLink} to="/hub">
        Back to the hub
      </Button>
    </Box>
  );
}
