/// <reference lib="webworker" />
import { buildPointOctree, readPlyHeader, readPlyPoints, type OctreeNode } from '@gprhub/scan3d';

/** A request: load the PLY at `url` keeping at most `maxPoints`, a coarse level of `coarsePoints` first. */
export interface PointCloudRequest {
  url: string;
  maxPoints: number;
  coarsePoints: number;
  nodeCapacity: number;
}

/**
 * The answers, in order: a coarse level (an even subsample of the whole cloud, read straight from the
 * downloaded bytes, so the first frame does not wait for the octree), then the octree over all kept points;
 * or an error.
 */
export type PointCloudReply =
  | { kind: 'coarse'; positions: Float32Array; colours: Uint8Array | null; count: number; total: number }
  | { kind: 'octree'; positions: Float32Array; colours: Uint8Array | null; nodes: OctreeNode[]; count: number; total: number }
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

/**
 * Loads a point cloud off the main thread: the binary download, the PLY read straight into typed arrays
 * (only the kept points), the octree; every array is transferred, never copied.
 */
self.onmessage = async (event: MessageEvent<PointCloudRequest>) => {
  try {
    const { url, maxPoints, coarsePoints, nodeCapacity } = event.data;
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`The point cloud could not be loaded (${response.status})`);
    let bytes: Uint8Array | null = new Uint8Array(await response.arrayBuffer());
    const header = readPlyHeader(bytes);
    const total = header.elements[0]?.count ?? 0;
    if (total > coarsePoints) send({ kind: 'coarse', ...readPlyPoints(bytes, header, coarsePoints) });
    const cloud = readPlyPoints(bytes, header, maxPoints);
    bytes = null;
    const octree = buildPointOctree(cloud.positions, cloud.colours, { nodeCapacity });
    send({ kind: 'octree', ...octree, count: cloud.count, total: cloud.total });
  } catch (error) {
    send({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
