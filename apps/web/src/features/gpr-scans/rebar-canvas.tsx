import Box from '@mui/material/Box';
import { useColorScheme, useTheme } from '@mui/material/styles';
import type { Palette, Theme } from '@mui/material/styles';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { drawRebarView } from './draw-rebar-view';
import type { RebarLabelToggles, RebarViewModel, RebarViewPalette } from './draw-rebar-view';
import type { LineRebar } from './line-rebars';
import { getRebarCentreDepth, getRebarX } from './line-rebars';
import { RebarCanvasControls, RebarHoverCard } from './rebar-canvas-controls';
import { DEFAULT_WINDOW, hitTestRebar, isInPlot, toWorld } from './rebar-view-geometry';
import type { ViewGeometry } from './rebar-view-geometry';
import { fitWindow } from './rebar-view-window';
import { useViewWindow } from './use-view-window';

export interface RebarCanvasProps {
  scanLengthM: number;
  /** The GPR signal layer (absent or null: none). */
  signal?: RebarViewModel['signal'];
  analysisBars: readonly LineRebar[] | null;
  correctedBars: readonly LineRebar[] | null;
  countedIds: ReadonlySet<string>;
  coverRangeM: readonly [number, number];
  labels: RebarLabelToggles;
  selectedId: string | null;
  isEditing: boolean;
  isAdding: boolean;
  onSelect: (id: string | null) => void;
  /** A corrected bar dragged to a new place (its axis at `xM`, its top at `coverM`). */
  onMove: (id: string, xM: number, coverM: number) => void;
  /** A click in add mode: a new bar whose centre is at the click. */
  onAdd: (xM: number, centreDepthM: number) => void;
}

function usePalette(): RebarViewPalette {
  const theme = useTheme();
  const { mode, systemMode } = useColorScheme();
  const isDark = ((mode === 'system' ? systemMode : mode) ?? 'light') === 'dark';
  return useMemo(() => {
    // The theme holds both schemes; the canvas needs the current one's plain colours (not CSS variables).
    const schemes = (theme as Theme & { colorSchemes?: Record<string, { palette: Palette } | undefined> })
      .colorSchemes;
    const scheme = schemes?.[isDark ? 'dark' : 'light']?.palette ?? theme.palette;
    return {
      text: scheme.text.primary,
      mutedText: scheme.text.secondary,
      grid: isDark ? 'rgba(231,238,234,0.07)' : 'rgba(21,33,27,0.07)',
      concrete: isDark ? '#1b2520' : '#eef1ef',
      outside: isDark ? '#141c18' : '#f8faf9',
      surface: isDark ? '#c9d3cd' : '#3b4a42',
      analysis: isDark ? '#64b5f6' : '#1565c0',
      corrected: scheme.secondary.main,
      selected: scheme.error.main,
      range: isDark ? 'rgba(79,194,134,0.10)' : 'rgba(23,115,74,0.08)',
    };
  }, [theme, isDark]);
}

/** Bars with their centre, for hit tests and fitting. */
const placed = (bars: readonly LineRebar[] | null) =>
  (bars ?? []).map((bar) => ({
    bar,
    xM: getRebarX(bar),
    centreDepthM: getRebarCentreDepth(bar),
    radiusM: bar.R,
  }));

/** The bar under (x, y): a corrected one first (they are the ones edited), else one of the analysis. */
function hoverAt(g: ViewGeometry, props: RebarCanvasProps, x: number, y: number) {
  const corrected = hitTestRebar(g, placed(props.correctedBars), x, y, 4);
  if (corrected) return { bar: corrected, layer: 'corrected' as const };
  const analysis = hitTestRebar(g, placed(props.analysisBars), x, y, 4);
  return analysis ? { bar: analysis, layer: 'analysis' as const } : null;
}

/**
 * The line-scan cross-section on a canvas (spec §2 Rebars, §9 geometry): bars as circles of their true radius
 * at (x, cover + R) under the surface line, the cover range, axes in metres and the label rows. The default
 * view is the spec's; the wheel, a pinch or the buttons zoom, dragging the background pans, and hovering a bar
 * tells its position, cover and diameter. In edit mode a click selects a corrected bar, dragging moves it, and
 * in add mode a click adds one.
 */
