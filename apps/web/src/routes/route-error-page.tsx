import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { getErrorMessage } from '../api/api-error';
import { BrandMark } from '../components/brand-logo';
import { NotFoundPage } from '../components/not-found-page';

/** Last resort for errors thrown while rendering a route (or a page bundle that failed to load). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <Box
      role="alert"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
        textAlign: 'center',
      }}
    >
      <BrandMark size={44} />
      <Typography variant="h5" component="h1">
        Something went wrong
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 480 }}>
        {isRouteErrorResponse(error) ? error.statusText : getErrorMessage(error)}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Box>
  );
}
