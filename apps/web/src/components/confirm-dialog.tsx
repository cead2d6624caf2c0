import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { getErrorMessage } from '../api/api-error';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Label of the confirming button (default 'Delete'). */
  confirmLabel?: string;
  /** Runs the action; the dialog stays open (the button spinning) until it settles, and shows its error. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  /** Red confirm button for destructive actions (default true). */
  isDestructive?: boolean;
  testId?: string;
}

/**
 * A confirmation dialog with the spec's states: open, working (confirm button loading, dialog not
 * dismissable) and closed. A failed action keeps it open with the error shown.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel = 'Delete',
  onConfirm,
  onClose,
  isDestructive = true,
  testId = 'confirm-dialog',
}: ConfirmDialogProps) {
  const [isWorking, setIsWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (isWorking) return;
    setError(null);
    onClose();
  };
  const confirm = async () => {
    setIsWorking(true);
    setError(null);
    try {
      await onConfirm();
      setIsWorking(false);
      onClose();
    } catch (caught) {
      setIsWorking(false);
      setError(getErrorMessage(caught));
    }
  };
  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth data-testid={testId}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{children}</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={close} disabled={isWorking} color="inherit" data-testid={`${testId}-cancel`}>
          Cancel
        </Button>
        <Button
          onClick={confirm}
          loading={isWorking}
          variant="contained"
          color={isDestructive ? 'error' : 'primary'}
          data-testid={`${testId}-confirm`}
          autoFocus
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
