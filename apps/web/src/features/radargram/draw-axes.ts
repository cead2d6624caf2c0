import { depthTicks, distanceTicks, timeTicks, type AxisTick } from './radargram-axes';
import type { FrameGeometry } from './radargram-pipeline';
import { toCss, type PlotTransform } from './plot-transform';

/** Colours and font of the axes (from the theme). */
export interface AxisStyle {
  text: string;
  line: string;
  font: string;
}

/**
 * Draws the axes a vendor viewer shows: distance (m) along the top, depth (m, at the average permittivity) on
 * the left and two-way time (ns) on the right, with their titles.
 */
export function drawAxes(
  ctx: CanvasRenderingContext2D,
  t: PlotTransform,
  geometry: FrameGeometry,
  permittivity: number,
  style: AxisStyle,
): void {
  ctx.save();
  ctx.strokeStyle = style.line;
  ctx.fillStyle = style.text;
  ctx.font = style.font;
  ctx.lineWidth = 1;
  ctx.strokeRect(t.left - 0.5, t.top - 0.5, t.width + 1, t.height + 1);
  const right = t.left + t.width;

  const distance = distanceTicks(geometry, Math.max(2, Math.floor(t.width / 90)));
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  for (const tick of distance) {
    const x = toCss(t, { x: tick.at, y: 0 }).x;
    line(ctx, x, t.top - 5, x, t.top);
    ctx.fillText(tick.label, x, t.top - 7);
  }
  ctx.textAlign = 'left';
  ctx.fillText(geometry.traceSpacingM > 0 ? 'Distance (m)' : 'Trace', t.left, 13);

  // Spacing from the axis length in pixels: labels at least MIN_VERTICAL_LABEL_GAP_PX apart.
  drawVertical(ctx, t, depthTicks(geometry, permittivity, t.height), t.left, -1);
  drawVertical(ctx, t, timeTicks(geometry, t.height), right, 1);

  ctx.save();
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  ctx.translate(4, t.top + t.height / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.fillText(`Depth (m), εr ${formatPermittivity(permittivity)}`, 0, 0);
  ctx.restore();
  ctx.save();
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  ctx.translate(right + 58, t.top + t.height / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.fillText('Time (ns)', 0, 0);
  ctx.restore();
  ctx.restore();
}

function drawVertical(
  ctx: CanvasRenderingContext2D,
  t: PlotTransform,
  ticks: AxisTick[],
  x: number,
  side: -1 | 1,
): void {
  ctx.textAlign = side < 0 ? 'right' : 'left';
  ctx.textBaseline = 'middle';
  for (const tick of ticks) {
    const y = toCss(t, { x: 0, y: tick.at }).y;
    line(ctx, x, y, x + 5 * side, y);
    ctx.fillText(tick.label, x + 7 * side, y);
  }
}

function line(ctx: CanvasRenderingContext2D, x0: number, y0: number, x1: number, y1: number): void {
  ctx.beginPath();
  ctx.moveTo(Math.round(x0) + 0.5, Math.round(y0) + 0.5);
  ctx.lineTo(Math.round(x1) + 0.5, Math.round(y1) + 0.5);
  ctx.stroke();
}

function formatPermittivity(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
