import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { getErrorMessage } from '../../api/api-error';
import { useNodes } from '../nodes/nodes-api';
import { useAddObservations } from './three-d-models-api';
import { formatDateTime } from '../../lib/format-date';

/** Pick GPR scans of the organization and place them in the model's version. */
export function AddScansDialog({ modelId, versionId, isOpen, onClose }: { modelId: string; versionId: string; isOpen: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const scans = useNodes({ filter: { type: 'GPR_SCAN', ...(name ? { name } : {}) }, limit: 10, sort: { field: 'createdAt', direction: 'desc' } }, { enabled: isOpen });
  const add = useAddObservations(modelId);
  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  return (
    <Dialog open={isOpen} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Add GPR scans</DialogTitle>
      <DialogContent>
        <TextField size="small" fullWidth label="Search by name" value={name} onChange={(e) => setName(e.target.value)} sx={{ mt: 1 }} />
        <List dense data-testid="add-scans-list">
          {scans.data?.nodes.map((node) => (
            <ListItemButton key={node.nodeId} onClick={() => toggle(node.nodeId)}>
              <Checkbox size="small" checked={chosen.includes(node.nodeId)} sx={{ p: 0, mr: 1 }} />
              <ListItemText primary={node.name} secondary={formatDateTime(node.createdAt)} />
            </ListItemButton>
          ))}
          {scans.data?.nodes.length === 0 && <Typography sx={{ color: 'text.secondary', p: 1 }}>No GPR scans found</Typography>}
        </List>
        {add.error && <Typography color="error">{getErrorMessage(add.error)}</Typography>}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={chosen.length === 0 || add.isPending}
          data-testid="add-scans-confirm"
          onClick={() =>
            add.mutate(
              { versionId, nodeIds: chosen },
              {
                onSuccess: () => {
                  setChosen([]);
                  onClose();
                },
              },
            )
          }
        >
          {`Add ${chosen.length || ''}`.trim()}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
