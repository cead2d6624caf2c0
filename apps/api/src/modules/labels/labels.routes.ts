import {
  ApiErrorSchema,
  GprScanLabelsSchema,
  IdParamsSchema,
  LabelAgreementSchema,
  LabelingScansSchema,
  LabelsNodeQuerySchema,
} from '@gprhub/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { computeLabelAgreement } from './label-agreement.service.js';
import { exportLabels } from './label-export.service.js';
import { getScanLabels, listLabelingScans } from './labels.service.js';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/**
 * Labeling (seed 001 §7 "Labeling"): a scan's labels, the scans of a session, the export and the yardstick. Labels
 * are saved and cleared through the node metadata calls (`PUT /api/node-metadata`, `DELETE /api/node-metadata/{id}`).
 */
export function registerLabelRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };
  const tags = ['Labeling'];
  r.get('/api/gpr-scans/:id/labels', {
    ...auth,
    schema: {
      tags,
      summary: "A scan's labels",
      description:
        'The scan and its `rebarPositionLabel` metadata item (null when unlabelled). Save with `PUT /api/node-metadata` ' +
        '(type JSON, name rebarPositionLabel, ownerId the scan, value {points, global}); clear with `DELETE /api/node-metadata/{id}`.',
      params: IdParamsSchema,
      response: { 200: GprScanLabelsSchema, ...errors },
    },
    handler: async (request) => getScanLabels(ctx, request.actor.organizationId, request.params.id),
  });
  r.get('/api/labels/scans', {
    ...auth,
    schema: {
      tags,
      summary: 'The scans of a labeling session',
      description: 'Scans under the node (the node itself when it is a scan), in natural name order, each with its label item id.',
      querystring: LabelsNodeQuerySchema,
      response: { 200: LabelingScansSchema, ...errors },
    },
    handler: async (request) => listLabelingScans(ctx, request.actor.organizationId, request.query.nodeId),
  });
  r.get('/api/labels/export', {
    ...auth,
    schema: {
      tags,
      summary: 'Export the labelled scans under a node (zip)',
      description:
        'A zip: README.txt, labels.csv (every label in metres), and per scan header.json (geometry, timing), ' +
        'signal.f32 (little-endian float32, trace-major) and labels.json. 400 when nothing under the node is labelled.',
      querystring: LabelsNodeQuerySchema,
      response: {
        200: {
          description: 'The export',
          content: { 'application/zip': { schema: z.string().meta({ format: 'binary', description: 'See the layout above' }) } },
        },
        ...errors,
      },
    },
    handler: async (request, reply) => {
      const zip = await exportLabels(ctx, request.actor.organizationId, request.query.nodeId);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', 'attachment; filename="labels.zip"')
        .send(zip as never);
    },
  });
  r.get('/api/labels/agreement', {
    ...auth,
    schema: {
      tags,
      summary: "The engine against the labels (yardstick)",
      description:
        "For each labelled scan under the node, the rebar engine's bars against the rebar labels with the accuracy " +
        'benchmark rule (|Δx| ≤ min(10 mm, ¼ local spacing), |Δcover| ≤ 5 mm): precision, recall, F1, cover MAE (m) and ' +
        'diameter agreement, per scan and pooled.',
      querystring: LabelsNodeQuerySchema,
      response: { 200: LabelAgreementSchema, ...errors },
    },
    handler: async (request) => computeLabelAgreement(ctx, request.actor.organizationId, request.query.nodeId),
  });
}
