import type { Transform3x4 } from '../rtabmap/transform';
import { invert } from '../rtabmap/transform';

/** Voxels per block edge: blocks of 8 × 8 × 8 voxels are allocated where a depth image saw a surface. */
export const TSDF_BLOCK = 8;
const B = TSDF_BLOCK;
const B3 = B * B * B;
/** Block indexes are kept within ±8192 per axis (±655 m at 1 cm voxels), so keys and edge ids stay exact. */
const BLOCK_LIMIT = 8192;
const BLOCK_SPAN = BLOCK_LIMIT * 2;

export interface TsdfOptions {
  /** Voxel edge, metres (default 1 cm). */
  voxelSizeM: number;
  /** Truncation distance, metres (default 4 cm): the band around a surface that a depth sample updates. */
  truncationM: number;
  /** Depths outside [min, max] are ignored, metres. */
  minRangeM: number;
  maxRangeM: number;
}

export const DEFAULT_TSDF: TsdfOptions = { voxelSizeM: 0.01, truncationM: 0.04, minRangeM: 0.05, maxRangeM: 4 };

/**
 * One camera's depth image (a part of a wider image when RTAB-Map stored several cameras side by side) and
 * the colour image at the same place, with the depth image's pinhole intrinsics (pixels).
 */
export interface DepthView {
  /** Depth, metres, 0 = none; row-major with `depthStride` values a row, this camera from column `depthX0`. */
  depth: Float32Array;
  depthStride: number;
  depthX0: number;
  width: number;
  height: number;
  fx: number;
  fy: number;
  cx: number;
  cy: number;
  /** Map ← optical frame (z forward, x right, y down). */
  cameraToWorld: Transform3x4;
  /** RGB, row-major, `colourStride` pixels a row, this camera from column `colourX0`; null for grey. */
  colour: Uint8Array | null;
  colourStride: number;
  colourX0: number;
  colourWidth: number;
  colourHeight: number;
}

/**
 * A sparse truncated signed distance volume (Curless and Levoy's running weighted average, as in KinectFusion
 * and Open3D's ScalableTSDFVolume). Samples sit on the grid points (i·voxel, j·voxel, k·voxel) of the map
 * frame; only blocks near an observed surface exist. Each sample keeps the signed distance to the surface
 * along the camera's axis divided by the truncation (+1 in front, −1 behind, clamped in front, not updated
 * further than the truncation behind), its weight (the number of views) and its mean colour.
 */
export class TsdfVolume {
  readonly options: TsdfOptions;
  private readonly blocks = new Map<number, number>();
  /** Block coordinates, three per block. */
  coords = new Int32Array(0);
  tsdf = new Float32Array(0);
  weight = new Uint16Array(0);
  colour = new Uint8Array(0);
  private lastSeen = new Int32Array(0);
  /** The last block key each of the three ray samples allocated in this frame (−1: none). */
  private readonly laneKeys = new Float64Array(3).fill(-1);
  private count = 0;
  private frame = 0;

  constructor(options: Partial<TsdfOptions> = {}) {
    this.options = { ...DEFAULT_TSDF, ...options };
    const { voxelSizeM, truncationM } = this.options;
    if (!(voxelSizeM > 0)) throw new Error('The voxel size must be positive');
    if (!(truncationM >= voxelSizeM)) throw new Error('The truncation must be at least one voxel');
    this.grow(4096);
  }

  /** Blocks allocated so far. */
  get blockCount(): number {
    return this.count;
  }

  /** Bytes held by the volume's arrays (for the benchmark's memory figure). */
  get bytes(): number {
    return this.tsdf.byteLength + this.weight.byteLength + this.colour.byteLength + this.coords.byteLength;
  }

  /** The index of block (bx, by, bz), or −1 when it does not exist. */
  blockIndex(bx: number, by: number, bz: number): number {
    return this.blocks.get(blockKey(bx, by, bz)) ?? -1;
  }

