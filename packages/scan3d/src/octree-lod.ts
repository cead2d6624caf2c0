import type { OctreeNode } from './octree';

/** The camera as the node selection needs it, everything in the octree's own frame. */
export interface LodCamera {
  /**
   * Column-major 4×4 matrix from the octree's frame to clip space (projection × view × the cloud's model
   * matrix, as three.js composes them).
   */
  clipFromModel: ArrayLike<number>;
  /** The eye, in the octree's frame (metres). */
  eye: [number, number, number];
  /** Vertical field of view, radians. */
  fovYRad: number;
  /** Height of the drawing surface, pixels. */
  screenHeightPx: number;
}

export interface LodOptions {
  /** Most points drawn (the sum of the chosen nodes' counts). */
  pointBudget: number;
  /**
   * A node whose cube projects smaller than this (radius, pixels) is not refined: its children would add
   * points no pixel shows. Default 64 (about half the square root of a 20,000-point node).
   */
  minNodePx?: number;
}

/** The chosen nodes, most important first, and their points. */
export interface LodSelection {
  nodes: number[];
  points: number;
}

/**
 * The six frustum planes (a, b, c, d: inside when a·x + b·y + c·z + d ≥ 0) of a column-major clip matrix
 * (Gribb–Hartmann).
 *
 * @param m - Clip-from-model matrix, column-major.
 * @returns Six planes, normalised.
 * @example frustumPlanes(camera.clipFromModel).length // 6
 */
export function frustumPlanes(m: ArrayLike<number>): [number, number, number, number][] {
  const row = (r: number) => [m[r]!, m[4 + r]!, m[8 + r]!, m[12 + r]!];
  const [r0, r1, r2, r3] = [row(0), row(1), row(2), row(3)];
  const planes = [
    r3.map((v, i) => v + r0[i]!),
    r3.map((v, i) => v - r0[i]!),
    r3.map((v, i) => v + r1[i]!),
    r3.map((v, i) => v - r1[i]!),
    r3.map((v, i) => v + r2[i]!),
    r3.map((v, i) => v - r2[i]!),
  ];
  return planes.map((p) => {
    const length = Math.hypot(p[0]!, p[1]!, p[2]!) || 1;
    return [p[0]! / length, p[1]! / length, p[2]! / length, p[3]! / length];
  });
}

/**
 * Projected radius of a node's bounding sphere, pixels; Infinity when the eye is inside it, −1 when the
 * sphere is outside the frustum.
 *
 * @param node - The node.
 * @param camera - The camera.
 * @param planes - {@link frustumPlanes} of the camera.
 * @returns Pixels, Infinity, or −1.
 * @example nodeScreenRadiusPx(nodes[0], camera, frustumPlanes(camera.clipFromModel))
 */
export function nodeScreenRadiusPx(node: OctreeNode, camera: LodCamera, planes: [number, number, number, number][]): number {
  const half = node.sizeM / 2;
  const c = [node.min[0] + half, node.min[1] + half, node.min[2] + half];
  const radius = half * Math.sqrt(3);
  for (const p of planes) if (p[0] * c[0]! + p[1] * c[1]! + p[2] * c[2]! + p[3] < -radius) return -1;
  const distance = Math.hypot(c[0]! - camera.eye[0], c[1]! - camera.eye[1], c[2]! - camera.eye[2]);
  if (distance <= radius) return Infinity;
  return (radius / (distance * Math.tan(camera.fovYRad / 2))) * (camera.screenHeightPx / 2);
}

/**
 * Choose the nodes to draw this frame within a point budget, as Potree does: from the root, always take
 * the visible node that looks largest on screen next, then offer its visible children; stop when the next
 * node would exceed the budget. Coarse nodes come first, so a small budget still shows the whole view, and
 * no node is chosen without its parent (it refines what the parent drew).
 *
 * @param nodes - The octree's nodes ({@link buildPointOctree}).
 * @param camera - The camera in the octree's frame.
 * @param options - The point budget and the smallest node worth refining.
 * @returns The chosen node indexes, largest on screen first, and their total points.
 * @example selectOctreeNodes(octree.nodes, camera, { pointBudget: 3_000_000 })
 */
export function selectOctreeNodes(nodes: readonly OctreeNode[], camera: LodCamera, options: LodOptions): LodSelection {
  const minNodePx = options.minNodePx ?? 64;
  const planes = frustumPlanes(camera.clipFromModel);
  const chosen: number[] = [];
  let points = 0;
  if (nodes.length === 0) return { nodes: chosen, points };
  // A binary max-heap of [screen radius, node index].
  const heap: [number, number][] = [];
  const push = (weight: number, index: number) => {
    heap.push([weight, index]);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent]![0] >= heap[i]![0]) break;
      [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
      i = parent;
    }
  };
  const pop = (): [number, number] => {
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = i * 2 + 1;
        const r = l + 1;
        let largest = i;
        if (l < heap.length && heap[l]![0] > heap[largest]![0]) largest = l;
        if (r < heap.length && heap[r]![0] > heap[largest]![0]) largest = r;
        if (largest === i) break;
        [heap[largest], heap[i]] = [heap[i]!, heap[largest]!];
        i = largest;
      }
    }
    return top;
  };
  const rootWeight = nodeScreenRadiusPx(nodes[0]!, camera, planes);
  if (rootWeight >= 0) push(rootWeight, 0);
  while (heap.length > 0) {
    const [weight, index] = pop();
    const node = nodes[index]!;
    if (points + node.count > options.pointBudget) break;
    chosen.push(index);
    points += node.count;
    if (weight < minNodePx) continue;
    for (const child of node.children) {
      const w = nodeScreenRadiusPx(nodes[child]!, camera, planes);
      if (w >= 0) push(w, child);
    }
  }
  return { nodes: chosen, points };
}
