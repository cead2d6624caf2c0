/**
 * #17 follow-up: a session lives while its device refreshes it (heartbeat; TRACKER_SESSION_TIMEOUT_S), and a
 * device's rosUrl is kept to the site network unless TRACKER_ROS_HOSTS lists the host (decisions 0036, 0037).
 * Time is "advanced" by moving the session's last sign of life into the past, so nothing here waits on a clock
 * except the live proxy's periodic re-check.
 */
import type { AddressInfo } from 'node:net';
import { ThreeDTrackerMessages } from '@gprhub/contract';
import { schema } from '@gprhub/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { loadConfig } from '../../config.js';
import { createMember, getTestApp, type TestApp, type TestMember } from '../../test/support.js';
import { connectTracker, openSession, pairTracker } from '../../test/three-d-trackers.js';
import { isRosUrlAllowed } from './ros-hosts.js';

/** Long enough that nothing expires by itself while a loaded machine runs a test; the proxy re-checks every 5 s. */
const TIMEOUT_MS = 20_000;

let t: TestApp;
let owner: TestMember;
let stranger: TestMember;
let device: WebSocketServer;
let deviceUrl: string;

beforeAll(async () => {
  const base = loadConfig({ DATA_DIR: '/tmp/unused', AUTH_SECRET: 'x' });
  t = await getTestApp({ trackers: { ...base.trackers, sessionTimeoutMs: TIMEOUT_MS } });
  owner = await createMember(t.app);
  stranger = await createMember(t.app);
  device = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => device.once('listening', () => resolve()));
  deviceUrl = `ws://127.0.0.1:${(device.address() as AddressInfo).port}`;
  device.on('connection', (socket) => socket.on('message', (data) => socket.send(`echo:${data.toString()}`)));
});
afterAll(async () => {
  await new Promise<void>((resolve) => device.close(() => resolve()));
  await t.close();
});

async function connected(member: TestMember) {
  const tracker = await pairTracker(t.app, member, { idFromTracker: `sessions-${Date.now()}-${Math.random()}` });
  const model = (await t.app.inject({ method: 'POST', url: '/api/3d-models', headers: member.headers, payload: { name: 'Live room' } })).json().nodeId as string;
  await connectTracker(t.app, member, tracker.trackerId, model);
  return { tracker, model };
}

/** The device's last sign of life, `ms` ago (as if it had gone quiet that long). */
async function lastSeen(sessionId: string, ms: number) {
  await t.ctx.db
    .update(schema.threeDModelSessions)
    .set({ lastSeenAt: new Date(Date.now() - ms) })
    .where(eq(schema.threeDModelSessions.id, sessionId));
}

async function lastSeenAt(sessionId: string): Promise<number> {
  const [row] = await t.ctx.db.select().from(schema.threeDModelSessions).where(eq(schema.threeDModelSessions.id, sessionId));
  return row!.lastSeenAt.getTime();
}

const heartbeat = (headers: Record<string, string>, sessionId: string) =>
  t.app.inject({ method: 'POST', url: `/api/3d-tracker-device/sessions/${sessionId}/heartbeat`, headers });
const sessionOf = async (model: string, member = owner) =>
  (await t.app.inject({ method: 'GET', url: `/api/3d-models/${model}`, headers: member.headers })).json().session as { id: string } | null;

