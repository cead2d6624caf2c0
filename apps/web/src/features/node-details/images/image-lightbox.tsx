import ChevronLeftRoundedIcon from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import FitScreenRoundedIcon from '@mui/icons-material/FitScreenRounded';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import RotateLeftRoundedIcon from '@mui/icons-material/RotateLeftRounded';
import RotateRightRoundedIcon from '@mui/icons-material/RotateRightRounded';
import ZoomInRoundedIcon from '@mui/icons-material/ZoomInRounded';
import ZoomOutRoundedIcon from '@mui/icons-material/ZoomOutRounded';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { NodeImage } from '@gprhub/contract';
import type { Dispatch, KeyboardEvent, ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { formatDateShort } from '../../../lib/format-date';
import type { LightboxAction, LightboxState } from './lightbox-state';
import { lightboxLayout, MIN_ZOOM } from './lightbox-state';

export interface ImageLightboxProps {
  images: NodeImage[];
  state: LightboxState;
  dispatch: Dispatch<LightboxAction>;
  onDelete: (image: NodeImage) => void;
}

function ToolButton({
  title,
  onClick,
  disabled,
  children,
  testId,
}: {
  title: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Tooltip title={title}>
      <span>
        <IconButton
          aria-label={title}
          onClick={onClick}
          disabled={disabled}
          data-testid={testId}
          sx={{ color: 'inherit', '&.Mui-disabled': { color: 'rgba(255,255,255,0.3)' } }}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** The size of an element, kept up to date (pass the returned callback as its ref). */
function useElementSize<T extends HTMLElement>() {
  const [element, setElement] = useState<T | null>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, size] as const;
}

/**
 * A picture full size on a dark stage: zoom in and out by 0.1 (down to 0.1), rotate by quarter
 * turns, step through the node's pictures (arrow keys too), open the original, delete.
 */
export function ImageLightbox({ images, state, dispatch, onDelete }: ImageLightboxProps) {
  const image = state.index === null ? undefined : images[state.index];
  const [stageRef, stage] = useElementSize<HTMLDivElement>();
  const [natural, setNatural] = useState<{ url: string; width: number; height: number } | null>(null);
  const count = images.length;

  const onKeyDown = (event: KeyboardEvent) => {
    const actions: Record<string, LightboxAction> = {
      ArrowRight: { type: 'next', count },
      ArrowLeft: { type: 'previous', count },
      '+': { type: 'zoomIn' },
      '=': { type: 'zoomIn' },
      '-': { type: 'zoomOut' },
      '0': { type: 'resetView' },
      r: { type: 'rotateClockwise' },
      R: { type: 'rotateCounterClockwise' },
    };
    const action = actions[event.key];
    if (action) {
      event.preventDefault();
      dispatch(action);
    }
  };

  const size = natural && image && natural.url === image.url ? natural : null;
  const layout = size ? lightboxLayout(size, stage, state.zoom, state.rotation) : null;

  return (
    <Dialog
      open={Boolean(image)}
      onClose={() => dispatch({ type: 'close' })}
      onKeyDown={onKeyDown}
      fullScreen
      data-testid="image-lightbox"
      slotProps={{ paper: { sx: { bgcolor: '#0b0f0d', color: '#f2f5f3' } } }}
    >
      {image && (
        <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              columnGap: 2,
              px: { xs: 1, sm: 2 },
              py: 0.5,
              borderBottom: '1px solid rgba(255,255,255,0.08)',
            }}
          >
            <Box sx={{ flex: '1 1 200px', minWidth: 0, py: 0.5, pl: 1 }}>
              <Typography variant="subtitle2" noWrap data-testid="lightbox-title">
                {image.file.name}.{image.file.extension}
              </Typography>
              <Typography variant="caption" sx={{ opacity: 0.7 }}>
                {state.index! + 1} of {count} · {formatDateShort(image.file.createdAt)}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap' }}>
              <ToolButton
                title="Zoom out"
                onClick={() => dispatch({ type: 'zoomOut' })}
                disabled={state.zoom <= MIN_ZOOM}
                testId="lightbox-zoom-out"
              >
                <ZoomOutRoundedIcon />
              </ToolButton>
              <Typography
                variant="body2"
                data-testid="lightbox-zoom"
                data-zoom={state.zoom}
                sx={{ width: 48, textAlign: 'center', fontVariantNumeric: 'tabular-nums' }}
              >
                {Math.round(state.zoom * 100)}%
              </Typography>
              <ToolButton
                title="Zoom in"
                onClick={() => dispatch({ type: 'zoomIn' })}
                testId="lightbox-zoom-in"
              >
                <ZoomInRoundedIcon />
              </ToolButton>
              <ToolButton title="Fit" onClick={() => dispatch({ type: 'resetView' })} testId="lightbox-reset">
                <FitScreenRoundedIcon />
              </ToolButton>
              <ToolButton
                title="Rotate left"
                onClick={() => dispatch({ type: 'rotateCounterClockwise' })}
                testId="lightbox-rotate-left"
              >
                <RotateLeftRoundedIcon />
              </ToolButton>
              <Typography
                variant="body2"
                data-testid="lightbox-rotation"
                data-rotation={state.rotation}
                sx={{ width: 40, textAlign: 'center', fontVariantNumeric: 'tabular-nums' }}
              >
                {state.rotation}°
              </Typography>
              <ToolButton
                title="Rotate right"
                onClick={() => dispatch({ type: 'rotateClockwise' })}
                testId="lightbox-rotate-right"
              >
                <RotateRightRoundedIcon />
              </ToolButton>
              <ToolButton
                title="Open original"
                onClick={() => window.open(image.url, '_blank', 'noopener')}
                testId="lightbox-open"
              >
                <OpenInNewRoundedIcon />
              </ToolButton>
              <ToolButton title="Delete picture" onClick={() => onDelete(image)} testId="lightbox-delete">
                <DeleteOutlineRoundedIcon />
              </ToolButton>
              <ToolButton title="Close" onClick={() => dispatch({ type: 'close' })} testId="lightbox-close">
                <CloseRoundedIcon />
              </ToolButton>
            </Box>
          </Box>
          <Box sx={{ position: 'relative', flex: 1, minHeight: 0 }}>
            <Box
              ref={stageRef}
              sx={{ position: 'absolute', inset: 0, m: { xs: 1, sm: 3 }, overflow: 'auto', display: 'flex' }}
            >
              <Box
                sx={{
                  position: 'relative',
                  flexShrink: 0,
                  m: 'auto',
                  width: layout?.box.width ?? '100%',
                  height: layout?.box.height ?? '100%',
                }}
              >
                <Box
                  component="img"
                  key={image.url}
                  src={image.url}
                  alt={image.file.name}
                  data-testid="lightbox-image"
                  data-rotation={state.rotation}
                  onLoad={(event) => {
                    const img = event.currentTarget as HTMLImageElement;
                    setNatural({ url: image.url, width: img.naturalWidth, height: img.naturalHeight });
                  }}
                  sx={{
                    position: 'absolute',
                    left: '50%',
                    top: '50%',
                    width: layout?.image.width ?? 'auto',
                    height: layout?.image.height ?? 'auto',
                    maxWidth: layout ? 'none' : '100%',
                    maxHeight: layout ? 'none' : '100%',
                    transform: `translate(-50%, -50%) rotate(${state.rotation}deg)`,
                    transition: 'transform 160ms ease, width 120ms ease, height 120ms ease',
                    userSelect: 'none',
                    boxShadow: '0 8px 40px rgba(0,0,0,0.5)',
                  }}
                />
              </Box>
            </Box>
            {count > 1 && (
              <>
                <IconButton
                  aria-label="Previous picture"
                  onClick={() => dispatch({ type: 'previous', count })}
                  data-testid="lightbox-previous"
                  sx={navSx('left')}
                >
                  <ChevronLeftRoundedIcon />
                </IconButton>
                <IconButton
                  aria-label="Next picture"
                  onClick={() => dispatch({ type: 'next', count })}
                  data-testid="lightbox-next"
                  sx={navSx('right')}
                >
                  <ChevronRightRoundedIcon />
                </IconButton>
              </>
            )}
          </Box>
        </Box>
      )}
    </Dialog>
  );
}

const navSx = (side: 'left' | 'right') => ({
  position: 'absolute',
  top: '50%',
  [side]: 12,
  transform: 'translateY(-50%)',
  color: '#fff',
  bgcolor: 'rgba(0,0,0,0.45)',
  '&:hover': { bgcolor: 'rgba(0,0,0,0.7)' },
});
