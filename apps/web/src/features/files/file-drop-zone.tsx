import CloudUploadRoundedIcon from '@mui/icons-material/CloudUploadRounded';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { forwardRef, useImperativeHandle, useRef, useState, type ReactNode } from 'react';
import { getErrorMessage } from '../../api/api-error';
import { useSnackbar } from '../../components/snackbar-provider';
import { unsupportedFileMessages, useUploadFilesToFolder } from './files-api';

export interface FileDropZoneHandle {
  /** Opens the file picker (the hub's Upload files action). */
  pick: () => void;
}

/**
 * The folder listing as a drop target: files dropped on it (or picked with Upload files) become FILE
 * nodes of the folder. A file of an extension outside the spec's list stops the upload with its message.
 */
export const FileDropZone = forwardRef<FileDropZoneHandle, { folderId: string | null; children: ReactNode }>(function FileDropZone(
  { folderId, children },
  ref,
) {
  const upload = useUploadFilesToFolder(folderId);
  const showSnackbar = useSnackbar();
  const inputRef = useRef<HTMLInputElement>(null);
  const depth = useRef(0);
  const [isOver, setOver] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  useImperativeHandle(ref, () => ({ pick: () => inputRef.current?.click() }), []);

  const send = async (files: File[]) => {
    if (files.length === 0 || progress !== null) return;
    const problems = unsupportedFileMessages(files);
    if (problems.length > 0) {
      showSnackbar(problems.join('. '), { severity: 'error', testId: 'upload-files-error' });
      return;
    }
    setProgress(0);
    try {
      const nodes = await upload(files, setProgress);
      showSnackbar(nodes.length === 1 ? `${nodes[0]!.name} uploaded` : `${nodes.length} files uploaded`, { severity: 'success', testId: 'upload-files-done' });
    } catch (error) {
      showSnackbar(getErrorMessage(error), { severity: 'error', testId: 'upload-files-error' });
    } finally {
      setProgress(null);
    }
  };

  const hasFiles = (event: React.DragEvent) => event.dataTransfer.types.includes('Files');
  return (
    <Box
      data-testid="hub-drop-zone"
      data-dragging={isOver}
      sx={{ position: 'relative', display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
      onDragEnter={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        setOver(true);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        depth.current = 0;
        setOver(false);
        void send([...event.dataTransfer.files]);
      }}
    >
      {children}
      <input
        ref={inputRef}
        type="file"
        multiple
        hidden
        data-testid="upload-files-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          void send(files);
        }}
      />
      {(isOver || progress !== null) && (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            zIndex: 5,
            display: 'grid',
            placeItems: 'center',
            borderRadius: '12px',
            border: 2,
            borderStyle: 'dashed',
            borderColor: 'primary.main',
            bgcolor: 'rgba(23, 115, 74, 0.08)',
            backdropFilter: 'blur(1px)',
            pointerEvents: progress === null ? 'none' : 'auto',
          }}
          data-testid="hub-drop-overlay"
        >
          <Box sx={{ textAlign: 'center', bgcolor: 'background.paper', px: 3, py: 2, borderRadius: '12px', boxShadow: 3, minWidth: 260 }}>
            <CloudUploadRoundedIcon color="primary" sx={{ fontSize: 40 }} />
            <Typography variant="subtitle1">{progress === null ? 'Drop files to upload them here' : 'Uploading…'}</Typography>
            {progress !== null && <LinearProgress variant="determinate" value={progress * 100} sx={{ mt: 1 }} />}
          </Box>
        </Box>
      )}
    </Box>
  );
});
