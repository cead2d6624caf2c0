import {
  ApiErrorSchema,
  CreateGprScansFromUrlBodySchema,
  CreateGprScansFromUrlResponseSchema,
  ReadVendorUrlBodySchema,
  VendorLinkSettingsSchema,
  ZipFileMapResponseSchema,
} from '@gprhub/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { getVendorLinkSettings, importVendorUrl, readVendorUrl } from './vendor-link.service.js';
import { startImportAnalyses } from './import-analyses.js';

const tags = ['GPR scan import'];
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  413: ApiErrorSchema,
  502: ApiErrorSchema,
  504: ApiErrorSchema,
};
const RULES =
  "The link must be an https URL on the vendor host (GPR_VENDOR_HOST) with the query parameters `k` and `d`; `d` is the export's " +
  'download address, an https URL on the same host. The server downloads it following redirects only on that host (at most 5), up to ' +
  'GPR_IMPORT_MAX_BYTES (413) within GPR_VENDOR_TIMEOUT_S (504); a refused address or redirect, an HTTP error or a TLS failure answers ' +
  '502 VENDOR_LINK_FAILED naming it.';

/** The vendor share-link import (the spec's URL-mode calls; paths ours, see docs/decisions/0007). */
export function registerVendorLinkRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const caller = (request: FastifyRequest) => ({
    organizationId: request.actor.organizationId,
    userId: request.actor.user?.id ?? null,
  });

  r.get('/api/gpr-scans/vendor-link-settings', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Whether import from a vendor link is configured, and the host links must use',
      response: { 200: VendorLinkSettingsSchema, ...errors },
    },
    handler: async () => getVendorLinkSettings(ctx),
  });

  r.post('/api/gpr-scans/proceq-url-files', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Read the zip behind a vendor link and list what it holds, to review before importing',
      description: `${RULES} Answers as \`proceq-zip-files\`. Nothing is stored.`,
      body: ReadVendorUrlBodySchema,
      response: { 200: ZipFileMapResponseSchema, ...errors },
    },
    handler: async (request) => readVendorUrl(ctx, request.body),
  });

  r.post('/api/gpr-scans/create-from-url', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Import the zip behind a vendor link into a folder',
      description: `${RULES} Then imports it exactly as \`create-from-zip\` (all or nothing) and answers what it created with the file map.`,
      body: CreateGprScansFromUrlBodySchema,
      response: { 201: CreateGprScansFromUrlResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const created = await importVendorUrl(ctx, caller(request), request.body);
      void startImportAnalyses(ctx, app.analysisJobs, caller(request), created, request.log);
      return reply.status(201).send(created);
    },
  });
}
