import { EDGE_AXIS, EDGE_CORNERS, TRIANGLE_START, TRIANGLES } from './marching-cubes-table';
import { TSDF_BLOCK, type TsdfVolume } from './tsdf';

/** A triangle mesh with a colour per vertex, in the map frame (metres). */
export interface ColouredMesh {
  /** xyz per vertex. */
  positions: Float32Array;
  /** rgb per vertex, 0–255. */
  colours: Uint8Array;
  /** Three vertex indexes per triangle, counter-clockwise seen from the side the cameras were on. */
  indices: Uint32Array;
}

const B = TSDF_BLOCK;
const L = B + 1;
const L3 = L * L * L;
/** Half the grid offset of edge ids (grid indexes within ±65,536: ±655 m at 1 cm). */
const GRID_OFFSET = 65536;
const GRID_SPAN = GRID_OFFSET * 2;

/** A growable typed array. */
class Growing<T extends Float32Array | Uint8Array | Uint32Array> {
  length = 0;
  constructor(public data: T) {}
  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new (this.data.constructor as new (n: number) => T)(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
  take(): T {
    return this.data.slice(0, this.length) as T;
  }
}

/**
 * Extract the zero surface of a TSDF volume with marching cubes. A cube is meshed only when all eight samples
 * have been observed (weight > 0) and no sign change along its edges jumps across more than the truncation
 * band (a jump from +1 to −1 is where free space meets unseen space, not a surface). Vertices sit on the cube
 * edges at the linear zero crossing and are shared between the cubes of an edge; their colour is interpolated
 * between the two samples.
 *
 * @param volume - The fused volume.
 * @param minWeight - Fewest observations a sample needs (default 1).
 * @returns The mesh, map frame, metres.
 */
export function extractMesh(volume: TsdfVolume, minWeight = 1): ColouredMesh {
  const voxel = volume.options.voxelSizeM;
  const positions = new Growing(new Float32Array(1 << 16));
  const colours = new Growing(new Uint8Array(1 << 16));
  const indices = new Growing(new Uint32Array(1 << 16));
  const vertexOf = new Map<number, number>();
  const s = new Float32Array(L3);
  const w = new Uint16Array(L3);
  const c = new Uint8Array(L3 * 3);
  const cornerOffset = [0, 1, L, L + 1, L * L, L * L + 1, L * L + L, L * L + L + 1];
  const edgeVertex = new Int32Array(12);
  const value = new Float32Array(8);
  const { tsdf, weight, colour, coords } = volume;
  for (let k = 0; k < volume.blockCount; k++) {
    const bx = coords[k * 3]!;
    const by = coords[k * 3 + 1]!;
    const bz = coords[k * 3 + 2]!;
    // The block's samples plus one layer of its +x, +y, +z neighbours' (weight 0 where they do not exist).
    w.fill(0);
    let hasNegative = false;
    let hasPositive = false;
    for (let dz = 0; dz <= 1; dz++)
      for (let dy = 0; dy <= 1; dy++)
        for (let dx = 0; dx <= 1; dx++) {
          const n = dx || dy || dz ? volume.blockIndex(bx + dx, by + dy, bz + dz) : k;
          if (n < 0) continue;
          const x0 = dx * B;
          const y0 = dy * B;
          const z0 = dz * B;
          const x1 = dx ? 1 : B;
          const y1 = dy ? 1 : B;
          const z1 = dz ? 1 : B;
          for (let z = 0; z < z1; z++)
            for (let y = 0; y < y1; y++)
              for (let x = 0; x < x1; x++) {
                const from = n * B * B * B + (z * B + y) * B + x;
                const to = ((z + z0) * L + (y + y0)) * L + (x + x0);
                const value = tsdf[from]!;
                const seen = weight[from]!;
                s[to] = value;
                w[to] = seen;
                if (seen >= minWeight) {
                  if (value < 0) hasNegative = true;
                  else hasPositive = true;
                }
                c[to * 3] = colour[from * 3]!;
                c[to * 3 + 1] = colour[from * 3 + 1]!;
                c[to * 3 + 2] = colour[from * 3 + 2]!;
              }
        }
    // No observed sign change in the block and its +1 layer: no surface here.
    if (!hasNegative || !hasPositive) continue;
    const gx0 = bx * B;
    const gy0 = by * B;
    const gz0 = bz * B;
    for (let z = 0; z < B; z++)
      for (let y = 0; y < B; y++)
        for (let x = 0; x < B; x++) {
          const base = (z * L + y) * L + x;
          let pattern = 0;
          let isObserved = true;
          for (let i = 0; i < 8; i++) {
            const at = base + cornerOffset[i]!;
            if (w[at]! < minWeight) {
              isObserved = false;
              break;
            }
            value[i] = s[at]!;
            if (s[at]! < 0) pattern |= 1 << i;
          }
          if (!isObserved || pattern === 0 || pattern === 255) continue;
          let isSurface = true;
          for (let e = 0; e < 12; e++) {
            const [a, b] = EDGE_CORNERS[e]!;
            if (value[a]! < 0 !== value[b]! < 0 && Math.abs(value[a]! - value[b]!) > 1) {
              isSurface = false;
              break;
            }
          }
          if (!isSurface) continue;
          for (let e = 0; e < 12; e++) {
            const [a, b] = EDGE_CORNERS[e]!;
            if (value[a]! < 0 === value[b]! < 0) continue;
            const ax = a & 1;
            const ay = (a >> 1) & 1;
            const az = (a >> 2) & 1;
            const gx = gx0 + x + ax;
            const gy = gy0 + y + ay;
            const gz = gz0 + z + az;
            const axis = EDGE_AXIS[e]!;
            const key = (((gx + GRID_OFFSET) * GRID_SPAN + (gy + GRID_OFFSET)) * GRID_SPAN + (gz + GRID_OFFSET)) * 3 + axis;
            let vertex = vertexOf.get(key);
            if (vertex === undefined) {
              vertex = positions.length / 3;
              vertexOf.set(key, vertex);
              const t = value[a]! / (value[a]! - value[b]!);
              positions.push((gx + (axis === 0 ? t : 0)) * voxel);
              positions.push((gy + (axis === 1 ? t : 0)) * voxel);
              positions.push((gz + (axis === 2 ? t : 0)) * voxel);
              const ca = (base + cornerOffset[a]!) * 3;
              const cb = (base + cornerOffset[b]!) * 3;
              for (let i = 0; i < 3; i++) colours.push(Math.round(c[ca + i]! + (c[cb + i]! - c[ca + i]!) * t));
            }
            edgeVertex[e] = vertex;
          }
          for (let i = TRIANGLE_START[pattern]!; i < TRIANGLE_START[pattern + 1]!; i++)
            indices.push(edgeVertex[TRIANGLES[i]!]!);
        }
  }
  return { positions: positions.take(), colours: colours.take(), indices: indices.take() };
}
