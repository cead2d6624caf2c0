import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PAIRING_PAYLOAD_KEY, PAIRING_URL_PARAM, ThreeDTrackerMessages } from '@gprhub/contract';
import { eq, schema } from '@gprhub/db';
import { generateSyntheticRecording } from '@gprhub/scan3d/rtabmap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeRtabmapFile } from '../../jobs/rtabmap-sqlite.js';
import { createMember, getTestApp, putUpload, type TestApp, type TestMember } from '../../test/support.js';
import { createModelWithVersion, uploadFiles } from '../../test/three-d-models.js';
import { sha256 } from './three-d-trackers.service.js';
import { addUrl, connectTracker, openSession, pairingTokenOf, pairTracker } from '../../test/three-d-trackers.js';

let t: TestApp;
let owner: TestMember;
let stranger: TestMember;
const tmp = mkdtempSync(path.join(tmpdir(), 'gprhub-trackers-'));

beforeAll(async () => {
  t = await getTestApp();
  owner = await createMember(t.app);
  stranger = await createMember(t.app);
});
afterAll(async () => {
  await t.close();
  rmSync(tmp, { recursive: true, force: true });
});

let deviceCounter = 0;
const newDeviceId = () => `rtabmap-device-${Date.now()}-${++deviceCounter}`;
const pair = (pairingToken: string, body: object = {}) =>
  t.app.inject({ method: 'POST', url: '/api/3d-tracker-device/pair', payload: { pairingToken, idFromTracker: newDeviceId(), ...body } });
const list = (member: TestMember, query: object = {}) =>
  t.app.inject({ method: 'GET', url: `/api/3d-trackers/query?q=${encodeURIComponent(JSON.stringify(query))}`, headers: member.headers });
const newModel = async (member: TestMember) =>
  (await t.app.inject({ method: 'POST', url: '/api/3d-models', headers: member.headers, payload: { name: 'Live room' } })).json().nodeId as string;

describe('pairing', () => {
  it('gives an add-url whose SET_THREE_D_TRACKER payload holds a short-lived token of the organization', async () => {
    const url = await addUrl(t.app, owner);
    const encoded = new URL(url).searchParams.get(PAIRING_URL_PARAM)!;
    const payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    const inner = payload[PAIRING_PAYLOAD_KEY];
    expect(inner).toMatchObject({ organizationId: owner.organization.id, apiUrl: t.ctx.config.publicUrl, pairingToken: expect.stringMatching(/^gprp_/) });
    const minutes = (Date.parse(inner.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(5);
    expect(minutes).toBeLessThanOrEqual(10);
    expect((await t.app.inject({ method: 'GET', url: '/api/3d-trackers/add-url' })).statusCode).toBe(401);
  });

  it('pairs a device once per token, named Unknown when it gives no name, into the organization of the token', async () => {
    const token = pairingTokenOf(await addUrl(t.app, owner));
    const idFromTracker = newDeviceId();
    const first = await pair(token, { idFromTracker });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ credential: expect.stringMatching(/^gprt_/), tracker: { name: 'Unknown', idFromTracker, nextUploadInfo: null } });
    const again = await pair(token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ httpStatus: 401, message: ThreeDTrackerMessages.pairingTokenInvalid });
    const mine = (await list(owner, { filter: { idFromTracker } })).json();
    expect(mine.threeDTrackers.map((x: { nodeId: string }) => x.nodeId)).toEqual([first.json().tracker.nodeId]);
    expect((await list(stranger, { filter: { idFromTracker } })).json()).toEqual({ threeDTrackers: [], total: 0 });
  });

  it('refuses an expired token, an unknown one and bad bodies with clear 4xx', async () => {
    const token = pairingTokenOf(await addUrl(t.app, owner));
    await t.ctx.db
      .update(schema.threeDTrackerPairingTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.threeDTrackerPairingTokens.tokenHash, sha256(token)));
    const expired = await pair(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(ThreeDTrackerMessages.pairingTokenInvalid);
    expect((await pair('gprp_made-up')).statusCode).toBe(401);
    const noId = await t.app.inject({ method: 'POST', url: '/api/3d-tracker-device/pair', payload: { pairingToken: 'x', idFromTracker: '  ' } });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().validationErrors[0].path).toBe('idFromTracker');
    const notObject = await t.app.inject({ method: 'POST', url: '/api/3d-tracker-device/pair', headers: { 'content-type': 'application/json' }, payload: '[1]' });
    expect(notObject.statusCode).toBe(400);
  });

  it('pairing the same device again updates its tracker and revokes its earlier credential', async () => {
    const idFromTracker = newDeviceId();
    const first = await pairTracker(t.app, owner, { idFromTracker, name: 'Old name' });
    const second = await pairTracker(t.app, owner, { idFromTracker, name: 'Handheld 2' });
    expect(second.trackerId).toBe(first.trackerId);
    const found = (await list(owner, { filter: { idFromTracker } })).json();
    expect(found).toMatchObject({ total: 1, threeDTrackers: [{ name: 'Handheld 2' }] });
    const old = await t.app.inject({ method: 'GET', url: '/api/3d-tracker-device/tracker', headers: first.device });
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe(ThreeDTrackerMessages.credentialInvalid);
    expect((await t.app.inject({ method: 'GET', url: '/api/3d-tracker-device/tracker', headers: second.device })).json()).toMatchObject({ nodeId: first.trackerId, name: 'Handheld 2' });
  });

  it('the same device id in another organization is another tracker', async () => {
    const idFromTracker = newDeviceId();
    const a = await pairTracker(t.app, owner, { idFromTracker });
    const b = await pairTracker(t.app, stranger, { idFromTracker });
    expect(b.trackerId).not.toBe(a.trackerId);
    expect((await t.app.inject({ method: 'GET', url: '/api/3d-tracker-device/tracker', headers: a.device })).statusCode).toBe(200);
  });
});

