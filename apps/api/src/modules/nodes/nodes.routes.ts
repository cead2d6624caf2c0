import {
  ApiErrorSchema,
  CreateNodeBodySchema,
  DescendantsBodySchema,
  DescendantsResponseSchema,
  HubPathSchema,
  IdParamsSchema,
  NodeDetailSchema,
  NodeListSchema,
  NodeOrganizationSchema,
  NodeQuerySchema,
  NodeSchema,
  QueryStringSchema,
  RestoreNodeResponseSchema,
  UpdateNodeBodySchema,
} from '@gprhub/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { parseListQuery } from '../../lib/list-query.js';
import { SnapshotCache } from '../../lib/snapshot-cache.js';
import * as nodes from './nodes.service.js';

const tags = ['Nodes'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const NodeIdParamsSchema = z.object({ nodeId: IdParamsSchema.shape.id });

export function registerNodeRoutes(app: FastifyInstance, { db, database }: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };
  // The hub's listing, remembered per organization and query while the database is unchanged (lib/snapshot-cache.ts).
  const listings = new SnapshotCache<string>(database);

  r.get('/api/nodes/query', {
    ...auth,
    schema: {
      tags,
      summary: 'List nodes (the hub listing, search, deleted nodes)',
      description: 'q: `{filter: {type, typeIn, name, parentId, nodeIdIn, nodeIdNotIn}, includeChildrenMap, promotedNodeIds, gprScanFilter, gprScanGroupFilter, deleted, limit, skip, sort: {field: createdAt|type|name, direction}}`.',
      querystring: QueryStringSchema,
      response: { 200: NodeListSchema, ...errors },
    },
    handler: async (request, reply) => {
      const { organizationId } = request.actor;
      const q = parseListQuery(NodeQuerySchema, request.query.q);
      // Kept as the JSON sent (encoded by the response schema once, as the route's serializer would do it).
      const json = await listings.get(organizationId, JSON.stringify(q), async () =>
        JSON.stringify(NodeListSchema.encode(await nodes.listNodes(db, organizationId, q))),
      );
      return reply
        .type('application/json; charset=utf-8')
        .serializer((payload: unknown) => payload as string)
        .send(json as never);
    },
  });

  r.post('/api/nodes', {
    ...auth,
    schema: { tags, summary: 'Create a folder', body: CreateNodeBodySchema, response: { 201: NodeSchema, ...errors } },
    handler: async (request, reply) =>
      reply.status(201).send(await nodes.createFolder(db, request.actor.organizationId, request.actor.user?.id ?? null, request.body)),
  });

  r.get('/api/nodes/:id', {
    ...auth,
    schema: { tags, summary: 'A node', params: IdParamsSchema, response: { 200: NodeSchema, ...errors } },
    handler: async (request) => nodes.toNode(await nodes.getNodeRow(db, request.actor.organizationId, request.params.id)),
  });

  r.get('/api/nodes/:id/details', {
    ...auth,
    schema: { tags, summary: 'A node with its parent', params: IdParamsSchema, response: { 200: NodeDetailSchema, ...errors } },
    handler: async (request) => nodes.getNodeDetail(db, request.actor.organizationId, request.params.id),
  });

  r.patch('/api/nodes/:id', {
    ...auth,
    schema: {
      tags,
      summary: 'Rename, move or publish a node',
      description: 'Moving a node into itself or one of its descendants is refused.',
      params: IdParamsSchema,
      body: UpdateNodeBodySchema,
      response: { 200: NodeSchema, ...errors },
    },
    handler: async (request) => nodes.updateNode(db, request.actor.organizationId, request.params.id, request.body),
  });

  r.delete('/api/nodes/:id', {
    ...auth,
    schema: { tags, summary: 'Delete a node and its subtree (soft: restorable)', params: IdParamsSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await nodes.deleteNode(db, request.actor.organizationId, request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.post('/api/nodes/:nodeId/restore', {
    ...auth,
    schema: {
      tags,
      summary: 'Restore a deleted folder with everything deleted together with it',
      params: NodeIdParamsSchema,
      response: { 200: RestoreNodeResponseSchema, ...errors },
    },
    handler: async (request) => ({ restoredNodes: await nodes.restoreNode(db, request.actor.organizationId, request.params.nodeId) }),
  });

  r.get('/api/nodes/:id/hub-path', {
    ...auth,
    schema: { tags, summary: 'Breadcrumbs: the node and its ancestors, top first', params: IdParamsSchema, response: { 200: HubPathSchema, ...errors } },
    handler: async (request) => nodes.getHubPath(db, request.actor.organizationId, request.params.id),
  });

  r.get('/api/nodes/:id/organization', {
    ...auth,
    schema: {
      tags,
      summary: "Which of the caller's organizations holds a node",
      description:
        'For a link opened while another organization is active: answers the organization (id, slug, name) holding the live node when the signed-in user is a member of it; 404 otherwise (and for tenant keys, bound to one organization).',
      params: IdParamsSchema,
      response: { 200: NodeOrganizationSchema, ...errors },
    },
    handler: async (request) => nodes.findNodeOrganization(db, request.actor.user?.id ?? null, request.params.id),
  });

  r.post('/api/nodes/:id/descendants', {
    ...auth,
    schema: {
      tags,
      summary: 'Descendants of a node',
      description: 'With `descendantNodeIds`, answers which of those ids lie under the node; otherwise pages through all descendants.',
      params: IdParamsSchema,
      body: DescendantsBodySchema,
      response: { 200: DescendantsResponseSchema, ...errors },
    },
    handler: async (request) =>
      nodes.listDescendants(db, request.actor.organizationId, request.params.id, {
        ids: request.body.descendantNodeIds,
        typeIn: request.body.typeIn,
        limit: request.body.limit,
        skip: request.body.skip,
      }),
  });

  r.get('/api/nodes/:id/descendants/gpr-scans', {
    ...auth,
    schema: { tags, summary: 'All GPR scans under a node', params: IdParamsSchema, response: { 200: DescendantsResponseSchema, ...errors } },
    handler: async (request) =>
      nodes.listDescendants(db, request.actor.organizationId, request.params.id, { typeIn: ['GPR_SCAN'], limit: 10_000, skip: 0 }),
  });
}
