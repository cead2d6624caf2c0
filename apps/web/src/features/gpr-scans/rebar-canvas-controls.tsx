import CenterFocusStrongRoundedIcon from '@mui/icons-material/CenterFocusStrongRounded';
import FitScreenRoundedIcon from '@mui/icons-material/FitScreenRounded';
import ZoomInRoundedIcon from '@mui/icons-material/ZoomInRounded';
import ZoomOutRoundedIcon from '@mui/icons-material/ZoomOutRounded';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { LineRebar } from './line-rebars';
import { getDiameterMm, getRebarCover, getRebarX } from './line-rebars';
import { MAX_ZOOM } from './rebar-view-window';

/** The view's zoom buttons: in, out, fit to the bars, and back to the whole world. */
export function RebarCanvasControls({
  zoom,
  onZoom,
  onFit,
  onReset,
}: {
  zoom: number;
  onZoom: (factor: number) => void;
  onFit: () => void;
  onReset: () => void;
}) {
  const button = (
    title: string,
    testId: string,
    icon: React.ReactNode,
    onClick: () => void,
    disabled = false,
  ) => (
    <Tooltip title={title}>
      <span>
        <IconButton
          size="small"
          aria-label={title}
          onClick={onClick}
          disabled={disabled}
          data-testid={testId}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <Paper
      variant="outlined"
      data-testid="rebar-zoom-controls"
      data-zoom={zoom.toFixed(2)}
      sx={{ position: 'absolute', right: 8, bottom: 28, display: 'flex', borderRadius: 2, opacity: 0.95 }}
    >
      {button(
        'Zoom in',
        'rebar-zoom-in',
        <ZoomInRoundedIcon fontSize="small" />,
        () => onZoom(1.5),
        zoom >= MAX_ZOOM,
      )}
      {button(
        'Zoom out',
        'rebar-zoom-out',
        <ZoomOutRoundedIcon fontSize="small" />,
        () => onZoom(1 / 1.5),
        zoom <= 1,
      )}
      {button('Fit to the bars', 'rebar-zoom-fit', <FitScreenRoundedIcon fontSize="small" />, onFit)}
      {button(
        'Whole scan (default view)',
        'rebar-zoom-reset',
        <CenterFocusStrongRoundedIcon fontSize="small" />,
        onReset,
        zoom <= 1,
      )}
    </Paper>
  );
}

/** The hovered bar's position, cover and diameter, beside the pointer. */
export function RebarHoverCard({
  bar,
  layer,
  x,
  y,
}: {
  bar: LineRebar;
  layer: 'analysis' | 'corrected';
  x: number;
  y: number;
}) {
  return (
    <Paper
      elevation={4}
      data-testid="rebar-hover-card"
      sx={{
        position: 'absolute',
        left: x + 14,
        top: y + 14,
        px: 1.25,
        py: 0.75,
        pointerEvents: 'none',
        zIndex: 1,
      }}
    >
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
        {layer === 'corrected' ? 'Corrected bar' : 'Bar found by the analysis'}
      </Typography>
      <Typography variant="body2" component="div" sx={{ whiteSpace: 'nowrap' }}>
        Position {(getRebarX(bar) * 100).toFixed(1)} cm · Cover {(getRebarCover(bar) * 100).toFixed(1)} cm · Ø{' '}
        {getDiameterMm(bar.R)} mm
      </Typography>
    </Paper>
  );
}
