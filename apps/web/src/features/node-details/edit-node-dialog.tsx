import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { NodeDetail } from '@gprhub/contract';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormServerError } from '../../components/form-server-error';
import { FormTextField } from '../../components/form-text-field';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { useUpdateNode } from '../nodes/nodes-api';
import { NodeNameFieldSchema } from './node-name';
import { NodeSearchField } from './node-search-field';
import type { NodeOption } from './node-search-query';
import { TOP_LEVEL_OPTION } from './node-search-query';
import { renameErrorPaths } from './server-errors';

const FOLDER_TYPES = ['FOLDER'] as const;

const EditNodeSchema = z.object({
  name: NodeNameFieldSchema,
  folder: z.custom<NodeOption>(
    (value) => value !== null && typeof value === 'object',
    'Pick a folder or Top level',
  ),
});
type EditNodeValues = z.infer<typeof EditNodeSchema>;

export interface EditNodeDialogProps {
  open: boolean;
  detail: NodeDetail;
  onClose: () => void;
}

function toValues({ node, parentNode }: NodeDetail): EditNodeValues {
  return {
    name: node.name,
    folder: parentNode
      ? { nodeId: parentNode.nodeId, name: parentNode.name, type: parentNode.type }
      : TOP_LEVEL_OPTION,
  };
}

/**
 * 'Edit node': the name and the folder it lives in (a folder, or the top level). The API refuses a
 * move into the node's own subtree; its message shows under the folder field.
 */
export function EditNodeDialog({ open, detail, onClose }: EditNodeDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid="edit-node-dialog">
      {open && <EditNodeForm detail={detail} onClose={onClose} />}
    </Dialog>
  );
}

function EditNodeForm({ detail, onClose }: { detail: NodeDetail; onClose: () => void }) {
  const update = useUpdateNode();
  const form = useForm<EditNodeValues>({
    resolver: zodResolver(EditNodeSchema),
    defaultValues: toValues(detail),
  });
  const { control, handleSubmit, formState } = form;
  const nodeId = detail.node.nodeId;

  const onSubmit = handleSubmit(async ({ name, folder }) => {
    try {
      await update.mutateAsync({ nodeId, name, parentNodeId: folder.nodeId });
      onClose();
    } catch (error) {
      const renamed = renameErrorPaths(error, (path) => (path.endsWith('parentNodeId') ? 'folder' : path));
      applyServerErrors(form.setError, renamed, ['name', 'folder']);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} data-testid="edit-node-form">
      <DialogTitle>Edit node</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <FormServerError errors={formState.errors} />
          <FormTextField
            control={control}
            name="name"
            label="Name"
            autoFocus
            slotProps={{ htmlInput: { 'data-testid': 'edit-node-name', maxLength: 255 } }}
          />
          <Controller
            control={control}
            name="folder"
            render={({ field, fieldState }) => (
              <NodeSearchField
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                label="Folder"
                placeholder="Search folders"
                types={FOLDER_TYPES}
                excludeNodeIds={[nodeId]}
                includeTopLevel
                sort="name"
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                testId="edit-node-folder"
              />
            )}
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
          loading={formState.isSubmitting}
          disabled={!formState.isDirty}
          data-testid="edit-node-submit"
        >
          Save
        </Button>
      </DialogActions>
    </form>
  );
}
