import {
  ApiErrorSchema,
  CreateFilesBatchResponseSchema,
  CreateReportLogoBodySchema,
  CreateReportBodySchema,
  CreateReportResponseSchema,
  IdSchema,
  IdParamsSchema,
  ReportResponseSchema,
  ReportSettingsResponseSchema,
  ReportSettingsSchema,
} from '@gprhub/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { permitted } from '../../auth/permissions.js';
import { createReportLogoUpload, getReportSettingsResponse, saveReportSettings } from './report-settings.service.js';
import { createReport, getLatestReport, getReport } from './reports.service.js';

const tags = ['Reports'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/** PDF reports and the organization's report settings (issue #21 items 1 and 3). */
export function registerReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  r.post('/api/reports', {
    ...auth,
    schema: {
      tags,
      summary: 'Generate the PDF report of a GPR scan, area scan, dual-orientation pair, folder or building',
      description:
        'Starts a job (any worker) and answers its `reportId` at once; poll `GET /api/reports/{reportId}`. The PDF becomes a ' +
        'FILE node beside its subject. Asking again makes a new report (the old file stays until deleted).',
      body: CreateReportBodySchema,
      response: { 201: CreateReportResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const created = await createReport(
        ctx,
        app.analysisJobs,
        { organizationId: request.actor.organizationId, userId: request.actor.user?.id ?? null },
        request.body.subjectNodeId,
      );
      return reply.code(201).send(created);
    },
  });

  r.get('/api/reports/:reportId', {
    ...auth,
    schema: {
      tags,
      summary: 'A report: status (PENDING, RUNNING, FINISHED, FAILED), progress, and its file once done',
      description: '`url` is a short-lived download address, set when the report is FINISHED.',
      params: z.object({ reportId: IdSchema }),
      response: { 200: ReportResponseSchema, ...errors },
    },
    handler: async (request) => getReport(ctx, request.actor.organizationId, request.params.reportId),
  });

  r.get('/api/nodes/:id/latest-report', {
    ...auth,
    schema: {
      tags,
      summary: "The node's newest report (null when none was generated)",
      params: IdParamsSchema,
      response: { 200: z.object({ report: ReportResponseSchema.nullable() }), ...errors },
    },
    handler: async (request) => ({ report: await getLatestReport(ctx, request.actor.organizationId, request.params.id) }),
  });

  r.get('/api/report-settings', {
    ...auth,
    schema: {
      tags,
      summary: "The organization's report settings (defaults until saved)",
      response: { 200: ReportSettingsResponseSchema, ...errors },
    },
    handler: async (request) => getReportSettingsResponse(ctx, request.actor.organizationId),
  });

  r.put('/api/report-settings', {
    ...auth,
    schema: {
      tags,
      summary: "Save the organization's report settings",
      description:
        'Owners and admins only (403 otherwise). Name on the cover, logo, units, cover classes and colours, sections. The logo is the file id of a logo ' +
        'uploaded through `POST /api/report-settings/logo`: a 400 (on `logoFileId`) unless it is an uploaded file of ' +
        'the organization of at most 5 MB whose bytes are a PNG or JPEG. Answers the settings with the logo\'s address.',
      body: ReportSettingsSchema,
      response: { 200: ReportSettingsResponseSchema, ...errors },
    },
    preValidation: permitted(ctx.db, 'manageReportSettings'),
    handler: async (request) => {
      await saveReportSettings(ctx, request.actor.organizationId, request.body);
      return getReportSettingsResponse(ctx, request.actor.organizationId);
    },
  });

  r.post('/api/report-settings/logo', {
    ...auth,
    schema: {
      tags,
      summary: 'Register a report logo and get its upload address',
      description:
        'Owners and admins only (403 otherwise). A file of the organization (of no node) with one upload address, at most 5 MB; `png`, `jpg` or `jpeg` ' +
        '(else 400). PUT the bytes there, wait with `POST /api/files/has-uploaded`, then save the settings with ' +
        '`logoFileId`: the bytes are checked then.',
      body: CreateReportLogoBodySchema,
      response: { 200: CreateFilesBatchResponseSchema, ...errors },
    },
    preValidation: permitted(ctx.db, 'manageReportSettings'),
    handler: async (request) => ({
      files: await createReportLogoUpload(ctx, request.actor.organizationId, request.actor.user?.id ?? null, request.body),
    }),
  });
}
