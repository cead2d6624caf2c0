import CameraswitchRoundedIcon from '@mui/icons-material/CameraswitchRounded';
import FlipRoundedIcon from '@mui/icons-material/FlipRounded';
import PhotoCameraRoundedIcon from '@mui/icons-material/PhotoCameraRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useRef, useState } from 'react';
import { useLocalPreference } from '../use-local-preference';
import { pictureFileName } from './image-files';

/** Where the mirror choice is remembered (one of the spec's local preferences). */
export const CAMERA_MIRROR_KEY = 'gprhub-camera-mirror';
const JPEG_QUALITY = 0.92;

type Facing = 'environment' | 'user';

export interface CameraDialogProps {
  open: boolean;
  onClose: () => void;
  /** Receives the picture as a JPEG file named 'Picture_<date>_<time>.jpg'. */
  onCapture: (file: File) => Promise<unknown>;
}

function cameraErrorMessage(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'Camera access was refused. Allow the camera for this site in the browser settings.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No camera was found on this device.';
  if (name === 'NotReadableError') return 'The camera is in use by another application.';
  return 'The camera could not be started.';
}

/** Draw the video frame (mirrored if asked) and encode it as JPEG. */
function capture(video: HTMLVideoElement, isMirrored: boolean): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('The picture could not be taken.'));
  if (isMirrored) {
    context.translate(canvas.width, 0);
    context.scale(-1, 1);
  }
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be taken.'))),
      'image/jpeg',
      JPEG_QUALITY,
    ),
  );
}

/**
 * Take a picture with the device camera (the rear one when there is one), optionally mirrored (the
 * choice is remembered), check it, and add it to the node.
 */
export function CameraDialog({ open, onClose, onCapture }: CameraDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="camera-dialog">
      {open && <CameraView onClose={onClose} onCapture={onCapture} />}
    </Dialog>
  );
}

function CameraView({ onClose, onCapture }: Omit<CameraDialogProps, 'open'>) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [isMirrored, setIsMirrored] = useLocalPreference(CAMERA_MIRROR_KEY, false);
  const [facing, setFacing] = useState<Facing>('environment');
  const [hasSeveralCameras, setHasSeveralCameras] = useState(false);
  const [status, setStatus] = useState<'starting' | 'live' | 'failed'>('starting');
  const [error, setError] = useState<string | null>(null);
  const [shot, setShot] = useState<{ blob: Blob; url: string; name: string } | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let isCancelled = false;
    setStatus('starting');
    setError(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setStatus('failed');
      setError('The camera is only available over a secure (https) connection.');
      return;
    }
    navigator.mediaDevices
      .getUserMedia({
        audio: false,
        video: { facingMode: { ideal: facing }, width: { ideal: 1920 }, height: { ideal: 1080 } },
      })
      .then(async (media) => {
        if (isCancelled) {
          media.getTracks().forEach((track) => track.stop());
          return;
        }
        stream = media;
        if (videoRef.current) {
          videoRef.current.srcObject = media;
          await videoRef.current.play().catch(() => undefined);
        }
        setStatus('live');
        const devices = await navigator.mediaDevices.enumerateDevices().catch(() => []);
        if (!isCancelled) setHasSeveralCameras(devices.filter((d) => d.kind === 'videoinput').length > 1);
      })
      .catch((caught: unknown) => {
        if (isCancelled) return;
        setStatus('failed');
        setError(cameraErrorMessage(caught));
      });
    return () => {
      isCancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [facing]);

  useEffect(() => () => (shot ? URL.revokeObjectURL(shot.url) : undefined), [shot]);

  const takePicture = async () => {
    const video = videoRef.current;
    if (!video || !video.videoWidth) return;
    try {
      const blob = await capture(video, isMirrored);
      setShot({ blob, url: URL.createObjectURL(blob), name: pictureFileName(new Date()) });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The picture could not be taken.');
    }
  };

  const save = async () => {
    if (!shot) return;
    setIsSaving(true);
    setError(null);
    try {
      await onCapture(new File([shot.blob], shot.name, { type: 'image/jpeg' }));
      onClose();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The picture could not be uploaded.');
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <>
      <DialogTitle>{shot ? shot.name : 'Take a picture'}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert
            severity={status === 'failed' ? 'warning' : 'error'}
            sx={{ mb: 2 }}
            data-testid="camera-error"
          >
            {error}
          </Alert>
        )}
        <Box
          sx={{
            position: 'relative',
            aspectRatio: '4 / 3',
            bgcolor: '#0b0f0d',
            borderRadius: '12px',
            overflow: 'hidden',
            display: status === 'failed' && !shot ? 'none' : 'block',
          }}
        >
          <Box
            component="video"
            ref={videoRef}
            playsInline
            muted
            data-testid="camera-video"
            sx={{
              width: '100%',
              height: '100%',
              objectFit: 'contain',
              transform: isMirrored ? 'scaleX(-1)' : 'none',
              display: shot ? 'none' : 'block',
            }}
          />
          {shot && (
            <Box
              component="img"
              src={shot.url}
              alt="The picture just taken"
              sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
            />
          )}
          {status === 'starting' && (
            <CircularProgress
              sx={{ position: 'absolute', top: '50%', left: '50%', m: '-20px', color: '#fff' }}
            />
          )}
        </Box>
        {!shot && status !== 'failed' && (
          <Box sx={{ display: 'flex', alignItems: 'center', mt: 1 }}>
            <FormControlLabel
              control={
                <Switch
                  checked={isMirrored}
                  onChange={(event) => setIsMirrored(event.target.checked)}
                  slotProps={{ input: { 'aria-label': 'Mirror' } }}
                  data-testid="camera-mirror"
                />
              }
              label={
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                  <FlipRoundedIcon fontSize="small" /> Mirror
                </Box>
              }
            />
            <Box sx={{ flex: 1 }} />
            {hasSeveralCameras && (
              <Tooltip title="Switch camera">
                <IconButton
                  aria-label="Switch camera"
                  onClick={() => setFacing((f) => (f === 'environment' ? 'user' : 'environment'))}
                >
                  <CameraswitchRoundedIcon />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} color="inherit" disabled={isSaving}>
          Cancel
        </Button>
        {shot ? (
          <>
            <Button onClick={() => setShot(null)} disabled={isSaving} data-testid="camera-retake">
              Retake
            </Button>
            <Button variant="contained" onClick={save} loading={isSaving} data-testid="camera-save">
              Add picture
            </Button>
          </>
        ) : (
          <Button
            variant="contained"
            startIcon={<PhotoCameraRoundedIcon />}
            onClick={takePicture}
            disabled={status !== 'live'}
            data-testid="camera-capture"
          >
            Take picture
          </Button>
        )}
      </DialogActions>
    </>
  );
}
