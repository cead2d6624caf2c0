import { decodeUtf8, Scan3dFormatError, startsWithAscii } from './formats/header-text';
import { readGlbSummary, readGltfSummary } from './formats/gltf';
import { sniffImage } from './formats/image';
import { readMtlMaterials, readObjSummary } from './formats/obj';
import { readPcdHeader } from './formats/pcd';
import { PLY_LOD_ORDER_COMMENT, readPlyHeader } from './formats/ply';
import { parseRadarPositions } from './positions';

/**
 * The file types of a 3D model version (spec 001 §3; the API contract lists the same names) and the
 * extensions each may have.
 */
export const VERSION_FILE_EXTENSIONS = {
  rtabmap_db: ['db'],
  rtabmap_mesh_obj: ['obj'],
  rtabmap_mesh_mtl: ['mtl'],
  point_cloud: ['ply'],
  radar_positions: ['json'],
  rtabmap_gltf: ['gltf'],
  rtabmap_gltf_buffer_bin: ['bin'],
  rtabmap_mesh_texture: ['png', 'jpg', 'jpeg', 'webp'],
  rtabmap_preview_pcd: ['pcd'],
  rtabmap_glb: ['glb'],
  point_cloud_glb: ['glb'],
  point_cloud_lod: ['ply'],
} as const satisfies Record<string, readonly string[]>;
export type VersionFileType = keyof typeof VERSION_FILE_EXTENSIONS;

/** How many bytes {@link checkVersionFile} needs of each type (null: the whole file). */
export function bytesNeededToCheck(type: VersionFileType): number | null {
  return type === 'point_cloud' || type === 'point_cloud_lod' || type === 'rtabmap_preview_pcd' || type === 'rtabmap_db' || type === 'rtabmap_mesh_texture' || type === 'rtabmap_gltf_buffer_bin'
    ? 65536
    : null;
}

/**
 * Check that a file's content is what its version file type says (a small header read; the viewer reads
 * the rest with three.js' loaders).
 *
 * @param type - The version file type.
 * @param bytes - The file's content (the first {@link bytesNeededToCheck} bytes, or all of it; for a GLB its
 *   header and JSON chunk).
 * @param totalBytes - The file's size when `bytes` is only its beginning.
 * @returns A one-line description of the content; throws {@link Scan3dFormatError} with the reason otherwise
 *   (worded to follow the file's name: "scan.ply is not a PLY file…").
 * @example checkVersionFile('rtabmap_mesh_mtl', new TextEncoder().encode('newmtl a\n')) // '1 material'
 */
export function checkVersionFile(type: VersionFileType, bytes: Uint8Array, totalBytes = bytes.length): string {
  if (bytes.length === 0) throw new Scan3dFormatError('is empty');
  switch (type) {
    case 'point_cloud': {
      const h = readPlyHeader(bytes);
      return `PLY ${h.format}, ${h.vertexCount} points${h.hasColours ? ' with colours' : ''}`;
    }
    case 'point_cloud_lod': {
      // The LOD-ordered copy of the version's point cloud (decision 0058): a PLY whose header says so.
      const h = readPlyHeader(bytes);
      if (h.lodOrder !== 'shuffled') throw new Scan3dFormatError(`is not LOD-ordered (its header has no "${PLY_LOD_ORDER_COMMENT}")`);
      return `PLY ${h.format}, ${h.vertexCount} points${h.hasColours ? ' with colours' : ''}, LOD-ordered`;
    }
    case 'rtabmap_preview_pcd': {
      const h = readPcdHeader(bytes);
      return `PCD ${h.data}, ${h.points} points`;
    }
    case 'rtabmap_glb': {
      const s = readGlbSummary(bytes, totalBytes);
      return `GLB ${s.version}, ${s.meshCount} meshes`;
    }
    case 'point_cloud_glb': {
      const s = readGlbSummary(bytes, totalBytes);
      if (s.pointCount === 0) throw new Scan3dFormatError('is a GLB without points (no POINTS primitive with positions)');
      return `GLB ${s.version}, ${s.pointCount} points`;
    }
    case 'rtabmap_gltf': {
      const s = readGltfSummary(decodeUtf8(bytes));
      return `glTF ${s.version}, ${s.meshCount} meshes`;
    }
    case 'rtabmap_mesh_obj': {
      const s = readObjSummary(decodeUtf8(bytes));
      return `OBJ, ${s.vertexCount} vertices, ${s.faceCount} faces`;
    }
    case 'rtabmap_mesh_mtl': {
      const n = readMtlMaterials(decodeUtf8(bytes)).length;
      return `${n} material${n === 1 ? '' : 's'}`;
    }
    case 'rtabmap_mesh_texture': {
      const kind = sniffImage(bytes);
      if (!kind) throw new Scan3dFormatError('is not a PNG, JPEG or WebP image');
      return kind.toUpperCase();
    }
    case 'rtabmap_db':
      if (!startsWithAscii(bytes, 'SQLite format 3\u0000')) throw new Scan3dFormatError('is not an RTAB-Map database (not SQLite)');
      return 'SQLite database';
    case 'radar_positions': {
      const n = parseRadarPositions(decodeUtf8(bytes)).length;
      return `${n} radar position${n === 1 ? '' : 's'}`;
    }
    case 'rtabmap_gltf_buffer_bin':
      return `${bytes.length} bytes`;
  }
}

