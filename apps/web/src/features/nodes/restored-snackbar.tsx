import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import type { Node } from '@gprhub/contract';
import { useState } from 'react';
import { useOrgNavigate } from '../../components/org-link';
import { getHubPath } from './node-routes';

/** How long "Restored" stays, in ms (the spec's 10 s). */
export const RESTORED_SNACKBAR_MS = 10_000;

/** A restored folder, and whether it came back at the top level because its folder is still deleted. */
export interface RestoredNode {
  node: Node;
  isMovedToTopLevel: boolean;
}

/** What a restore did to `deleted` (the row as listed before), from the restored nodes. */
export function describeRestored(deleted: Node, restoredNodes: Node[]): RestoredNode {
  const node = restoredNodes.find((n) => n.nodeId === deleted.nodeId) ?? deleted;
  return { node, isMovedToTopLevel: deleted.parentId !== null && node.parentId === null };
}

/**
 * "Restored", with GO to open the restored folder; says so when the folder came back at the top level
 * (the folder it was in is still deleted). Kept by the page (not the app-wide snackbar) so that GO can
 * close it and it goes away with the page.
 */
export function RestoredSnackbar({
  restored,
  onClose,
}: {
  restored: RestoredNode | null;
  onClose: () => void;
}) {
  const navigate = useOrgNavigate();
  // The last restored node stays readable while the snackbar slides out.
  const [last, setLast] = useState(restored);
  if (restored && restored !== last) setLast(restored);
  const shown = last?.node ?? null;
  const node = restored?.node ?? null;
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
        {last?.isMovedToTopLevel
          ? `Restored to the top level of the hub: the folder it was in is still deleted`
          : 'Restored'}
      </Alert>
    </Snackbar>
  );
}
