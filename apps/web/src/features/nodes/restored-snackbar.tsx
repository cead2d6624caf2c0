import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import type { Node } from '@gprhub/contract';
import { useState } from 'react';
import { useOrgNavigate } from '../../components/org-link';
import { getHubPath } from './node-routes';

/** How long "Restored" stays, in ms (the spec's 10 s). */
export const RESTORED_SNACKBAR_MS = 10_000;

/**
 * "Restored", with GO to open the restored folder. Kept by the page (not the app-wide snackbar)
 * so that GO can close it and it goes away with the page.
 */
export function RestoredSnackbar({ node, onClose }: { node: Node | null; onClose: () => void }) {
  const navigate = useOrgNavigate();
  // The last restored node stays readable while the snackbar slides out.
  const [shown, setShown] = useState(node);
  if (node && node !== shown) setShown(node);
  return (
    <Snackbar
      key={shown?.nodeId}
      open={node !== null}
      autoHideDuration={RESTORED_SNACKBAR_MS}
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity="success"
        variant="filled"
        onClose={onClose}
        data-testid="restored-snackbar"
        sx={{ alignItems: 'center', minWidth: 280 }}
        action={
          <Button
            color="inherit"
            size="small"
            sx={{ fontWeight: 600 }}
            onClick={() => {
              onClose();
              if (shown) navigate(getHubPath(shown.nodeId));
            }}
            data-testid="restored-go"
          >
            GO
          </Button>
        }
      >
        Restored
      </Alert>
    </Snackbar>
  );
}
