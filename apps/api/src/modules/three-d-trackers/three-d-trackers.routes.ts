import {
  AddUrlResponseSchema,
  ApiErrorSchema,
  CreateFilesBatchResponseSchema,
  DeviceFilesBatchBodySchema,
  DeviceVersionBodySchema,
  DeviceVersionResponseSchema,
  HasUploadedBodySchema,
  HasUploadedResponseSchema,
  IdParamsSchema,
  IdSchema,
  OpenSessionBodySchema,
  PAIRING_TOKEN_TTL_S,
  PairDeviceBodySchema,
  PairDeviceResponseSchema,
  QueryStringSchema,
  SessionParamsSchema,
  SessionSchema,
  ThreeDTrackerListSchema,
  ThreeDTrackerQuerySchema,
  ThreeDTrackerSchema,
  ThreeDTrackerSendBodySchema,
  TRACKER_CREDENTIAL_TTL_S,
  TRACKER_SESSION_TIMEOUT_DEFAULT_S,
  UpdateThreeDTrackerBodySchema,
} from '@gprhub/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { permitted } from '../../auth/permissions.js';
import { parseListQuery } from '../../lib/list-query.js';
import { requireUser } from '../../plugins/auth.js';
import {
  closeDeviceSession,
  createDeviceUploads,
  createDeviceVersion,
  haveDeviceFilesUploaded,
  heartbeatDeviceSession,
  openDeviceSession,
  resolveDevice,
} from './device.service.js';
import {
  createAddUrl,
  endModelSession,
  getOwnTracker,
  listThreeDTrackers,
  pairDevice,
  removeTracker,
  toThreeDTracker,
  updateTracker,
} from './three-d-trackers.service.js';

