import type { PointLabelType } from '@gprhub/contract';
import { useMemo, useState } from 'react';
import { toCss, type PlotTransform } from '../radargram/plot-transform';
import type { FrameGeometry } from '../radargram/radargram-pipeline';
import type { RadargramOverlay } from '../radargram/radargram-view';
import type { DraftPoint } from './label-draft';

/** Spec §9 "Hyperbola overlay": square size 10, stroke 2, font 18. */
export const LABEL_SQUARE_PX = 10;
export const LABEL_STROKE_PX = 2;
export const LABEL_FONT_PX = 18;

export const LABEL_COLORS: Record<PointLabelType, string> = {
  REBAR_POSITION: '#ff4df5',
  REBAR_POSITION_WITH_DIAMETER: '#00e676',
  BACKGROUND_REFLECTION: '#ff5252',
};

/** The text beside a label: the engine's confidence 'C:' when it came from the analysis, and 'D:' its diameter in mm. */
export function labelCaption(point: DraftPoint): string {
  const parts: string[] = [];
  if (point.confidence !== undefined) parts.push(`C:${point.confidence.toFixed(2)}`);
  if (point.diameter !== undefined) parts.push(`D:${point.diameter}`);
  return parts.join(' ');
}

function drawLabels(
  ctx: CanvasRenderingContext2D,
  transform: PlotTransform,
  geometry: FrameGeometry,
  points: readonly DraftPoint[],
  hover: { x: number; y: number } | null,
): void {
  ctx.save();
  ctx.lineWidth = LABEL_STROKE_PX;
  ctx.font = `${LABEL_FONT_PX}px sans-serif`;
  ctx.textBaseline = 'middle';
  for (const point of points) {
    const c = toCss(transform, { x: point.signalRowIndex, y: point.timeColumnIndex - geometry.startSample });
    ctx.strokeStyle = LABEL_COLORS[point.type];
    ctx.strokeRect(c.x - LABEL_SQUARE_PX / 2, c.y - LABEL_SQUARE_PX / 2, LABEL_SQUARE_PX, LABEL_SQUARE_PX);
    const caption = labelCaption(point);
    if (caption) {
      ctx.fillStyle = 'rgba(0, 0, 0, 0.55)';
      const width = ctx.measureText(caption).width;
      ctx.fillRect(c.x + 8, c.y - LABEL_FONT_PX / 2 - 2, width + 6, LABEL_FONT_PX + 4);
      ctx.fillStyle = LABEL_COLORS[point.type];
      ctx.fillText(caption, c.x + 11, c.y);
    }
  }
  if (hover) {
    // The crosshair: where a click puts the label.
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.85)';
    ctx.lineWidth = 1;
    ctx.setLineDash([4, 3]);
    ctx.beginPath();
    ctx.moveTo(transform.left, hover.y);
    ctx.lineTo(transform.left + transform.width, hover.y);
    ctx.moveTo(hover.x, transform.top);
    ctx.lineTo(hover.x, transform.top + transform.height);
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * The labels as a radargram overlay: each a square in its type's colour with 'C:' and 'D:' beside it, a crosshair
 * under the pointer, and a click on the image that adds a label there (trace, sample on the scan's own axis).
 */
export function useLabelOverlay(
  points: readonly DraftPoint[],
  onAdd: (position: { trace: number; sample: number }) => void,
): RadargramOverlay {
  const [hover, setHover] = useState<{ x: number; y: number } | null>(null);
  return useMemo<RadargramOverlay>(
    () => ({
      cursor: 'crosshair',
      draw: (ctx, transform, geometry) => drawLabels(ctx, transform, geometry, points, hover),
      onPointerMove: (pointer) => setHover(pointer.isInside ? pointer.css : null),
      onPointerDown: (pointer, _transform, geometry) => {
        if (!pointer.isInside) return;
        onAdd({ trace: pointer.point.x, sample: pointer.point.y + geometry.startSample });
      },
    }),
    [points, hover, onAdd],
  );
}
