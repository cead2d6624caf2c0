import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import { Fragment, useState, type ReactNode } from 'react';

export interface FormDialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The dialog's test id; the title's element id is `${testId}-title`. */
  testId: string;
  maxWidth?: DialogProps['maxWidth'];
  /** Keep the dialog open on a click outside it (long flows that would lose their state). */
  isBackdropClickIgnored?: boolean;
  /** The form: mounted afresh each time the dialog opens; the old one stays while the dialog fades out. */
  children: ReactNode;
}

/** A dialog that holds one form, started empty each time it opens. */
export function FormDialog({
  isOpen,
  onClose,
  title,
  testId,
  maxWidth = 'sm',
  isBackdropClickIgnored = false,
  children,
}: FormDialogProps) {
  const [generation, setGeneration] = useState(0);
  const titleId = `${testId}-title`;
  return (
    <Dialog
      open={isOpen}
      onClose={(_, reason) => (isBackdropClickIgnored && reason === 'backdropClick' ? undefined : onClose())}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      data-testid={testId}
      slotProps={{ transition: { onExited: () => setGeneration((g) => g + 1) } }}
    >
      <DialogTitle id={titleId} sx={{ pb: 0.5 }}>
        {title}
      </DialogTitle>
      <Fragment key={generation}>{children}</Fragment>
    </Dialog>
  );
}

export interface FormDialogActionsProps {
  onCancel: () => void;
  isSubmitDisabled: boolean;
  isSubmitting: boolean;
  submitTestId: string;
  submitLabel?: string;
  /** Cancel is disabled too while the form works (an upload that cannot be abandoned halfway). */
  isCancelDisabled?: boolean;
}

/** Cancel and the form's submit button ('Save' unless told), at the foot of a form dialog. */
export function FormDialogActions({
  onCancel,
  isSubmitDisabled,
  isSubmitting,
  submitTestId,
  submitLabel = 'Save',
  isCancelDisabled = false,
}: FormDialogActionsProps) {
  return (
    <DialogActions sx={{ px: 3, pb: 2.5 }}>
      <Button onClick={onCancel} color="inherit" disabled={isCancelDisabled}>
        Cancel
      </Button>
      <Button
        type="submit"
        variant="contained"
        disabled={isSubmitDisabled}
        loading={isSubmitting}
        data-testid={submitTestId}
      >
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