const tags = ['3D trackers'];
const deviceTags = ['3D tracker device'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const deviceErrors = { ...errors, 409: ApiErrorSchema };
const deviceAuth = `Authenticated by the device credential of \`POST /api/3d-tracker-device/pair\` (\`Authorization: Bearer gprt_…\`), which reaches only its own tracker and the model it is connected to; unknown, expired (after ${TRACKER_CREDENTIAL_TTL_S / 86400} days), revoked (the tracker paired again or was deleted) → 401.`;

export function registerThreeDTrackerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };
  const { db } = ctx;

  r.get('/api/3d-trackers/query', {
    ...auth,
    schema: {
      tags,
      summary: "The organization's 3D trackers: filter (hasNextUploadInfo, name, idFromTracker, nodeId), paging, sort (createdAt newest first by default)",
      querystring: QueryStringSchema,
      response: { 200: ThreeDTrackerListSchema, ...errors },
    },
    handler: async (request) => listThreeDTrackers(db, request.actor.organizationId, parseListQuery(ThreeDTrackerQuerySchema, request.query.q)),
  });

  r.get('/api/3d-trackers/add-url', {
    ...auth,
    schema: {
      tags,
      summary: 'The URL of the pairing QR code',
      description: `Owners and admins only (403 otherwise). Each call makes a new pairing token, bound to the organization, single use, valid ${PAIRING_TOKEN_TTL_S / 60} minutes. A device that reads it calls \`POST /api/3d-tracker-device/pair\`.`,
      response: { 200: AddUrlResponseSchema, ...errors },
    },
    preValidation: permitted(db, 'manageTrackers'),
    handler: async (request) => createAddUrl(db, request.actor.organizationId, requireUser(request).id, ctx.config.publicUrl),
  });

  r.get('/api/3d-trackers/:id', {
    ...auth,
    schema: { tags, summary: 'A 3D tracker', params: IdParamsSchema, response: { 200: ThreeDTrackerSchema, ...errors } },
    handler: async (request) => toThreeDTracker(await getOwnTracker(db, request.actor.organizationId, request.params.id)),
  });

  r.patch('/api/3d-trackers/:id', {
    ...auth,
    schema: {
      tags,
      summary: 'Rename a 3D tracker, connect it to a 3D model\'s next upload, or reset the connection (nextUploadInfo null)',
      params: IdParamsSchema,
      body: UpdateThreeDTrackerBodySchema,
      response: { 200: ThreeDTrackerSchema, ...errors },
    },
    handler: async (request) => updateTracker(db, request.actor.organizationId, request.params.id, request.body),
  });

  r.post('/api/3d-trackers/send', {
    ...auth,
    schema: {
      tags,
      summary: '"3D tracker send": connect a tracker to a model\'s next upload (nextUploadInfo { threeDModelId }), or reset it (null)',
      body: ThreeDTrackerSendBodySchema,
      response: { 200: ThreeDTrackerSchema, ...errors },
    },
    handler: async (request) =>
      updateTracker(db, request.actor.organizationId, request.body.threeDTrackerId, { nextUploadInfo: request.body.nextUploadInfo }),
  });

  r.delete('/api/3d-trackers/:id', {
    ...auth,
    schema: {
      tags,
      summary: 'Delete a 3D tracker',
      description: 'Owners and admins only (403 otherwise). Its device credential stops working at once, and its sessions end.',
      params: IdParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    preValidation: permitted(db, 'manageTrackers'),
    handler: async (request, reply) => {
      await removeTracker(db, request.actor.organizationId, request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.delete('/api/3d-models/:id/sessions/:sessionId', {
    ...auth,
    schema: {
      tags: ['3D models'],
      summary: 'End the live session of a 3D model',
      description: "A member ends the session (e.g. of a tracker that stopped without closing it): the model no longer reports it and its live view closes. A session of another organization's model → 404.",
      params: SessionParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await endModelSession(db, request.actor.organizationId, request.params.id, request.params.sessionId);
      return reply.status(204).send(null);
    },
  });

  // ---- The device's side (decision 0036) ----
  const device = {
    onRequest: async (request: FastifyRequest) => {
      request.device = await resolveDevice(db, request);
    },
  };

  r.post('/api/3d-tracker-device/pair', {
    schema: {
      tags: deviceTags,
      summary: 'Pair a device with the pairing token of the QR code',
      description:
        'The token works once and until it expires (else 401). The tracker of (organization, idFromTracker) is created, or updated when the device pairs again (its earlier credential is then revoked). name: "Unknown" when none. Answers the device credential, shown once.',
      body: PairDeviceBodySchema,
      response: { 201: PairDeviceResponseSchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await pairDevice(db, request.body)),
  });

  r.get('/api/3d-tracker-device/tracker', {
    ...device,
    schema: { tags: deviceTags, summary: "The device's own tracker (nextUploadInfo says which model it records for)", description: deviceAuth, response: { 200: ThreeDTrackerSchema, ...errors } },
    handler: async (request) => toThreeDTracker(await getOwnTracker(db, request.device.organizationId, request.device.trackerNodeId)),
  });

  r.post('/api/3d-tracker-device/sessions', {
    ...device,
    schema: {
      tags: deviceTags,
      summary: 'Open a live session on the connected model',
      description: `${deviceAuth} rosUrl: the device's rosbridge v2 WebSocket (ws:// or wss://), which the app proxies to signed-in members (decision 0037). Its host must be on the site network (a private, loopback or link-local address, localhost or a *.local name) or listed in the server's TRACKER_ROS_HOSTS, else 400. Not connected → 409. The session stays open while the device calls \`POST /api/3d-tracker-device/sessions/{sessionId}/heartbeat\`; one not refreshed for TRACKER_SESSION_TIMEOUT_S (default ${TRACKER_SESSION_TIMEOUT_DEFAULT_S} s) has ended.`,
      body: OpenSessionBodySchema,
      response: { 201: SessionSchema.extend({ threeDModelId: IdSchema }), ...deviceErrors },
    },
    handler: async (request, reply) => reply.status(201).send(await openDeviceSession(ctx, request.device, request.body.rosUrl)),
  });

  r.post('/api/3d-tracker-device/sessions/:sessionId/heartbeat', {
    ...device,
    schema: {
      tags: deviceTags,
      summary: 'Keep a session of this tracker open',
      description: `${deviceAuth} Call it well within TRACKER_SESSION_TIMEOUT_S (default ${TRACKER_SESSION_TIMEOUT_DEFAULT_S} s; every ${TRACKER_SESSION_TIMEOUT_DEFAULT_S / 4} s is safe): a session not refreshed in time has ended — the model no longer reports it and its live view closes — and answers 404 here (open a new one).`,
      params: z.object({ sessionId: IdSchema }),
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await heartbeatDeviceSession(ctx, request.device, request.params.sessionId);
      return reply.status(204).send(null);
    },
  });

  r.delete('/api/3d-tracker-device/sessions/:sessionId', {
    ...device,
    schema: { tags: deviceTags, summary: 'Close a session of this tracker', description: deviceAuth, params: z.object({ sessionId: IdSchema }), response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await closeDeviceSession(db, request.device, request.params.sessionId);
      return reply.status(204).send(null);
    },
  });

  r.post('/api/3d-tracker-device/files/batch', {
    ...device,
    schema: {
      tags: deviceTags,
      summary: 'Upload addresses for the recording files (on the connected model)',
      description: `${deviceAuth} PUT each file's bytes to its uploadUrl, then confirm with has-uploaded.`,
      body: DeviceFilesBatchBodySchema,
      response: { 200: CreateFilesBatchResponseSchema, ...deviceErrors },
    },
    handler: async (request) => ({ files: await createDeviceUploads(ctx, request.device, request.body.files) }),
  });

  r.post('/api/3d-tracker-device/files/has-uploaded', {
    ...device,
    schema: { tags: deviceTags, summary: 'Whether the recording files have arrived', description: deviceAuth, body: HasUploadedBodySchema, response: { 200: HasUploadedResponseSchema, ...deviceErrors } },
    handler: async (request) => ({ areAllFilesUploaded: await haveDeviceFilesUploaded(ctx, request.device, request.body.fileIds) }),
  });

  r.post('/api/3d-tracker-device/versions', {
    ...device,
    schema: {
      tags: deviceTags,
      summary: 'Make the uploaded recording a version of the connected model',
      description: `${deviceAuth} Files as in \`POST /api/3d-model-version\` (rtabmap_db, radar_positions…), uploaded through this device's batch. An rtabmap_db starts point-cloud generation. The tracker's nextUploadInfo then returns to null.`,
      body: DeviceVersionBodySchema,
      response: { 201: DeviceVersionResponseSchema, ...deviceErrors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createDeviceVersion(ctx, app.analysisJobs, request.device, request.body.files, request.log)),
  });
}
