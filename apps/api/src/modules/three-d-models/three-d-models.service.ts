import type {
  CreateThreeDModelBody,
  CreateThreeDModelVersionBody,
  ThreeDModelFile,
  ThreeDModelFileType,
  ThreeDModelResponse,
  ThreeDModelVersion,
  ViewOptions,
} from '@gprhub/contract';
import { THREE_D_MODEL_NAME_MIN_LENGTH, ThreeDModelMessages } from '@gprhub/contract';
import type { Database, FileRowOfVersion, ThreeDModelRow, ThreeDModelVersionFileRow } from '@gprhub/db';
import {
  findFilesByIds,
  findModelSession,
  findNodeById,
  findThreeDModelVersions,
  findVersionFiles,
  insertThreeDModel,
  insertThreeDModelVersion,
  updateThreeDModelViewOptions,
} from '@gprhub/db';
import { lodCopyObstacle, parseRadarPositions, readPlyHeader, Scan3dFormatError, type RadarPosition } from '@gprhub/scan3d';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { AnalysisJobs } from '../../jobs/analysis-jobs.js';
import { createAnalysis } from '../analyses/analyses.service.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { toNode } from '../nodes/nodes.service.js';
import type { ModelAccess } from './model-access.js';
import { getOwnModel } from './model-access.js';
import { sessionAliveSince } from '../three-d-trackers/session-expiry.js';
import { checkStoredVersionFile, readStoredPrefix } from './version-file-check.js';

/** The model's open tracker session (newest, refreshed by its device within TRACKER_SESSION_TIMEOUT_S), or null. */
async function findSessionOfModel(ctx: AppContext, organizationId: string, modelNodeId: string) {
  const row = await findModelSession(ctx.db, organizationId, modelNodeId, sessionAliveSince(ctx));
  return row ? { id: row.id, rosUrl: row.rosUrl } : null;
}

/** `POST /api/3d-models`: a THREE_D_MODEL node under a folder (or at the top). */
export async function createThreeDModel(ctx: AppContext, organizationId: string, userId: string | null, body: CreateThreeDModelBody) {
  const name = body.name.trim();
  const message = name === '' ? ThreeDModelMessages.nameRequired : name.length < THREE_D_MODEL_NAME_MIN_LENGTH ? ThreeDModelMessages.nameTooShort : null;
  if (message) throw badRequest(message, [{ path: 'name', message }]);
  if (body.parentNodeId) {
    const parent = await findNodeById(ctx.db, organizationId, body.parentNodeId);
    if (!parent) throw notFound();
    if (parent.type !== 'FOLDER') throw badRequest('A 3D model can only be created in a folder', [{ path: 'parentNodeId', message: 'A 3D model can only be created in a folder' }]);
  }
  const { node } = await insertThreeDModel(ctx.db, { organizationId, parentId: body.parentNodeId ?? null, name, createdById: userId });
  return toNode(node);
}

/** The address a file of a model is served at (through the access check, never a long-lived link). */
function fileUrl(versionFileId: string): string {
  return `/api/3d-model-files/${versionFileId}`;
}

function toModelFile(row: { versionFile: ThreeDModelVersionFileRow; file: FileRowOfVersion }): ThreeDModelFile {
  return {
    versionFileId: row.versionFile.id,
    fileId: row.file.id,
    type: row.versionFile.type as ThreeDModelFileType,
    name: row.file.name,
    extension: row.file.extension,
    size: row.file.size,
    summary: row.versionFile.summary,
    url: fileUrl(row.versionFile.id),
  };
}

/** The newest version of a model with its files, or null. */
export async function getLatestVersion(db: Database, organizationId: string, modelNodeId: string): Promise<{ version: ThreeDModelVersion | null; count: number }> {
  const versions = await findThreeDModelVersions(db, organizationId, modelNodeId);
  const latest = versions[0];
  if (!latest) return { version: null, count: 0 };
  const files = (await findVersionFiles(db, organizationId, latest.id)).map(toModelFile);
  return { version: { id: latest.id, createdAt: latest.createdAt.toISOString(), files }, count: versions.length };
}

