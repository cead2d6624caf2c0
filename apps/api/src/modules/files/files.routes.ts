import {
  ApiErrorSchema,
  CreateFileNodesBodySchema,
  CreateFileNodesResponseSchema,
  CreateFilesBatchBodySchema,
  FileNodeWithUrlSchema,
  ErrorCode,
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
import { badRequest, HttpError } from '../../lib/errors.js';
import { readStoredBytes } from '../../scan-data/stored-bytes.js';
import { createUploadBatch, getFileWithUrl, haveFilesUploaded } from './files.service.js';
import { createFileNodes, getFileNode } from './file-nodes.service.js';

const tags = ['Files'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const imageErrors = { ...errors, 415: ApiErrorSchema };

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

  r.post('/api/file-nodes', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Upload files into a folder',
      description:
        'Creates one FILE node per file (IFC_FILE for .ifc), named as the file, with a single-use upload address each; PUT the bytes there, then poll `POST /api/files/has-uploaded`. ' +
        "Extensions must be in the allowed list ('File extension {ext} is not supported'); otherwise nothing is created.",
      body: CreateFileNodesBodySchema,
      response: { 201: CreateFileNodesResponseSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createFileNodes(ctx, request.actor.organizationId, request.actor.user?.id ?? null, request.body)),
  });

  r.get('/api/file-nodes/:id', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'A file node (FILE or IFC_FILE) with its file record and a short-lived download address',
      description: 'What the `/files/{fileNodeId}` page shows. `GET /api/files/{id}` takes the file record id instead.',
      params: IdParamsSchema,
      response: { 200: FileNodeWithUrlSchema, ...errors },
    },
    handler: async (request) => getFileNode(ctx, request.actor.organizationId, request.params.id),
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
      response: imageErrors,
    },
    handler: async (request, reply) => {
      const { row } = await getFileWithUrl(ctx, request.actor.organizationId, request.params.id);
      if (!IMAGE_EXTENSIONS.has(row.extension)) throw badRequest(`File ${row.name} is not an image`);
      if (!row.confirmedUploadedAt) throw badRequest(`File ${row.name} has not been uploaded yet`);
      const rotation = request.query.rotation ?? 0;
      if (rotation === 0) {
        const stream = await ctx.storage.read(row.storageKey);
        return reply.header('cache-control', 'private, max-age=300').type(row.contentType).send(stream as never);
      }
      // Rotated in memory (an upload is at most MAX_UPLOAD_BYTES), so that bytes that are not an image
      // are a 415 in the app's error body, not a stream that breaks after the headers are sent.
      const bytes = await readStoredBytes(ctx.storage, row.storageKey);
      let rotated: Buffer;
      try {
        rotated = await sharp(bytes).rotate(rotation).jpeg({ quality: 90 }).toBuffer();
      } catch {
        throw new HttpError(415, ErrorCode.UnsupportedMediaType, `File ${row.name} is not an image that can be read`);
      }
      return reply.header('cache-control', 'private, max-age=300').type('image/jpeg').send(rotated as never);
    },
  });
}
