import CreateNewFolderRoundedIcon from '@mui/icons-material/CreateNewFolderRounded';
import FolderOpenRoundedIcon from '@mui/icons-material/FolderOpenRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** An empty folder (or an empty hub): what goes here, and a way to start. */
export function HubEmptyState({ isTopLevel, onNewFolder }: { isTopLevel: boolean; onNewFolder: () => void }) {
  return (
    <Card
      data-testid="hub-empty-state"
      sx={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        px: 3,
        py: { xs: 6, sm: 8 },
        borderStyle: 'dashed',
      }}
    >
      <Box
        sx={{
          width: 72,
          height: 72,
          borderRadius: '22px',
          display: 'grid',
          placeItems: 'center',
          mb: 2.5,
          bgcolor: 'action.hover',
          color: 'secondary.main',
        }}
      >
        <FolderOpenRoundedIcon sx={{ fontSize: 38 }} />
      </Box>
      <Typography variant="h6" component="h2" sx={{ mb: 0.75 }}>
        {isTopLevel ? 'Your hub is empty' : 'This folder is empty'}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 420, mb: 3 }}>
        {isTopLevel
          ? 'Start with a folder per site, building or survey. The scans you add later live in these folders.'
          : 'Add a sub-folder to keep scans organised, for example one per floor or per structural element.'}
      </Typography>
      <Button
        variant="contained"
        startIcon={<CreateNewFolderRoundedIcon />}
        onClick={onNewFolder}
        data-testid="hub-empty-new-folder"
      >
        New folder
      </Button>
    </Card>
  );
}

/** A listing or path that failed to load. */
export function HubLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      data-testid="hub-load-error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      Error loading data
    </Alert>
  );
}

/** The page while the opened node's type and path are being read. */
export function HubSkeleton() {
  return (
    <Box data-testid="hub-loading" aria-busy="true">
      <Skeleton width={120} height={24} sx={{ mb: 0.5 }} />
      <Skeleton width={260} height={44} sx={{ mb: 2.5 }} />
      <Card sx={{ p: 2 }}>
        <Stack spacing={1.5}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={28} />
          ))}
        </Stack>
      </Card>
    </Box>
  );
}
