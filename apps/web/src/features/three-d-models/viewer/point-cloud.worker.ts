/// <reference lib="webworker" />
import { buildPointOctree, evenSubsample, PlyPointStream, type OctreeNode } from '@gprhub/scan3d';

/** A request: load the PLY at `url` keeping at most `maxPoints`, a coarse level of `coarsePoints` first. */
export interface PointCloudRequest {
  url: string;
  maxPoints: number;
  coarsePoints: number;
  nodeCapacity: number;
}

/**
 * When the worker reached each step, milliseconds since the epoch (`performance.timeOrigin + now()`, so the
 * page can place them on its own timeline): started, firstBytes, coarse, downloaded (every point read),
 * octree (built).
 */
export type PointCloudTimings = Partial<Record<'started' | 'firstBytes' | 'coarse' | 'downloaded' | 'octree', number>>;

/**
 * The answers, in order: a coarse level (an even subsample of the whole cloud: the file's first points when
 * the file is LOD-ordered, else a stride through the whole file once it is in), then the octree over all
 * kept points; or an error.
 */
export type PointCloudReply =
  | { kind: 'coarse'; positions: Float32Array; colours: Uint8Array | null; count: number; total: number; timings: PointCloudTimings }
  | { kind: 'octree'; positions: Float32Array; colours: Uint8Array | null; nodes: OctreeNode[]; count: number; total: number; timings: PointCloudTimings }
  | { kind: 'error'; message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;

function send(reply: PointCloudReply): void {
  const transfer: Transferable[] = [];
  if (reply.kind !== 'error') {
    transfer.push(reply.positions.buffer as ArrayBuffer);
    if (reply.colours) transfer.push(reply.colours.buffer as ArrayBuffer);
  }
  scope.postMessage(reply, transfer);
}

const now = () => performance.timeOrigin + performance.now();

/**
 * Loads a point cloud off the main thread: the binary download read chunk by chunk straight into typed
 * arrays (only the kept points; the file's bytes are never held whole), the coarse level as soon as it can
 * be drawn, the octree; every array sent is transferred, never copied.
 */
self.onmessage = async (event: MessageEvent<PointCloudRequest>) => {
  const timings: PointCloudTimings = { started: now() };
  try {
    const { url, maxPoints, coarsePoints, nodeCapacity } = event.data;
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok || !response.body) throw new Error(`The point cloud could not be loaded (${response.status})`);
    const stream = new PlyPointStream(maxPoints);
    const reader = response.body.getReader();
    let hasSentCoarse = false;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      timings.firstBytes ??= now();
      stream.push(value);
      // A LOD-ordered file's first points are an even subsample of the whole: drawn before the rest is in.
      if (!hasSentCoarse && stream.header?.lodOrder === 'shuffled' && stream.totalPoints > coarsePoints && stream.count >= coarsePoints) {
        hasSentCoarse = true;
        timings.coarse = now();
        send({ kind: 'coarse', ...evenSubsample(stream.positions, stream.colours, coarsePoints, coarsePoints), count: coarsePoints, total: stream.totalPoints, timings: { ...timings } });
      }
    }
    const cloud = stream.finish();
    timings.downloaded = now();
    if (!hasSentCoarse && cloud.total > coarsePoints) {
      timings.coarse = now();
      send({ kind: 'coarse', ...evenSubsample(cloud.positions, cloud.colours, cloud.count, Math.min(coarsePoints, cloud.count)), count: Math.min(coarsePoints, cloud.count), total: cloud.total, timings: { ...timings } });
    }
    const octree = buildPointOctree(cloud.positions, cloud.colours, { nodeCapacity });
    timings.octree = now();
    send({ kind: 'octree', ...octree, count: cloud.count, total: cloud.total, timings });
  } catch (error) {
    send({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
