import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Serve the built web app. Unknown non-API GET paths get index.html so that deep links work;
 * unknown /api paths keep their JSON 404.
 * @returns whether a build was found
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<boolean> {
  if (!webDist || !existsSync(join(webDist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    setHeaders(reply, path) {
      reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
