import {
  AcceptedInvitationSchema,
  ApiErrorSchema,
  AuthIdParamsSchema,
  CreateInvitationBodySchema,
  InvitationListSchema,
  InvitationPreviewSchema,
  InvitationSchema,
  MemberListSchema,
  MemberSchema,
  MembershipSchema,
  UpdateMemberBodySchema,
} from '@gprhub/contract';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { unauthorized } from '../../lib/errors.js';
import {
  acceptInvitation,
  cancelInvitation,
  changeMemberRole,
  createInvitation,
  getMembership,
  listInvitations,
  listMembers,
  previewInvitation,
  removeMember,
} from './members.service.js';

const tags = ['Members'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const headersOf = (request: FastifyRequest) => fromNodeHeaders(request.headers);

/** Members, roles and invitations of the caller's organization (docs/decisions/0040-roles.md). */
export function registerMemberRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };

  r.get('/api/organization/members', {
    ...auth,
    schema: {
      tags,
      summary: "The organization's members: name, email, role, joined (any member may read)",
      response: { 200: MemberListSchema, ...errors },
    },
    handler: async (request) => listMembers(ctx, request.actor.organizationId),
  });

  r.get('/api/organization/membership', {
    ...auth,
    schema: {
      tags,
      summary: "The caller's membership and role (an API key: its creator's role)",
      response: { 200: MembershipSchema, ...errors },
    },
    handler: async (request) => getMembership(ctx, request.actor),
  });

  r.patch('/api/organization/members/:id', {
    ...auth,
    schema: {
      tags,
      summary: "Change a member's role",
      description:
        'Owners and admins; giving or taking the owner role: owners only (403 otherwise). The last owner cannot be ' +
        'given another role (409). Takes effect at once for the member\'s sessions and API keys.',
      params: AuthIdParamsSchema,
      body: UpdateMemberBodySchema,
      response: { 200: MemberSchema, ...errors, 409: ApiErrorSchema },
    },
    handler: async (request) => {
      const member = await changeMemberRole(ctx, request.actor, headersOf(request), request.params.id, request.body.role);
      app.actorCache.clear(); // the new role counts at once in this process (decisions/0033)
      return member;
    },
  });

  r.delete('/api/organization/members/:id', {
    ...auth,
    schema: {
      tags,
      summary: 'Remove a member, or leave (your own membership)',
      description:
        'Owners and admins remove members and admins; only owners remove an owner (403 otherwise). The last owner ' +
        'can neither leave nor be removed (409). Every session of the removed member loses the organization and ' +
        'every API key they made stops working, at once.',
      params: AuthIdParamsSchema,
      response: { 204: z.null(), ...errors, 409: ApiErrorSchema },
    },
    handler: async (request, reply) => {
      await removeMember(ctx, request.actor, headersOf(request), request.params.id);
      app.actorCache.clear();
      return reply.status(204).send(null);
    },
  });

  r.get('/api/organization/invitations', {
    ...auth,
    schema: {
      tags,
      summary: "The organization's pending invitations, with their links (owners and admins)",
      response: { 200: InvitationListSchema, ...errors },
    },
    handler: async (request) => listInvitations(ctx, request.actor),
  });

  r.post('/api/organization/invitations', {
    ...auth,
    schema: {
      tags,
      summary: 'Invite someone by email, with a role',
      description:
        'Owners and admins; inviting an owner: owners only (403 otherwise). No mail is sent (no mail server is ' +
        'configured): `url` is the invitation link to pass on. 409 when the address is already a member or invited.',
      body: CreateInvitationBodySchema,
      response: { 201: InvitationSchema, ...errors, 409: ApiErrorSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createInvitation(ctx, request.actor, headersOf(request), request.body)),
  });

  r.delete('/api/organization/invitations/:id', {
    ...auth,
    schema: {
      tags,
      summary: 'Revoke a pending invitation (owners and admins); its link stops working',
      params: AuthIdParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await cancelInvitation(ctx, request.actor, headersOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.get('/api/invitations/:id', {
    schema: {
      tags,
      summary: 'What an invitation link shows: organization, invited email, role, inviter',
      description: 'No sign-in needed (the link is the secret). 404 once revoked, expired or used.',
      params: AuthIdParamsSchema,
      response: { 200: InvitationPreviewSchema, ...errors },
    },
    handler: async (request) => previewInvitation(ctx, request.params.id),
  });

  r.post('/api/invitations/:id/accept', {
    schema: {
      tags,
      summary: 'Accept an invitation as the signed-in user (a session, not an API key)',
      description: 'The signed-in user\'s email must be the invited one (403 otherwise). Answers the organization joined.',
      params: AuthIdParamsSchema,
      response: { 200: AcceptedInvitationSchema, ...errors },
    },
    handler: async (request) => {
      const headers = headersOf(request);
      const session = await ctx.auth.api.getSession({ headers });
      if (!session) throw unauthorized();
      const accepted = await acceptInvitation(ctx, headers, session.user, request.params.id);
      app.actorCache.clear();
      return accepted;
    },
  });
}
