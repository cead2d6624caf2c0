import {
  ApiErrorSchema,
  AreaScanDetailsSchema,
  AreaScanResponseSchema,
  CreateDualOrientationAreaScanBodySchema,
  CreateDualOrientationGprScanBodySchema,
  DualOrientationAreaScanDetailSchema,
  DualOrientationAreaScanResponseSchema,
  DualOrientationGprScanDetailSchema,
  DualOrientationGprScanResponseSchema,
  GprScanGroupResponseSchema,
  IdParamsSchema,
  LineScansResponseSchema,
} from '@gprhub/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import {
  getDualOrientationRow,
  pairScans,
  toDualOrientationAreaScan,
  toDualOrientationGprScan,
} from './dual-orientation.service.js';
import {
  getAreaScanDetails,
  getGprScanGroupRow,
  getGprScanRow,
  listLineScans,
  toAreaScan,
  toGprScan,
  toGprScanGroup,
} from './gpr-scans.service.js';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};

/** Area scans, scan groups and dual-orientation pairs. */
export function registerScanGroupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };
  const org = (request: { actor: { organizationId: string } }) => request.actor.organizationId;

  r.get('/api/area-scans/:id', {
    ...auth,
    schema: {
      tags: ['Area scans'],
      summary: 'An area scan (a GPR scan group of type AREA_SCAN) with its grid',
      params: IdParamsSchema,
      response: { 200: AreaScanResponseSchema, ...errors },
    },
    handler: async (request) => ({
      areaScan: toAreaScan(await getGprScanGroupRow(ctx, org(request), request.params.id, 'AREA_SCAN')),
    }),
  });

  r.get('/api/area-scans/:id/details', {
    ...auth,
    schema: {
      tags: ['Area scans'],
      summary: 'An area scan with its pair and its zip',
      params: IdParamsSchema,
      response: { 200: AreaScanDetailsSchema, ...errors },
    },
    handler: async (request) => getAreaScanDetails(ctx, org(request), request.params.id),
  });

  r.get('/api/area-scans/:id/line-scans', {
    ...auth,
    schema: {
      tags: ['Area scans'],
      summary: 'The line scans of an area scan, by CSV line number',
      params: IdParamsSchema,
      response: { 200: LineScansResponseSchema, ...errors },
    },
    handler: async (request) => ({ gprScans: await listLineScans(ctx, org(request), request.params.id) }),
  });

  r.get('/api/gpr-scan-groups/:id', {
    ...auth,
    schema: {
      tags: ['GPR scans'],
      summary: 'A GPR scan group (AREA_SCAN or MULTI_SCAN)',
      description:
        'Its scans and child groups are its children in the node tree (`GET /api/nodes/query` with `parentId`).',
      params: IdParamsSchema,
      response: { 200: GprScanGroupResponseSchema, ...errors },
    },
    handler: async (request) => ({
      gprScanGroup: toGprScanGroup(await getGprScanGroupRow(ctx, org(request), request.params.id)),
    }),
  });

  r.get('/api/dual-orientation-gpr-scans/:id', {
    ...auth,
    schema: {
      tags: ['Dual orientation'],
      summary: 'A dual-orientation GPR scan with both scans',
      params: IdParamsSchema,
      response: { 200: DualOrientationGprScanDetailSchema, ...errors },
    },
    handler: async (request) => {
      const row = await getDualOrientationRow(ctx, 'gpr', org(request), request.params.id);
      const [parallel, perpendicular] = await Promise.all([
        getGprScanRow(ctx, org(request), row.parallelNodeId),
        getGprScanRow(ctx, org(request), row.perpendicularNodeId),
      ]);
      return {
        dualOrientationGprScan: toDualOrientationGprScan(row),
        parallelGprScan: toGprScan(parallel),
        perpendicularGprScan: toGprScan(perpendicular),
      };
    },
  });

  r.post('/api/dual-orientation-gpr-scans', {
    ...auth,
    schema: {
      tags: ['Dual orientation'],
      summary: 'Pair two GPR scans, or swap the roles of a pair',
      description:
        'Both ids are required and must be GPR scans of the organization. Posting an existing pair with the roles exchanged swaps them (200); ' +
        'a new pair answers 201. A scan already paired with another scan gives 409.',
      body: CreateDualOrientationGprScanBodySchema,
      response: {
        200: DualOrientationGprScanResponseSchema,
        201: DualOrientationGprScanResponseSchema,
        ...errors,
      },
    },
    handler: async (request, reply) => {
      const { parallelGprScanNodeId, perpendicularGprScanNodeId } = request.body;
      const { row, isCreated } = await pairScans(
        ctx,
        'gpr',
        org(request),
        request.actor.user?.id ?? null,
        parallelGprScanNodeId,
        perpendicularGprScanNodeId,
      );
      return reply
        .status(isCreated ? 201 : 200)
        .send({ dualOrientationGprScan: toDualOrientationGprScan(row) });
    },
  });

  r.get('/api/dual-orientation-area-scans/:id', {
    ...auth,
    schema: {
      tags: ['Dual orientation'],
      summary: 'A dual-orientation area scan with both area scans',
      params: IdParamsSchema,
      response: { 200: DualOrientationAreaScanDetailSchema, ...errors },
    },
    handler: async (request) => {
      const row = await getDualOrientationRow(ctx, 'area', org(request), request.params.id);
      const [parallel, perpendicular] = await Promise.all([
        getGprScanGroupRow(ctx, org(request), row.parallelNodeId, 'AREA_SCAN'),
        getGprScanGroupRow(ctx, org(request), row.perpendicularNodeId, 'AREA_SCAN'),
      ]);
      return {
        dualOrientationAreaScan: toDualOrientationAreaScan(row),
        parallelAreaScan: toAreaScan(parallel),
        perpendicularAreaScan: toAreaScan(perpendicular),
      };
    },
  });

  r.post('/api/dual-orientation-area-scans', {
    ...auth,
    schema: {
      tags: ['Dual orientation'],
      summary: 'Pair two area scans, or swap the roles of a pair',
      description:
        'As for GPR scans: both ids required, area scans of the organization; the reversed pair swaps roles (200); a new pair answers 201.',
      body: CreateDualOrientationAreaScanBodySchema,
      response: {
        200: DualOrientationAreaScanResponseSchema,
        201: DualOrientationAreaScanResponseSchema,
        ...errors,
      },
    },
    handler: async (request, reply) => {
      const { parallelAreaScanNodeId, perpendicularAreaScanNodeId } = request.body;
      const { row, isCreated } = await pairScans(
        ctx,
        'area',
        org(request),
        request.actor.user?.id ?? null,
        parallelAreaScanNodeId,
        perpendicularAreaScanNodeId,
      );
      return reply
        .status(isCreated ? 201 : 200)
        .send({ dualOrientationAreaScan: toDualOrientationAreaScan(row) });
    },
  });
}
