import {
  ApiErrorSchema,
  GprScanDetailsSchema,
  GprScanListSchema,
  GprScanQuerySchema,
  GprScanResponseSchema,
  GprScanSignalSchema,
  IdParamsSchema,
  QueryStringSchema,
} from '@gprhub/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { parseListQuery } from '../../lib/list-query.js';
import { readScanRadargram } from './gpr-scan-data.js';
import { getGprScanDetails, getGprScanRow, listGprScans, toGprScan } from './gpr-scans.service.js';
import { encodeSignalBinary, signalRows, SIGNAL_BINARY_DESCRIPTION, wantsBinary } from './signal-binary.js';

const tags = ['GPR scans'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

export function registerGprScanRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  r.get('/api/gpr-scans/query', {
    ...auth,
    schema: {
      tags,
      summary: 'List GPR scans, with the area scans they belong to',
      description:
        'q: `{filter: {createdFrom, createdTo, gprExternalId, gprVendorId, nodeId, nodeIds, gprScanGroupNodeId (null: in no group), ' +
        'gprScanGroupNodeIds, descendantOfNodeIds}, limit, skip, sort: {field: createdAt|gprVendorId|gprExternalId|originalName, direction}}`. ' +
        '`areaScans` are the area scans of the scans on this page.',
      querystring: QueryStringSchema,
      response: { 200: GprScanListSchema, ...errors },
    },
    handler: async (request) =>
      listGprScans(ctx, request.actor.organizationId, parseListQuery(GprScanQuerySchema, request.query.q)),
  });

  r.get('/api/gpr-scans/:id', {
    ...auth,
    schema: {
      tags,
      summary: 'A GPR scan',
      params: IdParamsSchema,
      response: { 200: GprScanResponseSchema, ...errors },
    },
    handler: async (request) => ({
      gprScan: toGprScan(await getGprScanRow(ctx, request.actor.organizationId, request.params.id)),
    }),
  });

  r.get('/api/gpr-scans/:id/details', {
    ...auth,
    schema: {
      tags,
      summary: 'A GPR scan with its pair, files and preview',
      params: IdParamsSchema,
      response: { 200: GprScanDetailsSchema, ...errors },
    },
    handler: async (request) => getGprScanDetails(ctx, request.actor.organizationId, request.params.id),
  });

  r.get('/api/gpr-scans/:id/signal', {
    ...auth,
    schema: {
      tags,
      summary: 'The signal (radargram) of a GPR scan',
      description: SIGNAL_BINARY_DESCRIPTION,
      params: IdParamsSchema,
      response: {
        200: {
          description: 'The signal',
          content: {
            'application/json': { schema: GprScanSignalSchema },
            'application/octet-stream': {
              schema: z.string().meta({ format: 'binary', description: 'See the layout above' }),
            },
          },
        },
        ...errors,
      },
    },
    handler: async (request, reply) => {
      const row = await getGprScanRow(ctx, request.actor.organizationId, request.params.id);
      const radargram = await readScanRadargram(ctx, request.actor.organizationId, row);
      reply.header('cache-control', 'private, max-age=300').header('vary', 'accept');
      if (wantsBinary(request.headers.accept)) {
        return reply.type('application/octet-stream').send(encodeSignalBinary(radargram) as never);
      }
      return {
        signal: signalRows(radargram),
        traces: radargram.traces,
        samplesPerTrace: radargram.samplesPerTrace,
        sampleIntervalS: radargram.sampleIntervalS,
        traceSpacingM: radargram.traceSpacingM,
        timeOffsetS: radargram.timeOffsetS,
      };
    },
  });
}
