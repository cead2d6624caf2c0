import { MeshoptSimplifier } from 'meshoptimizer';

/** Meshes of fewer triangles are drawn whole, always (no simplified levels are built for them). */
export const MIN_LEVEL_TRIANGLES = 20_000;
/** Each level keeps about this share of the previous one's triangles. */
const LEVEL_RATIO = 1 / 4;
/** The coarsest level has at least this many triangles. */
const COARSEST_TRIANGLES = 4_000;
/**
 * The most a level's surface may move, as a share of the mesh's extent (meshoptimizer's relative error):
 * 1 % is 5 cm in a 5 m room, drawn only while the view moves or while frames are too slow for the mesh.
 */
const MAX_RELATIVE_ERROR = 0.01;
/** Weight of a vertex colour channel (0–1) against position, in the simplifier's relative error. */
const COLOUR_WEIGHT = 0.02;

/**
 * Triangle indices of a non-indexed mesh (three vertices a triangle, as OBJLoader gives) with identical
 * vertices shared: vertices equal in every attribute (position, normal, uv, colour) get the index of the
 * first of them, so that the simplifier sees the surface's topology. Vertices that differ in any attribute
 * (a texture seam, a hard edge) stay apart, and the simplifier keeps such seams.
 *
 * @param attributes - The vertex attributes, each a typed array of `itemSize` values per vertex.
 * @param count - Vertices.
 * @returns One index per vertex.
 * @example weldVertices([{ array: positions, itemSize: 3 }], positions.length / 3)
 */
export function weldVertices(attributes: { array: ArrayLike<number>; itemSize: number }[], count: number): Uint32Array {
  const size = 1 << Math.ceil(Math.log2(Math.max(2, count * 2)));
  const table = new Int32Array(size).fill(-1);
  const indices = new Uint32Array(count);
  const f32 = new Float32Array(1);
  const u32 = new Uint32Array(f32.buffer);
  const equal = (a: number, b: number) => {
    for (const { array, itemSize } of attributes) for (let k = 0; k < itemSize; k++) if (array[a * itemSize + k] !== array[b * itemSize + k]) return false;
    return true;
  };
  for (let v = 0; v < count; v++) {
    let hash = 2166136261;
    for (const { array, itemSize } of attributes)
      for (let k = 0; k < itemSize; k++) {
        f32[0] = array[v * itemSize + k]!;
        hash = Math.imul(hash ^ u32[0]!, 16777619);
      }
    let slot = (hash >>> 0) & (size - 1);
    for (;;) {
      const other = table[slot]!;
      if (other === -1) {
        table[slot] = v;
        indices[v] = v;
        break;
      }
      if (equal(other, v)) {
        indices[v] = other;
        break;
      }
      slot = (slot + 1) & (size - 1);
    }
  }
  return indices;
}

/**
 * Simplified levels of a triangle mesh for drawing while frames are slow, with meshoptimizer's quadric
 * simplifier (WebAssembly): each level keeps about a quarter of the previous one's triangles, down to a few
 * thousand, within 1 % of the mesh's extent. A level's indices refer to the mesh's own vertices (the
 * vertex buffers are shared by every level; attribute seams are kept). A level that could not be made
 * markedly smaller ends the list.
 *
 * @param indices - Three vertex indices a triangle (welded: see {@link weldVertices}).
 * @param positions - xyz per vertex (float).
 * @param colours - rgb per vertex, 0–1 (or null): colour edges are kept as well.
 * @returns The levels' indices, finest first (the full mesh is not among them).
 * @example const levels = await simplifiedLevels(indices, positions) // [75k, 19k, 5k triangles]
 */
export async function simplifiedLevels(indices: Uint32Array, positions: Float32Array, colours: Float32Array | null = null): Promise<Uint32Array[]> {
  const levels: Uint32Array[] = [];
  if (indices.length / 3 < MIN_LEVEL_TRIANGLES) return levels;
  await MeshoptSimplifier.ready;
  let previous = indices;
  for (;;) {
    const target = Math.floor((previous.length / 3) * LEVEL_RATIO);
    if (target < COARSEST_TRIANGLES) break;
    // With vertex colours (a generated mesh's), colour edges count too: a full colour step weighs as much
    // as 2 % of the mesh's extent, so patches keep their outline rather than smearing into their walls.
    const [next] = colours
      ? MeshoptSimplifier.simplifyWithAttributes(previous, positions, 3, colours, 3, [COLOUR_WEIGHT, COLOUR_WEIGHT, COLOUR_WEIGHT], null, target * 3, MAX_RELATIVE_ERROR, [])
      : MeshoptSimplifier.simplify(previous, positions, 3, target * 3, MAX_RELATIVE_ERROR, []);
    // Not markedly smaller (the error bound stopped it): no further level is worth drawing.
    if (next.length > previous.length * 0.6) break;
    levels.push(next);
    previous = next;
  }
  return levels;
}

/** The level-of-detail choice carried from frame to frame. */
export interface LevelChoice {
  /** The level drawn: 0 the full mesh, then coarser. */
  level: number;
  /** Per level, the last frame time measured while it was drawn too slowly for the target then, and when. */
  slow: { frameMs: number; at: number }[];
}

/** A level found too slow is not tried again for this long (one slow frame every few seconds at most). */
export const RETRY_SLOW_LEVEL_MS = 5_000;

/**
 * The level to draw next, from the last frame's time (as the cloud's point budget): over 1.5× the target, the
 * finest level whose triangles fit the target at the measured cost per triangle (coarser in one step, not
 * one level a frame); within the target, one level finer, unless that level was measured too slow for this
 * target in the last {@link RETRY_SLOW_LEVEL_MS}. Between the two it stays (no flicker between levels).
 *
 * @param choice - The current choice (updated in place and returned).
 * @param triangles - Triangles of each level, the full mesh first, coarser after.
 * @param frameMs - The last frame's time, drawn at `choice.level`.
 * @param targetFrameMs - The frame time aimed at.
 * @param now - Milliseconds (a clock).
 * @returns The same choice, at the level to draw.
 * @example nextLevel({ level: 0, slow: [] }, [300_000, 75_000, 19_000], 150, 20, performance.now()).level // 2
 */
export function nextLevel(choice: LevelChoice, triangles: number[], frameMs: number, targetFrameMs: number, now: number): LevelChoice {
  const { level } = choice;
  if (frameMs > targetFrameMs * 1.5 && level < triangles.length - 1) {
    choice.slow[level] = { frameMs, at: now };
    const fits = triangles[level]! * (targetFrameMs / frameMs);
    let next = level + 1;
    while (next < triangles.length - 1 && triangles[next]! > fits) next++;
    choice.level = next;
  } else if (frameMs <= targetFrameMs && level > 0) {
    const slow = choice.slow[level - 1];
    const isKnownSlow = slow !== undefined && now - slow.at < RETRY_SLOW_LEVEL_MS && slow.frameMs > targetFrameMs * 1.5;
    if (!isKnownSlow) choice.level = level - 1;
  }
  return choice;
}
