import {
  AnalysisByInputBodySchema,
  AnalysisByInputResponseSchema,
  AnalysisCorrectionSchema,
  AnalysisJobListSchema,
  AnalysisJobPageSchema,
  AnalysisJobPayloadQuerySchema,
  AnalysisJobPayloadSchema,
  AnalysisListSchema,
  AnalysisQuerySchema,
  AnalysisSchema,
  AnalysisRunListSchema,
  ApiErrorSchema,
  CorrectionByInputResponseSchema,
  CreateAnalysisBodySchema,
  CreateAnalysisResponseSchema,
  IdParamsSchema,
  QueryStringSchema,
  SaveCorrectionBodySchema,
  SubAnalysesSchema,
} from '@gprhub/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AnalysisJobs } from '../../jobs/analysis-jobs.js';
import { parseListQuery } from '../../lib/list-query.js';
import * as service from './analyses.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The analysis queue: `server.ts` starts its worker; tests may too. */
    analysisJobs: AnalysisJobs;
  }
}

const tags = ['Analyses'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

export function registerAnalysisRoutes(app: FastifyInstance, ctx: AppContext): void {
  const jobs = new AnalysisJobs(ctx);
  app.decorate('analysisJobs', jobs);
  app.addHook('onClose', async () => jobs.stop());
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };
  const userId = (request: { actor: { user: { id: string } | null } }) => request.actor.user?.id ?? null;

  r.post('/api/analyses', {
    ...auth,
    schema: {
      tags,
      summary: 'Start (or reuse) the analysis of an input',
      description:
        'One analysis exists per organization, type and input (its node ids). Without `rerunIfExists` the latest run is reused unless it failed or the run options (hyperbola labels, permittivity, known cover) changed; with it a new run always starts. The run goes on the job queue; poll `by-input` for its status and results.',
      body: CreateAnalysisBodySchema,
      response: { 200: CreateAnalysisResponseSchema, ...errors },
    },
    handler: async (request) =>
      service.createAnalysis(ctx, jobs, request.actor.organizationId, userId(request), request.body),
  });

  r.post('/api/analyses/by-input', {
    ...auth,
    schema: {
      tags,
      summary: 'The analysis of an input: its latest run, results and whether it is done',
      description:
        'Answers nulls when the input has never been analysed. While an area scan runs, `results.lines` holds the lines done so far (`isPartial`).',
      body: AnalysisByInputBodySchema,
      response: { 200: AnalysisByInputResponseSchema, ...errors },
    },
    handler: async (request) =>
      service.getAnalysisByInput(
        ctx,
        request.actor.organizationId,
        request.body.analysisType,
        request.body.analysisInput,
      ),
  });

  r.post('/api/analyses/corrections/by-input', {
    ...auth,
    schema: {
      tags,
      summary: "The user's correction of the analysis of an input",
      body: AnalysisByInputBodySchema,
      response: { 200: CorrectionByInputResponseSchema, ...errors },
    },
    handler: async (request) =>
      service.getCorrectionByInput(
        ctx,
        request.actor.organizationId,
        request.body.analysisType,
        request.body.analysisInput,
      ),
  });

  r.get('/api/analyses/query', {
    ...auth,
    schema: {
      tags,
      summary: 'List analyses',
      description: '`filter.nodeId` / `nodeIdIn` match the analysis node or any node it analyses.',
      querystring: QueryStringSchema,
      response: { 200: AnalysisListSchema, ...errors },
    },
    handler: async (request) =>
      service.queryAnalyses(
        ctx,
        request.actor.organizationId,
        parseListQuery(AnalysisQuerySchema, request.query.q),
      ),
  });

  r.get('/api/analyses/:id', {
    ...auth,
    schema: {
      tags,
      summary: 'An analysis',
      description: 'The analysis node with its type, input and latest run.',
      params: IdParamsSchema,
      response: { 200: AnalysisSchema, ...errors },
    },
    handler: async (request) => service.getAnalysis(ctx, request.actor.organizationId, request.params.id),
  });

  r.get('/api/analyses/:id/sub-analyses', {
    ...auth,
    schema: {
      tags,
      summary: "An area-scan analysis' per-line analyses",
      params: IdParamsSchema,
      response: { 200: SubAnalysesSchema, ...errors },
    },
    handler: async (request) => service.getSubAnalyses(ctx, request.actor.organizationId, request.params.id),
  });

  r.get('/api/analysis-runs/query', {
    ...auth,
    schema: {
      tags,
      summary: 'List analysis runs',
      description: 'Same query shape as analyses; `filter.nodeId` is usually the analysis node.',
      querystring: QueryStringSchema,
      response: { 200: AnalysisRunListSchema, ...errors },
    },
    handler: async (request) =>
      service.queryRuns(
        ctx,
        request.actor.organizationId,
        parseListQuery(AnalysisQuerySchema, request.query.q),
      ),
  });

  r.get('/api/analysis-runs/:id/analysis-jobs', {
    ...auth,
    schema: {
      tags,
      summary: 'The jobs of a run, with their history',
      params: IdParamsSchema,
      response: { 200: AnalysisJobListSchema, ...errors },
    },
    handler: async (request) => ({
      analysisJobs: await service.getRunJobs(ctx, request.actor.organizationId, request.params.id),
    }),
  });

  r.get('/api/analysis-jobs/query', {
    ...auth,
    schema: {
      tags,
      summary: 'List analysis jobs',
      description: 'Same query shape as analyses, plus `filter.analysisRunId`.',
      querystring: QueryStringSchema,
      response: { 200: AnalysisJobPageSchema, ...errors },
    },
    handler: async (request) =>
      service.queryJobs(
        ctx,
        request.actor.organizationId,
        parseListQuery(AnalysisQuerySchema, request.query.q),
      ),
  });

  r.get('/api/analysis-jobs/:id/payload', {
    ...auth,
    schema: {
      tags,
      summary: "A job's payload (what its worker was given)",
      params: IdParamsSchema,
      querystring: AnalysisJobPayloadQuerySchema,
      response: { 200: AnalysisJobPayloadSchema, ...errors },
    },
    handler: async (request) => ({
      payload: await service.getJobPayload(
        ctx,
        request.actor.organizationId,
        request.params.id,
        request.query.analysisType,
      ),
    }),
  });

  r.post('/api/analysis-corrections', {
    ...auth,
    schema: {
      tags,
      summary: "Save the analysis' correction (one per analysis; replaces the previous one)",
      body: SaveCorrectionBodySchema,
      response: { 200: AnalysisCorrectionSchema, ...errors },
    },
    handler: async (request) =>
      service.saveCorrection(ctx, request.actor.organizationId, userId(request), request.body),
  });

  r.delete('/api/analysis-corrections/:id', {
    ...auth,
    schema: {
      tags,
      summary: 'Delete a correction (back to the analysis results)',
      params: IdParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await service.removeCorrection(ctx, request.actor.organizationId, request.params.id);
      return reply.status(204).send(null);
    },
  });
}