  private grow(capacity: number): void {
    const grow = <T extends Float32Array | Uint16Array | Uint8Array | Int32Array>(old: T, size: number, fill?: number): T => {
      const next = new (old.constructor as new (n: number) => T)(size);
      next.set(old);
      if (fill !== undefined) next.fill(fill, old.length);
      return next;
    };
    this.coords = grow(this.coords, capacity * 3);
    this.tsdf = grow(this.tsdf, capacity * B3, 1);
    this.weight = grow(this.weight, capacity * B3);
    this.colour = grow(this.colour, capacity * B3 * 3);
    this.lastSeen = grow(this.lastSeen, capacity, -1);
  }

  /**
   * The block (bx, by, bz), allocated when new, joins this frame's touched blocks. `lane` (0–2) names which of the
   * ray's three samples asks: each lane remembers its last block, which the next pixel's sample mostly falls in
   * again, so most calls skip the map.
   */
  private allocate(bx: number, by: number, bz: number, touched: number[], lane = 0): void {
    if (bx < -BLOCK_LIMIT || by < -BLOCK_LIMIT || bz < -BLOCK_LIMIT) return;
    if (bx >= BLOCK_LIMIT || by >= BLOCK_LIMIT || bz >= BLOCK_LIMIT) return;
    const key = blockKey(bx, by, bz);
    if (this.laneKeys[lane] === key) return; // the lane's last block: allocated and touched this frame already
    this.laneKeys[lane] = key;
    let k = this.blocks.get(key);
    if (k === undefined) {
      k = this.count++;
      if (k >= this.lastSeen.length) this.grow(this.lastSeen.length * 2);
      this.blocks.set(key, k);
      this.coords[k * 3] = bx;
      this.coords[k * 3 + 1] = by;
      this.coords[k * 3 + 2] = bz;
    }
    if (this.lastSeen[k] !== this.frame) {
      this.lastSeen[k] = this.frame;
      touched.push(k);
    }
  }

  /**
   * Set one sample directly (grid indexes of the map frame): for volumes built from an exact distance
   * rather than depth images (tests, analytic shapes).
   *
   * @param value - Signed distance over the truncation, −1 to 1.
   */
  setSample(gx: number, gy: number, gz: number, value: number, weight: number, rgb: readonly [number, number, number]): void {
    const touched: number[] = [];
    const bx = Math.floor(gx / B);
    const by = Math.floor(gy / B);
    const bz = Math.floor(gz / B);
    this.allocate(bx, by, bz, touched);
    const k = this.blockIndex(bx, by, bz);
    if (k < 0) throw new Error('The sample lies outside the volume (±655 m at 1 cm)');
    const index = k * B3 + ((gz - bz * B) * B + (gy - by * B)) * B + (gx - bx * B);
    this.tsdf[index] = Math.max(-1, Math.min(1, value));
    this.weight[index] = weight;
    this.colour.set(rgb, index * 3);
  }

