import websocket from '@fastify/websocket';
import { ApiErrorSchema, ORGANIZATION_HEADER, SessionParamsSchema } from '@gprhub/contract';
import { findModelSessionById } from '@gprhub/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import WebSocket from 'ws';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { resolveActor } from '../../auth/actor.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { getOwnModel } from '../three-d-models/model-access.js';
import { isRosUrlAllowed } from './ros-hosts.js';
import { sessionAliveSince } from './session-expiry.js';
import { ErrorCode } from '@gprhub/contract';

/** How often an open proxy checks that its session (ended, or expired without heartbeat) and the member's access still hold. */
export const LIVE_RECHECK_MS = 5000;
/** Largest frame relayed either way (a PointCloud2 chunk of the live map is far smaller). */
const MAX_FRAME_BYTES = 64 * 1024 * 1024;

type ProxyParams = z.infer<typeof SessionParamsSchema>;

/**
 * The live view's WebSocket (decision 0037): the browser connects to the app, which checks the member, the
 * organization (`?org=`, as a browser WebSocket sends no custom header), the model and its open session, then
 * relays rosbridge v2 frames to and from the device's `rosUrl` unchanged (text JSON and binary CBOR alike).
 * It re-checks every LIVE_RECHECK_MS and closes (1008) when the session ends or access is gone.
 */
export async function registerLiveProxy(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  const check = async (request: FastifyRequest, params: ProxyParams) => {
    const actor = await resolveActor(ctx.auth, ctx.db, request);
    await getOwnModel(ctx.db, actor.organizationId, params.id);
    const session = await findModelSessionById(ctx.db, actor.organizationId, params.id, params.sessionId, sessionAliveSince(ctx));
    if (!session) throw notFound();
    return session;
  };

  r.route({
    method: 'GET',
    url: '/api/3d-models/:id/sessions/:sessionId/ros',
    schema: {
      tags: ['3D models'],
      summary: "The live session's rosbridge v2 WebSocket, through the app",
      description:
        "Open as a WebSocket (`ws(s)://…?org=<organization slug>` with the session cookie). The app relays rosbridge frames to and from the device's rosUrl while the session is open and the caller a member. A plain GET answers 426.",
      params: SessionParamsSchema,
      querystring: z.object({ org: z.string().max(200).optional() }),
      response: { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 426: ApiErrorSchema },
    },
    onRequest: async (request) => {
      const org = (request.query as { org?: unknown }).org;
      if (typeof org === 'string' && org && !request.headers[ORGANIZATION_HEADER]) request.headers[ORGANIZATION_HEADER] = org;
    },
    preHandler: async (request) => {
      await check(request, request.params);
    },
    handler: async () => {
      throw new HttpError(426, ErrorCode.BadRequest, 'Open this address as a WebSocket');
    },
    wsHandler: (browser, request) => {
      const params = request.params as ProxyParams;
      const pending: (WebSocket.RawData | string)[] = [];
      let device: WebSocket | null = null;
      let recheck: NodeJS.Timeout | null = null;
      const closeAll = (code: number, reason: string) => {
        if (recheck) clearInterval(recheck);
        recheck = null;
        if (browser.readyState === WebSocket.OPEN || browser.readyState === WebSocket.CONNECTING) browser.close(code, reason);
        if (device && (device.readyState === WebSocket.OPEN || device.readyState === WebSocket.CONNECTING)) device.close(1000, reason);
      };
      browser.on('message', (data, isBinary) => {
        if (device?.readyState === WebSocket.OPEN) device.send(data, { binary: isBinary });
        else pending.push(isBinary ? (data as WebSocket.RawData) : data.toString());
      });
      browser.on('close', () => closeAll(1000, 'browser closed'));
      browser.on('error', () => closeAll(1011, 'browser error'));
      void (async () => {
        const session = await check(request, params).catch(() => null);
        if (!session?.rosUrl) return closeAll(1008, 'The session has no live feed');
        // Checked at session open too; a narrower TRACKER_ROS_HOSTS since then applies here (decision 0037).
        if (!isRosUrlAllowed(session.rosUrl, ctx.config.trackers.rosHosts)) return closeAll(1008, 'The live feed address is not allowed');
        device = new WebSocket(session.rosUrl, { maxPayload: MAX_FRAME_BYTES, handshakeTimeout: 5000 });
        device.on('open', () => {
          for (const data of pending.splice(0)) device!.send(data);
        });
        device.on('message', (data, isBinary) => {
          if (browser.readyState === WebSocket.OPEN) browser.send(data, { binary: isBinary });
        });
        device.on('close', () => closeAll(1011, 'The 3D tracker closed the feed'));
        device.on('error', (error) => {
          request.log.info({ err: error, sessionId: params.sessionId }, 'live feed: the 3D tracker cannot be reached');
          closeAll(1011, 'The 3D tracker cannot be reached');
        });
        recheck = setInterval(() => {
          check(request, params).then(
            () => undefined,
            () => closeAll(1008, 'The session ended'),
          );
        }, Math.min(LIVE_RECHECK_MS, ctx.config.trackers.sessionTimeoutMs / 4));
      })();
    },
  });
}
