import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { lodCopyObstacle, lodOrderedPly, readPlyHeader } from '@gprhub/scan3d';
import type { ComputeHooks, ComputeOutput } from './compute.js';

/** Derive the LOD-ordered copy of an uploaded PLY (decision 0058): temporary files in, a temporary file out. */
export interface PointCloudLodRequest {
  type: 'POINT_CLOUD_LOD';
  /** The temporary copy of the uploaded PLY. */
  inputPath: string;
  /** Where to write the copy. */
  outputPath: string;
}

/**
 * POINT_CLOUD_LOD inside a compute thread: read the PLY, shuffle its vertex records (scan3d `lodOrderedPly`), write
 * the copy. Answers `{ points, format, hasColours }`, or `{ skipped }` with the reason when the file gets no copy (already
 * LOD-ordered, or a layout the viewer does not draw as a cloud); then nothing is written.
 */
export function computePointCloudLod(request: PointCloudLodRequest, hooks: ComputeHooks): ComputeOutput {
  hooks.progress(0.05, 'reading the point cloud');
  const bytes = readFileSync(request.inputPath);
  const header = readPlyHeader(bytes);
  const obstacle = lodCopyObstacle(header);
  if (obstacle) return { results: { skipped: obstacle } };
  hooks.progress(0.4, 'shuffling the points');
  const copy = lodOrderedPly(bytes);
  hooks.progress(0.8, 'writing the copy');
  const fd = openSync(request.outputPath, 'w');
  try {
    writeAll(fd, copy.header);
    writeAll(fd, copy.body);
  } finally {
    closeSync(fd);
  }
  return {
    results: {
      points: copy.points,
      format: copy.format,
      hasColours: header.hasColours,
      bytes: copy.header.length + copy.body.length,
    },
  };
}

function writeAll(fd: number, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
}
