import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useOrganizationSlug } from '../../api/organization-scope';
import { getErrorMessage } from '../../api/api-error';
import { uploadFiles } from '../../api/upload-files';
import { fileTypeOf, UPLOAD_ACCEPT } from './model-files';
import { useCreateVersion } from './three-d-models-api';

/** The manual upload (spec 001 §5): .ply, .db, .obj, .mtl, a texture, a positions .json (and .glb, .gltf, .bin, .pcd). */
export function UploadVersionDialog({ modelId, isOpen, onClose }: { modelId: string; isOpen: boolean; onClose: () => void }) {
  const organization = useOrganizationSlug();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const createVersion = useCreateVersion(modelId);
  const typed = files.map((file) => ({ file, type: fileTypeOf(file.name) }));
  const upload = async () => {
    setError(null);
    setProgress(0);
    try {
      const usable = typed.filter((t) => t.type !== null);
      const records = await uploadFiles({
        organization,
        objectPathPrefix: '3d-models',
        files: usable.map(({ file }) => {
          const dot = file.name.lastIndexOf('.');
          return { nodeId: modelId, name: file.name.slice(0, dot), extension: file.name.slice(dot + 1).toLowerCase(), data: file };
        }),
        onProgress: (p) => setProgress(p.fraction),
      });
      await createVersion.mutateAsync(records.map((record, i) => ({ type: usable[i]!.type!, fileId: record.id })));
      setFiles([]);
      onClose();
    } catch (e) {
      setError(getErrorMessage(e));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Dialog open={isOpen} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Upload a 3D model version</DialogTitle>
      <DialogContent>
        <Button component="label" variant="outlined">
          Choose files
          <input hidden multiple type="file" accept={UPLOAD_ACCEPT} data-testid="upload-version-input" onChange={(e) => setFiles(Array.from(e.target.files ?? []))} />
        </Button>
        <List dense>
          {typed.map(({ file, type }) => (
            <ListItem key={file.name}>
              <ListItemText primary={file.name} secondary={type ?? 'Not a 3D model file: skipped'} />
            </ListItem>
          ))}
        </List>
        {progress !== null && <LinearProgress variant="determinate" value={progress * 100} />}
        {error && (
          <Typography color="error" data-testid="upload-version-error">
            {error}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="contained" disabled={typed.every((t) => t.type === null) || progress !== null} onClick={() => void upload()} data-testid="upload-version-submit">
          Upload
        </Button>
      </DialogActions>
    </Dialog>
  );
}
