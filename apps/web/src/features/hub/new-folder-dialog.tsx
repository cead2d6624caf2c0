import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Node } from '@gprhub/contract';
import { NODE_NAME_MAX } from '@gprhub/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormServerError } from '../../components/form-server-error';
import { FormTextField } from '../../components/form-text-field';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { useCreateFolder } from '../nodes/nodes-api';

const NewFolderSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(NODE_NAME_MAX, `Use at most ${NODE_NAME_MAX} characters`),
});
type NewFolderValues = z.infer<typeof NewFolderSchema>;

export interface NewFolderDialogProps {
  isOpen: boolean;
  /** The folder to create it in; null for the top level. */
  parentId: string | null;
  /** Where it goes (shown in the dialog), e.g. the current folder's name. */
  parentName: string;
  onClose: () => void;
  onCreated: (folder: Node) => void;
}

function NewFolderForm({ parentId, parentName, onClose, onCreated }: Omit<NewFolderDialogProps, 'isOpen'>) {
  const createFolder = useCreateFolder();
  const form = useForm<NewFolderValues>({
    resolver: zodResolver(NewFolderSchema),
    defaultValues: { name: '' },
    mode: 'onChange',
  });
  const { control, handleSubmit, formState } = form;
  // Read every flag up front: formState is a proxy that only tracks the flags read during render.
  const { isDirty, isValid, isSubmitting, errors } = formState;
  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      onCreated(await createFolder.mutateAsync({ name, parentId }));
    } catch (error) {
      applyServerErrors(form.setError, error, ['name']);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} data-testid="new-folder-form">
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
            placeholder="e.g. Level 2 – east slab"
            autoFocus
            fullWidth
            autoComplete="off"
            slotProps={{ htmlInput: { 'data-testid': 'new-folder-name', maxLength: NODE_NAME_MAX + 1 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!isDirty || !isValid}
          loading={isSubmitting}
          data-testid="new-folder-submit"
        >
          Save
        </Button>
      </DialogActions>
    </form>
  );
}

/** "New Folder": a name, then the new folder opens. Save waits for a changed, valid name. */
export function NewFolderDialog({ isOpen, ...props }: NewFolderDialogProps) {
  // A fresh form each time the dialog opens; the old one stays while the dialog fades out.
  const [generation, setGeneration] = useState(0);
  return (
    <Dialog
      open={isOpen}
      onClose={props.onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="new-folder-title"
      data-testid="new-folder-dialog"
      slotProps={{ transition: { onExited: () => setGeneration((g) => g + 1) } }}
    >
      <DialogTitle id="new-folder-title" sx={{ pb: 0.5 }}>
        New Folder
      </DialogTitle>
      <NewFolderForm key={generation} {...props} />
    </Dialog>
  );
}
