import { FormDialog, FormDialogActions } from './form-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NODE_NAME_MAX } from '@gprhub/contract';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { applyServerErrors } from '../lib/apply-server-errors';
import { FormServerError } from './form-server-error';
import { FormTextField } from './form-text-field';

export interface NewNodeNameDialogProps {
  isOpen: boolean;
  /** The dialog's title, e.g. "New Folder". */
  title: string;
  /** Where the node goes (shown in the dialog), e.g. the current folder's name. */
  parentName: string;
  placeholder: string;
  /** Prefix of the test ids: `${testId}-dialog`, `-form`, `-name`, `-submit`. */
  testId: string;
  /** Shortest name accepted, with its message (the spec's 'Name is too short' where it names one). */
  minLength?: { length: number; message: string };
  submitLabel?: string;
  /** Creates the node; a thrown API error is shown on the form (field errors on the name). */
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}

type NameValues = { name: string };

function NameForm({
  parentName,
  placeholder,
  testId,
  minLength,
  submitLabel = 'Save',
  onSubmit,
  onClose,
}: Omit<NewNodeNameDialogProps, 'isOpen' | 'title'>) {
  const schema = useMemo(() => {
    let name = z.string().trim().min(1, 'Name is required');
    if (minLength) name = name.min(minLength.length, minLength.message);
    return z.object({ name: name.max(NODE_NAME_MAX, `Use at most ${NODE_NAME_MAX} characters`) });
  }, [minLength]);
  const form = useForm<NameValues>({
    resolver: zodResolver(schema),
    defaultValues: { name: '' },
    mode: 'onChange',
  });
  const { control, handleSubmit, formState } = form;
  // Read every flag up front: formState is a proxy that only tracks the flags read during render.
  const { isDirty, isValid, isSubmitting, errors } = formState;
  const submit = handleSubmit(async ({ name }) => {
    try {
      await onSubmit(name);
    } catch (error) {
      applyServerErrors(form.setError, error, ['name']);
    }
  });

  return (
    <form noValidate onSubmit={submit} data-testid={`${testId}-form`}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Inside <strong>{parentName}</strong>
          </Typography>
          <FormServerError errors={errors} />
          <FormTextField
            control={control}
            name="name"
            label="Name"
            placeholder={placeholder}
            autoFocus
            fullWidth
            autoComplete="off"
            slotProps={{ htmlInput: { 'data-testid': `${testId}-name`, maxLength: NODE_NAME_MAX + 1 } }}
          />
        </Stack>
      </DialogContent>
      <FormDialogActions
        onCancel={onClose}
        isSubmitDisabled={!isDirty || !isValid}
        isSubmitting={isSubmitting}
        submitTestId={`${testId}-submit`}
        submitLabel={submitLabel}
      />
    </form>
  );
}

/**
 * A "New …" dialog that asks for a node's name only (folders, 3D models). Save waits for a changed, valid
 * name; the form starts empty each time the dialog opens.
 */
export function NewNodeNameDialog({ isOpen, title, ...props }: NewNodeNameDialogProps) {
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={props.onClose}
      title={title}
      testId={`${props.testId}-dialog`}
      maxWidth="xs"
    >
      <NameForm {...props} />
    </FormDialog>
  );
}