describe('session expiry and heartbeat', () => {
  it('a heartbeat keeps the session open; one not refreshed in time has ended and cannot be revived', async () => {
    const { tracker, model } = await connected(owner);
    const sessionId = await openSession(t.app, tracker.device);
    expect(await sessionOf(model)).toMatchObject({ id: sessionId });

    // Quiet for most of the timeout: still open, and the heartbeat refreshes it.
    const before = Date.now() - TIMEOUT_MS / 2;
    await lastSeen(sessionId, TIMEOUT_MS / 2);
    expect(await sessionOf(model)).toMatchObject({ id: sessionId });
    expect((await heartbeat(tracker.device, sessionId)).statusCode).toBe(204);
    expect(await lastSeenAt(sessionId)).toBeGreaterThan(before);
    expect(await sessionOf(model)).toMatchObject({ id: sessionId });

    // Quiet for longer than the timeout: ended.
    await lastSeen(sessionId, TIMEOUT_MS + 1000);
    expect(await sessionOf(model)).toBeNull();
    const late = await heartbeat(tracker.device, sessionId);
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe(ThreeDTrackerMessages.sessionNotFound);
    expect(await sessionOf(model)).toBeNull();

    // The device opens a new one, which the model reports.
    const next = await openSession(t.app, tracker.device);
    expect(await sessionOf(model)).toMatchObject({ id: next });
  });

  it('only the tracker of the session refreshes it; no credential → 401', async () => {
    const { tracker } = await connected(owner);
    const other = await connected(owner);
    const foreign = await connected(stranger);
    const sessionId = await openSession(t.app, tracker.device);
    expect((await heartbeat(other.tracker.device, sessionId)).statusCode).toBe(404);
    expect((await heartbeat(foreign.tracker.device, sessionId)).statusCode).toBe(404);
    expect((await heartbeat({}, sessionId)).statusCode).toBe(401);
    expect((await heartbeat(owner.headers, sessionId)).statusCode).toBe(401);
    expect((await heartbeat(tracker.device, sessionId)).statusCode).toBe(204);
  });

  it('the live proxy closes when the session expires, and refuses to open on an expired one', async () => {
    const { tracker, model } = await connected(owner);
    const sessionId = await openSession(t.app, tracker.device, deviceUrl);
    const path = `/api/3d-models/${model}/sessions/${sessionId}/ros?org=${owner.organization.slug}`;
    const socket = await t.app.injectWS(path, { headers: { authorization: owner.headers.authorization! } });
    const answer = new Promise<string>((resolve) => socket.once('message', (data) => resolve(data.toString())));
    socket.send('ping');
    expect(await answer).toBe('echo:ping');
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await lastSeen(sessionId, TIMEOUT_MS + 1000);
    expect(await closed).toBe(1008);
    await expect(t.app.injectWS(path, { headers: { authorization: owner.headers.authorization! } })).rejects.toThrow();
  });

  it('a member of another organization cannot end the session (404); a member of its own can', async () => {
    const { tracker, model } = await connected(owner);
    const sessionId = await openSession(t.app, tracker.device);
    const end = (member: TestMember) => t.app.inject({ method: 'DELETE', url: `/api/3d-models/${model}/sessions/${sessionId}`, headers: member.headers });
    expect((await end(stranger)).statusCode).toBe(404);
    expect(await sessionOf(model)).toMatchObject({ id: sessionId });
    expect((await end(owner)).statusCode).toBe(204);
    expect(await sessionOf(model)).toBeNull();
    expect((await heartbeat(tracker.device, sessionId)).statusCode).toBe(404);
  });
});

describe("the rosUrl's host", () => {
  it('accepts the site network by default and refuses a public host with a clear 400', async () => {
    const { tracker, model } = await connected(owner);
    for (const rosUrl of ['ws://10.0.0.2:9090', 'ws://192.168.1.20:9090', 'ws://172.20.0.5:9090', 'wss://127.0.0.1:9090', 'ws://169.254.3.4:9090', 'ws://[::1]:9090', 'ws://[fe80::1]:9090', 'ws://localhost:9090', 'ws://tracker-7.local:9090']) {
      expect(await openSession(t.app, tracker.device, rosUrl)).toBeTruthy();
    }
    for (const rosUrl of ['ws://8.8.8.8:9090', 'wss://tracker.example.com/ros', 'ws://172.32.0.1:9090', 'ws://[2001:db8::1]:9090']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/3d-tracker-device/sessions', headers: tracker.device, payload: { rosUrl } });
      expect(res.statusCode, rosUrl).toBe(400);
      expect(res.json().message).toBe(ThreeDTrackerMessages.rosUrlHostRefused);
    }
    // A session without a feed names no host.
    expect(await openSession(t.app, tracker.device, null)).toBeTruthy();
    expect(model).toBeTruthy();
  });

  it('TRACKER_ROS_HOSTS lists other hosts: names, *. wildcards, addresses, CIDR ranges, private, *', () => {
    const listed = loadConfig({ DATA_DIR: '/tmp/unused', AUTH_SECRET: 'x', TRACKER_ROS_HOSTS: 'private, *.site.example.com, 203.0.113.0/24, Relay.Example.org' }).trackers.rosHosts;
    expect(isRosUrlAllowed('ws://10.1.2.3:9090', listed)).toBe(true);
    expect(isRosUrlAllowed('wss://t1.site.example.com/ros', listed)).toBe(true);
    expect(isRosUrlAllowed('wss://site.example.com/ros', listed)).toBe(false);
    expect(isRosUrlAllowed('ws://203.0.113.77:9090', listed)).toBe(true);
    expect(isRosUrlAllowed('ws://203.0.114.1:9090', listed)).toBe(false);
    expect(isRosUrlAllowed('wss://relay.example.org', listed)).toBe(true);
    expect(isRosUrlAllowed('wss://evil.example.org', listed)).toBe(false);
    const publicOnly = loadConfig({ DATA_DIR: '/tmp/unused', AUTH_SECRET: 'x', TRACKER_ROS_HOSTS: 'relay.example.org' }).trackers.rosHosts;
    expect(isRosUrlAllowed('ws://10.1.2.3:9090', publicOnly)).toBe(false);
    expect(isRosUrlAllowed('ws://8.8.8.8', ['*'])).toBe(true);
    expect(loadConfig({ DATA_DIR: '/tmp/unused', AUTH_SECRET: 'x' }).trackers).toEqual({ sessionTimeoutMs: 120_000, rosHosts: ['private'] });
  });
});
