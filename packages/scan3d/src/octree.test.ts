import { describe, expect, it } from 'vitest';
import { buildPointOctree, type OctreeNode } from './octree';
import { frustumPlanes, selectOctreeNodes, type LodCamera } from './octree-lod';

/** A seeded cloud on the floor and walls of a 10 × 8 × 3 m room, coloured by index. */
function roomCloud(count: number): { positions: Float32Array; colours: Uint8Array } {
  const positions = new Float32Array(count * 3);
  const colours = new Uint8Array(count * 3);
  let seed = 7;
  const random = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 4294967296;
  const size = [10, 8, 3];
  for (let i = 0; i < count; i++) {
    const axis = i % 3;
    for (let a = 0; a < 3; a++) positions[i * 3 + a] = a === axis ? (random() < 0.5 ? 0 : size[a]!) : random() * size[a]!;
    colours.set([i & 255, (i >> 8) & 255, (i >> 16) & 255], i * 3);
  }
  return { positions, colours };
}

/** A perspective camera at `eye` looking at `target` (z up), as a column-major clip-from-world matrix. */
function cameraAt(eye: [number, number, number], target: [number, number, number], fovYDeg = 60, aspect = 1.6, heightPx = 900): LodCamera {
  const sub = (a: number[], b: number[]) => a.map((v, i) => v - b[i]!);
  const norm = (a: number[]) => a.map((v) => v / Math.hypot(...a));
  const cross = (a: number[], b: number[]) => [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];
  const dot = (a: number[], b: number[]) => a.reduce((s, v, i) => s + v * b[i]!, 0);
  const f = norm(sub(target, eye));
  const s = norm(cross(f, [0, 0, 1]));
  const u = cross(s, f);
  // View (column-major): rows s, u, −f.
  const view = [s[0]!, u[0]!, -f[0]!, 0, s[1]!, u[1]!, -f[1]!, 0, s[2]!, u[2]!, -f[2]!, 0, -dot(s, eye), -dot(u, eye), dot(f, eye), 1];
  const fovY = (fovYDeg * Math.PI) / 180;
  const t = 1 / Math.tan(fovY / 2);
  const near = 0.01;
  const far = 500;
  const projection = [t / aspect, 0, 0, 0, 0, t, 0, 0, 0, 0, (far + near) / (near - far), -1, 0, 0, (2 * far * near) / (near - far), 0];
  const clip = new Array<number>(16).fill(0);
  for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) for (let k = 0; k < 4; k++) clip[c * 4 + r]! += projection[k * 4 + r]! * view[c * 4 + k]!;
  return { clipFromModel: clip, eye, fovYRad: fovY, screenHeightPx: heightPx };
}

function inside(node: OctreeNode, p: ArrayLike<number>, k: number): boolean {
  return [0, 1, 2].every((a) => p[k * 3 + a]! >= node.min[a]! && p[k * 3 + a]! <= node.min[a]! + node.sizeM);
}

describe('buildPointOctree', () => {
  const cloud = roomCloud(60_000);
  const octree = buildPointOctree(cloud.positions.slice(), cloud.colours.slice(), { nodeCapacity: 2_000 });

  it('keeps every point exactly once, with its colour, in contiguous node ranges inside the node cubes', () => {
    const { nodes, positions, colours } = octree;
    expect(positions.length).toBe(cloud.positions.length);
    const ranges = nodes.map((n) => [n.start, n.start + n.count]).sort((a, b) => a[0]! - b[0]!);
    let next = 0;
    for (const [from, to] of ranges) {
      expect(from).toBe(next);
      next = to!;
    }
    expect(next).toBe(60_000);
    // The colour encodes the original index: every index once, with its own position.
    const seen = new Uint8Array(60_000);
    const wrong: number[] = [];
    for (let k = 0; k < 60_000; k++) {
      const index = colours![k * 3]! | (colours![k * 3 + 1]! << 8) | (colours![k * 3 + 2]! << 16);
      if (seen[index] || [0, 1, 2].some((a) => positions[k * 3 + a] !== cloud.positions[index * 3 + a])) wrong.push(k);
      seen[index] = 1;
    }
    expect(wrong).toEqual([]);
    expect(seen.every((v) => v === 1)).toBe(true);
    const outside: number[] = [];
    for (const node of nodes) for (let k = node.start; k < node.start + node.count; k++) if (!inside(node, positions, k)) outside.push(k);
    expect(outside).toEqual([]);
  });

  it('fills inner nodes to capacity, parents come first, children are the octants of their parent', () => {
    const { nodes } = octree;
    expect(nodes[0]!.parent).toBe(-1);
    expect(nodes.length).toBeGreaterThan(20);
    nodes.forEach((node, i) => {
      if (node.children.length > 0) expect(node.count).toBe(2_000);
      else expect(node.count).toBeLessThanOrEqual(2_000);
      for (const c of node.children) {
        const child = nodes[c]!;
        expect(c).toBeGreaterThan(i);
        expect(child.parent).toBe(i);
        expect(child.level).toBe(node.level + 1);
        expect(child.sizeM).toBe(node.sizeM / 2);
        for (let a = 0; a < 3; a++) expect([node.min[a], node.min[a]! + node.sizeM / 2]).toContain(child.min[a]);
      }
    });
  });

  it('gives the root an even subsample of the whole room (a coarse level), not one corner', () => {
    const root = octree.nodes[0]!;
    const halves = [0, 0];
    for (let k = root.start; k < root.start + root.count; k++) halves[octree.positions[k * 3]! < 5 ? 0 : 1]!++;
    expect(halves[0]! / root.count).toBeGreaterThan(0.4);
    expect(halves[1]! / root.count).toBeGreaterThan(0.4);
  });

  it('stops at the depth limit with duplicate points, and is the same for the same input', () => {
    const same = new Float32Array(3 * 500).fill(1.5);
    const stacked = buildPointOctree(same, null, { nodeCapacity: 10, maxDepth: 3 });
    expect(Math.max(...stacked.nodes.map((n) => n.level))).toBe(3);
    expect(stacked.nodes.reduce((s, n) => s + n.count, 0)).toBe(500);
    const again = buildPointOctree(cloud.positions.slice(), cloud.colours.slice(), { nodeCapacity: 2_000 });
    expect(again.positions.every((v, i) => v === octree.positions[i])).toBe(true);
    expect(buildPointOctree(new Float32Array(0), null).nodes).toEqual([]);
  });
});

