import { generatePointCloud, pointCloudFiles } from '@gprhub/scan3d/cloud';
import type { ComputeHooks, ComputeOutput } from './compute.js';
import { openRtabmapFile } from './rtabmap-sqlite.js';

export interface PointCloudRequest {
  type: 'GENERATE_POINT_CLOUD';
  /** The temporary copy of the version's RTAB-Map database. */
  dbPath: string;
  versionId: string;
  options: { voxelSizeM?: number; maxRangeM?: number; decimation?: number };
}

/**
 * GENERATE_POINT_CLOUD inside a compute thread: read the database frame by frame, merge the back-projected
 * depth into a 1 cm voxel grid, and answer the binary PLY (`point_cloud`), the preview PCD
 * (`rtabmap_preview_pcd`) and the GLB of points (`point_cloud_glb`, decision 0051) with the figures as results.
 */
export function computePointCloud(request: PointCloudRequest, hooks: ComputeHooks): ComputeOutput {
  hooks.progress(0.01, 'opening the RTAB-Map database');
  const db = openRtabmapFile(request.dbPath);
  try {
    const started = performance.now();
    const cloud = generatePointCloud(db, request.options, (fraction, message) =>
      hooks.progress(fraction * 0.95, message),
    );
    hooks.progress(0.96, 'writing the cloud');
    const { ply, pcd, glb } = pointCloudFiles(cloud);
    return {
      results: {
        threeDModelVersionId: request.versionId,
        ...cloud.stats,
        seconds: Math.round((performance.now() - started) / 10) / 100,
      },
      files: [
        {
          type: 'point_cloud',
          name: 'point_cloud.ply',
          contentType: 'application/octet-stream',
          bytes: ply,
          summary: `PLY binary_little_endian, ${cloud.stats.points} points with colours (generated)`,
        },
        {
          type: 'rtabmap_preview_pcd',
          name: 'preview.pcd',
          contentType: 'application/octet-stream',
          bytes: pcd,
          summary: `PCD binary, preview of ${Math.min(cloud.stats.points, 50_000)} points (generated)`,
        },
        {
          type: 'point_cloud_glb',
          name: 'point_cloud.glb',
          contentType: 'model/gltf-binary',
          bytes: glb,
          summary: `GLB 2.0, ${cloud.stats.points} points with colours (generated)`,
        },
      ],
    };
  } finally {
    db.close();
  }
}
