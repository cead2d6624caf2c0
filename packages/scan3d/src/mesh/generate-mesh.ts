import { readRtabmapFrame, readRtabmapSummary, type RtabmapFrame, type SqlSource } from '../rtabmap/database';
import { multiply, type Transform3x4 } from '../rtabmap/transform';
import { extractMesh, type ColouredMesh } from './marching-cubes';
import { writeGlbColouredMesh, writeObjMesh } from './mesh-files';
import { simplifyMesh } from './simplify';
import { DEFAULT_TSDF, TsdfVolume, type TsdfOptions } from './tsdf';

/** The budget: at most 300,000 triangles. */
export const MAX_MESH_TRIANGLES = 300_000;

export interface MeshOptions extends Partial<TsdfOptions> {
  /** Most triangles of the result (default 300,000). */
  maxTriangles?: number;
  /** Use the odometry poses instead of the database's choice (benchmarks). */
  poseSource?: 'auto' | 'odometry';
}

export interface MeshResult {
  mesh: ColouredMesh;
  stats: {
    rtabmapVersion: string;
    poseSource: 'optimized' | 'odometry';
    frames: number;
    framesUsed: number;
    voxelSizeM: number;
    truncationM: number;
    maxRangeM: number;
    blocks: number;
    volumeMiB: number;
    /** Triangles of marching cubes before simplification. */
    trianglesExtracted: number;
    triangles: number;
    vertices: number;
    simplificationErrorM: number;
    warnings: string[];
  };
}

/**
 * Fuse one decoded frame into the volume: each camera of the frame (side by side in one image) with the
 * intrinsics scaled to the depth image, at pose · local transform.
 *
 * @param volume - The TSDF volume.
 * @param frame - Depth, colour and calibration of one node.
 * @param pose - Map ← base of the node.
 * @returns Depth pixels used.
 * @example integrateFrame(volume, readRtabmapFrame(db, id, version), poses.get(id)!)
 */
export function integrateFrame(volume: TsdfVolume, frame: RtabmapFrame, pose: Transform3x4): number {
  const { depth, colour, cameras } = frame;
  const n = cameras.length;
  if (n === 0) return 0;
  const subWidth = Math.floor(depth.width / n);
  const colourSubWidth = colour ? Math.floor(colour.width / n) : 0;
  let used = 0;
  cameras.forEach((cam, c) => {
    const calibratedWidth = cam.width > 0 ? cam.width : colour ? colourSubWidth * colour.scale : subWidth;
    const scale = subWidth / calibratedWidth;
    used += volume.integrate({
      depth: depth.metres,
      depthStride: depth.width,
      depthX0: c * subWidth,
      width: subWidth,
      height: depth.height,
      fx: cam.fx * scale,
      fy: cam.fy * scale,
      cx: cam.cx * scale,
      cy: cam.cy * scale,
      cameraToWorld: multiply(pose, cam.localTransform),
      colour: colour?.rgb ?? null,
      colourStride: colour?.width ?? 0,
      colourX0: c * colourSubWidth,
      colourWidth: colourSubWidth,
      colourHeight: colour?.height ?? 0,
    });
  });
  return used;
}

/**
 * Turn an RTAB-Map database into a coloured triangle mesh: the depth images (read and decoded one frame at a
 * time) are fused at their optimised poses into a sparse TSDF volume (1 cm voxels, 4 cm truncation, depths to
 * 4 m by default), the surface is extracted with marching cubes, coloured from the images, and simplified to
 * at most 300,000 triangles.
 *
 * @param db - The database's rows.
 * @param options - Voxel, truncation, range, triangle budget.
 * @param onProgress - Fraction 0–1 and a message.
 * @returns The mesh (map frame, metres) and figures.
 */
export async function generateMesh(
  db: SqlSource,
  options: MeshOptions = {},
  onProgress: (fraction: number, message: string) => void = () => {},
): Promise<MeshResult> {
  const summary = readRtabmapSummary(db);
  let poses = summary.poses;
  let poseSource = summary.poseSource;
  if (options.poseSource === 'odometry') {
    poses = new Map(summary.nodes.filter((n) => n.odometryPose).map((n) => [n.id, n.odometryPose!]));
    poseSource = 'odometry';
  }
  const volume = new TsdfVolume({
    voxelSizeM: options.voxelSizeM ?? DEFAULT_TSDF.voxelSizeM,
    truncationM: options.truncationM ?? DEFAULT_TSDF.truncationM,
    minRangeM: options.minRangeM ?? DEFAULT_TSDF.minRangeM,
    maxRangeM: options.maxRangeM ?? DEFAULT_TSDF.maxRangeM,
  });
  const ids = summary.frameIds.filter((id) => poses.has(id));
  let used = 0;
  ids.forEach((id, i) => {
    used += integrateFrame(volume, readRtabmapFrame(db, id, summary.version, { colour: 'depth' }), poses.get(id)!);
    onProgress((0.8 * (i + 1)) / ids.length, `fused frame ${i + 1} of ${ids.length}`);
  });
  const { maxRangeM, minRangeM } = volume.options;
  if (used === 0)
    throw new Error(`No depth of the recording lies between ${minRangeM} and ${maxRangeM} m: the mesh would be empty`);
  onProgress(0.82, 'extracting the surface');
  const extracted = extractMesh(volume);
  const trianglesExtracted = extracted.indices.length / 3;
  if (trianglesExtracted === 0) throw new Error('The fused depth holds no surface: the mesh would be empty');
  const volumeMiB = Math.round((volume.bytes / 1048576) * 10) / 10;
  const blocks = volume.blockCount;
  onProgress(0.9, `simplifying ${trianglesExtracted} triangles`);
  const maxTriangles = options.maxTriangles ?? MAX_MESH_TRIANGLES;
  const { mesh, errorM } = await simplifyMesh(extracted, maxTriangles);
  return {
    mesh,
    stats: {
      rtabmapVersion: summary.version,
      poseSource,
      frames: summary.frameIds.length,
      framesUsed: ids.length,
      voxelSizeM: volume.options.voxelSizeM,
      truncationM: volume.options.truncationM,
      maxRangeM,
      blocks,
      volumeMiB,
      trianglesExtracted,
      triangles: mesh.indices.length / 3,
      vertices: mesh.positions.length / 3,
      simplificationErrorM: errorM,
      warnings: [...summary.warnings],
    },
  };
}

/** The files a mesh is stored as: GLB (`rtabmap_glb`, what the viewer loads) and OBJ + MTL. */
export function meshFiles(result: MeshResult): { glb: Uint8Array; obj: Uint8Array; mtl: Uint8Array } {
  return { glb: writeGlbColouredMesh(result.mesh), ...writeObjMesh(result.mesh, 'mesh.mtl') };
}
