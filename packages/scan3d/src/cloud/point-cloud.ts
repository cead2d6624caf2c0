import { readRtabmapFrame, readRtabmapSummary, type SqlSource } from '../rtabmap/database';
import { shufflePointsInPlace } from '../point-order';
import { writePlyPoints } from '../writers';
import { backProjectFrame, DEFAULT_BACK_PROJECT, type BackProjectOptions } from './backproject';
import { writeGlbPoints } from './glb';
import { subsamplePoints, writePcdPoints } from './pcd';
import { VoxelGrid } from './voxel-grid';

export interface PointCloudOptions extends Partial<BackProjectOptions> {
  /** Voxel size of the merged cloud, metres (default 1 cm). */
  voxelSizeM?: number;
  /** Most points of the preview PCD (default 50,000). */
  previewPoints?: number;
  /** Use these poses instead of the database's (benchmarks: odometry only). */
  poseSource?: 'auto' | 'odometry';
}

export interface PointCloudResult {
  positions: Float32Array;
  colours: Uint8Array;
  stats: {
    rtabmapVersion: string;
    poseSource: 'optimized' | 'odometry';
    frames: number;
    framesUsed: number;
    pointsBackProjected: number;
    points: number;
    voxelSizeM: number;
    maxRangeM: number;
    decimation: number;
    warnings: string[];
  };
}

/**
 * Turn an RTAB-Map database into one coloured cloud: each frame (read and decoded one at a time) is
 * back-projected with its pose and the camera's local transform, depths outside [min, max] range are
 * dropped, and the points are merged into a voxel grid with averaged positions and colours.
 */
export function generatePointCloud(
  db: SqlSource,
  options: PointCloudOptions = {},
  onProgress: (fraction: number, message: string) => void = () => {},
): PointCloudResult {
  const summary = readRtabmapSummary(db);
  let poses = summary.poses;
  let poseSource = summary.poseSource;
  const warnings = [...summary.warnings];
  if (options.poseSource === 'odometry') {
    poses = new Map(summary.nodes.filter((n) => n.odometryPose).map((n) => [n.id, n.odometryPose!]));
    poseSource = 'odometry';
  }
  const voxelSizeM = options.voxelSizeM ?? 0.01;
  const grid = new VoxelGrid(voxelSizeM);
  const bp: BackProjectOptions = {
    maxRangeM: options.maxRangeM ?? DEFAULT_BACK_PROJECT.maxRangeM,
    minRangeM: options.minRangeM ?? DEFAULT_BACK_PROJECT.minRangeM,
    decimation: options.decimation ?? DEFAULT_BACK_PROJECT.decimation,
  };
  const ids = summary.frameIds.filter((id) => poses.has(id));
  let backProjected = 0;
  ids.forEach((id, i) => {
    const frame = readRtabmapFrame(db, id, summary.version, { colour: 'depth' });
    backProjected += backProjectFrame(frame, poses.get(id)!, grid, bp);
    onProgress((i + 1) / (ids.length + 1), `frame ${i + 1} of ${ids.length}`);
  });
  if (grid.count === 0)
    throw new Error(
      `No depth of the recording lies between ${bp.minRangeM} and ${bp.maxRangeM} m: the cloud would be empty`,
    );
  const { positions, colours } = grid.points();
  return {
    positions,
    colours,
    stats: {
      rtabmapVersion: summary.version,
      poseSource,
      frames: summary.frameIds.length,
      framesUsed: ids.length,
      pointsBackProjected: backProjected,
      points: positions.length / 3,
      voxelSizeM,
      maxRangeM: bp.maxRangeM,
      decimation: bp.decimation,
      warnings,
    },
  };
}

/**
 * The files a cloud is stored as: binary PLY (the cloud), a small PCD preview and a GLB of the same points
 * (decision 0051). The PLY's and GLB's points are shuffled (seeded, so the same cloud always gets the same
 * order) and the PLY's header says so: every prefix is an even subsample, and the viewer draws the first
 * points it downloads as the coarse level (decision 0044). The result's arrays are reordered in place.
 */
export function pointCloudFiles(
  result: PointCloudResult,
  previewPoints = 50_000,
): { ply: Uint8Array; pcd: Uint8Array; glb: Uint8Array } {
  const preview = subsamplePoints(result.positions, result.colours, previewPoints);
  const pcd = writePcdPoints(preview.positions, preview.colours);
  shufflePointsInPlace(result.positions, result.colours);
  return {
    ply: writePlyPoints(result.positions, result.colours, { lodOrdered: true }),
    pcd,
    glb: writeGlbPoints(result.positions, result.colours),
  };
}
