import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { getErrorMessage } from '../../api/api-error';
import { drawAxes } from './draw-axes';
import { PLOT_MARGINS } from './radargram-axes';
import {
  createPlotTransform,
  equalScaleAspect,
  isInsidePlot,
  toImage,
  type PlotTransform,
} from './plot-transform';
import type { FrameGeometry } from './radargram-pipeline';
import type { SignalSettings } from './signal-settings';
import { useAxisStyle } from './use-axis-style';
import { FRAME_MARK, useRadargramFrames } from './use-radargram-frames';

/** A pointer event on the plot, in image coordinates (trace, row) and canvas CSS pixels. */
export interface PlotPointer {
  point: { x: number; y: number };
  css: { x: number; y: number };
  isInside: boolean;
}

/** Something drawn over the radargram that may take pointer input (hyperbolas, for one). */
export interface RadargramOverlay {
  /** Draws on the overlay canvas (already scaled to CSS pixels and cleared). */
  draw: (ctx: CanvasRenderingContext2D, transform: PlotTransform, geometry: FrameGeometry) => void;
  onPointerDown?: (pointer: PlotPointer, transform: PlotTransform, geometry: FrameGeometry) => void;
  onPointerMove?: (pointer: PlotPointer, transform: PlotTransform, geometry: FrameGeometry) => void;
  onPointerUp?: (pointer: PlotPointer, transform: PlotTransform, geometry: FrameGeometry) => void;
  /** CSS cursor over the plot. */
  cursor?: string;
}

export interface RadargramViewProps {
  /** The GPR scan whose signal is shown. */
  scanId: string;
  /** Processing, gains, colour map and permittivity (for the depth axis). */
  settings: SignalSettings;
  /** Height of the view, CSS pixels. Default 460. */
  height?: number;
  /** Drawn over the image; give a memoised object so it redraws only when it changes. */
  overlay?: RadargramOverlay;
  /** Called when the frame geometry (rows, traces, time zero) changes. */
  onGeometry?: (geometry: FrameGeometry | null) => void;
  /** Accessible name of the picture. */
  label?: string;
  /**
   * Lock axes: distance and depth at one scale (metres per pixel), the image fitted into the view rather than
   * stretched to fill it. Default false.
   */
  lockAxes?: boolean;
}

/**
 * A scan's radargram as a vendor viewer shows it: processed and coloured in a Web Worker, drawn to a canvas
 * with distance (m), depth (m) and time (ns) axes, redrawn for every settings change at interactive rates.
 * Reusable for any scan id; the optional overlay adds marks and pointer handling.
 */
