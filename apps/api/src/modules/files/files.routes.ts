import {
  ApiErrorSchema,
  CreateFilesBatchBodySchema,
  CreateFilesBatchResponseSchema,
  FileWithUrlSchema,
  HasUploadedBodySchema,
  HasUploadedResponseSchema,
  IdParamsSchema,
  ImageRotationSchema,
} from '@gprhub/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { IMAGE_EXTENSIONS } from '../../lib/content-types.js';
import { badRequest } from '../../lib/errors.js';
import { createUploadBatch, getFileWithUrl, haveFilesUploaded } from './files.service.js';

const tags = ['Files'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

export function registerFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/files/batch', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Register files and get one signed upload address each',
      description:
        'PUT each file\'s bytes (application/octet-stream) to its `uploadUrl` before `expiresAt`, then poll `POST /api/files/has-uploaded`. ' +
        'Extensions must be in the allowed list (`File extension {ext} is not supported`).',
      body: CreateFilesBatchBodySchema,
      response: { 200: CreateFilesBatchResponseSchema, ...errors },
    },
    handler: async (request) => ({
      files: await createUploadBatch(ctx, request.actor.organizationId, request.actor.user?.id ?? null, request.body),
    }),
  });

  r.post('/api/files/has-uploaded', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Whether every listed file has been uploaded',
      body: HasUploadedBodySchema,
      response: { 200: HasUploadedResponseSchema, ...errors },
    },
    handler: async (request) => ({
      areAllFilesUploaded: await haveFilesUploaded(ctx, request.actor.organizationId, request.body.fileIds),
    }),
  });

  r.get('/api/files/:id', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'A file record with a short-lived download address',
      params: IdParamsSchema,
      response: { 200: FileWithUrlSchema, ...errors },
    },
    handler: async (request) => {
      const { file, url } = await getFileWithUrl(ctx, request.actor.organizationId, request.params.id);
      return { file, url };
    },
  });

  r.get('/api/files/:id/download', {
    onRequest: app.authenticate,
    schema: { tags, summary: 'Download a file (redirects to a short-lived address)', params: IdParamsSchema, response: errors },
    handler: async (request, reply) => {
      const { url } = await getFileWithUrl(ctx, request.actor.organizationId, request.params.id);
      return reply.redirect(url, 302);
    },
  });

  r.get('/api/files/:id/stream/image', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Stream an image, optionally rotated by 90, 180 or 270 degrees',
      params: IdParamsSchema,
      querystring: z.object({ rotation: ImageRotationSchema.optional() }),
      response: errors,
    },
    handler: async (request, reply) => {
      const { row } = await getFileWithUrl(ctx, request.actor.organizationId, request.params.id);
      if (!IMAGE_EXTENSIONS.has(row.extension)) throw badRequest(`File ${row.name} is not an image`);
      if (!row.confirmedUploadedAt) throw badRequest(`File ${row.name} has not been uploaded yet`);
      const stream = await ctx.storage.read(row.storageKey);
      const rotation = request.query.rotation ?? 0;
      reply.header('cache-control', 'private, max-age=300');
      if (rotation === 0) return reply.type(row.contentType).send(stream as never);
      const rotated = stream.pipe(sharp().rotate(rotation).jpeg({ quality: 90 }));
      return reply.type('image/jpeg').send(rotated as never);
    },
  });
}
