import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { OrgLink } from '../../components/org-link';
import { trackerLabel, useSendTracker, useThreeDTrackers } from './three-d-trackers-api';

/**
 * Connect a 3D tracker to this model's next upload ("3D tracker send"): the tracker's next recording becomes a
 * version of the model. Trackers connected here can be reset.
 */
export function ConnectTrackerDialog({ modelId, isOpen, onClose }: { modelId: string; isOpen: boolean; onClose: () => void }) {
  const trackers = useThreeDTrackers({ limit: 100, sort: { field: 'name', direction: 'asc' } }, { poll: isOpen });
  const send = useSendTracker();
  const [chosen, setChosen] = useState('');
  const all = trackers.data?.threeDTrackers ?? [];
  const connectedHere = all.filter((t) => t.nextUploadInfo?.threeDModelId === modelId);
  const others = all.filter((t) => t.nextUploadInfo?.threeDModelId !== modelId);

  const connect = () => {
    send.mutate({ threeDTrackerId: chosen, threeDModelId: modelId }, { onSuccess: () => setChosen('') });
  };

  return (
    <Dialog open={isOpen} onClose={onClose} maxWidth="sm" fullWidth data-testid="connect-tracker-dialog">
      <DialogTitle>Connect a 3D tracker</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          The tracker's next recording is uploaded as a new version of this model; its live map shows in the Live view tab while it records.
        </Typography>
        {trackers.isSuccess && all.length === 0 && (
          <Alert severity="info" sx={{ mb: 2 }}>
            No 3D tracker is paired yet. Pair one on the <OrgLink to="/three-d-trackers">3d Trackers</OrgLink> page.
          </Alert>
        )}
        {send.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {send.error.message}
          </Alert>
        )}
        {others.length > 0 && (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 3 }}>
            <TextField select size="small" label="3D tracker" value={chosen} onChange={(e) => setChosen(e.target.value)} sx={{ flex: 1 }} data-testid="connect-tracker-select">
              {others.map((t) => (
                <MenuItem key={t.nodeId} value={t.nodeId}>
                  {trackerLabel(t)}
                  {t.nextUploadInfo ? ' (connected to another model)' : ''}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="contained" disabled={!chosen || send.isPending} onClick={connect} data-testid="connect-tracker-button">
              Connect
            </Button>
          </Box>
        )}
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Connected to this model
        </Typography>
        {connectedHere.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            None
          </Typography>
        ) : (
          connectedHere.map((t) => (
            <Box key={t.nodeId} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }} data-testid="connected-tracker">
              <Typography sx={{ flex: 1 }}>{trackerLabel(t)}</Typography>
              <Button size="small" color="warning" disabled={send.isPending} onClick={() => send.mutate({ threeDTrackerId: t.nodeId, threeDModelId: null })}>
                Reset connection
              </Button>
            </Box>
          ))
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="connect-tracker-close">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