export function RebarCanvas(props: RebarCanvasProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  const palette = usePalette();
  const dragRef = useRef<{ id: string; dxM: number; dDepthM: number; R: number; moved: boolean } | null>(
    null,
  );

  useEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.floor(entry?.contentRect.width ?? 0);
      // Ignore sub-5 px jitter (spec §9 "resize step threshold 5 px").
      setWidth((current) => (Math.abs(next - current) >= 5 ? next : current));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const view = useViewWindow(canvasRef, width, props.scanLengthM);
  const { geometry } = view;
  const panRef = useRef<{ x: number; y: number } | null>(null);
  const [hover, setHover] = useState<{
    bar: LineRebar;
    layer: 'analysis' | 'corrected';
    x: number;
    y: number;
  } | null>(null);

  const { analysisBars, correctedBars, countedIds, coverRangeM, labels, selectedId, scanLengthM, signal } =
    props;
  // The hovered bar as it is now: none once it is deleted (its layer no longer holds its id), its new
  // position once it is moved or resized.
  const hoveredBar =
    hover &&
    (hover.layer === 'corrected' ? correctedBars : analysisBars)?.find((bar) => bar.id === hover.bar.id);
  const shownHover = hover && hoveredBar ? { ...hover, bar: hoveredBar } : null;
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !geometry) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(geometry.width * ratio);
    canvas.height = Math.round(geometry.height * ratio);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    drawRebarView(ctx, {
      geometry,
      signal: signal ?? null,
      scanLengthM,
      analysisBars,
      correctedBars,
      countedIds,
      coverRangeM,
      labels,
      selectedId,
      palette,
    });
  }, [
    geometry,
    signal,
    scanLengthM,
    analysisBars,
    correctedBars,
    countedIds,
    coverRangeM,
    labels,
    selectedId,
    palette,
  ]);

  const pointOf = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const startPan = (event: ReactPointerEvent<HTMLCanvasElement>, x: number, y: number) => {
    if (!isInPlot(geometry!, x, y) || (geometry!.zoom <= 1 && geometry!.zoomY <= 1)) return false;
    panRef.current = { x, y };
    event.currentTarget.setPointerCapture(event.pointerId);
    return true;
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!geometry) return;
    const { x, y } = pointOf(event);
    if (event.pointerType === 'touch' && view.pinch.down(event.pointerId, x, y)) {
      dragRef.current = null;
      panRef.current = null;
      return;
    }
    if (!props.isEditing || !correctedBars) {
      startPan(event, x, y);
      return;
    }
    const hit = hitTestRebar(geometry, placed(correctedBars), x, y, event.pointerType === 'touch' ? 18 : 10);
    if (hit) {
      const world = toWorld(geometry, x, y);
      dragRef.current = {
        id: hit.id,
        dxM: world.xM - getRebarX(hit),
        dDepthM: world.depthM - getRebarCentreDepth(hit),
        R: hit.R,
        moved: false,
      };
      event.currentTarget.setPointerCapture(event.pointerId);
      props.onSelect(hit.id);
      return;
    }
    if (props.isAdding && isInPlot(geometry, x, y)) {
      const world = toWorld(geometry, x, y);
      props.onAdd(Math.max(0, world.xM), Math.max(0, world.depthM));
      return;
    }
    props.onSelect(null);
    startPan(event, x, y);
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!geometry) return;
    const { x, y } = pointOf(event);
    if (event.pointerType === 'touch' && view.pinch.move(event.pointerId, x, y)) return;
    if (panRef.current) {
      view.pan(x - panRef.current.x, y - panRef.current.y);
      panRef.current = { x, y };
      return;
    }
    const drag = dragRef.current;
    if (!drag) {
      const found = isInPlot(geometry, x, y) ? hoverAt(geometry, props, x, y) : null;
      setHover(found && { ...found, x, y });
      return;
    }
    setHover(null);
    const world = toWorld(geometry, x, y);
    drag.moved = true;
    props.onMove(drag.id, world.xM - drag.dxM, world.depthM - drag.dDepthM - drag.R);
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    view.pinch.up(event.pointerId);
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
    dragRef.current = null;
    panRef.current = null;
  };

  const isZoomed = geometry ? geometry.zoom > 1 || geometry.zoomY > 1 : false;
  const fit = () => {
    if (!geometry) return;
    const bars = [...placed(analysisBars), ...placed(correctedBars)];
    view.setWindow(
      fitWindow(
        geometry,
        bars.map((b) => ({ xM: b.xM, depthM: b.centreDepthM, radiusM: b.radiusM })),
      ),
    );
  };

  return (
    <Box ref={containerRef} sx={{ width: '100%', minHeight: 200, position: 'relative' }}>
      {geometry && (
        <canvas
          ref={canvasRef}
          data-testid="rebar-canvas"
          data-px-per-m-x={geometry.pxPerMX}
          data-px-per-m-y={geometry.pxPerMY}
          data-x0-m={geometry.x0M}
          data-d0-m={geometry.d0M}
          data-zoom={geometry.zoom}
          data-zoom-y={geometry.zoomY}
          role="img"
          aria-label="Cross-section of the scanned concrete with the rebars found"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onPointerLeave={() => setHover(null)}
          style={{
            width: geometry.width,
            height: geometry.height,
            display: 'block',
            touchAction: props.isEditing || isZoomed ? 'none' : 'pan-y',
            cursor: props.isAdding
              ? 'crosshair'
              : shownHover
                ? 'pointer'
                : geometry.zoom > 1
                  ? 'grab'
                  : 'default',
          }}
        />
      )}
      {geometry && (
        <RebarCanvasControls
          zoom={Math.max(geometry.zoom, geometry.zoomY)}
          onZoom={view.zoomBy}
          onFit={fit}
          onReset={() => view.setWindow(DEFAULT_WINDOW)}
        />
      )}
      {shownHover && <RebarHoverCard {...shownHover} />}
    </Box>
  );
}
