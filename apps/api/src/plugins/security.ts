import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers. The CSP allows what the web app needs: MUI's inline styles, images from the app itself
 * (and blob/data ones it draws), workers, and blob: fetches (3D loaders read embedded textures through blob
 * URLs). No eval: zod runs jitless in the web app.
 */
export const securityHeaderOptions: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // No external images: a picture in a comment from another server would track its readers.
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'https:', 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  // http on 127.0.0.1 must keep working: no forced https upgrade unless served over https.
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets with these options, worked out once: none of them depends on the request (no CSP
 * nonces), and building helmet's middleware per request (as @fastify/helmet does) parsed the CSP on every call.
 */
export function securityHeaders(options: HelmetOptions = securityHeaderOptions): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    removeHeader: () => undefined,
  };
  let done = false;
  helmet(options)({} as never, response as never, () => (done = true));
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
