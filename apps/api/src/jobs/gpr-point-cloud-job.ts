import { migratedVolume, volumePoints, writeVolumePly, type VolumeLine } from '@gprhub/gpr';
import type { ComputeHooks, ComputeOutput } from './compute.js';

export interface GprPointCloudRequest {
  type: 'GPR_POINT_CLOUD';
  /** The GPR scan or area scan. */
  nodeId: string;
  name: string;
  kind: 'area' | 'line';
  lines: VolumeLine[];
  permittivity: number;
  permittivitySource: 'user' | 'analysis' | 'scan setting' | 'default';
  warnings: string[];
}

/**
 * GENERATE_POINT_CLOUD from a GPR scan inside a compute thread (decisions/0045): every line migrated at the
 * permittivity, its envelope resampled on the scan's grid, thresholded into coloured points, written as a binary
 * PLY (metres, the scan's own grid: x along the lines, y across, z depth) that joins the analysis.
 */
export function computeGprPointCloud(request: GprPointCloudRequest, hooks: ComputeHooks): ComputeOutput {
  const started = performance.now();
  const volume = migratedVolume(request.lines, {
    permittivity: request.permittivity,
    onProgress: (fraction, message) => hooks.progress(0.02 + 0.85 * fraction, message),
  });
  hooks.progress(0.9, 'thresholding');
  const cloud = volumePoints(volume);
  hooks.progress(0.95, 'writing the PLY');
  const ply = writeVolumePly(cloud, `GPR Hub point cloud of ${request.name}, permittivity ${request.permittivity.toFixed(2)}`);
  const size = [(volume.nx - 1) * volume.stepM[0], (volume.ny - 1) * volume.stepM[1], (volume.nz - 1) * volume.stepM[2]];
  const warnings = [...request.warnings];
  if (cloud.count === 0) warnings.push('No reflection stands out of the noise: the cloud is empty');
  return {
    results: {
      gprScanNodeId: request.nodeId,
      kind: request.kind,
      permittivity: request.permittivity,
      permittivitySource: request.permittivitySource,
      lines: request.lines.length,
      points: cloud.count,
      threshold: round(cloud.threshold),
      maxAmplitude: round(cloud.maxAmplitude),
      grid: { nx: volume.nx, ny: volume.ny, nz: volume.nz, stepM: volume.stepM, originM: volume.originM, sizeM: size.map(round) },
      warnings,
      seconds: round((performance.now() - started) / 1000),
    },
    analysisFiles: [{ resultKey: 'pointCloudFileId', name: 'gpr_point_cloud.ply', contentType: 'application/octet-stream', bytes: ply }],
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
