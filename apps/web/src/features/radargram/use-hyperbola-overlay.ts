import { useTheme } from '@mui/material/styles';
import { useMemo, useRef } from 'react';
import { drawHyperbolas } from './draw-hyperbolas';
import { hitTestHyperbola } from './hyperbola-edits';
import { indicesFromPoint, visibleHyperbolas } from './hyperbola-geometry';
import type { RadargramOverlay } from './radargram-view';
import type { HyperbolaEditor } from './use-hyperbola-editor';

/** Pixels a press must travel before it counts as a drag (a click only selects). */
const DRAG_START_PX = 3;

const ANALYSIS_COLOR = '#4fc3f7';
const CORRECTED_COLOR = '#ffb300';

/**
 * The hyperbola layers as a radargram overlay: the analysis' (dashed) and the corrected set (solid), both
 * filtered by the confidence threshold and drawn at the average permittivity; a click selects a corrected
 * hyperbola, dragging moves it, and in add mode a click adds one.
 */
export function useHyperbolaOverlay(
  editor: HyperbolaEditor,
  options: { threshold: number; permittivity: number; layers: { analysis: boolean; corrected: boolean } },
): { overlay: RadargramOverlay; shownCount: number } {
  const theme = useTheme();
  const selectedColor = theme.palette.error.light;
  const drag = useRef<{ id: string; startX: number; startY: number; isMoving: boolean } | null>(null);
  const { threshold, permittivity, layers } = options;
  const corrected = useMemo(
    () => (layers.corrected ? visibleHyperbolas(editor.corrected, threshold) : []),
    [editor.corrected, threshold, layers.corrected],
  );
  // Without a correction or edits the corrected set is the analysis': draw it once.
  const isSameAsAnalysis = !editor.hasCorrection && !editor.isEditing && layers.corrected;
  const analysis = useMemo(
    () =>
      layers.analysis && !isSameAsAnalysis ? visibleHyperbolas(editor.analysisHyperbolas, threshold) : [],
    [editor.analysisHyperbolas, threshold, layers.analysis, isSameAsAnalysis],
  );
  const { selectedId, isAddMode, timeZeroS, select, move, add } = editor;
  const canEdit = layers.corrected && editor.analysis.data?.analysisRun?.status === 'FINISHED';

  const overlay = useMemo<RadargramOverlay>(
    () => ({
      cursor: isAddMode ? 'crosshair' : canEdit ? 'pointer' : 'default',
      draw: (ctx, transform, geometry) => {
        const model = { permittivity, timeZeroS };
        drawHyperbolas(
          ctx,
          transform,
          geometry,
          analysis,
          model,
          { color: ANALYSIS_COLOR, isDashed: true },
          {
            id: null,
            color: selectedColor,
          },
        );
        drawHyperbolas(
          ctx,
          transform,
          geometry,
          corrected,
          model,
          { color: CORRECTED_COLOR, isDashed: false },
          {
            id: selectedId,
            color: selectedColor,
          },
        );
      },
      onPointerDown: (pointer, transform, geometry) => {
        if (!canEdit || !pointer.isInside) return;
        if (isAddMode) {
          add(indicesFromPoint(pointer.point, geometry));
          return;
        }
        const hit = hitTestHyperbola(corrected, transform, geometry, pointer.css);
        select(hit?.id ?? null);
        drag.current = hit
          ? { id: hit.id, startX: pointer.css.x, startY: pointer.css.y, isMoving: false }
          : null;
      },
      onPointerMove: (pointer, _transform, geometry) => {
        const current = drag.current;
        if (!current) return;
        if (
          !current.isMoving &&
          Math.hypot(pointer.css.x - current.startX, pointer.css.y - current.startY) < DRAG_START_PX
        )
          return;
        current.isMoving = true;
        const clampedRow = Math.min(geometry.rows - 1, Math.max(0, pointer.point.y));
        move(current.id, indicesFromPoint({ x: pointer.point.x, y: clampedRow }, geometry));
      },
      onPointerUp: () => {
        drag.current = null;
      },
    }),
    [
      analysis,
      corrected,
      permittivity,
      timeZeroS,
      selectedId,
      isAddMode,
      canEdit,
      selectedColor,
      select,
      move,
      add,
    ],
  );
  return { overlay, shownCount: corrected.length };
}
