import {
  ApiErrorSchema,
  CreatedTenantKeySchema,
  CreateTenantKeyBodySchema,
  IdParamsSchema,
  QueryStringSchema,
  TenantKeyListSchema,
  TenantKeyQuerySchema,
} from '@gprhub/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { parseListQuery } from '../../lib/list-query.js';
import { requireUser } from '../../plugins/auth.js';
import { createTenantKey, listTenantKeys, revokeTenantKey } from './tenant-keys.service.js';

const tags = ['Tenant keys'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

export function registerTenantKeyRoutes(app: FastifyInstance, { db }: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/tenant-keys', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Create an API key for the active organization',
      description:
        'The key is returned once, in this answer; only its SHA-256 is stored. Send it as `Authorization: Bearer <key>`. ' +
        'It works while its creator is a member of the organization with a role that may create keys, until `expiresAt` if given, and until revoked.',
      body: CreateTenantKeyBodySchema,
      response: { 201: CreatedTenantKeySchema, ...errors },
    },
    handler: async (request, reply) => {
      const user = requireUser(request);
      return reply.status(201).send(await createTenantKey(db, request.actor, user, request.body));
    },
  });

  r.get('/api/tenant-keys/query', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: "List the organization's API keys: name, creator, creation, last use and expiry",
      querystring: QueryStringSchema,
      response: { 200: TenantKeyListSchema, ...errors },
    },
    handler: async (request) => {
      const query = parseListQuery(TenantKeyQuerySchema, request.query.q);
      return listTenantKeys(db, request.actor.organizationId, query);
    },
  });

  r.delete('/api/tenant-keys/:id', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Revoke an API key',
      description: 'Owners and admins may revoke any key of the organization; other members only their own.',
      params: IdParamsSchema,
      response: { 204: z.null(), ...errors, 404: ApiErrorSchema },
    },
    handler: async (request, reply) => {
      const user = requireUser(request);
      await revokeTenantKey(db, request.actor, user.id, request.params.id);
      app.actorCache.clear(); // the key stops working at once in this process (decisions/0033)
      return reply.status(204).send(null);
    },
  });
}