export function RadargramView({
  scanId,
  settings,
  height = 460,
  overlay,
  onGeometry,
  label,
  lockAxes = false,
}: RadargramViewProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const baseRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  const axisStyle = useAxisStyle();
  const frameCount = useRef(0);
  const lastRef = useRef<{ image: HTMLCanvasElement; geometry: FrameGeometry } | null>(null);

  const drawBase = useCallback(() => {
    const canvas = baseRef.current;
    const last = lastRef.current;
    if (!canvas || !last || width <= 0) return;
    const ratio = window.devicePixelRatio || 1;
    const ctx = prepareCanvas(canvas, width, height, ratio);
    if (!ctx) return;
    const aspect = lockAxes ? equalScaleAspect(last.geometry, settings.permittivity) : null;
    const t = createPlotTransform(width, height, last.geometry.traces, last.geometry.rows, aspect);
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'medium';
    ctx.drawImage(last.image, t.left, t.top, t.width, t.height);
    drawAxes(ctx, t, last.geometry, settings.permittivity, axisStyle);
    frameCount.current++;
    canvas.dataset.frames = String(frameCount.current);
    performance.mark(FRAME_MARK);
  }, [width, height, settings.permittivity, axisStyle, lockAxes]);

  const drawBaseRef = useRef(drawBase);
  useEffect(() => {
    drawBaseRef.current = drawBase;
    drawBase();
  }, [drawBase]);

  const frames = useRadargramFrames(scanId, settings, (image, geometry) => {
    lastRef.current = { image, geometry };
    drawBaseRef.current();
  });
  const { geometry } = frames;

  useEffect(() => onGeometry?.(geometry), [geometry, onGeometry]);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.floor(entry?.contentRect.width ?? 0);
      // Ignore sub-5 px changes (spec §9 resize step threshold) so scrollbars do not make it flicker.
      setWidth((current) => (Math.abs(next - current) >= 5 ? next : current));
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const lockedAspect = lockAxes && geometry ? equalScaleAspect(geometry, settings.permittivity) : null;
  const transform =
    geometry && width > 0
      ? createPlotTransform(width, height, geometry.traces, geometry.rows, lockedAspect)
      : null;

  useEffect(() => {
    const canvas = overlayRef.current;
    if (!canvas || width <= 0) return;
    const ctx = prepareCanvas(canvas, width, height, window.devicePixelRatio || 1);
    if (!ctx || !geometry || !overlay) return;
    const t = createPlotTransform(width, height, geometry.traces, geometry.rows, lockedAspect);
    ctx.save();
    ctx.beginPath();
    ctx.rect(t.left, t.top, t.width, t.height);
    ctx.clip();
    overlay.draw(ctx, t, geometry);
    ctx.restore();
  }, [overlay, geometry, width, height, lockedAspect]);

  const pointer = (event: PointerEvent<HTMLCanvasElement>, kind: 'down' | 'move' | 'up') => {
    if (!overlay || !transform || !geometry) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const css = { x: event.clientX - rect.left, y: event.clientY - rect.top };
    const p: PlotPointer = { css, point: toImage(transform, css), isInside: isInsidePlot(transform, css) };
    if (kind === 'down') {
      event.currentTarget.setPointerCapture(event.pointerId);
      overlay.onPointerDown?.(p, transform, geometry);
    } else if (kind === 'move') overlay.onPointerMove?.(p, transform, geometry);
    else overlay.onPointerUp?.(p, transform, geometry);
  };

  return (
    <Box
      ref={boxRef}
      // Locked, a flat image leaves space below it: the view ends under the plot (the canvases keep `height`).
      sx={{
        position: 'relative',
        width: '100%',
        height:
          lockedAspect && transform
            ? Math.min(height, Math.ceil(transform.top + transform.height + PLOT_MARGINS.bottom))
            : height,
        overflow: 'hidden',
      }}
      data-testid="radargram-view"
      data-axes-locked={String(lockAxes)}
    >
      <canvas
        ref={baseRef}
        role="img"
        aria-label={label ?? 'Radargram'}
        data-testid="radargram-canvas"
        style={{ position: 'absolute', inset: 0, width: '100%', height }}
      />
      <canvas
        ref={overlayRef}
        data-testid="radargram-overlay"
        data-plot={
          transform && geometry
            ? JSON.stringify({ ...transform, startSample: geometry.startSample })
            : undefined
        }
        style={{
          position: 'absolute',
          inset: 0,
          width: '100%',
          height,
          cursor: overlay?.cursor,
          touchAction: 'none',
        }}
        onPointerDown={(e) => pointer(e, 'down')}
        onPointerMove={(e) => pointer(e, 'move')}
        onPointerUp={(e) => pointer(e, 'up')}
      />
      {!geometry && !frames.error && (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
          <CircularProgress size={28} aria-label="Loading the signal" />
        </Box>
      )}
      {frames.error && (
        <Alert severity="error" sx={{ position: 'absolute', top: 48, left: 72, right: 72 }}>
          {getErrorMessage(frames.error)}
        </Alert>
      )}
    </Box>
  );
}

/** Sizes a canvas for its CSS size at the device pixel ratio, clears it, and scales its context to CSS pixels. */
function prepareCanvas(canvas: HTMLCanvasElement, width: number, height: number, ratio: number) {
  const w = Math.round(width * ratio);
  const h = Math.round(height * ratio);
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, width, height);
  return ctx;
}