  /**
   * Fuse one depth view: allocate the blocks within the truncation of every valid depth sample, then update
   * every sample of those blocks that projects onto a valid depth.
   *
   * @returns How many depth pixels were used.
   */
  integrate(view: DepthView): number {
    this.frame++;
    this.laneKeys.fill(-1);
    const { voxelSizeM, truncationM, minRangeM, maxRangeM } = this.options;
    const blockM = voxelSizeM * B;
    const inverseBlock = 1 / blockM;
    const t = view.cameraToWorld;
    const { depth, depthStride, depthX0, width, height, fx, fy, cx, cy } = view;
    const touched: number[] = [];
    let used = 0;
    for (let v = 0; v < height; v++) {
      for (let u = 0; u < width; u++) {
        const z = depth[v * depthStride + depthX0 + u]!;
        if (!(z >= minRangeM && z <= maxRangeM)) continue;
        used++;
        const x = (u - cx) / fx;
        const y = (v - cy) / fy;
        // Along the viewing ray: in front of the surface, on it, and behind it by the truncation.
        const rayScale = truncationM / Math.sqrt(x * x + y * y + 1);
        for (let s = -1; s <= 1; s++) {
          const d = z + s * rayScale;
          const px = x * d;
          const py = y * d;
          const wx = t[0]! * px + t[1]! * py + t[2]! * d + t[3]!;
          const wy = t[4]! * px + t[5]! * py + t[6]! * d + t[7]!;
          const wz = t[8]! * px + t[9]! * py + t[10]! * d + t[11]!;
          this.allocate(
            Math.floor(wx * inverseBlock),
            Math.floor(wy * inverseBlock),
            Math.floor(wz * inverseBlock),
            touched,
            s + 1,
          );
        }
      }
    }
    const c = invert(t);
    const ax = [c[0]! * voxelSizeM, c[4]! * voxelSizeM, c[8]! * voxelSizeM];
    const ay = [c[1]! * voxelSizeM, c[5]! * voxelSizeM, c[9]! * voxelSizeM];
    const az = [c[2]! * voxelSizeM, c[6]! * voxelSizeM, c[10]! * voxelSizeM];
    const inverseTruncation = 1 / truncationM;
    const { colour, colourStride, colourX0, colourWidth, colourHeight } = view;
    const colourScaleX = colourWidth / width;
    const colourScaleY = colourHeight / height;
    const { tsdf, weight } = this;
    const rgb = this.colour;
    for (const k of touched) {
      const ox = this.coords[k * 3]! * B * voxelSizeM;
      const oy = this.coords[k * 3 + 1]! * B * voxelSizeM;
      const oz = this.coords[k * 3 + 2]! * B * voxelSizeM;
      // The block's first sample in the camera frame; the others follow by steps along ax, ay, az.
      const p0x = c[0]! * ox + c[1]! * oy + c[2]! * oz + c[3]!;
      const p0y = c[4]! * ox + c[5]! * oy + c[6]! * oz + c[7]!;
      const p0z = c[8]! * ox + c[9]! * oy + c[10]! * oz + c[11]!;
      let index = k * B3;
      for (let kz = 0; kz < B; kz++) {
        for (let ky = 0; ky < B; ky++) {
          let px = p0x + ky * ay[0]! + kz * az[0]!;
          let py = p0y + ky * ay[1]! + kz * az[1]!;
          let pz = p0z + ky * ay[2]! + kz * az[2]!;
          for (let kx = 0; kx < B; kx++, index++, px += ax[0]!, py += ax[1]!, pz += ax[2]!) {
            if (pz <= 0) continue;
            const u = Math.round((fx * px) / pz + cx);
            const v = Math.round((fy * py) / pz + cy);
            if (u < 0 || v < 0 || u >= width || v >= height) continue;
            const z = depth[v * depthStride + depthX0 + u]!;
            if (!(z >= minRangeM && z <= maxRangeM)) continue;
            const sdf = z - pz;
            if (sdf < -truncationM) continue;
            const value = sdf >= truncationM ? 1 : sdf * inverseTruncation;
            const w = weight[index]!;
            tsdf[index] = (tsdf[index]! * w + value) / (w + 1);
            if (w < 65535) weight[index] = w + 1;
            const ci = index * 3;
            if (colour) {
              const cu = Math.min(colourWidth - 1, Math.round(u * colourScaleX)) + colourX0;
              const cv = Math.min(colourHeight - 1, Math.round(v * colourScaleY));
              const p = (cv * colourStride + cu) * 3;
              rgb[ci] = (rgb[ci]! * w + colour[p]!) / (w + 1) + 0.5;
              rgb[ci + 1] = (rgb[ci + 1]! * w + colour[p + 1]!) / (w + 1) + 0.5;
              rgb[ci + 2] = (rgb[ci + 2]! * w + colour[p + 2]!) / (w + 1) + 0.5;
            } else {
              rgb[ci] = rgb[ci + 1] = rgb[ci + 2] = 160;
            }
          }
        }
      }
    }
    return used;
  }
}

/** Key of a block (indexes within ±8192). */
export function blockKey(bx: number, by: number, bz: number): number {
  return ((bx + BLOCK_LIMIT) * BLOCK_SPAN + (by + BLOCK_LIMIT)) * BLOCK_SPAN + (bz + BLOCK_LIMIT);
}