/** `GET /api/3d-models/{id}`: the model, its newest version and that version's files by role. */
export async function getThreeDModel(ctx: AppContext, access: ModelAccess): Promise<ThreeDModelResponse> {
  const { version, count } = await getLatestVersion(ctx.db, access.organizationId, access.node.id);
  const files = version?.files ?? [];
  const one = (type: ThreeDModelFileType) => files.find((f) => f.type === type) ?? null;
  const texture = one('rtabmap_mesh_texture');
  const obj = one('rtabmap_mesh_obj');
  const glb = one('rtabmap_glb');
  const gltf = one('rtabmap_gltf');
  const pcd = one('rtabmap_preview_pcd');
  return {
    node: toNode(access.node),
    threeDModelVersion: version,
    versionCount: count,
    // The live view is for members only (seed 001 §2): a public link never learns of a session.
    session: access.canEdit ? await findSessionOfModel(ctx, access.organizationId, access.node.id) : null,
    meshModelData: obj ? { obj, mtl: one('rtabmap_mesh_mtl'), texture } : null,
    glbModelData: glb ? { glb, texture } : null,
    gltfModelData: gltf ? { gltf, bin: one('rtabmap_gltf_buffer_bin'), texture } : null,
    pointCloudFile: one('point_cloud'),
    pointCloudLodFile: one('point_cloud_lod'),
    previewPcdModelData: pcd ? { pcd } : null,
    rtabmapDatabaseFile: one('rtabmap_db'),
    radarPositionsFile: one('radar_positions'),
    canEdit: access.canEdit,
  };
}

/** Types of which a version may hold several files (textures of a multi-material mesh). */
const REPEATABLE_TYPES = new Set<ThreeDModelFileType>(['rtabmap_mesh_texture']);

/**
 * `POST /api/3d-model-version`: check every file (the organization's, uploaded, of the type's extension and
 * content), then create the version and its files in one transaction: a bad file leaves nothing behind.
 */
