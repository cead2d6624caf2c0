import { describe, expect, it } from 'vitest';
import { nextLevel, RETRY_SLOW_LEVEL_MS, simplifiedLevels, weldVertices, type LevelChoice } from './mesh-levels';

/** A wavy grid of n × n vertices, 2 (n − 1)² triangles, 5 m × 2.6 m. */
function grid(n: number): { positions: Float32Array; indices: Uint32Array } {
  const positions = new Float32Array(n * n * 3);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) positions.set([(i / (n - 1)) * 5, 0.05 * Math.sin(i / 9) * Math.cos(j / 7), (j / (n - 1)) * 2.6], (i * n + j) * 3);
  const indices = new Uint32Array((n - 1) * (n - 1) * 6);
  let k = 0;
  for (let i = 0; i < n - 1; i++)
    for (let j = 0; j < n - 1; j++) {
      const a = i * n + j;
      indices.set([a, a + n, a + 1, a + 1, a + n, a + n + 1], k);
      k += 6;
    }
  return { positions, indices };
}

describe('weldVertices', () => {
  it('shares vertices equal in every attribute and keeps seams apart', () => {
    // Two triangles of a quad, non-indexed: the diagonal's two vertices repeat; one repeat has another uv (a seam).
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]);
    const uvs = new Float32Array([0, 0, 1, 0, 0, 1, 1, 0, 1, 1, 0.5, 1]);
    expect(Array.from(weldVertices([{ array: positions, itemSize: 3 }, { array: uvs, itemSize: 2 }], 6))).toEqual([0, 1, 2, 1, 4, 5]);
    expect(Array.from(weldVertices([{ array: positions, itemSize: 3 }], 6))).toEqual([0, 1, 2, 1, 4, 2]);
  });
});

describe('simplifiedLevels', () => {
  it('builds levels of about a quarter of the triangles each, within the mesh and on its vertices', async () => {
    const { positions, indices } = grid(200); // 79,202 triangles
    const levels = await simplifiedLevels(indices, positions);
    expect(levels.length).toBeGreaterThanOrEqual(2);
    let previous = indices.length / 3;
    for (const level of levels) {
      const triangles = level.length / 3;
      expect(triangles).toBeLessThanOrEqual(previous * 0.3);
      expect(triangles).toBeGreaterThan(previous * 0.15);
      expect(Math.max(...level)).toBeLessThan(positions.length / 3);
      previous = triangles;
    }
    // The coarsest level still spans the whole wall (its outline is kept).
    const xs = Array.from(levels.at(-1)!, (v) => positions[v * 3]!);
    expect(Math.min(...xs)).toBe(0);
    expect(Math.max(...xs)).toBe(5);
  });

  it('builds none for a small mesh', async () => {
    const { positions, indices } = grid(50);
    expect(await simplifiedLevels(indices, positions)).toEqual([]);
  });
});

describe('nextLevel', () => {
  const triangles = [300_000, 75_000, 19_000, 4_800];

  it('goes coarse in one step to the level that fits the target at the measured cost', () => {
    const choice: LevelChoice = { level: 0, slow: [] };
    expect(nextLevel(choice, triangles, 150, 20, 0).level).toBe(2);
  });

  it('goes one level finer when frames are within the target, and stays between the bounds', () => {
    expect(nextLevel({ level: 2, slow: [] }, triangles, 16.7, 20, 0).level).toBe(1);
    expect(nextLevel({ level: 2, slow: [] }, triangles, 25, 20, 0).level).toBe(2);
    expect(nextLevel({ level: 0, slow: [] }, triangles, 16.7, 20, 0).level).toBe(0);
  });

  it('does not retry a level found too slow until a while later, unless the target allows it', () => {
    const choice: LevelChoice = { level: 1, slow: [] };
    nextLevel(choice, triangles, 50, 20, 1000);
    expect(choice.level).toBe(2);
    expect(nextLevel(choice, triangles, 16.7, 20, 1100).level).toBe(2);
    // The view is still: a 50 ms frame is within that target.
    expect(nextLevel(choice, triangles, 16.7, 250, 1200).level).toBe(1);
    choice.level = 2;
    expect(nextLevel(choice, triangles, 16.7, 20, 1000 + RETRY_SLOW_LEVEL_MS + 1).level).toBe(1);
  });
});
