import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useDeleteNodes } from '../nodes/nodes-api';

export interface DeleteNodesDialogProps {
  /** The nodes to delete; null when the dialog is closed. */
  nodeIds: readonly string[] | null;
  onClose: () => void;
  onDeleted: (nodeIds: readonly string[]) => void;
}

/** Confirmation before deleting the selected nodes (the spec's title and text). */
export function DeleteNodesDialog({ nodeIds, onClose, onDeleted }: DeleteNodesDialogProps) {
  const deleteNodes = useDeleteNodes();
  // Keep the count while the dialog fades out after nodeIds became null.
  const [shownIds, setShownIds] = useState(nodeIds);
  if (nodeIds && nodeIds !== shownIds) setShownIds(nodeIds);
  const count = shownIds?.length ?? 0;
  const close = () => {
    if (deleteNodes.isPending) return;
    onClose();
  };
  const confirm = async () => {
    if (!nodeIds) return;
    try {
      await deleteNodes.mutateAsync([...nodeIds]);
      onDeleted(nodeIds);
    } catch {
      /* shown below */
    }
  };
  return (
    <Dialog
      open={nodeIds !== null}
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="delete-nodes-title"
      aria-describedby="delete-nodes-text"
      data-testid="delete-nodes-dialog"
      slotProps={{ transition: { onExited: () => deleteNodes.reset() } }}
    >
      <DialogTitle id="delete-nodes-title">Delete node</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-nodes-text" sx={{ color: 'text.primary' }}>
          {`Are you sure you want to delete ${count} node(s)?`}
        </DialogContentText>
        <DialogContentText variant="body2" sx={{ mt: 1 }}>
          Folders are deleted with everything in them. A deleted folder can be restored from Nodes.
        </DialogContentText>
        {deleteNodes.error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="delete-nodes-error">
            {deleteNodes.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={close} color="inherit" disabled={deleteNodes.isPending}>
          Cancel
        </Button>
        <Button
          onClick={confirm}
          variant="contained"
          color="error"
          loading={deleteNodes.isPending}
          data-testid="delete-nodes-confirm"
        >
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
