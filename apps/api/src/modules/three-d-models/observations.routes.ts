import {
  ApiErrorSchema,
  CreateObservationsBodySchema,
  IdParamsSchema,
  ObservationDetailsSchema,
  ObservationListSchema,
  ObservationSchema,
  ObservationTableSchema,
  UpdateObservationBodySchema,
  VersionQuerySchema,
} from '@gprhub/contract';
import { renderSignalPng } from '@gprhub/gpr';
import { placeBarInModel, writeGlbCylinders } from '@gprhub/scan3d';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { loadGprScanRadargram } from '../../scan-data/gpr-scan-data.js';
import { getModelReadAccess, getObservationReadAccess } from './model-access.js';
import {
  createObservations,
  getObservationDetails,
  listObservations,
  listObservationTable,
  patchObservation,
  removeObservation,
  toObservation,
} from './observations.service.js';

const tags = ['3D model observations'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const publicNote = 'Anyone may call it for an observation of a public model, without signing in.';

export function registerObservationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  r.post('/api/3d-model-observations/batch', {
    ...auth,
    schema: {
      tags,
      summary: 'Place GPR scans in a version of a 3D model',
      description: "A scan with a radar position (its node id, name or file name as the position's id) starts at its scanArea. Scans already placed in the version are kept.",
      body: CreateObservationsBodySchema,
      response: { 201: ObservationListSchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send({ observations: await createObservations(ctx, request.actor.organizationId, request.body) }),
  });

  r.get('/api/3d-models/:id/observations', {
    schema: { tags, summary: 'Observations of a version (the newest by default)', description: publicNote, params: IdParamsSchema, querystring: VersionQuerySchema, response: { 200: ObservationListSchema, ...errors } },
    handler: async (request) => {
      const access = await getModelReadAccess(ctx, request, request.params.id);
      return { observations: await listObservations(ctx, access.organizationId, access.node.id, request.query.threeDModelVersionId) };
    },
  });

  r.get('/api/3d-models/:id/observations/table', {
    schema: { tags, summary: 'Observations of a version as table rows', description: publicNote, params: IdParamsSchema, querystring: VersionQuerySchema, response: { 200: ObservationTableSchema, ...errors } },
    handler: async (request) => {
      const access = await getModelReadAccess(ctx, request, request.params.id);
      return listObservationTable(ctx, access.organizationId, access.node.id, request.query.threeDModelVersionId);
    },
  });

  r.get('/api/3d-model-observations/:id', {
    schema: { tags, summary: 'An observation', description: publicNote, params: IdParamsSchema, response: { 200: ObservationSchema, ...errors } },
    handler: async (request) => toObservation((await getObservationReadAccess(ctx, request, request.params.id)).found),
  });

  r.patch('/api/3d-model-observations/:id', {
    ...auth,
    schema: { tags, summary: 'Move an observation (observationArea) or show/hide it', params: IdParamsSchema, body: UpdateObservationBodySchema, response: { 200: ObservationSchema, ...errors } },
    handler: async (request) => patchObservation(ctx, request.actor.organizationId, request.params.id, request.body),
  });

  r.delete('/api/3d-model-observations/:id', {
    ...auth,
    schema: { tags, summary: 'Remove an observation from the model (the scan stays)', params: IdParamsSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await removeObservation(ctx, request.actor.organizationId, request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.get('/api/3d-model-observations/:id/details', {
    schema: { tags, summary: "An observation with its scan's extent and its bars", description: publicNote, params: IdParamsSchema, response: { 200: ObservationDetailsSchema, ...errors } },
    handler: async (request) => {
      const { access, found } = await getObservationReadAccess(ctx, request, request.params.id);
      return getObservationDetails(ctx, access.organizationId, found);
    },
  });

  r.get('/api/3d-model-observations/:id/radargram', {
    schema: { tags, summary: "The observation's radargram as a PNG (the signal view's default processing)", description: publicNote, params: IdParamsSchema, response: errors },
    handler: async (request, reply) => {
      const { access, found } = await getObservationReadAccess(ctx, request, request.params.id);
      const { radargram } = await loadGprScanRadargram(ctx, access.organizationId, found.observation.observationNodeId);
      reply.header('cache-control', 'private, no-store');
      return reply.type('image/png').send(Buffer.from(renderSignalPng(radargram)) as never);
    },
  });

  r.get('/api/3d-model-observations/:id/export', {
    schema: {
      tags,
      summary: "The observation's 3D bars as glTF (binary .glb)",
      description:
        'One cylinder per bar (the correction, else the finished analysis, as `details` gives them), named by the bar id, ' +
        "in the model's frame (metres, z up), placed as the 3D viewer places them: centre at origin + x·planeX + " +
        'depth·planeZ of the observation\'s area, along planeY (across the line), of the bar\'s radius (at least 2 mm) ' +
        'and 0.5 m long (a bar\'s length is unknown). No bars: a file with an empty scene. `format` must be `gltf`. ' +
        publicNote,
      params: IdParamsSchema,
      querystring: z.object({ format: z.enum(['gltf']) }),
      response: { 200: { description: 'The .glb file', content: { 'model/gltf-binary': { schema: z.string().meta({ format: 'binary' }) } } }, ...errors },
    },
    handler: async (request, reply) => {
      const { access, found } = await getObservationReadAccess(ctx, request, request.params.id);
      const details = await getObservationDetails(ctx, access.organizationId, found);
      const area = details.observation.observationArea;
      const glb = writeGlbCylinders(details.rebars.map((bar) => ({ ...placeBarInModel(area, bar), name: bar.id })));
      const name = `${details.gprScan.name.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'observation'}-rebars.glb`;
      const ascii = name.replace(/[^\w.\- ]/g, '_');
      return reply
        .type('model/gltf-binary')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(Buffer.from(glb) as never);
    },
  });
}
