import type { RtabmapFrame } from '../rtabmap/database';
import { multiply, type Transform3x4 } from '../rtabmap/transform';
import type { VoxelGrid } from './voxel-grid';

export interface BackProjectOptions {
  /** Depths beyond this are dropped (metres). */
  maxRangeM: number;
  /** Depths below this are dropped (metres). */
  minRangeM: number;
  /** Use every n-th pixel in each direction. */
  decimation: number;
}

export const DEFAULT_BACK_PROJECT: BackProjectOptions = { maxRangeM: 4, minRangeM: 0.05, decimation: 1 };

/**
 * Back-project one frame's depth into the map frame and merge it into the grid: for each camera of the
 * frame (RTAB-Map puts several cameras side by side in one image), point = pose · localTransform ·
 * ((u − cx)·z/fx, (v − cy)·z/fy, z), with the intrinsics scaled to the depth image's width when it is
 * smaller than the colour image; colour from the colour pixel at the same place (grey when none).
 *
 * @returns how many points were added.
 */
export function backProjectFrame(
  frame: RtabmapFrame,
  pose: Transform3x4,
  grid: VoxelGrid,
  options: BackProjectOptions,
): number {
  const { depth, colour, cameras } = frame;
  const n = cameras.length;
  if (n === 0) return 0;
  const subWidth = Math.floor(depth.width / n);
  const colourSubWidth = colour ? Math.floor(colour.width / n) : 0;
  const step = Math.max(1, Math.floor(options.decimation));
  // The frame's points gather here and join the grid in one call per camera.
  const most = Math.ceil(depth.height / step) * Math.ceil(subWidth / step);
  const points = new Float64Array(most * 3);
  const rgb = new Uint8Array(most * 3).fill(128);
  let added = 0;
  for (let c = 0; c < n; c++) {
    const cam = cameras[c]!;
    const calibratedWidth = cam.width > 0 ? cam.width : colour ? colourSubWidth * colour.scale : subWidth;
    const scale = subWidth / calibratedWidth;
    const fx = cam.fx * scale;
    const fy = cam.fy * scale;
    const cx = cam.cx * scale;
    const cy = cam.cy * scale;
    const t = multiply(pose, cam.localTransform);
    const colourScaleX = colour ? colourSubWidth / subWidth : 0;
    const colourScaleY = colour ? colour.height / depth.height : 0;
    let count = 0;
    for (let v = 0; v < depth.height; v += step) {
      for (let u = 0; u < subWidth; u += step) {
        const z = depth.metres[v * depth.width + c * subWidth + u]!;
        if (!(z >= options.minRangeM && z <= options.maxRangeM)) continue;
        const x = ((u - cx) * z) / fx;
        const y = ((v - cy) * z) / fy;
        const wx = t[0]! * x + t[1]! * y + t[2]! * z + t[3]!;
        const wy = t[4]! * x + t[5]! * y + t[6]! * z + t[7]!;
        const wz = t[8]! * x + t[9]! * y + t[10]! * z + t[11]!;
        const q = count * 3;
        points[q] = wx;
        points[q + 1] = wy;
        points[q + 2] = wz;
        if (colour) {
          const cu = Math.min(colourSubWidth - 1, Math.round(u * colourScaleX)) + c * colourSubWidth;
          const cv = Math.min(colour.height - 1, Math.round(v * colourScaleY));
          const p = (cv * colour.width + cu) * 3;
          rgb[q] = colour.rgb[p]!;
          rgb[q + 1] = colour.rgb[p + 1]!;
          rgb[q + 2] = colour.rgb[p + 2]!;
        }
        count++;
      }
    }
    grid.addPoints(points, rgb, count);
    added += count;
  }
  return added;
}
