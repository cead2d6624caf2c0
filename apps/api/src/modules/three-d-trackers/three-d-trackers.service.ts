import { createHash, randomBytes } from 'node:crypto';
import type {
  PairDeviceBody,
  PairDeviceResponse,
  Session,
  ThreeDTracker,
  ThreeDTrackerList,
  ThreeDTrackerQuery,
  UpdateThreeDTrackerBody,
} from '@gprhub/contract';
import {
  PAIRING_PAYLOAD_KEY,
  PAIRING_TOKEN_PREFIX,
  PAIRING_TOKEN_TTL_S,
  PAIRING_URL_PARAM,
  ThreeDTrackerMessages,
  TRACKER_CREDENTIAL_PREFIX,
  TRACKER_CREDENTIAL_TTL_S,
} from '@gprhub/contract';
import type { Database, ThreeDModelSessionRow, TrackerListQuery, TrackerWithNode } from '@gprhub/db';
import {
  consumePairingToken,
  deleteModelSession,
  deleteThreeDTracker,
  findThreeDTracker,
  findThreeDTrackers,
  insertPairingToken,
  pairThreeDTracker,
  updateThreeDTracker,
} from '@gprhub/db';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import { getOwnModel } from '../three-d-models/model-access.js';
import { ErrorCode } from '@gprhub/contract';

export const sha256 = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export function toThreeDTracker({ node, tracker }: TrackerWithNode): ThreeDTracker {
  return {
    nodeId: node.id,
    name: node.name,
    idFromTracker: tracker.idFromTracker,
    createdAt: tracker.createdAt.toISOString(),
    nextUploadInfo: tracker.nextUploadModelId ? { threeDModelId: tracker.nextUploadModelId } : null,
  };
}

export const toSession = (row: ThreeDModelSessionRow): Session => ({ id: row.id, rosUrl: row.rosUrl });

export async function listThreeDTrackers(db: Database, organizationId: string, query: ThreeDTrackerQuery): Promise<ThreeDTrackerList> {
  const { rows, total } = await findThreeDTrackers(db, organizationId, {
    hasNextUploadInfo: query.filter?.hasNextUploadInfo,
    name: query.filter?.name,
    idFromTracker: query.filter?.idFromTracker,
    id: query.filter?.nodeId,
    // The schema's enum allows only these fields; its inferred type widens them to string.
    sort: { field: query.sort.field as TrackerListQuery['sort']['field'], direction: query.sort.direction },
    limit: query.limit,
    skip: query.skip,
  });
  return { threeDTrackers: rows.map(toThreeDTracker), total };
}

export async function getOwnTracker(db: Database, organizationId: string, nodeId: string): Promise<TrackerWithNode> {
  const found = await findThreeDTracker(db, organizationId, nodeId);
  if (!found) throw notFound();
  return found;
}

/** PATCH: rename, and/or connect to a model's next upload (a model of the organization) or reset (null). */
export async function updateTracker(db: Database, organizationId: string, nodeId: string, body: UpdateThreeDTrackerBody): Promise<ThreeDTracker> {
  await getOwnTracker(db, organizationId, nodeId);
  if (body.name !== undefined && body.name === '') {
    throw badRequest(ThreeDTrackerMessages.nameRequired, [{ path: 'name', message: ThreeDTrackerMessages.nameRequired }]);
  }
  if (body.nextUploadInfo) await getOwnModel(db, organizationId, body.nextUploadInfo.threeDModelId);
  await updateThreeDTracker(db, organizationId, nodeId, {
    name: body.name,
    nextUploadModelId: body.nextUploadInfo === undefined ? undefined : (body.nextUploadInfo?.threeDModelId ?? null),
  });
  return toThreeDTracker(await getOwnTracker(db, organizationId, nodeId));
}

/** DELETE: the tracker, its credentials (revoked at once) and its sessions. */
export async function removeTracker(db: Database, organizationId: string, nodeId: string): Promise<void> {
  await getOwnTracker(db, organizationId, nodeId);
  await deleteThreeDTracker(db, organizationId, nodeId);
}

/**
 * `GET /api/3d-trackers/add-url`: a new single-use pairing token of the organization, valid
 * PAIRING_TOKEN_TTL_S, inside the URL of the QR code (decision 0036).
 */
export async function createAddUrl(db: Database, organizationId: string, userId: string | null, publicUrl: string): Promise<string> {
  const token = `${PAIRING_TOKEN_PREFIX}${randomBytes(24).toString('base64url')}`;
  const expiresAt = new Date(Date.now() + PAIRING_TOKEN_TTL_S * 1000);
  await insertPairingToken(db, { organizationId, tokenHash: sha256(token), createdById: userId, expiresAt });
  const payload = { [PAIRING_PAYLOAD_KEY]: { apiUrl: publicUrl, pairingToken: token, organizationId, expiresAt: expiresAt.toISOString() } };
  const url = new URL('/three-d-trackers/pair', publicUrl);
  url.searchParams.set(PAIRING_URL_PARAM, Buffer.from(JSON.stringify(payload)).toString('base64url'));
  return url.toString();
}

/** `POST /api/3d-tracker-device/pair`: use the token once; create or update the tracker; issue its credential. */
export async function pairDevice(db: Database, body: PairDeviceBody): Promise<PairDeviceResponse> {
  const token = await consumePairingToken(db, sha256(body.pairingToken));
  if (!token) throw new HttpError(401, ErrorCode.Unauthorized, ThreeDTrackerMessages.pairingTokenInvalid);
  const credential = `${TRACKER_CREDENTIAL_PREFIX}${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(Date.now() + TRACKER_CREDENTIAL_TTL_S * 1000);
  const { tracker } = await pairThreeDTracker(db, {
    organizationId: token.organizationId,
    idFromTracker: body.idFromTracker,
    name: body.name || ThreeDTrackerMessages.unknownName,
    secretHash: sha256(credential),
    expiresAt,
  });
  return { credential, expiresAt: expiresAt.toISOString(), tracker: toThreeDTracker(tracker) };
}

/** `DELETE /api/3d-models/{id}/sessions/{sessionId}`: a member ends a session of the model. */
export async function endModelSession(db: Database, organizationId: string, modelNodeId: string, sessionId: string): Promise<void> {
  await getOwnModel(db, organizationId, modelNodeId);
  if (!(await deleteModelSession(db, organizationId, sessionId, { modelNodeId }))) throw notFound();
}
