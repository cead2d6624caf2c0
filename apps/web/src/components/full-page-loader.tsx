import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { BrandMark } from './brand-logo';

/** Shown while the session or the organizations load. */
export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-label={label}
      data-testid="full-page-loader"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        bgcolor: 'background.default',
      }}
    >
      <BrandMark size={44} />
      <CircularProgress size={28} thickness={4.5} />
    </Box>
  );
}
