import { describe, expect, it } from 'vitest';
import { VoxelGrid } from './voxel-grid';

/** The same merge done plainly with a Map keyed by the voxel's indexes. */
function reference(points: number[][], voxel: number) {
  const voxels = new Map<string, { sum: number[]; n: number }>();
  for (const [x, y, z, r, g, b] of points) {
    const key = [x!, y!, z!].map((c) => Math.floor(c / voxel)).join(',');
    const v = voxels.get(key) ?? { sum: [0, 0, 0, 0, 0, 0], n: 0 };
    [x!, y!, z!, r!, g!, b!].forEach((c, i) => (v.sum[i]! += c));
    v.n++;
    voxels.set(key, v);
  }
  return [...voxels.values()].map((v) => v.sum.map((s) => s / v.n));
}

describe('VoxelGrid', () => {
  it('merges points into voxel centroids with mean colours, in first-seen order, across table growth', () => {
    // 300,000 points in ~100,000 voxels (the table starts at 65,536 voxels, so it grows and rehashes),
    // spread over ±40 m and both signs of every axis, each voxel hit by a few points in scattered order.
    let seed = 12345;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const centres: number[][] = [];
    for (let i = 0; i < 100_000; i++) centres.push([(random() - 0.5) * 80, (random() - 0.5) * 80, (random() - 0.5) * 6]);
    const points: number[][] = [];
    for (let i = 0; i < 300_000; i++) {
      const c = centres[Math.floor(random() * centres.length)]!;
      points.push([c[0]! + random() * 0.009, c[1]! + random() * 0.009, c[2]! + random() * 0.009, Math.floor(random() * 256), 100, 7]);
    }
    const grid = new VoxelGrid(0.01);
    for (const p of points) grid.add(p[0]!, p[1]!, p[2]!, p[3]!, p[4]!, p[5]!);
    const expected = reference(points, 0.01);
    const { positions, colours } = grid.points();
    expect(grid.count).toBe(expected.length);
    expect(positions.length).toBe(expected.length * 3);
    let worstM = 0;
    let colourMismatches = 0;
    expected.forEach((e, k) => {
      for (let a = 0; a < 3; a++) worstM = Math.max(worstM, Math.abs(positions[k * 3 + a]! - e[a]!));
      for (let a = 0; a < 3; a++) if (colours[k * 3 + a] !== Math.round(e[3 + a]!)) colourMismatches++;
    });
    // float32 output: within a few micrometres at 40 m.
    expect(worstM).toBeLessThan(1e-5);
    expect(colourMismatches).toBe(0);
  });

  it('adds a frame of points at once like one at a time, and refuses points beyond its range', () => {
    const positions = new Float64Array([0.001, 0.002, 0.003, 0.004, 0.005, 0.006, -0.5, 2, 3, 700, 0, 0]);
    const colours = new Uint8Array([10, 20, 30, 30, 40, 50, 1, 2, 3, 9, 9, 9]);
    const grid = new VoxelGrid(0.01);
    grid.addPoints(positions, colours, 4);
    expect(grid.count).toBe(2);
    const out = grid.points();
    expect([...out.positions.subarray(0, 3)].map((v) => +v.toFixed(6))).toEqual([0.0025, 0.0035, 0.0045]);
    expect([...out.colours]).toEqual([20, 30, 40, 1, 2, 3]);
    expect(() => new VoxelGrid(0)).toThrow(/positive/);
  });
});
