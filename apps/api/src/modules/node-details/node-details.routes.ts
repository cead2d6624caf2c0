import {
  ApiErrorSchema,
  CommentListSchema,
  CommentSchema,
  CreateCommentBodySchema,
  CreateNodeImagesBodySchema,
  CreateNodeImagesResponseSchema,
  IdParamsSchema,
  MetadataItemSchema,
  MetadataListSchema,
  MetadataNamesSchema,
  NodeImageListSchema,
  PutMetadataBodySchema,
  TextSchema,
  UpdateCommentBodySchema,
} from '@gprhub/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { requireUser } from '../../plugins/auth.js';
import * as comments from './comments.service.js';
import * as images from './images.service.js';
import * as metadata from './metadata.service.js';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const NodeIdParamsSchema = z.object({ nodeId: IdParamsSchema.shape.id });
const noContent = { 204: z.null(), ...errors };

/** Comments, metadata and images of a node (the node details drawer). */
export function registerNodeDetailRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };
  const org = (request: { actor: { organizationId: string } }) => request.actor.organizationId;

  // Comments
  const ctags = ['Comments'];
  r.get('/api/nodes/:nodeId/comments', {
    ...auth,
    schema: { tags: ctags, summary: "A node's comments, oldest first", params: NodeIdParamsSchema, response: { 200: CommentListSchema, ...errors } },
    handler: async (request) => ({ comments: await comments.listComments(db, org(request), request.params.nodeId) }),
  });
  r.post('/api/nodes/:nodeId/comments', {
    ...auth,
    schema: { tags: ctags, summary: 'Comment on a node (markdown)', params: NodeIdParamsSchema, body: CreateCommentBodySchema, response: { 201: CommentSchema, ...errors } },
    handler: async (request, reply) =>
      reply.status(201).send(await comments.addComment(db, org(request), request.params.nodeId, requireUser(request).id, request.body.content)),
  });
  r.get('/api/node-comments/:id', {
    ...auth,
    schema: { tags: ctags, summary: 'A comment', params: IdParamsSchema, response: { 200: CommentSchema, ...errors } },
    handler: async (request) => comments.getComment(db, org(request), request.params.id),
  });
  r.patch('/api/node-comments/:id', {
    ...auth,
    schema: { tags: ctags, summary: 'Edit a comment (its author only)', params: IdParamsSchema, body: UpdateCommentBodySchema, response: { 200: CommentSchema, ...errors } },
    handler: async (request) => comments.editComment(db, org(request), request.params.id, requireUser(request).id, request.body.content),
  });
  r.delete('/api/node-comments/:id', {
    ...auth,
    schema: { tags: ctags, summary: 'Delete a comment (its author only)', params: IdParamsSchema, response: noContent },
    handler: async (request, reply) => {
      await comments.removeComment(db, org(request), request.params.id, requireUser(request).id);
      return reply.status(204).send(null);
    },
  });

  // Metadata
  const mtags = ['Metadata'];
  r.get('/api/nodes/:id/metadata', {
    ...auth,
    schema: { tags: mtags, summary: "A node's metadata items", params: IdParamsSchema, response: { 200: MetadataListSchema, ...errors } },
    handler: async (request) => ({ metadata: await metadata.listMetadata(db, org(request), request.params.id) }),
  });
  r.put('/api/node-metadata', {
    ...auth,
    schema: {
      tags: mtags,
      summary: 'Create (no id) or replace (id) a metadata item',
      description: '`ownerId` is the node. Values: TEXT a string, JSON any JSON, LOCATION {latitude, longitude}, RELATED_NODE {relatedNodeId}. ' +
        'A GPR scan\'s labels are the JSON item named `rebarPositionLabel` (value {points: [{signalRowIndex, timeColumnIndex, type, diameter?}], global: {depth}}), checked strictly: types, indices inside the scan; saving one without an id replaces the existing one.',
      body: PutMetadataBodySchema,
      response: { 200: MetadataItemSchema, ...errors },
    },
    handler: async (request) => metadata.putMetadata(db, org(request), request.actor.user?.id ?? null, request.body),
  });
  r.delete('/api/node-metadata/:id', {
    ...auth,
    schema: { tags: mtags, summary: 'Delete a metadata item', params: IdParamsSchema, response: noContent },
    handler: async (request, reply) => {
      await metadata.removeMetadata(db, org(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
  r.get('/api/node-metadata/query-name', {
    ...auth,
    schema: {
      tags: mtags,
      summary: 'Metadata names in use that contain the text (suggestions)',
      querystring: z.object({ name: TextSchema.max(200).default('') }),
      response: { 200: MetadataNamesSchema, ...errors },
    },
    handler: async (request) => ({ names: await metadata.suggestMetadataNames(db, org(request), request.query.name) }),
  });

  // Images
  const itags = ['Images'];
  r.get('/api/nodes/:id/images', {
    ...auth,
    schema: { tags: itags, summary: "A node's pictures, newest first", params: IdParamsSchema, response: { 200: NodeImageListSchema, ...errors } },
    handler: async (request) => ({ images: await images.listNodeImages(ctx, org(request), request.params.id) }),
  });
  r.post('/api/node-images/batch', {
    ...auth,
    schema: {
      tags: itags,
      summary: 'Add pictures to a node: one upload address each',
      description: 'PUT each picture to its uploadUrl, then poll `POST /api/files/has-uploaded`. Extensions: png, jpg, jpeg, avif.',
      body: CreateNodeImagesBodySchema,
      response: { 200: CreateNodeImagesResponseSchema, ...errors },
    },
    handler: async (request) => ({ files: await images.createNodeImages(ctx, org(request), request.actor.user?.id ?? null, request.body) }),
  });
  r.delete('/api/node-images/:id', {
    ...auth,
    schema: { tags: itags, summary: 'Delete a picture', params: IdParamsSchema, response: noContent },
    handler: async (request, reply) => {
      await images.deleteNodeImage(ctx, org(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
}
