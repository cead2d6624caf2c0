import { MeshoptSimplifier } from 'meshoptimizer';
import type { ColouredMesh } from './marching-cubes';

export interface SimplifyResult {
  mesh: ColouredMesh;
  /** The geometric error the simplifier reports for the result, metres. */
  errorM: number;
}

/**
 * Reduce a mesh to at most `maxTriangles` with meshoptimizer's quadric simplifier (WebAssembly, in the npm
 * package), keeping vertex colours as attributes so colour edges survive. One pass: the simplifier collapses the
 * cheapest edges first and stops at the budget, or earlier when the next collapse would move the surface by more
 * than `maxErrorM`; should that leave the mesh over budget, the sloppy simplifier meets it. A mesh already within
 * budget is only compacted. Unused vertices are dropped.
 *
 * @param mesh - Positions (metres), colours, indices.
 * @param maxTriangles - Most triangles of the result.
 * @param maxErrorM - The largest deviation allowed to reach the budget, metres (default 5 cm).
 * @returns The simplified mesh and its error (metres).
 * @example await simplifyMesh(mesh, 300_000)
 */
export async function simplifyMesh(mesh: ColouredMesh, maxTriangles: number, maxErrorM = 0.05): Promise<SimplifyResult> {
  if (mesh.indices.length / 3 <= maxTriangles) return { mesh: compact(mesh, mesh.indices), errorM: 0 };
  await MeshoptSimplifier.ready;
  const count = mesh.positions.length / 3;
  const attributes = new Float32Array(count * 3);
  for (let i = 0; i < attributes.length; i++) attributes[i] = mesh.colours[i]! / 255;
  // A full-scale colour step counts as much as 1 cm of position.
  const weights = [0.01, 0.01, 0.01];
  const [indices, error] = MeshoptSimplifier.simplifyWithAttributes(
    mesh.indices,
    mesh.positions,
    3,
    attributes,
    3,
    weights,
    null,
    maxTriangles * 3,
    maxErrorM,
    ['ErrorAbsolute'],
  );
  if (indices.length / 3 <= maxTriangles) return { mesh: compact(mesh, indices), errorM: error };
  // Topology the quadric simplifier will not collapse within the bound (many small pieces): the sloppy one.
  const [sloppy, sloppyError] = MeshoptSimplifier.simplifySloppy(indices, mesh.positions, 3, null, maxTriangles * 3, 1);
  const kept = sloppy.subarray(0, Math.min(sloppy.length, maxTriangles * 3));
  const scale = MeshoptSimplifier.getScale(mesh.positions, 3);
  return { mesh: compact(mesh, kept), errorM: Math.max(error, sloppyError * scale) };
}

/** Keep only the vertices the indices use, renumbered in order of first use. */
function compact(mesh: ColouredMesh, indices: Uint32Array): ColouredMesh {
  const remap = new Int32Array(mesh.positions.length / 3).fill(-1);
  let next = 0;
  const out = new Uint32Array(indices.length);
  for (let i = 0; i < indices.length; i++) {
    const v = indices[i]!;
    if (remap[v] === -1) remap[v] = next++;
    out[i] = remap[v]!;
  }
  const positions = new Float32Array(next * 3);
  const colours = new Uint8Array(next * 3);
  for (let v = 0; v < remap.length; v++) {
    const r = remap[v]!;
    if (r < 0) continue;
    for (let a = 0; a < 3; a++) {
      positions[r * 3 + a] = mesh.positions[v * 3 + a]!;
      colours[r * 3 + a] = mesh.colours[v * 3 + a]!;
    }
  }
  return { positions, colours, indices: out };
}
