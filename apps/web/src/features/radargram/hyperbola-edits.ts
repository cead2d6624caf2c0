import type { HyperbolaLabelDto } from '@gprhub/contract';
import { apexPoint } from './hyperbola-geometry';
import { toCss, type PlotTransform } from './plot-transform';
import type { FrameGeometry } from './radargram-pipeline';

export type Hyperbola = HyperbolaLabelDto;

/**
 * Moves a hyperbola's apex; a moved hyperbola is the user's, so its confidence becomes 1 (seed 000 §4) and the
 * engine's sub-sample apex (`tIdxFrac`) no longer applies.
 */
export function moveHyperbola(
  list: readonly Hyperbola[],
  id: string,
  to: { xIdx: number; tIdx: number },
): Hyperbola[] {
  return list.map((h) => {
    if (h.id !== id) return h;
    const { tIdxFrac: _engineApex, ...rest } = h;
    return { ...rest, xIdx: to.xIdx, tIdx: to.tIdx, confidence: 1 };
  });
}

/** Adds a hyperbola at an apex: confidence 1, classification rebar (seed 000 §4). */
export function addHyperbola(
  list: readonly Hyperbola[],
  at: { xIdx: number; tIdx: number },
  id: string,
): Hyperbola[] {
  return [...list, { id, xIdx: at.xIdx, tIdx: at.tIdx, classification: 'rebar', confidence: 1 }];
}

/** Removes a hyperbola by id. */
export function removeHyperbola(list: readonly Hyperbola[], id: string): Hyperbola[] {
  return list.filter((h) => h.id !== id);
}

function signature(h: Hyperbola): string {
  return `${h.id}|${h.xIdx}|${h.tIdx}|${h.tIdxFrac ?? ''}|${h.confidence}|${h.R ?? ''}`;
}

/**
 * Whether two hyperbola sets differ: by id (one added or removed) or by a hyperbola's apex, confidence or
 * radius (one moved), whatever their order.
 */
export function areHyperbolaSetsDifferent(a: readonly Hyperbola[], b: readonly Hyperbola[]): boolean {
  if (a.length !== b.length) return true;
  const left = a.map(signature).sort();
  const right = b.map(signature).sort();
  return left.some((value, i) => value !== right[i]);
}

/** The hyperbola whose apex is nearest a canvas point, within `radiusPx` CSS pixels; null when none is. */
export function hitTestHyperbola(
  list: readonly Hyperbola[],
  transform: PlotTransform,
  geometry: FrameGeometry,
  css: { x: number; y: number },
  radiusPx = 12,
): Hyperbola | null {
  let best: Hyperbola | null = null;
  let bestDistance = radiusPx;
  for (const h of list) {
    const p = toCss(transform, apexPoint(h, geometry));
    const distance = Math.hypot(p.x - css.x, p.y - css.y);
    if (distance <= bestDistance) {
      best = h;
      bestDistance = distance;
    }
  }
  return best;
}
