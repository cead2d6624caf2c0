import type { PointCloudReply, PointCloudTimings } from './point-cloud.worker';

/**
 * Points kept from a cloud: 10 million is the most the live view sends (spec 001 §9), so a cloud of that
 * size is kept whole; beyond it an even subsample is read.
 */
export const MAX_KEPT_POINTS = 10_000_000;
/** Points of the coarse level sent ahead of the octree (drawn until the octree is built). */
export const COARSE_POINTS = 150_000;
/** Most points of one octree node (Potree's nodes hold a few thousand to some tens of thousands). */
export const NODE_CAPACITY = 20_000;

export type CoarseCloud = Extract<PointCloudReply, { kind: 'coarse' }>;
export type OctreeCloud = Extract<PointCloudReply, { kind: 'octree' }>;

/**
 * Load a PLY cloud in a web worker: `onCoarse` gets an even subsample (only for clouds larger than it) as
 * soon as the file's first points are in when the file is LOD-ordered (`comment lod_order shuffled`, as the
 * server writes generated clouds), else once the whole file is in; `onOctree` the octree over every kept
 * point; `onError` a message.
 */
export function loadPointCloud(
  url: string,
  handlers: { onCoarse: (cloud: CoarseCloud) => void; onOctree: (cloud: OctreeCloud) => void; onError: (message: string) => void },
): { cancel: () => void } {
  performance.mark('viewer3d:worker-created');
  const marked = new Set<string>();
  const worker = new Worker(new URL('./point-cloud.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<PointCloudReply>) => {
    const reply = event.data;
    if (reply.kind !== 'error') markTimings(reply.kind, reply.timings, marked);
    if (reply.kind === 'coarse') return handlers.onCoarse(reply);
    worker.terminate();
    if (reply.kind === 'octree') handlers.onOctree(reply);
    else handlers.onError(reply.message);
  };
  worker.onerror = (event) => {
    worker.terminate();
    handlers.onError(event.message || 'The point cloud could not be read');
  };
  worker.postMessage({ url: new URL(url, location.href).href, maxPoints: MAX_KEPT_POINTS, coarsePoints: COARSE_POINTS, nodeCapacity: NODE_CAPACITY });
  return { cancel: () => worker.terminate() };
}

/**
 * The worker's steps as performance marks on the page's timeline (`viewer3d:<step>`, the benchmark reads
 * them; devtools shows them), and when its answer arrived (`viewer3d:<kind>-received`).
 */
function markTimings(kind: 'coarse' | 'octree', timings: PointCloudTimings, marked: Set<string>): void {
  for (const [step, at] of Object.entries(timings)) {
    const name = `viewer3d:${step}`;
    if (marked.has(name)) continue;
    marked.add(name);
    performance.mark(name, { startTime: Math.max(0, at - performance.timeOrigin) });
  }
  performance.mark(`viewer3d:${kind}-received`);
}
