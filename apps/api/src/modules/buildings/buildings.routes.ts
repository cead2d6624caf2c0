import {
  ApiErrorSchema,
  BuildingSchema,
  CreateBuildingBodySchema,
  CreateFloorBodySchema,
  CreateFloorPlanBodySchema,
  FloorPlanSchema,
  FloorPlansResponseSchema,
  FloorSchema,
  FloorsResponseSchema,
  IdParamsSchema,
  UpdateFloorBodySchema,
  UpdateFloorPlanBodySchema,
  BuildingRelatedNodeSchema,
  CreateBuildingRelatedNodeBodySchema,
  RelatedNodesResponseSchema,
  UpdateBuildingRelatedNodeBodySchema,
} from '@gprhub/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import {
  createBuilding,
  createFloor,
  createFloorPlans,
  getBuilding,
  getFloor,
  getFloorPlan,
  listFloorPlans,
  listFloors,
  patchFloor,
  removeFloor,
  rotateFloorPlan,
} from './buildings.service.js';
import { createPin, listPins, movePin, removePin } from './pins.service.js';

const tags = ['Buildings'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/** Buildings, their floors and floor plans (seed 001 §7 "Buildings, floors, floor plans"). */
export function registerBuildingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };
  const org = (request: { actor: { organizationId: string } }) => request.actor.organizationId;

  r.post('/api/buildings', {
    ...auth,
    schema: {
      tags,
      summary: 'Create a building',
      description: "A BUILDING node in a folder (parentId) or at the top, with an optional location. Blank name: 'Name is required'.",
      body: CreateBuildingBodySchema,
      response: { 201: BuildingSchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await createBuilding(ctx, org(request), request.actor.user?.id ?? null, request.body)),
  });

  r.get('/api/buildings/:id', {
    ...auth,
    schema: { tags, summary: 'A building and its location', params: IdParamsSchema, response: { 200: BuildingSchema, ...errors } },
    handler: async (request) => getBuilding(ctx, org(request), request.params.id),
  });

  r.get('/api/buildings/:id/floors', {
    ...auth,
    schema: { tags, summary: 'The floors of a building, highest first', params: IdParamsSchema, response: { 200: FloorsResponseSchema, ...errors } },
    handler: async (request) => ({ floors: await listFloors(ctx, org(request), request.params.id) }),
  });

  r.post('/api/floors', {
    ...auth,
    schema: {
      tags,
      summary: 'Create a floor',
      description: 'Order defaults to the highest of the building plus 1. A blank name is stored as none. An order already used: 400.',
      body: CreateFloorBodySchema,
      response: { 201: FloorSchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await createFloor(ctx, org(request), request.body)),
  });

  r.get('/api/floors/:id', {
    ...auth,
    schema: { tags, summary: 'A floor', params: IdParamsSchema, response: { 200: FloorSchema, ...errors } },
    handler: async (request) => getFloor(ctx, org(request), request.params.id),
  });

  r.patch('/api/floors/:id', {
    ...auth,
    schema: {
      tags,
      summary: 'Rename or reorder a floor',
      description: 'An order held by another floor of the building swaps the two (Move up / Move down); two floors never share an order.',
      params: IdParamsSchema,
      body: UpdateFloorBodySchema,
      response: { 200: FloorSchema, ...errors },
    },
    handler: async (request) => patchFloor(ctx, org(request), request.params.id, request.body),
  });

  r.delete('/api/floors/:id', {
    ...auth,
    schema: { tags, summary: 'Delete a floor and its floor plans', params: IdParamsSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await removeFloor(ctx, org(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.get('/api/floors/:id/floor-plans', {
    ...auth,
    schema: { tags, summary: 'The floor plans of a floor', params: IdParamsSchema, response: { 200: FloorPlansResponseSchema, ...errors } },
    handler: async (request) => ({ floorPlans: await listFloorPlans(ctx, org(request), request.params.id) }),
  });

  r.post('/api/floor-plans', {
    ...auth,
    schema: {
      tags,
      summary: 'Create floor plans from an uploaded image or PDF',
      description:
        "An image (png, jpg, jpeg, avif) makes one plan; a PDF makes one plan per page (at most 50), each page rendered to a PNG on the server. Blank name: 'Name is required'. A plan of a building hangs under the building node, otherwise under the node owning the file.",
      body: CreateFloorPlanBodySchema,
      response: { 201: FloorPlansResponseSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send({ floorPlans: await createFloorPlans(ctx, org(request), request.actor.user?.id ?? null, request.body) }),
  });

  r.get('/api/floor-plans/:id', {
    ...auth,
    schema: { tags, summary: 'A floor plan', params: IdParamsSchema, response: { 200: FloorPlanSchema, ...errors } },
    handler: async (request) => getFloorPlan(ctx, org(request), request.params.id),
  });

  r.patch('/api/floor-plans/:id', {
    ...auth,
    schema: {
      tags,
      summary: 'Rotate a floor plan (0, 90, 180, 270 degrees, kept)',
      description: 'Pins keep their place: they are stored in the unrotated image frame.',
      params: IdParamsSchema,
      body: UpdateFloorPlanBodySchema,
      response: { 200: FloorPlanSchema, ...errors },
    },
    handler: async (request) => rotateFloorPlan(ctx, org(request), request.params.id, request.body.rotation),
  });

  r.get('/api/floor-plans/:id/related-nodes', {
    ...auth,
    schema: {
      tags,
      summary: 'The pins of a floor plan',
      description: "Each with its node and, for a GPR scan, its rebar summary (count, cover min/avg/max in mm) from the user's correction or the finished analysis.",
      params: IdParamsSchema,
      response: { 200: RelatedNodesResponseSchema, ...errors },
    },
    handler: async (request) => ({ relatedNodes: await listPins(ctx, org(request), request.params.id) }),
  });

  r.post('/api/building-related-nodes', {
    ...auth,
    schema: {
      tags,
      summary: 'Pin a node on a floor plan',
      description: 'GPR scans, area scans (and their dual-orientation pairs) and 3D models; position x, y are fractions 0–1 of the unrotated plan image.',
      body: CreateBuildingRelatedNodeBodySchema,
      response: { 201: BuildingRelatedNodeSchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await createPin(ctx, org(request), request.body)),
  });

  r.patch('/api/building-related-nodes/:id', {
    ...auth,
    schema: { tags, summary: 'Move a pin', params: IdParamsSchema, body: UpdateBuildingRelatedNodeBodySchema, response: { 200: BuildingRelatedNodeSchema, ...errors } },
    handler: async (request) => movePin(ctx, org(request), request.params.id, request.body.position),
  });

  r.delete('/api/building-related-nodes/:id', {
    ...auth,
    schema: { tags, summary: 'Remove a pin', params: IdParamsSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await removePin(ctx, org(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
}
