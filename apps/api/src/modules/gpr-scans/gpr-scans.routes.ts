import {
  ApiErrorSchema,
  GprScanDetailsSchema,
  GprScanListSchema,
  GprScanQuerySchema,
  GprScanResponseSchema,
  GprScanSignalQuerySchema,
  GprScanSignalSchema,
  IdParamsSchema,
  QueryStringSchema,
  UpdateGprScanGeometryBodySchema,
} from '@gprhub/contract';
import { findGprScan, type GprScanWithNode } from '@gprhub/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../lib/errors.js';
import { parseListQuery } from '../../lib/list-query.js';
import { readScanRadargram } from '../../scan-data/gpr-scan-data.js';
import { updateScanGeometry } from './scan-geometry.service.js';
import { getGprScanDetails, getGprScanRow, listGprScans, toGprScan } from './gpr-scans.service.js';
import { isNotModified, pickEncoding, signalBody, signalEtag } from '../../scan-data/signal-responses.js';
import {
  encodeSignalBinary,
  encodeSignalBinaryShuffled,
  encodeSignalJson,
  SIGNAL_BINARY_DESCRIPTION,
  wantsBinary,
} from './signal-binary.js';

const tags = ['GPR scans'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

export function registerGprScanRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };
  // The signal route's scoping read, remembered briefly (cleared by every write: lib/read-cache.ts).
  const signalScans = app.readCaches.create<GprScanWithNode>();

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

  r.patch('/api/gpr-scans/:id/geometry', {
    ...auth,
    schema: {
      tags,
      summary: "Set a scan's trace spacing (and so its length), and run its analyses again",
      description:
        'For files that store no trace spacing (gprMax output, time-triggered DZT) or a wrong one. The scan length becomes traces × spacing; the rebar analysis and the preview start again.',
      params: IdParamsSchema,
      body: UpdateGprScanGeometryBodySchema,
      response: { 200: GprScanResponseSchema, ...errors },
    },
    handler: async (request) =>
      updateScanGeometry(
        ctx,
        app.analysisJobs,
        { organizationId: request.actor.organizationId, userId: request.actor.user?.id ?? null },
        request.params.id,
        request.body,
      ),
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
      querystring: GprScanSignalQuerySchema,
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
      const { organizationId } = request.actor;
      const id = request.params.id;
      const row = await signalScans.get(organizationId, id, () => findGprScan(ctx.db, organizationId, id));
      if (!row) throw notFound();
      const isBinary = wantsBinary(request.headers.accept);
      const representation = !isBinary
        ? 'json'
        : request.query.layout === 'shuffled'
          ? 'binary-shuffled'
          : 'binary';
      const etag = signalEtag(row.scan, representation);
      reply.header('cache-control', 'private, max-age=300').header('vary', 'accept, accept-encoding');
      if (isNotModified(request.headers['if-none-match'], etag))
        return reply
          .code(304)
          .header('etag', etag)
          .send(undefined as never);
      const encoding = pickEncoding(request.headers['accept-encoding']);
      const body = await signalBody(
        ctx.config.signalCacheBytes,
        etag,
        encoding,
        () => readScanRadargram(ctx, organizationId, row),
        { binary: encodeSignalBinary, 'binary-shuffled': encodeSignalBinaryShuffled, json: encodeSignalJson }[
          representation
        ],
      );
      reply.header('etag', encoding === 'identity' ? etag : `${etag.slice(0, -1)}-${encoding}"`);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.type(isBinary ? 'application/octet-stream' : 'application/json').send(body as never);
    },
  });
}