export async function createThreeDModelVersion(ctx: AppContext, organizationId: string, userId: string | null, body: CreateThreeDModelVersionBody) {
  await getOwnModel(ctx.db, organizationId, body.threeDModelNodeId);
  const rows = await findFilesByIds(ctx.db, organizationId, [...new Set(body.files.map((f) => f.fileId))]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const seen = new Set<string>();
  const checked: { type: string; fileId: string; summary: string }[] = [];
  for (const [index, item] of body.files.entries()) {
    const file = byId.get(item.fileId);
    if (!file) throw notFound();
    if (seen.has(item.type) && !REPEATABLE_TYPES.has(item.type)) {
      const message = `A version has at most one ${item.type} file`;
      throw badRequest(message, [{ path: `files.${index}.type`, message }]);
    }
    seen.add(item.type);
    checked.push({ type: item.type, fileId: file.id, summary: await checkStoredVersionFile(ctx.storage, item.type, file, index) });
  }
  const version = await insertThreeDModelVersion(ctx.db, { organizationId, threeDModelNodeId: body.threeDModelNodeId, createdById: userId, files: checked });
  const files = (await findVersionFiles(ctx.db, organizationId, version.id)).map(toModelFile);
  return { id: version.id, createdAt: version.createdAt.toISOString(), files };
}

/** The version file types a generated mesh brings (any one of them means the version has its mesh). */
const MESH_TYPES: readonly string[] = ['rtabmap_glb', 'rtabmap_gltf', 'rtabmap_mesh_obj'];

/**
 * After a version is created: an uploaded point cloud not in LOD order gets its LOD-ordered copy derived in the
 * background (decision 0058; the header is read here, so a cloud already in LOD order queues nothing). A version
 * with an RTAB-Map database gets GENERATE_POINT_CLOUD started when it has no
 * point cloud and GENERATE_MESH when it has no mesh (both queued at once; the cloud, being quicker, is shown
 * first and the mesh replaces it when it lands). `createAnalysis` finds or creates the one analysis of each
 * input and reuses a run that has not failed, so a repeat is harmless. The version already exists, so a
 * failure to start is logged, not answered as an error; the 3D page can start it again.
 */
export async function startGenerationIfNeeded(
  ctx: AppContext,
  jobs: AnalysisJobs,
  organizationId: string,
  userId: string | null,
  version: ThreeDModelVersion,
  log: FastifyBaseLogger,
): Promise<void> {
  const types = new Set<string>(version.files.map((f) => f.type));
  try {
    await startPointCloudLodIfNeeded(ctx, jobs, organizationId, version);
  } catch (error) {
    log.error({ err: error, threeDModelVersionId: version.id }, 'could not start the point cloud’s LOD-ordered copy');
  }
  if (!types.has('rtabmap_db')) return;
  const wanted: ('GENERATE_POINT_CLOUD' | 'GENERATE_MESH')[] = [];
  if (!types.has('point_cloud')) wanted.push('GENERATE_POINT_CLOUD');
  if (!MESH_TYPES.some((t) => types.has(t))) wanted.push('GENERATE_MESH');
  for (const analysisType of wanted) {
    try {
      await createAnalysis(ctx, jobs, organizationId, userId, {
        analysisType,
        analysisInput: { threeDModelVersionId: version.id },
      });
    } catch (error) {
      log.error({ err: error, threeDModelVersionId: version.id }, `could not start ${analysisType}`);
    }
  }
}

/** Queue the LOD-ordered copy of the version's point cloud when it has one not in LOD order and no copy yet. */
async function startPointCloudLodIfNeeded(ctx: AppContext, jobs: AnalysisJobs, organizationId: string, version: ThreeDModelVersion): Promise<void> {
  const source = version.files.find((f) => f.type === 'point_cloud');
  if (!source || version.files.some((f) => f.type === 'point_cloud_lod')) return;
  const row = (await findVersionFiles(ctx.db, organizationId, version.id)).find((f) => f.versionFile.id === source.versionFileId);
  if (!row) return;
  const header = readPlyHeader(await readStoredPrefix(ctx.storage, row.file.storageKey, 65536));
  if (lodCopyObstacle(header)) return;
  await jobs.enqueuePointCloudLod({ organizationId, versionId: version.id, sourceVersionFileId: source.versionFileId });
}

export function toViewOptions(model: ThreeDModelRow): ViewOptions {
  return {
    modelRotation: { x: model.rotationXDeg, y: model.rotationYDeg, z: model.rotationZDeg },
    materialSize: model.materialSize,
    useVertexColors: model.useVertexColors,
  };
}

export async function updateViewOptions(ctx: AppContext, organizationId: string, modelNodeId: string, body: Partial<ViewOptions>): Promise<ViewOptions> {
  await getOwnModel(ctx.db, organizationId, modelNodeId);
  const row = await updateThreeDModelViewOptions(ctx.db, organizationId, modelNodeId, {
    rotationXDeg: body.modelRotation?.x,
    rotationYDeg: body.modelRotation?.y,
    rotationZDeg: body.modelRotation?.z,
    materialSize: body.materialSize,
    useVertexColors: body.useVertexColors,
  });
  if (!row) throw notFound();
  return toViewOptions(row);
}

/** The radar positions of a version (the given one, else the newest): empty when it has no positions file. */
export async function getRadarPositions(ctx: AppContext, organizationId: string, modelNodeId: string, versionId?: string): Promise<RadarPosition[]> {
  const versions = await findThreeDModelVersions(ctx.db, organizationId, modelNodeId);
  const version = versionId ? versions.find((v) => v.id === versionId) : versions[0];
  if (!version) {
    if (versionId) throw notFound();
    return [];
  }
  const file = (await findVersionFiles(ctx.db, organizationId, version.id)).find((f) => f.versionFile.type === 'radar_positions')?.file;
  if (!file) return [];
  const bytes = await readStoredPrefix(ctx.storage, file.storageKey, 32 * 1024 * 1024);
  try {
    return parseRadarPositions(new TextDecoder().decode(bytes));
  } catch (error) {
    // Checked at upload; a file changed in storage since then is reported, not thrown as a 500.
    if (error instanceof Scan3dFormatError) throw badRequest(`File ${file.name} ${error.message}`);
    throw error;
  }
}
