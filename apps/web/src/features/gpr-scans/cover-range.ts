/** Cover range bounds, metres (spec §5 "depth range 0 to 0.6 m, minimum gap 0.01 m"). */
export const COVER_RANGE_MAX_M = 0.6;
export const COVER_RANGE_MIN_GAP_M = 0.01;
export const DEFAULT_COVER_RANGE_M: [number, number] = [0, COVER_RANGE_MAX_M];

/**
 * A stored range made valid: numbers within [0, 0.6] in order, at least 0.01 apart (anything else: default).
 * @example normalizeCoverRange([0.5, 0.2]) // [0.2, 0.5]
 */
export function normalizeCoverRange(value: unknown): [number, number] {
  if (!Array.isArray(value) || value.length !== 2) return DEFAULT_COVER_RANGE_M;
  const [a, b] = value as unknown[];
  if (typeof a !== 'number' || typeof b !== 'number' || !Number.isFinite(a) || !Number.isFinite(b))
    return DEFAULT_COVER_RANGE_M;
  const clamp = (v: number) => Math.min(Math.max(v, 0), COVER_RANGE_MAX_M);
  let low = clamp(Math.min(a, b));
  let high = clamp(Math.max(a, b));
  if (high - low < COVER_RANGE_MIN_GAP_M) {
    if (low + COVER_RANGE_MIN_GAP_M <= COVER_RANGE_MAX_M) high = low + COVER_RANGE_MIN_GAP_M;
    else low = high - COVER_RANGE_MIN_GAP_M;
  }
  return [round(low), round(high)];
}

const round = (v: number) => Math.round(v * 1000) / 1000;
