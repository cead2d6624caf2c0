import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { WebSocketServer } from 'ws';
import { createMember, getTestApp, type TestApp, type TestMember } from '../../test/support.js';
import { connectTracker, openSession, pairTracker } from '../../test/three-d-trackers.js';

let t: TestApp;
let owner: TestMember;
let stranger: TestMember;
/** A stand-in device: a WebSocket server that answers each frame with "echo:" and the frame. */
let device: WebSocketServer;
let deviceUrl: string;

beforeAll(async () => {
  t = await getTestApp();
  await t.app.ready();
  owner = await createMember(t.app);
  stranger = await createMember(t.app);
  device = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => device.once('listening', () => resolve()));
  deviceUrl = `ws://127.0.0.1:${(device.address() as AddressInfo).port}`;
  device.on('connection', (socket) => {
    socket.on('message', (data, isBinary) => socket.send(isBinary ? data : `echo:${data.toString()}`, { binary: isBinary }));
  });
});
afterAll(async () => {
  await new Promise<void>((resolve) => device.close(() => resolve()));
  await t.close();
});

async function liveSession() {
  const tracker = await pairTracker(t.app, owner, { idFromTracker: `live-${Date.now()}-${Math.random()}` });
  const model = (await t.app.inject({ method: 'POST', url: '/api/3d-models', headers: owner.headers, payload: { name: 'Live room' } })).json().nodeId as string;
  await connectTracker(t.app, owner, tracker.trackerId, model);
  const sessionId = await openSession(t.app, tracker.device, deviceUrl);
  return { model, sessionId, tracker };
}

const nextMessage = (socket: WebSocket) =>
  new Promise<string>((resolve) => socket.once('message', (data) => resolve(data.toString())));

describe('the live view proxy', () => {
  it('relays rosbridge frames between a member and the device while the session is open, then closes', async () => {
    const { model, sessionId } = await liveSession();
    const socket = await t.app.injectWS(`/api/3d-models/${model}/sessions/${sessionId}/ros?org=${owner.organization.slug}`, {
      headers: { authorization: owner.headers.authorization! },
    });
    const answer = nextMessage(socket);
    socket.send(JSON.stringify({ op: 'subscribe', topic: '/cloud' }));
    expect(await answer).toBe('echo:{"op":"subscribe","topic":"/cloud"}');
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/3d-models/${model}/sessions/${sessionId}`, headers: owner.headers })).statusCode).toBe(204);
    expect(await closed).toBe(1008);
  });

  it('refuses another organization, an anonymous caller and a plain GET', async () => {
    const { model, sessionId } = await liveSession();
    const path = `/api/3d-models/${model}/sessions/${sessionId}/ros`;
    await expect(t.app.injectWS(`${path}?org=${stranger.organization.slug}`, { headers: { authorization: stranger.headers.authorization! } })).rejects.toThrow();
    await expect(t.app.injectWS(`${path}?org=${owner.organization.slug}`)).rejects.toThrow();
    const plain = await t.app.inject({ method: 'GET', url: path, headers: owner.headers });
    expect(plain.statusCode).toBe(426);
    expect((await t.app.inject({ method: 'GET', url: path, headers: stranger.headers })).statusCode).toBe(404);
  });
});
