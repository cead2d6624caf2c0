import Box from '@mui/material/Box';
import { useColorScheme, useTheme } from '@mui/material/styles';
import type { Palette, Theme } from '@mui/material/styles';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { drawRebarView } from './draw-rebar-view';
import type { RebarLabelToggles, RebarViewModel, RebarViewPalette } from './draw-rebar-view';
import type { LineRebar } from './line-rebars';
import { getRebarCentreDepth, getRebarX } from './line-rebars';
import { createViewGeometry, hitTestRebar, isInPlot, toWorld } from './rebar-view-geometry';

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

/**
 * The line-scan cross-section on a canvas (spec §2 Rebars, §9 geometry): bars as circles of their true radius
 * at (x, cover + R) under the surface line, the cover range, axes in metres and the label rows. In edit mode a
 * click selects a corrected bar, dragging moves it, and in add mode a click adds one.
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

  const geometry = useMemo(
    () => (width > 0 ? createViewGeometry(width, props.scanLengthM) : null),
    [width, props.scanLengthM],
  );

  const { analysisBars, correctedBars, countedIds, coverRangeM, labels, selectedId, scanLengthM, signal } =
    props;
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

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!geometry || !props.isEditing || !correctedBars) return;
    const { x, y } = pointOf(event);
    const items = correctedBars.map((bar) => ({
      bar,
      xM: getRebarX(bar),
      centreDepthM: getRebarCentreDepth(bar),
      radiusM: bar.R,
    }));
    const hit = hitTestRebar(geometry, items, x, y, event.pointerType === 'touch' ? 18 : 10);
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
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const drag = dragRef.current;
    if (!drag || !geometry) return;
    const { x, y } = pointOf(event);
    const world = toWorld(geometry, x, y);
    drag.moved = true;
    props.onMove(drag.id, world.xM - drag.dxM, world.depthM - drag.dDepthM - drag.R);
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (dragRef.current && event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
    dragRef.current = null;
  };

  return (
    <Box ref={containerRef} sx={{ width: '100%', minHeight: 200 }}>
      {geometry && (
        <canvas
          ref={canvasRef}
          data-testid="rebar-canvas"
          data-px-per-m-x={geometry.pxPerMX}
          data-px-per-m-y={geometry.pxPerMY}
          role="img"
          aria-label="Cross-section of the scanned concrete with the rebars found"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          style={{
            width: geometry.width,
            height: geometry.height,
            display: 'block',
            touchAction: props.isEditing ? 'none' : 'auto',
            cursor: props.isAdding ? 'crosshair' : props.isEditing ? 'pointer' : 'default',
          }}
        />
      )}
    </Box>
  );
}
