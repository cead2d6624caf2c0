import { DEFAULT_ANTENNA_SEPARATION_M, velocityFromPermittivity } from '@gprhub/gpr';
import type { HyperbolaLabelDto } from '@gprhub/contract';
import type { FrameGeometry } from './radargram-pipeline';

/** How the curves are drawn: the medium and, when the detection gave one, its time zero. */
export interface CurveModel {
  permittivity: number;
  /** Time zero on the file's time axis, seconds (the HYPERBOLA_DETECTION result's `timeZeroS`). */
  timeZeroS: number | null;
}

/** Two-way time after transmission of a file sample, seconds (the detection's time zero, else the view's). */
export function sampleTimeAfterTransmitS(
  geometry: FrameGeometry,
  sample: number,
  timeZeroS: number | null,
): number {
  if (timeZeroS !== null) return geometry.fileTimeOffsetS + sample * geometry.sampleIntervalS - timeZeroS;
  return geometry.firstRowTimeS + (sample - geometry.startSample) * geometry.sampleIntervalS;
}

/** The fields of a hyperbola label that place its apex. */
export type ApexLabel = Pick<HyperbolaLabelDto, 'xIdx' | 'tIdx' | 'tIdxFrac'>;

/**
 * The apex's sample on the file's axis: the engine's sub-sample apex (`tIdxFrac`) when the label has one, else the
 * integer `tIdx` (decision 0034: the depth axis then reads the engine's cover at the apex mark, not to half a
 * sample).
 */
export function apexSample(h: ApexLabel): number {
  return h.tIdxFrac ?? h.tIdx;
}

/** The apex of a hyperbola in image coordinates (trace, row). */
export function apexPoint(h: ApexLabel, geometry: FrameGeometry) {
  return { x: h.xIdx, y: apexSample(h) - geometry.startSample };
}

/**
 * The hyperbola a point reflector at the apex draws at the given permittivity, as (trace, row) points: two-way
 * time t(x) = (|P − Tx| + |P − Rx|) / v over the traces where it stays inside the image. A surveyor matches
 * these curves to the signal's hyperbolas to judge the average permittivity.
 */
export function hyperbolaCurve(
  h: ApexLabel,
  geometry: FrameGeometry,
  model: CurveModel,
  halfWidthTraces: number,
): { x: number; y: number }[] {
  const v = velocityFromPermittivity(model.permittivity);
  const half = DEFAULT_ANTENNA_SEPARATION_M / 2;
  const apexTime = sampleTimeAfterTransmitS(geometry, apexSample(h), model.timeZeroS);
  const path = (v * apexTime) / 2;
  const depth = Math.sqrt(Math.max(0, path * path - half * half));
  // Rows of the apex by the curve's own time base, so the curve passes through the apex mark exactly.
  const apexRow = apexSample(h) - geometry.startSample;
  const spacing = geometry.traceSpacingM > 0 ? geometry.traceSpacingM : 0.004;
  const points: { x: number; y: number }[] = [];
  const from = Math.max(0, Math.floor(h.xIdx - halfWidthTraces));
  const to = Math.min(geometry.traces - 1, Math.ceil(h.xIdx + halfWidthTraces));
  for (let x = from; x <= to; x++) {
    const dx = (x - h.xIdx) * spacing;
    const t = (Math.hypot(dx - half, depth) + Math.hypot(dx + half, depth)) / v;
    const y = apexRow + (t - apexTime) / geometry.sampleIntervalS;
    if (y >= 0 && y <= geometry.rows - 1) points.push({ x, y });
  }
  return points;
}

/** A moved or added hyperbola's indices from an image point: integers ≥ 0 on the file's axes. */
export function indicesFromPoint(point: { x: number; y: number }, geometry: FrameGeometry) {
  return {
    xIdx: Math.max(0, Math.min(geometry.traces - 1, Math.round(point.x))),
    tIdx: Math.max(0, Math.round(point.y + geometry.startSample)),
  };
}

/** Hyperbolas at or above the confidence threshold (the slider hides the others). */
export function visibleHyperbolas<T extends { confidence: number }>(
  list: readonly T[],
  threshold: number,
): T[] {
  return list.filter((h) => h.confidence >= threshold);
}
