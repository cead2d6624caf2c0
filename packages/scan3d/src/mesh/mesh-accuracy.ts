import { apply, type RoomScene } from '../rtabmap/scene';
import type { ColouredMesh } from './marching-cubes';

/**
 * Points spread over a mesh's triangles, about one per `spacingM`² of area (at least one per triangle, at its
 * centroid, then on a regular barycentric grid), for distance and coverage checks of a surface rather than of
 * its vertices (a simplified flat wall has few vertices but is covered all over).
 *
 * @param mesh - Positions (metres) and indices.
 * @param spacingM - Sample spacing, metres.
 * @returns xyz per sample and the area each stands for (m²).
 * @example sampleMeshSurface(mesh, 0.01)
 */
export function sampleMeshSurface(
  mesh: Pick<ColouredMesh, 'positions' | 'indices'>,
  spacingM: number,
): { positions: Float32Array; areas: Float32Array; areaM2: number } {
  const p = mesh.positions;
  const out: number[] = [];
  const areas: number[] = [];
  let total = 0;
  for (let i = 0; i < mesh.indices.length; i += 3) {
    const a = mesh.indices[i]! * 3;
    const b = mesh.indices[i + 1]! * 3;
    const c = mesh.indices[i + 2]! * 3;
    const u = [p[b]! - p[a]!, p[b + 1]! - p[a + 1]!, p[b + 2]! - p[a + 2]!];
    const v = [p[c]! - p[a]!, p[c + 1]! - p[a + 1]!, p[c + 2]! - p[a + 2]!];
    const area =
      Math.hypot(u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!) / 2;
    total += area;
    const n = Math.max(1, Math.ceil(Math.sqrt(area) / spacingM));
    const samples: [number, number][] = [];
    for (let s = 0; s < n; s++) for (let t = 0; s + t < n; t++) samples.push([(s + 1 / 3) / n, (t + 1 / 3) / n]);
    for (const [s, t] of samples) {
      for (let k = 0; k < 3; k++) out.push(p[a + k]! + s * u[k]! + t * v[k]!);
      areas.push(area / samples.length);
    }
  }
  return { positions: Float32Array.from(out), areas: Float32Array.from(areas), areaM2: total };
}

export interface MeshAccuracy {
  /** Mean distance of the surface to the true surfaces, weighted by area, metres. */
  meanDistanceM: number;
  /** Fraction of the surface area within `toleranceM` of a true surface. */
  withinTolerance: number;
  areaM2: number;
}

/**
 * How close a mesh (map frame) lies to the true surfaces of a scene, over its area.
 *
 * @param mesh - Positions (metres) and indices.
 * @param scene - The truth.
 * @param options - Sample spacing (default 1 cm) and tolerance (default 1 cm).
 * @returns Area-weighted mean distance and the share within the tolerance.
 * @example meshAccuracy(mesh, new RoomScene(truth)).meanDistanceM < 0.003
 */
export function meshAccuracy(
  mesh: Pick<ColouredMesh, 'positions' | 'indices'>,
  scene: RoomScene,
  options: { spacingM?: number; toleranceM?: number } = {},
): MeshAccuracy {
  const samples = sampleMeshSurface(mesh, options.spacingM ?? 0.01);
  const tolerance = options.toleranceM ?? 0.01;
  let sum = 0;
  let within = 0;
  let area = 0;
  for (let k = 0; k < samples.areas.length; k++) {
    const [x, y, z] = apply(scene.roomFromMap, samples.positions[k * 3]!, samples.positions[k * 3 + 1]!, samples.positions[k * 3 + 2]!);
    const d = scene.distance(x, y, z);
    const w = samples.areas[k]!;
    sum += d * w;
    area += w;
    if (d <= tolerance) within += w;
  }
  return { meanDistanceM: area ? sum / area : 0, withinTolerance: area ? within / area : 0, areaM2: samples.areaM2 };
}
