import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodePointCloud2, bytesToBase64, sampleBoxSurface, type PointCloud2Message } from '@gprhub/scan3d';
import { generateSyntheticRecording, RTABMAP_SCHEMA, rtabmapInserts, type RoomTruth } from '@gprhub/scan3d/rtabmap';
import { encode as encodeCbor } from 'cbor-x';
import sqlite from 'node-sqlite3-wasm';
import { WebSocketServer, type WebSocket } from 'ws';
import { UsageError } from './args';

/**
 * `gprhub tracker-sim --pair URL`: a stand-in 3D tracker (docs/decisions/0036 and 0037). It pairs with the
 * add-url of the QR code, waits to be connected to a 3D model, opens a session and serves a rosbridge v2
 * WebSocket streaming a generated room as sensor_msgs/PointCloud2 chunks with the device's pose, records the
 * radar positions of a few GPR lines, closes the session and uploads an RTAB-Map database of the same room
 * (packages/scan3d's synthetic recording) with the positions as a version of the model.
 */

export const TRACKER_SIM_USAGE = `Usage: gprhub tracker-sim --pair URL [options]

  --pair URL            the pairing URL of "Add Tracker" (GET /api/3d-trackers/add-url)
  --id ID               the device id it reports (default gprhub-tracker-sim; pairing again updates that tracker)
  --name NAME           its name (default "Tracker simulator")
  --host HOST           address of its rosbridge WebSocket as the app reaches it (default 127.0.0.1)
  --port N              port of its rosbridge WebSocket (default: any free port)
  --duration-s S        how long it streams the room (default 20)
  --wait-s S            how long it waits to be connected to a 3D model (default 600)
`;

const CLOUD_TOPIC = '/rtabmap/cloud_map';
const POSE_TOPIC = '/rtabmap/localization_pose';
const CHUNKS = 40;
/** How often the session is refreshed: well within the server's TRACKER_SESSION_TIMEOUT_S (default 120 s). */
const HEARTBEAT_MS = 10_000;

interface SimOptions {
  pairUrl: string;
  id: string;
  name: string;
  host: string;
  port: number;
  durationS: number;
  waitS: number;
}

interface Payload {
  apiUrl: string;
  pairingToken: string;
}

const log = (message: string): void => void process.stderr.write(`[tracker-sim] ${message}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function parseTrackerSimArgs(argv: string[]): SimOptions {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument "${arg}"`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    const value = inline ?? argv[++i];
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    values.set(name, value);
  }
  for (const name of values.keys()) {
    if (!['pair', 'id', 'name', 'host', 'port', 'duration-s', 'wait-s'].includes(name)) throw new UsageError(`unknown option --${name}`);
  }
  const pairUrl = values.get('pair');
  if (!pairUrl) throw new UsageError('tracker-sim needs --pair URL (the add-url of "Add Tracker")');
  const number = (name: string, fallback: number) => {
    const raw = values.get(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < 0) throw new UsageError(`--${name} must be a number ≥ 0`);
    return n;
  };
  return {
    pairUrl,
    id: values.get('id') ?? 'gprhub-tracker-sim',
    name: values.get('name') ?? 'Tracker simulator',
    host: values.get('host') ?? '127.0.0.1',
    port: number('port', 0),
    durationS: number('duration-s', 20),
    waitS: number('wait-s', 600),
  };
}

