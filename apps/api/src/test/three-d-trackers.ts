import { PAIRING_PAYLOAD_KEY, PAIRING_URL_PARAM, type PairingPayload } from '@gprhub/contract';
import type { FastifyInstance } from 'fastify';
import type { TestMember } from './support.js';

/** The pairing token inside an add-url (as a device reads it from the QR code). */
export function pairingTokenOf(addUrl: string): string {
  const encoded = new URL(addUrl).searchParams.get(PAIRING_URL_PARAM);
  if (!encoded) throw new Error(`no ${PAIRING_URL_PARAM} parameter in ${addUrl}`);
  const payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as PairingPayload;
  return payload[PAIRING_PAYLOAD_KEY].pairingToken;
}

/** A new add-url of the member's organization. */
export async function addUrl(app: FastifyInstance, member: TestMember): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/3d-trackers/add-url', headers: member.headers });
  if (res.statusCode !== 200) throw new Error(`add-url failed: ${res.statusCode} ${res.body}`);
  return res.body;
}

/** Pair a device in the member's organization; answers its credential headers and tracker. */
export async function pairTracker(
  app: FastifyInstance,
  member: TestMember,
  device: { idFromTracker: string; name?: string | null },
): Promise<{ credential: string; device: Record<string, string>; trackerId: string }> {
  const pairingToken = pairingTokenOf(await addUrl(app, member));
  const res = await app.inject({ method: 'POST', url: '/api/3d-tracker-device/pair', payload: { pairingToken, ...device } });
  if (res.statusCode !== 201) throw new Error(`pair failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { credential: body.credential, device: { authorization: `Bearer ${body.credential}` }, trackerId: body.tracker.nodeId };
}

/** Connect a tracker to a model's next upload ("3D tracker send"). */
export async function connectTracker(app: FastifyInstance, member: TestMember, trackerId: string, modelId: string): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/3d-trackers/send',
    headers: member.headers,
    payload: { threeDTrackerId: trackerId, nextUploadInfo: { threeDModelId: modelId } },
  });
  if (res.statusCode !== 200) throw new Error(`send failed: ${res.statusCode} ${res.body}`);
}

/** The device opens a session on its model; answers the session id. */
export async function openSession(app: FastifyInstance, device: Record<string, string>, rosUrl: string | null = 'ws://192.168.1.20:9090'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/3d-tracker-device/sessions', headers: device, payload: { rosUrl } });
  if (res.statusCode !== 201) throw new Error(`session failed: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}
