import { ApiErrorSchema, SaveSsoSettingsBodySchema, SsoSettingsSchema } from '@gprhub/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { requirePermission } from '../../auth/permissions.js';
import { getSsoSettings, removeSsoSettings, saveSsoSettings } from './sso.service.js';

const tags = ['Single sign-on'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

/** The active organization's OpenID Connect provider (docs/decisions/0041-single-sign-on.md). Owners and admins. */
export function registerSsoRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/sso-settings', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: "The organization's identity provider (null when none) and the redirect URI to register with it",
      description: 'Owners and admins only. The client secret is never returned (`secretSet`).',
      response: { 200: SsoSettingsSchema, ...errors },
    },
    handler: async (request) => {
      await requirePermission(db, request.actor, 'manageSso');
      return getSsoSettings(db, config, request.actor.organizationId);
    },
  });

  r.put('/api/sso-settings', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: "Register or change the organization's OpenID Connect identity provider",
      description:
        'Owners and admins only. The issuer must use https (plain http only for a loopback issuer while the app runs on http); ' +
        'its discovery document is read before saving (400 when it fails). A domain already used by another organization is a 409. ' +
        'Users of the domains then sign in with `POST /api/auth/sso/sign-in`; with `requireSso`, password sign-in is refused for them.',
      body: SaveSsoSettingsBodySchema,
      response: { 200: SsoSettingsSchema, ...errors, 409: ApiErrorSchema },
    },
    handler: async (request) => {
      await requirePermission(db, request.actor, 'manageSso');
      return saveSsoSettings(db, config, request.actor.organizationId, request.body);
    },
  });

  r.delete('/api/sso-settings', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: "Remove the organization's identity provider (its users keep their accounts and memberships)",
      response: { 204: z.null(), ...errors, 404: ApiErrorSchema },
    },
    handler: async (request, reply) => {
      await requirePermission(db, request.actor, 'manageSso');
      await removeSsoSettings(db, request.actor.organizationId);
      return reply.status(204).send(null);
    },
  });
}