/** The SET_THREE_D_TRACKER payload of a pairing URL (the add-url's answer, possibly as a JSON string). */
export function readPairingUrl(raw: string): Payload {
  let text = raw.trim();
  if (text.startsWith('"')) text = JSON.parse(text) as string;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--pair is not a URL: ${raw}`);
  }
  const encoded = url.searchParams.get('pairing');
  if (!encoded) throw new UsageError('--pair URL has no "pairing" parameter: use the URL of "Add Tracker"');
  const payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as { SET_THREE_D_TRACKER?: Payload };
  const inner = payload.SET_THREE_D_TRACKER;
  if (!inner?.apiUrl || !inner.pairingToken) throw new UsageError('--pair URL does not hold a SET_THREE_D_TRACKER payload');
  return inner;
}

class Api {
  credential = '';
  constructor(readonly base: string) {}

  async call<T>(method: string, route: string, body?: unknown): Promise<T> {
    const response = await fetch(new URL(route, this.base), {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(this.credential ? { authorization: `Bearer ${this.credential}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

function multiply(m: number[][], p: [number, number, number]): [number, number, number] {
  return [0, 1, 2].map((r) => m[r]![0]! * p[0] + m[r]![1]! * p[1] + m[r]![2]! * p[2] + m[r]![3]!) as [number, number, number];
}

/** The room of the recording as points in the map frame, in chunks swept around its middle (the map "grows"). */
export function roomChunks(truth: RoomTruth, chunks: number): { positions: Float32Array; colours: Uint8Array }[] {
  const parts = [{ min: truth.room.min, max: truth.room.max, colour: [205, 200, 190] as [number, number, number] }, ...truth.boxes];
  const all: { p: [number, number, number]; c: [number, number, number]; angle: number }[] = [];
  const centre = multiply(truth.map_T_room, [(truth.room.min[0] + truth.room.max[0]) / 2, (truth.room.min[1] + truth.room.max[1]) / 2, 0]);
  for (const part of parts) {
    const sampled = sampleBoxSurface(part.min, part.max, 0.05);
    for (let i = 0; i < sampled.positions.length / 3; i++) {
      const p = multiply(truth.map_T_room, [sampled.positions[i * 3]!, sampled.positions[i * 3 + 1]!, sampled.positions[i * 3 + 2]!]);
      const shade = 0.75 + 0.25 * (sampled.colours[i * 3]! / 255);
      all.push({ p, c: part.colour.map((v) => Math.round(v * shade)) as [number, number, number], angle: Math.atan2(p[1] - centre[1], p[0] - centre[0]) });
    }
  }
  all.sort((a, b) => a.angle - b.angle);
  const size = Math.ceil(all.length / chunks);
  const out: { positions: Float32Array; colours: Uint8Array }[] = [];
  for (let start = 0; start < all.length; start += size) {
    const slice = all.slice(start, start + size);
    out.push({ positions: new Float32Array(slice.flatMap((x) => x.p)), colours: new Uint8Array(slice.flatMap((x) => x.c)) });
  }
  return out;
}

/** A minimal rosbridge v2 server: subscribe/unsubscribe, publishes as CBOR when asked, else JSON with base64 bytes. */
class RosbridgeServer {
  private readonly subscribers = new Map<WebSocket, Map<string, 'cbor' | 'json'>>();
  /** Everything published on the map topic so far: a late subscriber gets the whole map. */
  private readonly cloudHistory: PointCloud2Message[] = [];
  private readonly server: WebSocketServer;

  constructor(host: string, port: number) {
    this.server = new WebSocketServer({ host: host === '127.0.0.1' || host === 'localhost' ? host : '0.0.0.0', port });
    this.server.on('connection', (socket) => {
      this.subscribers.set(socket, new Map());
      log('a viewer connected to the rosbridge WebSocket');
      socket.on('message', (data) => this.receive(socket, data.toString()));
      socket.on('close', () => this.subscribers.delete(socket));
    });
  }

  async listening(): Promise<number> {
    if (!this.server.address()) await new Promise<void>((resolve) => this.server.once('listening', () => resolve()));
    return (this.server.address() as AddressInfo).port;
  }

  private receive(socket: WebSocket, text: string): void {
    let message: { op?: string; topic?: string; compression?: string };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    const topics = this.subscribers.get(socket);
    if (!topics || !message.topic) return;
    if (message.op === 'subscribe') {
      const compression = message.compression === 'cbor' ? 'cbor' : 'json';
      topics.set(message.topic, compression);
      if (message.topic === CLOUD_TOPIC) for (const cloud of this.cloudHistory) this.send(socket, compression, CLOUD_TOPIC, cloud);
    } else if (message.op === 'unsubscribe') topics.delete(message.topic);
  }

  private send(socket: WebSocket, compression: 'cbor' | 'json', topic: string, msg: unknown): void {
    if (compression === 'cbor') {
      socket.send(encodeCbor({ op: 'publish', topic, msg }), { binary: true });
    } else {
      const json = msg && typeof msg === 'object' && 'data' in msg && (msg as PointCloud2Message).data instanceof Uint8Array ? { ...(msg as PointCloud2Message), data: bytesToBase64((msg as PointCloud2Message).data as Uint8Array) } : msg;
      socket.send(JSON.stringify({ op: 'publish', topic, msg: json }));
    }
  }

  publish(topic: string, msg: unknown): void {
    if (topic === CLOUD_TOPIC) this.cloudHistory.push(msg as PointCloud2Message);
    for (const [socket, topics] of this.subscribers) {
      const compression = topics.get(topic);
      if (compression) this.send(socket, compression, topic, msg);
    }
  }

  async close(): Promise<void> {
    for (const socket of this.subscribers.keys()) socket.close(1000, 'recording finished');
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Radar positions of three GPR lines along the walls, 1 m above the floor (map frame). */
function radarPositions(truth: RoomTruth) {
  const { min, max } = truth.room;
  const z = min[2] + 1;
  const lines: [[number, number, number], [number, number, number]][] = [
    [[min[0] + 0.5, min[1] + 0.02, z], [max[0] - 0.5, min[1] + 0.02, z]],
    [[min[0] + 0.5, min[1] + 0.02, z + 0.3], [max[0] - 0.5, min[1] + 0.02, z + 0.3]],
    [[max[0] - 0.02, min[1] + 0.5, z], [max[0] - 0.02, max[1] - 0.5, z]],
  ];
  return lines.map(([a, b], i) => ({ id: `Line ${i + 1}`, order: i, direction: 'LEFT_TO_RIGHT', startPoint: multiply(truth.map_T_room, a), endPoint: multiply(truth.map_T_room, b) }));
}

function rtabmapDatabase(recording: ReturnType<typeof generateSyntheticRecording>): Uint8Array {
  const folder = mkdtempSync(path.join(tmpdir(), 'gprhub-tracker-sim-'));
  const file = path.join(folder, 'room.db');
  try {
    const db = new sqlite.Database(file);
    try {
      db.exec(RTABMAP_SCHEMA);
      db.exec('BEGIN');
      for (const [sql, params] of rtabmapInserts(recording)) db.run(sql, params);
      db.exec('COMMIT');
    } finally {
      db.close();
    }
    return readFileSync(file);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function runTrackerSim(argv: string[]): Promise<number> {
  const options = parseTrackerSimArgs(argv);
  const payload = readPairingUrl(options.pairUrl);
  const api = new Api(payload.apiUrl);

  const paired = await api.call<{ credential: string; tracker: { nodeId: string; name: string } }>('POST', '/api/3d-tracker-device/pair', {
    pairingToken: payload.pairingToken,
    idFromTracker: options.id,
    name: options.name,
  });
  api.credential = paired.credential;
  log(`paired as "${paired.tracker.name}" (${paired.tracker.nodeId}); waiting to be connected to a 3D model…`);

  const deadline = Date.now() + options.waitS * 1000;
  let modelId: string | null = null;
  while (!modelId) {
    const me = await api.call<{ nextUploadInfo: { threeDModelId: string } | null }>('GET', '/api/3d-tracker-device/tracker');
    modelId = me.nextUploadInfo?.threeDModelId ?? null;
    if (modelId) break;
    if (Date.now() > deadline) throw new Error(`not connected to a 3D model within ${options.waitS} s`);
    await sleep(1000);
  }
  log(`connected to 3D model ${modelId}`);

  const recording = generateSyntheticRecording({ seed: 11, frames: 12, width: 160, height: 120 });
  const chunks = roomChunks(recording.truth, CHUNKS);
  const ros = new RosbridgeServer(options.host, options.port);
  const port = await ros.listening();
  const rosUrl = `ws://${options.host}:${port}`;
  const session = await api.call<{ id: string }>('POST', '/api/3d-tracker-device/sessions', { rosUrl });
  log(`session ${session.id} open; rosbridge at ${rosUrl}; streaming the room for ${options.durationS} s`);

  // The session stays open only while the device refreshes it (TRACKER_SESSION_TIMEOUT_S, default 120 s).
  const heartbeat = setInterval(() => {
    api.call('POST', `/api/3d-tracker-device/sessions/${session.id}/heartbeat`).catch((error: unknown) => log(`heartbeat failed: ${String(error)}`));
  }, HEARTBEAT_MS);
  try {
    const poses = recording.truth.poses;
    const stepMs = (options.durationS * 1000) / chunks.length;
    for (const [i, chunk] of chunks.entries()) {
      const now = Date.now();
      const stamp = { sec: Math.floor(now / 1000), nanosec: (now % 1000) * 1e6 };
      ros.publish(CLOUD_TOPIC, encodePointCloud2(chunk.positions, chunk.colours, 'map', stamp));
      const pose = poses[Math.floor((i / chunks.length) * poses.length)]!.ground_truth;
      ros.publish(POSE_TOPIC, {
        header: { frame_id: 'map', stamp },
        pose: { pose: { position: { x: pose[0]![3]!, y: pose[1]![3]!, z: pose[2]![3]! }, orientation: { x: 0, y: 0, z: 0, w: 1 } }, covariance: new Array<number>(36).fill(0) },
      });
      await sleep(stepMs);
    }
  } finally {
    clearInterval(heartbeat);
    await api.call('DELETE', `/api/3d-tracker-device/sessions/${session.id}`).catch((error: unknown) => log(`closing the session failed: ${String(error)}`));
    await ros.close();
  }
  log('session closed; uploading the recording');

  const files = [
    { name: 'room.db', extension: 'db', type: 'rtabmap_db', bytes: rtabmapDatabase(recording) },
    { name: 'radar_positions.json', extension: 'json', type: 'radar_positions', bytes: new TextEncoder().encode(JSON.stringify(radarPositions(recording.truth))) },
  ];
  const batch = await api.call<{ files: { uploadUrl: string; file: { id: string } }[] }>('POST', '/api/3d-tracker-device/files/batch', {
    files: files.map(({ name, extension }) => ({ name, extension })),
  });
  for (const [i, target] of batch.files.entries()) {
    const response = await fetch(new URL(target.uploadUrl, payload.apiUrl), { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: files[i]!.bytes });
    if (!response.ok) throw new Error(`upload of ${files[i]!.name} failed: ${response.status} ${await response.text()}`);
  }
  const fileIds = batch.files.map((f) => f.file.id);
  const uploaded = await api.call<{ areAllFilesUploaded: boolean }>('POST', '/api/3d-tracker-device/files/has-uploaded', { fileIds });
  if (!uploaded.areAllFilesUploaded) throw new Error('the uploads did not arrive');
  const version = await api.call<{ threeDModelId: string; threeDModelVersion: { id: string } }>('POST', '/api/3d-tracker-device/versions', {
    files: files.map((f, i) => ({ type: f.type, fileId: fileIds[i] })),
  });
  log(`uploaded version ${version.threeDModelVersion.id} of 3D model ${version.threeDModelId}; point-cloud generation started`);
  process.stdout.write(`${version.threeDModelVersion.id}\n`);
  return 0;
}
