import AddPhotoAlternateRoundedIcon from '@mui/icons-material/AddPhotoAlternateRounded';
import BrokenImageOutlinedIcon from '@mui/icons-material/BrokenImageOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import PhotoCameraRoundedIcon from '@mui/icons-material/PhotoCameraRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { NodeImage } from '@gprhub/contract';
import type { DragEvent } from 'react';
import { useReducer, useRef, useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../empty-state';
import { useDeleteImage, useImages, useUploadImages } from '../node-details-api';
import { CameraDialog } from './camera-dialog';
import { checkImageExtension, IMAGE_ACCEPT, splitFileName } from './image-files';
import { ImageLightbox } from './image-lightbox';
import { INITIAL_LIGHTBOX, lightboxReducer } from './lightbox-state';

function Thumbnail({ image, onOpen }: { image: NodeImage; onOpen: () => void }) {
  const [isBroken, setIsBroken] = useState(false);
  const label = `${image.file.name}.${image.file.extension}`;
  return (
    <ButtonBase
      onClick={onOpen}
      aria-label={`Open ${label}`}
      title={label}
      data-testid={`image-tile-${image.id}`}
      sx={{
        position: 'relative',
        aspectRatio: '1',
        borderRadius: '10px',
        overflow: 'hidden',
        bgcolor: 'action.hover',
        outline: '1px solid',
        outlineColor: 'divider',
        '& img': { transition: 'transform 200ms ease' },
        '&:hover img, &.Mui-focusVisible img': { transform: 'scale(1.04)' },
        '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      {isBroken ? (
        <BrokenImageOutlinedIcon sx={{ color: 'text.secondary' }} />
      ) : (
        <Box
          component="img"
          src={image.url}
          alt={label}
          loading="lazy"
          onError={() => setIsBroken(true)}
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      )}
    </ButtonBase>
  );
}

/**
 * The Images tab: the node's pictures as a grid of thumbnails; add pictures from files (png, jpg,
 * jpeg, avif; also by dropping them here) or the camera; a lightbox to look at them.
 */
export function ImagesTab({ nodeId }: { nodeId: string }) {
  const images = useImages(nodeId);
  const upload = useUploadImages(nodeId);
  const remove = useDeleteImage(nodeId);
  const [lightbox, dispatch] = useReducer(lightboxReducer, INITIAL_LIGHTBOX);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [isCameraOpen, setIsCameraOpen] = useState(false);
  const [toDelete, setToDelete] = useState<NodeImage | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const list = images.data?.images ?? [];

  const uploadPictures = async (files: File[]) => {
    const refused = files
      .map((file) => checkImageExtension(file.name))
      .filter((e): e is string => Boolean(e));
    const accepted = files.filter((file) => !checkImageExtension(file.name));
    setErrors([...new Set(refused)]);
    if (accepted.length === 0) return;
    setProgress(0);
    try {
      await upload.mutateAsync({
        files: accepted.map((file) => ({ ...splitFileName(file.name), data: file })),
        onProgress: ({ fraction }) => setProgress(fraction),
      });
    } catch (error) {
      setErrors((current) => [...current, getErrorMessage(error)]);
      throw error;
    } finally {
      setProgress(null);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length) void uploadPictures(files).catch(() => undefined);
  };

  return (
    <Box
      data-testid="images-tab"
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setIsDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsDragging(false);
      }}
      onDrop={onDrop}
      sx={{
        position: 'relative',
        borderRadius: '12px',
        outline: isDragging ? '2px dashed' : 'none',
        outlineColor: 'primary.main',
        outlineOffset: 4,
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Button
          variant="outlined"
          size="small"
          startIcon={<AddPhotoAlternateRoundedIcon />}
          onClick={() => inputRef.current?.click()}
          disabled={progress !== null}
          data-testid="images-upload"
        >
          Upload
        </Button>
        <Button
          variant="outlined"
          size="small"
          startIcon={<PhotoCameraRoundedIcon />}
          onClick={() => setIsCameraOpen(true)}
          disabled={progress !== null}
          data-testid="images-camera"
        >
          Camera
        </Button>
        <input
          ref={inputRef}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          hidden
          data-testid="images-file-input"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length) void uploadPictures(files).catch(() => undefined);
          }}
        />
      </Box>

      {progress !== null && (
        <Box sx={{ mb: 2 }} data-testid="images-uploading">
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            Uploading… {Math.round(progress * 100)}%
          </Typography>
          <LinearProgress variant={progress > 0 ? 'determinate' : 'indeterminate'} value={progress * 100} />
        </Box>
      )}
      {errors.map((error) => (
        <Alert
          key={error}
          severity="error"
          sx={{ mb: 2 }}
          onClose={() => setErrors((current) => current.filter((e) => e !== error))}
          data-testid="images-error"
        >
          {error}
        </Alert>
      ))}
      {images.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Pictures could not be loaded: {images.error.message}
        </Alert>
      )}

      {images.isPending && (
        <Box sx={gridSx}>
          {[0, 1, 2].map((i) => (
            <Skeleton
              key={i}
              variant="rounded"
              sx={{ aspectRatio: '1', height: 'auto', borderRadius: '10px' }}
            />
          ))}
        </Box>
      )}
      {images.isSuccess && list.length === 0 && (
        <EmptyState
          icon={<ImageOutlinedIcon />}
          testId="images-empty"
          hint="Upload PNG, JPEG or AVIF pictures, drop them here, or take one with the camera."
        >
          No images yet.
        </EmptyState>
      )}
      {list.length > 0 && (
        <Box sx={gridSx} data-testid="images-grid">
          {list.map((image, index) => (
            <Thumbnail key={image.id} image={image} onOpen={() => dispatch({ type: 'open', index })} />
          ))}
        </Box>
      )}

      <ImageLightbox images={list} state={lightbox} dispatch={dispatch} onDelete={setToDelete} />
      <CameraDialog
        open={isCameraOpen}
        onClose={() => setIsCameraOpen(false)}
        onCapture={(file) => uploadPictures([file])}
      />
      <ConfirmDialog
        open={Boolean(toDelete)}
        title="Delete picture"
        testId="delete-image-dialog"
        onClose={() => setToDelete(null)}
        onConfirm={async () => {
          await remove.mutateAsync(toDelete!.id);
          const remaining = list.length - 1;
          if (remaining <= 0) dispatch({ type: 'close' });
          else if (lightbox.index !== null && lightbox.index >= remaining)
            dispatch({ type: 'open', index: remaining - 1 });
        }}
      >
        Are you sure you want to delete{' '}
        <strong>{toDelete ? `${toDelete.file.name}.${toDelete.file.extension}` : 'this picture'}</strong>?
      </ConfirmDialog>
    </Box>
  );
}

const gridSx = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))',
  gap: 1,
} as const;