describe('the table', () => {
  it('pages, sorts newest first by default, filters, and answers the spec messages for a bad query', async () => {
    const member = await createMember(t.app);
    const made: string[] = [];
    for (const name of ['Alpha', 'Bravo', 'Charlie']) made.push((await pairTracker(t.app, member, { idFromTracker: newDeviceId(), name })).trackerId);
    const all = (await list(member)).json();
    expect(all.total).toBe(3);
    expect(all.threeDTrackers.map((x: { name: string }) => x.name)).toEqual(['Charlie', 'Bravo', 'Alpha']);
    const page = (await list(member, { limit: 1, skip: 1, sort: { field: 'name', direction: 'asc' } })).json();
    expect(page).toMatchObject({ total: 3, threeDTrackers: [{ name: 'Bravo' }] });
    expect((await list(member, { filter: { name: 'harl' } })).json()).toMatchObject({ total: 1, threeDTrackers: [{ name: 'Charlie' }] });
    const model = await newModel(member);
    await connectTracker(t.app, member, made[0]!, model);
    expect((await list(member, { filter: { hasNextUploadInfo: true } })).json()).toMatchObject({ total: 1, threeDTrackers: [{ nodeId: made[0], nextUploadInfo: { threeDModelId: model } }] });
    expect((await list(member, { filter: { hasNextUploadInfo: false } })).json().total).toBe(2);
    const badJson = await t.app.inject({ method: 'GET', url: '/api/3d-trackers/query?q=%7Bnope', headers: member.headers });
    expect(badJson.json()).toMatchObject({ httpStatus: 400, message: 'The provided data is not a valid object' });
    const badLimit = (await list(member, { limit: 0 })).json();
    expect(badLimit).toMatchObject({ message: 'One or more of the provided parameters failed validation', validationErrors: [{ path: 'limit', message: 'Property limit cannot be less than 1' }] });
    const badSort = (await list(member, { sort: { field: 'password' } })).json();
    expect(badSort.httpStatus).toBe(400);
  });

  it('renames (not to empty), connects to a model of the organization only, and resets', async () => {
    const { trackerId } = await pairTracker(t.app, owner, { idFromTracker: newDeviceId() });
    const patch = (payload: object, member = owner) => t.app.inject({ method: 'PATCH', url: `/api/3d-trackers/${trackerId}`, headers: member.headers, payload });
    expect((await patch({ name: ' Site tracker ' })).json()).toMatchObject({ name: 'Site tracker' });
    expect((await patch({ name: '  ' })).json()).toMatchObject({ httpStatus: 400, message: 'Name is required', validationErrors: [{ path: 'name', message: 'Name is required' }] });
    expect((await patch({})).statusCode).toBe(400);
    const theirModel = await newModel(stranger);
    expect((await patch({ nextUploadInfo: { threeDModelId: theirModel } })).statusCode).toBe(404);
    const model = await newModel(owner);
    expect((await patch({ nextUploadInfo: { threeDModelId: model } })).json()).toMatchObject({ nextUploadInfo: { threeDModelId: model } });
    expect((await patch({ nextUploadInfo: null })).json()).toMatchObject({ nextUploadInfo: null });
    const send = await t.app.inject({ method: 'POST', url: '/api/3d-trackers/send', headers: owner.headers, payload: { threeDTrackerId: trackerId, nextUploadInfo: { threeDModelId: theirModel } } });
    expect(send.statusCode).toBe(404);
    expect((await patch({ name: 'stolen' }, stranger)).statusCode).toBe(404);
  });
});

