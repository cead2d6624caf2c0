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
}