describe('selectOctreeNodes', () => {
  const cloud = roomCloud(200_000);
  const { nodes, positions } = buildPointOctree(cloud.positions, cloud.colours, { nodeCapacity: 4_000 });
  const overview = cameraAt([25, -20, 15], [5, 4, 1.5]);

  it('stays within the budget, root first, never a node without its parent, largest on screen first', () => {
    for (const budget of [4_000, 30_000, 100_000]) {
      const selection = selectOctreeNodes(nodes, overview, { pointBudget: budget, minNodePx: 0 });
      expect(selection.points).toBeLessThanOrEqual(budget);
      expect(selection.points).toBeGreaterThan(budget - 4_000 * 2);
      expect(selection.nodes[0]).toBe(0);
      const chosen = new Set(selection.nodes);
      for (const i of selection.nodes) if (i !== 0) expect(chosen.has(nodes[i]!.parent)).toBe(true);
      expect(selection.points).toBe(selection.nodes.reduce((s, i) => s + nodes[i]!.count, 0));
    }
    expect(selectOctreeNodes(nodes, overview, { pointBudget: 3_999 }).nodes).toEqual([]);
  });

  it('draws the whole cloud when the budget allows and every node is worth it', () => {
    const selection = selectOctreeNodes(nodes, overview, { pointBudget: 1e9, minNodePx: 0 });
    expect(selection.points).toBe(200_000);
  });

  it('skips what is behind the camera and refines what is near it', () => {
    // Standing in the room's corner near (1, 1), looking at the far corner along the floor's diagonal.
    const inRoom = cameraAt([1, 1, 1.5], [9, 7, 1.2]);
    const selection = selectOctreeNodes(nodes, inRoom, { pointBudget: 60_000, minNodePx: 0 });
    const planes = frustumPlanes(inRoom.clipFromModel);
    const behind = nodes.findIndex((n) => n.level >= 2 && planes.some((p) => p[0] * (n.min[0] + n.sizeM / 2) + p[1] * (n.min[1] + n.sizeM / 2) + p[2] * (n.min[2] + n.sizeM / 2) + p[3] < -n.sizeM));
    expect(behind).toBeGreaterThan(0);
    expect(selection.nodes).not.toContain(behind);
    // The deepest chosen node is near the eye; far nodes stay coarse.
    const deepest = selection.nodes.reduce((best, i) => (nodes[i]!.level > nodes[best]!.level ? i : best), 0);
    const d = nodes[deepest]!;
    const centre = d.min.map((v) => v + d.sizeM / 2);
    expect(Math.hypot(centre[0]! - 1, centre[1]! - 1)).toBeLessThan(4);
    // Every drawn point is inside a chosen node; positions stay where the build put them.
    expect(positions.length).toBe(600_000);
  });

  it('does not refine nodes that are already small on screen', () => {
    const far = cameraAt([150, -120, 90], [5, 4, 1.5]);
    const selection = selectOctreeNodes(nodes, far, { pointBudget: 1e9, minNodePx: 64 });
    expect(selection.nodes).toEqual([0]);
    const near = selectOctreeNodes(nodes, overview, { pointBudget: 1e9, minNodePx: 64 });
    expect(near.nodes.length).toBeGreaterThan(1);
  });

  it('chooses nothing when the cloud is out of view', () => {
    const away = cameraAt([5, 4, 20], [5, 30, 40]);
    expect(selectOctreeNodes(nodes, away, { pointBudget: 1e6 }).nodes).toEqual([]);
  });
});
