import type { ThreeDModelFile, ThreeDModelFileType, ThreeDModelResponse } from '@gprhub/contract';

/** What the viewer draws: the mesh if there is one, else the point cloud, else the preview (spec 001 §4). */
export type DisplayedModel =
  | { kind: 'glb'; glb: ThreeDModelFile; texture: ThreeDModelFile | null }
  | { kind: 'gltf'; gltf: ThreeDModelFile; bin: ThreeDModelFile | null; texture: ThreeDModelFile | null }
  | { kind: 'obj'; obj: ThreeDModelFile; mtl: ThreeDModelFile | null; texture: ThreeDModelFile | null }
  | { kind: 'cloud'; ply: ThreeDModelFile }
  | { kind: 'preview'; pcd: ThreeDModelFile };

/** Which of the version's models the user asked to see: the mesh or the point cloud (null: the default). */
export type DisplayChoice = 'mesh' | 'cloud';

/**
 * The PLY the viewer reads for the point cloud: its LOD-ordered copy when the server has derived it (decision
 * 0058: the coarse level is drawn from the first bytes), else the file as uploaded or generated.
 */
export function cloudFileToDraw(model: ThreeDModelResponse): ThreeDModelFile | null {
  return model.pointCloudLodFile ?? model.pointCloudFile;
}

/** What the version offers to switch between (both only when it has a mesh and a point cloud). */
export function displayChoices(model: ThreeDModelResponse): DisplayChoice[] {
  const hasMesh = Boolean(model.glbModelData ?? model.gltfModelData ?? model.meshModelData);
  return [...(hasMesh ? (['mesh'] as const) : []), ...(cloudFileToDraw(model) ? (['cloud'] as const) : [])];
}

/**
 * The model the viewer shows: by default the mesh (GLB, glTF, OBJ) if there is one, else the point cloud,
 * else the preview (spec 001 §4); `choice` 'cloud' shows the point cloud even when there is a mesh.
 */
export function pickDisplayedModel(model: ThreeDModelResponse, choice: DisplayChoice | null = null): DisplayedModel | null {
  const cloud = cloudFileToDraw(model);
  if (choice === 'cloud' && cloud) return { kind: 'cloud', ply: cloud };
  if (model.glbModelData) return { kind: 'glb', ...model.glbModelData };
  if (model.gltfModelData) return { kind: 'gltf', ...model.gltfModelData };
  if (model.meshModelData) return { kind: 'obj', ...model.meshModelData };
  if (cloud) return { kind: 'cloud', ply: cloud };
  if (model.previewPcdModelData) return { kind: 'preview', pcd: model.previewPcdModelData.pcd };
  return null;
}

/**
 * The name a version file downloads as: its name with its extension, once (generated files' names already end
 * with it, uploaded files' names do not).
 *
 * @example fileDownloadName({ name: 'point_cloud.glb', extension: 'glb' }) // 'point_cloud.glb'
 */
export function fileDownloadName(file: Pick<ThreeDModelFile, 'name' | 'extension'>): string {
  const suffix = `.${file.extension}`;
  return file.name.toLowerCase().endsWith(suffix.toLowerCase()) ? file.name : `${file.name}${suffix}`;
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
