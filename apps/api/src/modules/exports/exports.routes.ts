import {
  ApiErrorSchema,
  AreaScanExportQuerySchema,
  GprScanExportQuerySchema,
  IdParamsSchema,
} from '@gprhub/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { getReportSettings } from '../reports/report-settings.service.js';
import { writeBarsCsv } from './csv-writer.js';
import { writeRebarPlanDxf } from './dxf-writer.js';
import { noResultsYet, readAreaBars, readDualAreaBars, readLineBars } from './scan-bars.service.js';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

const fileResponse = (contentType: string, description: string) => ({
  description,
  content: { [contentType]: { schema: z.string().meta({ format: 'binary' }) } },
});

/** A file name safe in a Content-Disposition header (ASCII; the UTF-8 form beside it keeps the real name). */
function sendFile(reply: FastifyReply, name: string, contentType: string, body: string) {
  const ascii = name.replace(/[^\w.\- ]/g, '_');
  return reply
    .type(contentType)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .send(body);
}

/** An area's export: its bars as CSV, or its rebar plan as DXF. */
const planFileResponse = {
  description: 'The file',
  content: {
    'text/csv': { schema: z.string().meta({ format: 'binary' }) },
    'application/dxf': { schema: z.string().meta({ format: 'binary' }) },
  },
};

const baseName = (name: string) => name.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'export';

/** Exports of a scan's, an area's and a dual-orientation area's bars (issue #21 item 2, issue #14 item 5). */
export function registerExportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  /** Bars as CSV (each with its source), or the plan as DXF in the organization's cover classes. */
  async function sendPlan(
    reply: FastifyReply,
    format: 'csv' | 'dxf',
    name: string,
    bars: Parameters<typeof writeBarsCsv>[0],
    organizationId: string,
  ) {
    if (format === 'dxf') {
      const settings = await getReportSettings(ctx, organizationId);
      return sendFile(reply, `${name}-rebar-plan.dxf`, 'application/dxf', writeRebarPlanDxf(bars, settings.coverClasses));
    }
    return sendFile(reply, `${name}-rebars.csv`, 'text/csv; charset=utf-8', writeBarsCsv(bars));
  }

  r.get('/api/gpr-scans/:id/export', {
    ...auth,
    schema: {
      tags: ['Exports'],
      summary: "A GPR scan's bars as CSV",
      description:
        'One row per bar, lengths in metres: id, source, orientation, x/y, start and end on the grid, centre depth, ' +
        'cover, cover sd, radius, diameter (mm or `undetermined`), confidence, corrected. The bars of the user\'s ' +
        'correction when there is one, else of the finished analysis; 409 while the analysis has not finished.',
      params: IdParamsSchema,
      querystring: GprScanExportQuerySchema,
      response: { 200: fileResponse('text/csv', 'The CSV file'), ...errors },
    },
    handler: async (request, reply) => {
      const line = await readLineBars(ctx, request.actor.organizationId, request.params.id);
      if (!line) throw noResultsYet('this scan');
      const csv = writeBarsCsv(line.bars.map((bar) => ({ ...bar, source: line.scan.name })));
      return sendFile(reply, `${baseName(line.scan.name)}-rebars.csv`, 'text/csv; charset=utf-8', csv);
    },
  });

  r.get('/api/area-scans/:id/export', {
    ...auth,
    schema: {
      tags: ['Exports'],
      summary: "An area scan's bars as CSV, or its rebar plan as DXF",
      description:
        '`csv`: one row per bar of the plan (as on the area page: the analysis with every line\'s correction applied). ' +
        '`dxf`: the rebar plan for CAD (ASCII DXF R12, metres): each bar a LINE on a layer per orientation and cover ' +
        "class (the organization's report settings), a bar seen on one line only a CIRCLE, and its cover as TEXT. " +
        '409 while the analysis has not finished.',
      params: IdParamsSchema,
      querystring: AreaScanExportQuerySchema,
      response: { 200: planFileResponse, ...errors },
    },
    handler: async (request, reply) => {
      const { organizationId } = request.actor;
      const area = await readAreaBars(ctx, organizationId, request.params.id);
      if (!area) throw noResultsYet('this area scan');
      const bars = area.bars.map((bar) => ({ ...bar, source: area.area.name }));
      return sendPlan(reply, request.query.format, baseName(area.area.name), bars, organizationId);
    },
  });
  r.get('/api/dual-orientation-area-scans/:id/export', {
    ...auth,
    schema: {
      tags: ['Exports'],
      summary: "A dual-orientation area scan's bars as CSV, or its rebar plan as DXF",
      description:
        'As for an area scan, from the pooled analysis of the pair (one permittivity): the parallel area scan\'s ' +
        'vertical bars and the perpendicular one\'s horizontal bars, each with the corrections of its own lines ' +
        'applied (as on the pair\'s page). The CSV `source` names the area scan of each bar. 409 while the ' +
        'analysis has not finished; 404 for a pair of another organization.',
      params: IdParamsSchema,
      querystring: AreaScanExportQuerySchema,
      response: { 200: planFileResponse, ...errors },
    },
    handler: async (request, reply) => {
      const { organizationId } = request.actor;
      const dual = await readDualAreaBars(ctx, organizationId, request.params.id);
      if (!dual) throw noResultsYet('this dual-orientation area scan');
      const bars = [dual.parallel, dual.perpendicular].flatMap((side) =>
        side.bars.map((bar) => ({ ...bar, source: side.area.name })),
      );
      return sendPlan(reply, request.query.format, baseName(dual.name), bars, organizationId);
    },
  });
}
