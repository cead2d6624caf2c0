import type { ThreeDModelVersion, ThreeDModelFileType, UploadTarget } from '@gprhub/contract';
import { ErrorCode, ThreeDTrackerMessages, TRACKER_CREDENTIAL_PREFIX } from '@gprhub/contract';
import type { Database } from '@gprhub/db';
import { deleteModelSession, findFilesByIds, findTrackerCredentialByHash, insertModelSession, touchModelSession, updateThreeDTracker } from '@gprhub/db';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { AnalysisJobs } from '../../jobs/analysis-jobs.js';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors.js';
import { createUploadBatch, haveFilesUploaded } from '../files/files.service.js';
import { getOwnModel } from '../three-d-models/model-access.js';
import { createThreeDModelVersion, startGenerationIfNeeded } from '../three-d-models/three-d-models.service.js';
import { isRosUrlAllowed } from './ros-hosts.js';
import { sessionAliveSince } from './session-expiry.js';
import { getOwnTracker, sha256, toSession } from './three-d-trackers.service.js';

/** Who a device call comes from: one tracker of one organization, nothing else (decision 0036). */
export interface DeviceActor {
  organizationId: string;
  trackerNodeId: string;
}

const deviceUnauthorized = () => new HttpError(401, ErrorCode.Unauthorized, ThreeDTrackerMessages.credentialInvalid);

/** Resolve `Authorization: Bearer gprt_…` to its tracker: unknown, expired, revoked or deleted → 401. */
export async function resolveDevice(db: Database, request: FastifyRequest): Promise<DeviceActor> {
  const authorization = request.headers.authorization ?? '';
  const bearer = authorization.startsWith('Bearer ') ? authorization.slice(7).trim() : '';
  if (!bearer.startsWith(TRACKER_CREDENTIAL_PREFIX)) throw deviceUnauthorized();
  const row = await findTrackerCredentialByHash(db, sha256(bearer));
  if (!row || row.expiresAt.getTime() <= Date.now()) throw deviceUnauthorized();
  return { organizationId: row.organizationId, trackerNodeId: row.trackerNodeId };
}

/** The model the tracker is connected to (its nextUploadInfo), else 409 with the message saying so. */
async function connectedModelId(db: Database, device: DeviceActor): Promise<string> {
  const { tracker } = await getOwnTracker(db, device.organizationId, device.trackerNodeId);
  if (!tracker.nextUploadModelId) throw new HttpError(409, ErrorCode.Conflict, ThreeDTrackerMessages.notConnectedToModel);
  await getOwnModel(db, device.organizationId, tracker.nextUploadModelId);
  return tracker.nextUploadModelId;
}

/** The session's rosUrl must name a host of the site network or one TRACKER_ROS_HOSTS lists (decision 0037), else 400. */
export async function openDeviceSession(ctx: AppContext, device: DeviceActor, rosUrl: string | null) {
  if (rosUrl !== null && !isRosUrlAllowed(rosUrl, ctx.config.trackers.rosHosts)) {
    throw badRequest(ThreeDTrackerMessages.rosUrlHostRefused, [{ path: 'rosUrl', message: ThreeDTrackerMessages.rosUrlHostRefused }]);
  }
  const modelId = await connectedModelId(ctx.db, device);
  const row = await insertModelSession(ctx.db, {
    organizationId: device.organizationId,
    threeDModelNodeId: modelId,
    trackerNodeId: device.trackerNodeId,
    rosUrl,
    lastSeenAt: new Date(),
  });
  return { ...toSession(row), threeDModelId: modelId };
}

/**
 * The device keeps its session open by calling this more often than TRACKER_SESSION_TIMEOUT_S; a session
 * not refreshed in time has ended and cannot be revived (404: the device opens a new one).
 */
export async function heartbeatDeviceSession(ctx: AppContext, device: DeviceActor, sessionId: string): Promise<void> {
  const now = Date.now();
  const refreshed = await touchModelSession(ctx.db, device.organizationId, device.trackerNodeId, sessionId, sessionAliveSince(ctx, now), new Date(now));
  if (!refreshed) throw new HttpError(404, ErrorCode.NotFound, ThreeDTrackerMessages.sessionNotFound);
}

export async function closeDeviceSession(db: Database, device: DeviceActor, sessionId: string): Promise<void> {
  const deleted = await deleteModelSession(db, device.organizationId, sessionId, { trackerNodeId: device.trackerNodeId });
  if (!deleted) throw new HttpError(404, ErrorCode.NotFound, ThreeDTrackerMessages.sessionNotFound);
}

/** Upload addresses for files of the connected model (the device names no node: it may touch only that one). */
export async function createDeviceUploads(ctx: AppContext, device: DeviceActor, files: { name: string; extension: string }[]): Promise<UploadTarget[]> {
  const modelId = await connectedModelId(ctx.db, device);
  return createUploadBatch(ctx, device.organizationId, null, {
    objectPathPrefix: '3d-trackers',
    files: files.map((f) => ({ ...f, nodeId: modelId })),
  });
}

/** Files registered on another node (or another organization) are not the device's: 403/404. */
async function checkDeviceFiles(db: Database, device: DeviceActor, modelId: string, fileIds: string[]): Promise<void> {
  const ids = [...new Set(fileIds)];
  const rows = await findFilesByIds(db, device.organizationId, ids);
  if (rows.length !== ids.length) throw notFound();
  if (rows.some((r) => r.nodeId !== modelId)) throw forbidden(ThreeDTrackerMessages.fileNotOfModel);
}

export async function haveDeviceFilesUploaded(ctx: AppContext, device: DeviceActor, fileIds: string[]): Promise<boolean> {
  const modelId = await connectedModelId(ctx.db, device);
  await checkDeviceFiles(ctx.db, device, modelId, fileIds);
  return haveFilesUploaded(ctx, device.organizationId, fileIds);
}

/**
 * The recording becomes a version of the connected model; generation of its point cloud starts; the
 * tracker's next upload is then done, so nextUploadInfo goes back to null (decision 0036).
 */
export async function createDeviceVersion(
  ctx: AppContext,
  jobs: AnalysisJobs,
  device: DeviceActor,
  files: { type: ThreeDModelFileType; fileId: string }[],
  log: FastifyBaseLogger,
): Promise<{ threeDModelId: string; threeDModelVersion: ThreeDModelVersion }> {
  const modelId = await connectedModelId(ctx.db, device);
  if (files.length === 0) throw badRequest();
  await checkDeviceFiles(ctx.db, device, modelId, files.map((f) => f.fileId));
  const version = await createThreeDModelVersion(ctx, device.organizationId, null, { threeDModelNodeId: modelId, files });
  await updateThreeDTracker(ctx.db, device.organizationId, device.trackerNodeId, { nextUploadModelId: null });
  await startGenerationIfNeeded(ctx, jobs, device.organizationId, null, version, log);
  return { threeDModelId: modelId, threeDModelVersion: version };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the device routes' hook: the tracker behind a `gprt_…` credential. */
    device: DeviceActor;
  }
}
