import { apexPoint, hyperbolaCurve, type CurveModel } from './hyperbola-geometry';
import type { Hyperbola } from './hyperbola-edits';
import { toCss, type PlotTransform } from './plot-transform';
import type { FrameGeometry } from './radargram-pipeline';

/** How one layer of hyperbolas looks. */
export interface HyperbolaLayerStyle {
  color: string;
  isDashed: boolean;
}

/** Half-width of a drawn curve, metres either side of the apex: about the apex depth, at least 5 cm. */
function curveHalfWidthM(apexRow: number, geometry: FrameGeometry): number {
  const timeS = geometry.firstRowTimeS + apexRow * geometry.sampleIntervalS;
  // Two-way time at 10 cm/ns (εr 9) as a rough depth: the width need not follow the permittivity exactly.
  return Math.max(0.05, Math.min(0.3, 1.2 * timeS * 0.05e9));
}

/**
 * Draws hyperbolas: the curve a point reflector at each apex makes at the average permittivity, and the
 * apex mark; the selected one thicker, in `selectedColor`.
 */
export function drawHyperbolas(
  ctx: CanvasRenderingContext2D,
  transform: PlotTransform,
  geometry: FrameGeometry,
  list: readonly Hyperbola[],
  model: CurveModel,
  style: HyperbolaLayerStyle,
  selected: { id: string | null; color: string },
): void {
  const spacing = geometry.traceSpacingM > 0 ? geometry.traceSpacingM : 0.004;
  ctx.save();
  ctx.lineJoin = 'round';
  for (const h of list) {
    const isSelected = h.id === selected.id;
    const color = isSelected ? selected.color : style.color;
    const halfWidth = Math.ceil(curveHalfWidthM(apexPoint(h, geometry).y, geometry) / spacing);
    const curve = hyperbolaCurve(h, geometry, model, halfWidth);
    ctx.strokeStyle = color;
    ctx.lineWidth = isSelected ? 2.5 : 1.5;
    ctx.setLineDash(style.isDashed ? [5, 4] : []);
    ctx.beginPath();
    curve.forEach((point, i) => {
      const p = toCss(transform, point);
      if (i === 0) ctx.moveTo(p.x, p.y);
      else ctx.lineTo(p.x, p.y);
    });
    ctx.stroke();
    const apex = toCss(transform, apexPoint(h, geometry));
    ctx.setLineDash([]);
    ctx.lineWidth = 2;
    ctx.fillStyle = 'rgba(0, 0, 0, 0.35)';
    ctx.beginPath();
    ctx.arc(apex.x, apex.y, isSelected ? 7 : 5, 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
  }
  ctx.restore();
}
