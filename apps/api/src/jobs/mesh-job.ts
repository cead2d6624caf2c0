import { generateMesh, meshFiles } from '@gprhub/scan3d/mesh';
import type { ComputeHooks, ComputeOutput } from './compute.js';
import { openRtabmapFile } from './rtabmap-sqlite.js';

export interface MeshRequest {
  type: 'GENERATE_MESH';
  /** The temporary copy of the version's RTAB-Map database. */
  dbPath: string;
  versionId: string;
  options: { voxelSizeM?: number; truncationM?: number; maxRangeM?: number; maxTriangles?: number };
}

/**
 * GENERATE_MESH inside a compute thread: fuse the database's depth frames (one at a time) into a TSDF volume,
 * extract the surface with marching cubes, simplify it to the triangle budget, and answer the GLB
 * (`rtabmap_glb`, what the viewer draws) and the OBJ + MTL (`rtabmap_mesh_obj`, `rtabmap_mesh_mtl`) with the
 * figures as results.
 */
export async function computeMesh(request: MeshRequest, hooks: ComputeHooks): Promise<ComputeOutput> {
  hooks.progress(0.01, 'opening the RTAB-Map database');
  const db = openRtabmapFile(request.dbPath);
  try {
    const started = performance.now();
    const result = await generateMesh(db, request.options, (fraction, message) => hooks.progress(fraction * 0.95, message));
    hooks.progress(0.96, 'writing the mesh');
    const { glb, obj, mtl } = meshFiles(result);
    const { triangles, vertices } = result.stats;
    return {
      results: {
        threeDModelVersionId: request.versionId,
        ...result.stats,
        seconds: Math.round((performance.now() - started) / 10) / 100,
      },
      files: [
        {
          type: 'rtabmap_glb',
          name: 'mesh.glb',
          contentType: 'model/gltf-binary',
          bytes: glb,
          summary: `GLB, ${triangles} triangles, ${vertices} vertices with colours (generated)`,
        },
        {
          type: 'rtabmap_mesh_obj',
          name: 'mesh.obj',
          contentType: 'text/plain',
          bytes: obj,
          summary: `OBJ, ${triangles} triangles with vertex colours (generated)`,
        },
        {
          type: 'rtabmap_mesh_mtl',
          name: 'mesh.mtl',
          contentType: 'text/plain',
          bytes: mtl,
          summary: 'MTL, 1 material (generated)',
        },
      ],
    };
  } finally {
    db.close();
  }
}
