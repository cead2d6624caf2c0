/**
 * A point octree for large clouds, in the manner of Potree: every node holds an even subsample of the
 * points in its cube (at most `nodeCapacity`), its children share the rest, so a node is a coarse level of
 * its region and its descendants refine it. Every point belongs to exactly one node; the points are
 * reordered so that each node's points are one contiguous range of the arrays (a draw range, no copy).
 * Memory: the cloud's own arrays (reordered in place) plus a few numbers per node; the build briefly needs
 * one scratch copy and a byte per point.
 */

/** One node: its cube, its own points' range, its children. */
export interface OctreeNode {
  /** Index of the parent in `nodes`, −1 for the root. */
  parent: number;
  /** Depth, the root is 0. */
  level: number;
  /** The cube's smallest corner, metres (the cloud's frame). */
  min: [number, number, number];
  /** The cube's edge, metres. */
  sizeM: number;
  /** First of this node's own points in the reordered arrays. */
  start: number;
  /** Number of this node's own points. */
  count: number;
  /** Indexes of the children in `nodes` (non-empty octants only). */
  children: number[];
}

/** A built octree: nodes (parents before children, the root first) over reordered point arrays. */
export interface PointOctree {
  nodes: OctreeNode[];
  /** x, y, z of each point, node by node (the input array, reordered). */
  positions: Float32Array;
  /** r, g, b of each point, node by node, or null. */
  colours: Uint8Array | null;
}

export interface OctreeBuildOptions {
  /** Most points a node keeps for itself (default 20,000); the deepest level keeps what is left. */
  nodeCapacity?: number;
  /** Deepest level (default 16: a 10 m room then ends in 0.15 mm cubes; duplicates stop there). */
  maxDepth?: number;
}

/**
 * Build the octree top-down. Each node keeps `nodeCapacity` of its points, picked at an even stride through
 * its range (the file's order, which for scanner output follows the scan, so the pick is spread over the
 * node's region), and moves the rest, stably, into its eight octants. Every pass reads and writes the arrays
 * sequentially (no shuffle, no index array: random access into 10 million points costs seconds in cache
 * misses), one pass per level.
 *
 * @param positions - x, y, z per point, metres (reordered in place).
 * @param colours - r, g, b per point, or null (reordered in place).
 * @param options - Node capacity, depth limit.
 * @returns The nodes, over the same (now reordered) arrays.
 * @example buildPointOctree(cloud.positions, cloud.colours, { nodeCapacity: 20_000 }).nodes.length
 */
export function buildPointOctree(positions: Float32Array, colours: Uint8Array | null, options: OctreeBuildOptions = {}): PointOctree {
  const capacity = Math.max(1, Math.floor(options.nodeCapacity ?? 20_000));
  const maxDepth = options.maxDepth ?? 16;
  const count = Math.floor(positions.length / 3);
  if (count === 0) return { nodes: [], positions, colours };
  let minX = Infinity, minY = Infinity, minZ = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  for (let p = 0; p < count * 3; p += 3) {
    const x = positions[p]!, y = positions[p + 1]!, z = positions[p + 2]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
  }
  // A cube a little larger than the bounds, so that the largest coordinate falls inside the last octant.
  const edge = Math.max(maxX - minX, maxY - minY, maxZ - minZ, 1e-6) * (1 + 1e-6);

  const nodes: OctreeNode[] = [{ parent: -1, level: 0, min: [minX, minY, minZ], sizeM: edge, start: 0, count: 0, children: [] }];
  const ends = [count];
  let scratchPositions: Float32Array | null = null;
  let scratchColours: Uint8Array | null = null;
  let bucketOf: Uint8Array | null = null;
  // Breadth first: nodes are appended in level order, so the list itself is the queue.
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index]!;
    const from = node.start;
    const end = ends[index]!;
    const size = end - from;
    if (size <= capacity || node.level >= maxDepth) {
      node.count = size;
      continue;
    }
    node.count = capacity;
    scratchPositions ??= new Float32Array(count * 3);
    if (colours) scratchColours ??= new Uint8Array(count * 3);
    bucketOf ??= new Uint8Array(count);
    const half = node.sizeM / 2;
    const cx = node.min[0] + half;
    const cy = node.min[1] + half;
    const cz = node.min[2] + half;
    // Bucket 0: the node's own points (every size/capacity-th); buckets 1–8: the octants of the rest.
    const sizes = [0, 0, 0, 0, 0, 0, 0, 0, 0];
    let stride = 0;
    for (let k = from; k < end; k++) {
      stride += capacity;
      let bucket = 0;
      if (stride >= size) stride -= size;
      else {
        const p = k * 3;
        bucket = 1 + ((positions[p]! >= cx ? 1 : 0) | (positions[p + 1]! >= cy ? 2 : 0) | (positions[p + 2]! >= cz ? 4 : 0));
      }
      bucketOf[k] = bucket;
      sizes[bucket]!++;
    }
    const next = [from, 0, 0, 0, 0, 0, 0, 0, 0];
    for (let b = 1; b < 9; b++) next[b] = next[b - 1]! + sizes[b - 1]!;
    for (let o = 0; o < 8; o++) {
      const b = o + 1;
      if (sizes[b] === 0) continue;
      node.children.push(nodes.length);
      ends.push(next[b]! + sizes[b]!);
      nodes.push({
        parent: index,
        level: node.level + 1,
        min: [node.min[0] + (o & 1 ? half : 0), node.min[1] + (o & 2 ? half : 0), node.min[2] + (o & 4 ? half : 0)],
        sizeM: half,
        start: next[b]!,
        count: 0,
        children: [],
      });
    }
    for (let k = from; k < end; k++) {
      const to = next[bucketOf[k]!]!++ * 3;
      const p = k * 3;
      scratchPositions[to] = positions[p]!;
      scratchPositions[to + 1] = positions[p + 1]!;
      scratchPositions[to + 2] = positions[p + 2]!;
      if (colours && scratchColours) {
        scratchColours[to] = colours[p]!;
        scratchColours[to + 1] = colours[p + 1]!;
        scratchColours[to + 2] = colours[p + 2]!;
      }
    }
    positions.set(scratchPositions.subarray(from * 3, end * 3), from * 3);
    if (colours && scratchColours) colours.set(scratchColours.subarray(from * 3, end * 3), from * 3);
  }
  return { nodes, positions, colours };
}
