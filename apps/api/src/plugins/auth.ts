import rateLimit from '@fastify/rate-limit';
import type { Database } from '@gprhub/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../auth/actor.js';
import { ActorCache } from '../auth/actor-cache.js';
import { resolveActor } from '../auth/actor.js';
import type { Auth } from '../auth/auth.js';
import type { AppConfig } from '../config.js';
import { badRequest, forbidden } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
  }
  interface FastifyInstance {
    /** onRequest hook: authenticate and resolve the organization into `request.actor`. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Verified credentials, briefly (auth/actor-cache.ts); cleared by anything that can end one. */
    actorCache: ActorCache;
  }
}

/** A user, not an API key, must be behind the call. */
export function requireUser(request: FastifyRequest): NonNullable<Actor['user']> {
  if (!request.actor.user) throw forbidden('This call needs a signed-in user, not an API key');
  return request.actor.user;
}

function toFetchRequest(request: FastifyRequest, publicUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, String(value));
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body);
  return new Request(new URL(request.url, publicUrl), {
    method: request.method,
    headers,
    body: hasBody ? new Uint8Array(request.body as Buffer) : undefined,
  });
}

/** Mount better-auth's standard endpoints under /api/auth (rate limited), and the authenticate hook. */
export async function registerAuth(
  app: FastifyInstance,
  config: AppConfig,
  auth: Auth,
  db: Database,
): Promise<void> {
  app.decorateRequest('actor', null as unknown as Actor);
  const cache = new ActorCache(config.authCacheMs);
  app.decorate('actorCache', cache);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    request.actor = await resolveActor(auth, db, request, cache);
  });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    await scope.register(rateLimit, { max: config.authRateLimitPerMinute, timeWindow: '1 minute' });
    scope.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        // better-auth stores names as sent; a NUL (raw or as the JSON escape) cannot be stored in PostgreSQL.
        if (Buffer.isBuffer(request.body) && (request.body.includes(0) || request.body.includes('\\u0000'))) {
          throw badRequest('Text must not contain a NUL character (\\u0000)');
        }
        // Sign-out, member removal, role changes, organization deletion…: any change may end a credential or a
        // membership, so what was verified before it is verified again (before and after, for calls in flight).
        if (request.method !== 'GET') cache.clear();
        const response = await auth.handler(toFetchRequest(request, config.publicUrl));
        if (request.method !== 'GET') cache.clear();
        reply.status(response.status);
        response.headers.forEach((value, name) => {
          if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        const body = Buffer.from(await response.arrayBuffer());
        return reply.send(body.length > 0 ? body : undefined);
      },
    });
  });
}
