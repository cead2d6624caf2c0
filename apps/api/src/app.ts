import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.js';
import { registerAnalysisRoutes } from './modules/analyses/analyses.routes.js';
import { registerBuildingRoutes } from './modules/buildings/buildings.routes.js';
import { registerExportRoutes } from './modules/exports/exports.routes.js';
import { registerReportRoutes } from './modules/reports/reports.routes.js';
import { registerFileRoutes } from './modules/files/files.routes.js';
import { registerGprScanImportRoutes } from './modules/gpr-scans/gpr-scan-import.routes.js';
import { registerGprScanRoutes } from './modules/gpr-scans/gpr-scans.routes.js';
import { registerScanGroupRoutes } from './modules/gpr-scans/scan-groups.routes.js';
import { registerVendorLinkRoutes } from './modules/gpr-scans/vendor-link.routes.js';
import { registerLocalStorageRoutes } from './modules/files/storage.routes.js';
import { registerMemberRoutes } from './modules/members/members.routes.js';
import { registerLabelRoutes } from './modules/labels/labels.routes.js';
import { registerNodeDetailRoutes } from './modules/node-details/node-details.routes.js';
import { registerNodeRoutes } from './modules/nodes/nodes.routes.js';
import { registerSsoRoutes } from './modules/sso/sso.routes.js';
import { registerTenantKeyRoutes } from './modules/tenant-keys/tenant-keys.routes.js';
import { registerObservationRoutes } from './modules/three-d-models/observations.routes.js';
import { registerThreeDModelRoutes } from './modules/three-d-models/three-d-models.routes.js';
import { registerThreeDTrackerRoutes } from './modules/three-d-trackers/three-d-trackers.routes.js';
import { registerLiveProxy } from './modules/three-d-trackers/live-proxy.js';
import { registerAuth } from './plugins/auth.js';
import { clientErrorHandler, errorBody, frameworkErrors, registerErrorHandling } from './plugins/errors.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSecurityHeaders } from './plugins/security.js';
import { registerWebApp } from './plugins/web.js';
import { registerZod } from './plugins/zod.js';
import { ErrorCode, Messages } from '@gprhub/contract';
import { ReadCaches } from './lib/read-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, for tests that must cover them all. */
    routeList: { method: string; url: string }[];
    /** Rows remembered briefly on hot read paths (lib/read-cache.ts), cleared by every request that may write. */
    readCaches: ReadCaches;
  }
}

export interface BuildAppOptions {
  /** Log requests (off in tests). */
  logger?: boolean | object;
}

/** Build the Fastify app on an opened database, auth and storage. `server.ts` listens; tests inject. */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: process.env.TRUST_PROXY === 'true',
    bodyLimit: 10 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000 },
    frameworkErrors,
    clientErrorHandler,
  });
  const routes: { method: string; url: string }[] = [];
  app.decorate('routeList', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  const readCaches = new ReadCaches(ctx.config.authCacheMs);
  app.decorate('readCaches', readCaches);
  // A request that may write clears them when it starts and when it ends (reads in flight across it are not kept).
  app.addHook('onRequest', async (request) => readCaches.onRequest(request.method));
  app.addHook('onResponse', async (request) => readCaches.onRequest(request.method));
  registerZod(app);
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  await registerOpenApi(app, ctx.config);
  await registerAuth(app, ctx.config, ctx.auth, ctx.db);

  app.get('/api/health', { schema: { hide: true } }, async () => ({ status: 'ok', database: ctx.database.kind, storage: ctx.storage.driver }));
  registerTenantKeyRoutes(app, ctx);
  registerMemberRoutes(app, ctx);
  registerSsoRoutes(app, ctx);
  registerNodeRoutes(app, ctx);
  registerNodeDetailRoutes(app, ctx);
  registerFileRoutes(app, ctx);
  registerGprScanRoutes(app, ctx);
  registerScanGroupRoutes(app, ctx);
  await registerGprScanImportRoutes(app, ctx);
  registerVendorLinkRoutes(app, ctx);
  registerAnalysisRoutes(app, ctx);
  registerThreeDModelRoutes(app, ctx);
  registerObservationRoutes(app, ctx);
  app.decorateRequest('device', null as never);
  registerThreeDTrackerRoutes(app, ctx);
  await registerLiveProxy(app, ctx);
  registerBuildingRoutes(app, ctx);
  registerLabelRoutes(app, ctx);
  registerExportRoutes(app, ctx);
  registerReportRoutes(app, ctx);
  await registerLocalStorageRoutes(app, ctx);

  const hasWeb = await registerWebApp(app, ctx.config.webDist);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && path !== '/api') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(errorBody(request, 404, ErrorCode.NotFound, Messages.notFound));
  });
  return app;
}
