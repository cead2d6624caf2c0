/** The colour scale of covers on the plan: shallow bars warm, deep bars cool (a cover check reads at a glance). */
const STOPS: readonly [number, [number, number, number]][] = [
  [0, [215, 48, 39]],
  [0.25, [252, 141, 89]],
  [0.5, [254, 224, 139]],
  [0.75, [145, 191, 219]],
  [1, [69, 117, 180]],
];

/** A cover range in metres, rounded out to whole centimetres and at least 1 cm wide. */
export interface CoverScale {
  minM: number;
  maxM: number;
}

/**
 * The scale of a set of covers: from the shallowest to the deepest, rounded out to whole centimetres (within
 * a millimetre).
 * @example getCoverScale([0.043, 0.065]) // { minM: 0.04, maxM: 0.07 }
 */
export function getCoverScale(coversM: number[]): CoverScale {
  const finite = coversM.filter((c) => Number.isFinite(c));
  if (finite.length === 0) return { minM: 0, maxM: 0.1 };
  // A millimetre of slack, so 3.98 cm opens the scale at 4 cm rather than 3.
  const minCm = Math.floor(Math.min(...finite) * 100 + 0.1);
  let maxCm = Math.ceil(Math.max(...finite) * 100 - 0.1);
  if (maxCm <= minCm) maxCm = minCm + 1;
  return { minM: Math.max(0, minCm) / 100, maxM: maxCm / 100 };
}

/**
 * The colour of a cover on a scale (clamped to its ends), as `rgb(r, g, b)`.
 * @example getCoverColor(0.04, { minM: 0.04, maxM: 0.07 }) // 'rgb(215, 48, 39)'
 */
export function getCoverColor(coverM: number, scale: CoverScale): string {
  const t = Math.min(1, Math.max(0, (coverM - scale.minM) / (scale.maxM - scale.minM)));
  const upper = STOPS.findIndex(([at]) => at >= t);
  const [t1, c1] = STOPS[Math.max(0, upper)]!;
  const [t0, c0] = STOPS[Math.max(0, upper - 1)]!;
  const f = t1 === t0 ? 0 : (t - t0) / (t1 - t0);
  const channel = (i: number) => Math.round(c0[i]! + f * (c1[i]! - c0[i]!));
  return `rgb(${channel(0)}, ${channel(1)}, ${channel(2)})`;
}

/** The CSS gradient of the legend, shallow (left) to deep (right). */
export const COVER_GRADIENT = `linear-gradient(90deg, ${STOPS.map(
  ([at, [r, g, b]]) => `rgb(${r}, ${g}, ${b}) ${at * 100}%`,
).join(', ')})`;
