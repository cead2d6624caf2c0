import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { getErrorMessage } from '../../api/api-error';
import { CopyButton } from '../../components/copy-button';
import { useUpdateNode } from '../nodes/nodes-api';

/** The Share dialog: a public switch (the node's isPublic) and the link anyone can open. */
export function ShareDialog({ modelId, isPublic, isOpen, onClose }: { modelId: string; isPublic: boolean; isOpen: boolean; onClose: () => void }) {
  const update = useUpdateNode();
  const client = useQueryClient();
  const link = `${location.origin}/nodes/${modelId}`;
  return (
    <Dialog open={isOpen} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Share 3D model</DialogTitle>
      <DialogContent>
        <FormControlLabel
          control={
            <Switch
              checked={isPublic}
              disabled={update.isPending}
              data-testid="share-public-switch"
              onChange={(e) => update.mutate({ nodeId: modelId, isPublic: e.target.checked }, { onSuccess: () => void client.invalidateQueries() })}
            />
          }
          label="Public: anyone with the link can view the model, its scans and rebars"
        />
        {isPublic ? (
          <TextField
            fullWidth
            size="small"
            label="Link"
            value={link}
            sx={{ mt: 2 }}
            slotProps={{ input: { readOnly: true, endAdornment: <CopyButton value={link} /> }, htmlInput: { 'data-testid': 'share-link' } }}
          />
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            Only members of your organization can open the model.
          </Typography>
        )}
        {update.error && <Alert severity="error">{getErrorMessage(update.error)}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
