import {
  ApiErrorSchema,
  CreateThreeDModelBodySchema,
  CreateThreeDModelVersionBodySchema,
  IdParamsSchema,
  LatestVersionResponseSchema,
  NodeSchema,
  PositionsResponseSchema,
  ThreeDModelResponseSchema,
  ThreeDModelVersionSchema,
  UpdateViewOptionsBodySchema,
  VersionQuerySchema,
  ViewOptionsSchema,
} from '@gprhub/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { parseByteRange, rangeNotSatisfiable } from '../../lib/byte-range.js';
import { getModelReadAccess, getVersionFileReadAccess } from './model-access.js';
import {
  createThreeDModel,
  createThreeDModelVersion,
  getLatestVersion,
  getRadarPositions,
  getThreeDModel,
  startGenerationIfNeeded,
  toViewOptions,
  updateViewOptions,
} from './three-d-models.service.js';

const tags = ['3D models'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const publicNote = 'Anyone may call it for a public model (node isPublic), without signing in.';

export function registerThreeDModelRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  r.post('/api/3d-models', {
    ...auth,
    schema: {
      tags,
      summary: 'Create a 3D model',
      description: "Name: 'Name is required', at least 3 characters ('Name is too short'). parentNodeId: a folder, or none for the top level.",
      body: CreateThreeDModelBodySchema,
      response: { 201: NodeSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createThreeDModel(ctx, request.actor.organizationId, request.actor.user?.id ?? null, request.body)),
  });

  r.get('/api/3d-models/:id', {
    schema: { tags, summary: 'A 3D model with its newest version and its files by role', description: publicNote, params: IdParamsSchema, response: { 200: ThreeDModelResponseSchema, ...errors } },
    handler: async (request) => getThreeDModel(ctx, await getModelReadAccess(ctx, request, request.params.id)),
  });

  r.get('/api/3d-models/:id/latest-version', {
    schema: { tags, summary: 'The newest version of a 3D model', description: publicNote, params: IdParamsSchema, response: { 200: LatestVersionResponseSchema, ...errors } },
    handler: async (request) => {
      const access = await getModelReadAccess(ctx, request, request.params.id);
      return { threeDModelVersion: (await getLatestVersion(ctx.db, access.organizationId, access.node.id)).version };
    },
  });

  r.post('/api/3d-model-version', {
    ...auth,
    schema: {
      tags,
      summary: 'Create a version of a 3D model from uploaded files',
      description:
        'Each file must be uploaded, have an extension its type allows and content of that kind (PLY, PCD, OBJ, MTL, glTF, GLB, PNG/JPEG/WebP, SQLite, radar positions JSON); otherwise 400 naming the file and nothing is created. A version with an RTAB-Map database (rtabmap_db) starts GENERATE_POINT_CLOUD (when it has no point cloud) and GENERATE_MESH (when it has no mesh) for it in the background (poll `/api/analyses/by-input` with its `threeDModelVersionId`); they add `point_cloud` + `rtabmap_preview_pcd` + `point_cloud_glb` (the cloud as a GLB of points) and `rtabmap_glb` + `rtabmap_mesh_obj` + `rtabmap_mesh_mtl` to the version. An uploaded `point_cloud` PLY not in LOD order (no `comment lod_order shuffled` in its header) gets a LOD-ordered copy derived in the background (`point_cloud_lod`, the model\'s `pointCloudLodFile`, served with the same access rules); the upload itself is never changed. A `point_cloud_lod` file given here must be a PLY whose header says it is LOD-ordered.',
      body: CreateThreeDModelVersionBodySchema,
      response: { 201: ThreeDModelVersionSchema, ...errors },
    },
    handler: async (request, reply) => {
      const { organizationId } = request.actor;
      const userId = request.actor.user?.id ?? null;
      const version = await createThreeDModelVersion(ctx, organizationId, userId, request.body);
      await startGenerationIfNeeded(ctx, app.analysisJobs, organizationId, userId, version, request.log);
      return reply.status(201).send(version);
    },
  });

  r.get('/api/3d-models/:id/view-options', {
    schema: { tags, summary: 'View options of a 3D model', description: publicNote, params: IdParamsSchema, response: { 200: ViewOptionsSchema, ...errors } },
    handler: async (request) => toViewOptions((await getModelReadAccess(ctx, request, request.params.id)).model),
  });

  r.patch('/api/3d-models/:id/view-options', {
    ...auth,
    schema: { tags, summary: 'Change view options of a 3D model', params: IdParamsSchema, body: UpdateViewOptionsBodySchema, response: { 200: ViewOptionsSchema, ...errors } },
    handler: async (request) => updateViewOptions(ctx, request.actor.organizationId, request.params.id, request.body),
  });

  r.get('/api/3d-models/:id/positions', {
    schema: {
      tags,
      summary: "The 3D tracker's radar positions of a version (the newest by default)",
      description: publicNote,
      params: IdParamsSchema,
      querystring: VersionQuerySchema,
      response: { 200: PositionsResponseSchema, ...errors },
    },
    handler: async (request) => {
      const access = await getModelReadAccess(ctx, request, request.params.id);
      return { positions: await getRadarPositions(ctx, access.organizationId, access.node.id, request.query.threeDModelVersionId) };
    },
  });

  r.get('/api/3d-model-files/:id', {
    schema: {
      tags,
      summary: 'The bytes of a file of a 3D model version',
      description: `${publicNote} Not cached, so that turning sharing off takes effect at once. Answers one byte range (\`Range: bytes=start-end\`) with 206, a range past the end with 416.`,
      params: IdParamsSchema,
      response: { ...errors, 416: ApiErrorSchema },
    },
    handler: async (request, reply) => {
      const { found } = await getVersionFileReadAccess(ctx, request, request.params.id);
      const size = found.file.size;
      reply.header('cache-control', 'private, no-store').type(found.file.contentType);
      // One byte range (the viewer reads spread blocks of a large cloud not in LOD order, decisions/0055).
      const range = size === null ? null : parseByteRange(request.headers.range, size);
      if (range === 'unsatisfiable') throw rangeNotSatisfiable(reply, size!);
      if (range) {
        // The typed reply knows only the declared (error) codes; 206 is in the description, its body the bytes.
        reply.code(206 as 400).header('content-range', `bytes ${range.start}-${range.end}/${size}`).header('content-length', String(range.end - range.start + 1));
        return reply.send((await ctx.storage.readRange(found.file.storageKey, range.start, range.end)) as never);
      }
      if (size !== null) reply.header('accept-ranges', 'bytes').header('content-length', String(size));
      return reply.send((await ctx.storage.read(found.file.storageKey)) as never);
    },
  });
}
