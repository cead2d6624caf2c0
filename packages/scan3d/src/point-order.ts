/**
 * The seeded permutation behind both shuffles (xorshift32 + Fisher–Yates): calls `swap(i, j)` for i from
 * `count − 1` down to 1, with j uniform in [0, i]. The same seed always gives the same swaps.
 */
function forEachShuffleSwap(count: number, seed: number, swap: (i: number, j: number) => void): void {
  let state = seed >>> 0 || 1;
  for (let i = count - 1; i > 0; i--) {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    const j = state % (i + 1);
    if (j !== i) swap(i, j);
  }
}

/**
 * Reorder points so that every prefix of the list is an evenly spread subsample of the whole cloud: the
 * viewer then draws the first N points for a budget of N (a level of detail that costs no extra memory, and
 * a lower level is just a shorter draw range). The order is a seeded shuffle (xorshift32 + Fisher–Yates),
 * so a cloud always gets the same order.
 *
 * @param positions - xyz per point (modified in place).
 * @param colours - rgb per point, or null (modified in place).
 * @param seed - Shuffle seed (non-zero).
 * @example shufflePointsInPlace(positions, colours)
 */
export function shufflePointsInPlace(
  positions: Float32Array,
  colours: Uint8Array | null,
  seed = 0x9e3779b9,
): void {
  forEachShuffleSwap(positions.length / 3, seed, (i, j) => {
    for (let a = 0; a < 3; a++) {
      const p = positions[i * 3 + a]!;
      positions[i * 3 + a] = positions[j * 3 + a]!;
      positions[j * 3 + a] = p;
      if (colours) {
        const c = colours[i * 3 + a]!;
        colours[i * 3 + a] = colours[j * 3 + a]!;
        colours[j * 3 + a] = c;
      }
    }
  });
}

/**
 * {@link shufflePointsInPlace} for records of any layout: the same seeded permutation applied to `count`
 * records of `stride` bytes, so a PLY's vertex records can be shuffled as bytes whatever their properties
 * (docs/decisions/0058).
 *
 * @param records - `count × stride` bytes (modified in place).
 * @param stride - Bytes of one record.
 * @param count - Records.
 * @param seed - Shuffle seed (non-zero).
 * @example shuffleRecordsInPlace(vertexBytes, 15, 1_000_000)
 */
export function shuffleRecordsInPlace(
  records: Uint8Array,
  stride: number,
  count: number,
  seed = 0x9e3779b9,
): void {
  forEachShuffleSwap(count, seed, (i, j) => {
    const a = i * stride;
    const b = j * stride;
    for (let k = 0; k < stride; k++) {
      const t = records[a + k]!;
      records[a + k] = records[b + k]!;
      records[b + k] = t;
    }
  });
}

/**
 * The number of points to draw next frame: shrink when the last frame was slower than the target, grow
 * back (by 10 %) when it was well within it, never above `max` nor below `min`.
 *
 * @param current - Points drawn now.
 * @param frameMs - Duration of the last frame, milliseconds.
 * @param options - targetFrameMs (default 1000/50), min, max.
 * @returns The next budget.
 * @example nextPointBudget(2_000_000, 40, { max: 3_000_000 }) // 1_000_000
 */
export function nextPointBudget(
  current: number,
  frameMs: number,
  options: { targetFrameMs?: number; min?: number; max: number },
): number {
  const target = options.targetFrameMs ?? 20;
  const min = options.min ?? 100_000;
  let next = current;
  if (frameMs > target * 1.5) next = Math.floor(current * Math.max(0.5, target / frameMs));
  else if (frameMs < target * 0.7) next = Math.ceil(current * 1.1);
  return Math.max(Math.min(min, options.max), Math.min(options.max, next));
}

/**
 * `count` points of the arrays' first `available`, at an even stride (a copy; the coarse level of a cloud).
 *
 * @param positions - xyz per point.
 * @param colours - rgb per point, or null.
 * @param available - Points to pick from (a prefix of the arrays).
 * @param count - Points to pick (at most `available`).
 * @returns New arrays of `count` points.
 * @example evenSubsample(positions, colours, 1_000_000, 150_000)
 */
export function evenSubsample(
  positions: Float32Array,
  colours: Uint8Array | null,
  available: number,
  count: number,
): { positions: Float32Array; colours: Uint8Array | null } {
  const n = Math.max(0, Math.min(count, available));
  const step = available / Math.max(n, 1);
  const p = new Float32Array(n * 3);
  const c = colours ? new Uint8Array(n * 3) : null;
  for (let k = 0; k < n; k++) {
    const i = Math.floor(k * step) * 3;
    p[k * 3] = positions[i]!;
    p[k * 3 + 1] = positions[i + 1]!;
    p[k * 3 + 2] = positions[i + 2]!;
    if (c && colours) {
      c[k * 3] = colours[i]!;
      c[k * 3 + 1] = colours[i + 1]!;
      c[k * 3 + 2] = colours[i + 2]!;
    }
  }
  return { positions: p, colours: c };
}
