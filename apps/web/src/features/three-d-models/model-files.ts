import type { ThreeDModelFile, ThreeDModelFileType, ThreeDModelResponse } from '@gprhub/contract';

/** What the viewer draws: the mesh if there is one, else the point cloud, else the preview (spec 001 §4). */
export type DisplayedModel =
  | { kind: 'glb'; glb: ThreeDModelFile; texture: ThreeDModelFile | null }
  | { kind: 'gltf'; gltf: ThreeDModelFile; bin: ThreeDModelFile | null; texture: ThreeDModelFile | null }
  | { kind: 'obj'; obj: ThreeDModelFile; mtl: ThreeDModelFile | null; texture: ThreeDModelFile | null }
  | { kind: 'cloud'; ply: ThreeDModelFile }
  | { kind: 'preview'; pcd: ThreeDModelFile };

/** The model the viewer shows by default, or null when the version has nothing to draw. */
export function pickDisplayedModel(model: ThreeDModelResponse): DisplayedModel | null {
  if (model.glbModelData) return { kind: 'glb', ...model.glbModelData };
  if (model.gltfModelData) return { kind: 'gltf', ...model.gltfModelData };
  if (model.meshModelData) return { kind: 'obj', ...model.meshModelData };
  if (model.pointCloudFile) return { kind: 'cloud', ply: model.pointCloudFile };
  if (model.previewPcdModelData) return { kind: 'preview', pcd: model.previewPcdModelData.pcd };
  return null;
}

/** Extensions of the manual upload (spec 001 §5) and the version file type each becomes. */
const TYPE_BY_EXTENSION: Record<string, ThreeDModelFileType> = {
  ply: 'point_cloud',
  db: 'rtabmap_db',
  obj: 'rtabmap_mesh_obj',
  mtl: 'rtabmap_mesh_mtl',
  png: 'rtabmap_mesh_texture',
  jpg: 'rtabmap_mesh_texture',
  jpeg: 'rtabmap_mesh_texture',
  json: 'radar_positions',
  glb: 'rtabmap_glb',
  gltf: 'rtabmap_gltf',
  bin: 'rtabmap_gltf_buffer_bin',
  pcd: 'rtabmap_preview_pcd',
};

/** The `accept` list of the upload dialog's file input. */
export const UPLOAD_ACCEPT = Object.keys(TYPE_BY_EXTENSION).map((e) => `.${e}`).join(',');

/** The version file type of a chosen file, or null when the upload does not take it. */
export function fileTypeOf(fileName: string): ThreeDModelFileType | null {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? null : (TYPE_BY_EXTENSION[fileName.slice(dot + 1).toLowerCase()] ?? null);
}