describe("the device's credential", () => {
  it('reaches its own tracker and nothing of the hub', async () => {
    const other = await pairTracker(t.app, owner, { idFromTracker: newDeviceId() });
    const { device, trackerId } = await pairTracker(t.app, owner, { idFromTracker: newDeviceId() });
    expect((await t.app.inject({ method: 'GET', url: '/api/3d-tracker-device/tracker', headers: device })).json()).toMatchObject({ nodeId: trackerId });
    const { modelId } = await createModelWithVersion(t.app, owner);
    const withOrg = { ...device, 'x-organization': owner.organization.slug };
    for (const url of [
      '/api/nodes/query',
      '/api/3d-trackers/query',
      `/api/3d-trackers/${other.trackerId}`,
      `/api/3d-trackers/${trackerId}`,
      `/api/3d-models/${modelId}`,
      '/api/tenant-keys/query',
      '/api/3d-trackers/add-url',
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers: withOrg })).statusCode, url).toBe(401);
    }
    // A user's token is not a device credential either.
    expect((await t.app.inject({ method: 'GET', url: '/api/3d-tracker-device/tracker', headers: owner.headers })).statusCode).toBe(401);
  });

  it('opens sessions only on the model it is connected to, closes only its own', async () => {
    const a = await pairTracker(t.app, owner, { idFromTracker: newDeviceId() });
    const b = await pairTracker(t.app, owner, { idFromTracker: newDeviceId() });
    const notConnected = await t.app.inject({ method: 'POST', url: '/api/3d-tracker-device/sessions', headers: a.device, payload: { rosUrl: 'ws://10.0.0.2:9090' } });
    expect(notConnected.statusCode).toBe(409);
    expect(notConnected.json().message).toBe(ThreeDTrackerMessages.notConnectedToModel);
    const model = await newModel(owner);
    await connectTracker(t.app, owner, a.trackerId, model);
    const badUrl = await t.app.inject({ method: 'POST', url: '/api/3d-tracker-device/sessions', headers: a.device, payload: { rosUrl: 'http://10.0.0.2' } });
    expect(badUrl.json()).toMatchObject({ httpStatus: 400, validationErrors: [{ path: 'rosUrl', message: ThreeDTrackerMessages.rosUrlInvalid }] });
    const sessionId = await openSession(t.app, a.device, 'ws://10.0.0.2:9090');
    const seen = (await t.app.inject({ method: 'GET', url: `/api/3d-models/${model}`, headers: owner.headers })).json();
    expect(seen.session).toEqual({ id: sessionId, rosUrl: 'ws://10.0.0.2:9090' });
    const byOther = await t.app.inject({ method: 'DELETE', url: `/api/3d-tracker-device/sessions/${sessionId}`, headers: b.device });
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json().message).toBe(ThreeDTrackerMessages.sessionNotFound);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/3d-tracker-device/sessions/${sessionId}`, headers: a.device })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/3d-models/${model}`, headers: owner.headers })).json().session).toBeNull();
  });

  it('a member ends a session of a model of the organization', async () => {
    const a = await pairTracker(t.app, owner, { idFromTracker: newDeviceId() });
    const model = await newModel(owner);
    await connectTracker(t.app, owner, a.trackerId, model);
    const sessionId = await openSession(t.app, a.device);
    const otherModel = await newModel(owner);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/3d-models/${otherModel}/sessions/${sessionId}`, headers: owner.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/3d-models/${model}/sessions/${sessionId}`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/3d-models/${model}/sessions/${sessionId}`, headers: owner.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/3d-models/${model}/sessions/${sessionId}`, headers: owner.headers })).statusCode).toBe(404);
  });

  it('uploads its recording as a version of the connected model, which starts point-cloud generation and ends the connection', async () => {
    const { device, trackerId } = await pairTracker(t.app, owner, { idFromTracker: newDeviceId(), name: 'Recorder' });
    const model = await newModel(owner);
    const otherModel = await newModel(owner);
    const batchBody = { files: [{ name: 'room.db', extension: 'db' }, { name: 'radar_positions.json', extension: 'json' }] };
    expect((await t.app.inject({ method: 'POST', url: '/api/3d-tracker-device/files/batch', headers: device, payload: batchBody })).statusCode).toBe(409);
    await connectTracker(t.app, owner, trackerId, model);
    const batch = await t.app.inject({ method: 'POST', url: '/api/3d-tracker-device/files/batch', headers: device, payload: batchBody });
    expect(batch.statusCode).toBe(200);
    const targets = batch.json().files as { uploadUrl: string; file: { id: string; nodeId: string } }[];
    expect(targets.every((x) => x.file.nodeId === model)).toBe(true);
    const dbFile = path.join(tmp, 'room.db');
    writeRtabmapFile(dbFile, generateSyntheticRecording({ seed: 3, frames: 3, width: 64, height: 48 }));
    const positions = JSON.stringify([{ id: 'Line 1', order: 0, direction: 'LEFT_TO_RIGHT', startPoint: [0.1, 0, 0.3], endPoint: [0.9, 0, 0.3] }]);
    expect((await putUpload(t.app, targets[0]!.uploadUrl, readFileSync(dbFile))).statusCode).toBe(204);
    expect((await putUpload(t.app, targets[1]!.uploadUrl, new TextEncoder().encode(positions))).statusCode).toBe(204);
    const ids = targets.map((x) => x.file.id);
    const has = await t.app.inject({ method: 'POST', url: '/api/3d-tracker-device/files/has-uploaded', headers: device, payload: { fileIds: ids } });
    expect(has.json()).toEqual({ areAllFilesUploaded: true });
    // A file of another node of the organization is not the device's to use.
    const [foreign] = await uploadFiles(t.app, owner, otherModel, [{ name: 'x.json', bytes: new TextEncoder().encode(positions) }]);
    const stolen = await t.app.inject({ method: 'POST', url: '/api/3d-tracker-device/versions', headers: device, payload: { files: [{ type: 'radar_positions', fileId: foreign }] } });
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().message).toBe(ThreeDTrackerMessages.fileNotOfModel);
    const version = await t.app.inject({
      method: 'POST',
      url: '/api/3d-tracker-device/versions',
      headers: device,
      payload: { files: [{ type: 'rtabmap_db', fileId: ids[0] }, { type: 'radar_positions', fileId: ids[1] }] },
    });
    expect(version.statusCode).toBe(201);
    const versionId = version.json().threeDModelVersion.id;
    const shown = (await t.app.inject({ method: 'GET', url: `/api/3d-models/${model}`, headers: owner.headers })).json();
    expect(shown.threeDModelVersion.id).toBe(versionId);
    expect(shown.rtabmapDatabaseFile).toMatchObject({ name: 'room.db' });
    const generation = await t.app.inject({
      method: 'POST',
      url: '/api/analyses/by-input',
      headers: owner.headers,
      payload: { analysisType: 'GENERATE_POINT_CLOUD', analysisInput: { threeDModelVersionId: versionId } },
    });
    expect(generation.json().analysis).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/api/3d-trackers/${trackerId}`, headers: owner.headers })).json().nextUploadInfo).toBeNull();
    // The next upload is done: no more uploads until connected again.
    expect((await t.app.inject({ method: 'POST', url: '/api/3d-tracker-device/files/batch', headers: device, payload: batchBody })).statusCode).toBe(409);
  });

  it('stops working when it expires, and when its tracker is deleted (sessions end with it)', async () => {
    const { device, trackerId } = await pairTracker(t.app, owner, { idFromTracker: newDeviceId() });
    const model = await newModel(owner);
    await connectTracker(t.app, owner, trackerId, model);
    await openSession(t.app, device);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/3d-trackers/${trackerId}`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/3d-trackers/${trackerId}`, headers: owner.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/3d-tracker-device/tracker', headers: device })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/3d-models/${model}`, headers: owner.headers })).json().session).toBeNull();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/3d-trackers/${trackerId}`, headers: owner.headers })).statusCode).toBe(404);

    const second = await pairTracker(t.app, owner, { idFromTracker: newDeviceId() });
    await t.ctx.db
      .update(schema.threeDTrackerCredentials)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.threeDTrackerCredentials.trackerNodeId, second.trackerId));
    const expired = await t.app.inject({ method: 'GET', url: '/api/3d-tracker-device/tracker', headers: second.device });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(ThreeDTrackerMessages.credentialInvalid);
  });

  it('stops working while its tracker node is in the bin', async () => {
    const { device, trackerId } = await pairTracker(t.app, owner, { idFromTracker: newDeviceId() });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/nodes/${trackerId}`, headers: owner.headers })).statusCode).toBeLessThan(300);
    expect((await t.app.inject({ method: 'GET', url: '/api/3d-tracker-device/tracker', headers: device })).statusCode).toBe(401);
  });
});
