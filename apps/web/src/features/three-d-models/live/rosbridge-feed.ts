import { LIVE_TOPICS } from '@gprhub/contract';
import { decodePointCloud2, type DecodedCloud, type PointCloud2Message } from '@gprhub/scan3d';

export interface FeedHandlers {
  onOpen: () => void;
  /** The socket closed; `wasOpen` false means it could not be reached at all. */
  onClose: (wasOpen: boolean) => void;
  onCloud: (cloud: DecodedCloud) => void;
  /** The device's position, RTAB-Map world frame (z up), metres. */
  onPose: (position: [number, number, number]) => void;
  onError: (message: string) => void;
}

interface PublishMessage {
  op: string;
  topic?: string;
  msg?: unknown;
}

interface PoseMessage {
  pose?: {
    pose?: { position?: { x: number; y: number; z: number } };
    position?: { x: number; y: number; z: number };
  };
}

/** The rosbridge address of a session, through the app's proxy (decision 0037). */
export function liveFeedUrl(
  modelId: string,
  sessionId: string,
  organization: string,
  location: Location = window.location,
): string {
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${location.host}/api/3d-models/${modelId}/sessions/${sessionId}/ros?org=${encodeURIComponent(organization)}`;
}

let cborDecode: Promise<(bytes: Uint8Array) => unknown> | null = null;

/**
 * cbor-x, loaded with the first binary frame: its module probes `Function('')` when it loads, which the
 * app's content-security policy blocks and reports, so it must not be part of any page's static imports.
 */
function loadCborDecode(): Promise<(bytes: Uint8Array) => unknown> {
  cborDecode ??= import('cbor-x').then((cbor) => cbor.decode);
  return cborDecode;
}

/** Parse one rosbridge frame: binary frames are CBOR (asked for with `compression: "cbor"`), text frames JSON. */
export async function parseFrame(data: ArrayBuffer | string): Promise<PublishMessage> {
  if (typeof data === 'string') return JSON.parse(data) as PublishMessage;
  const decode = await loadCborDecode();
  return decode(new Uint8Array(data)) as PublishMessage;
}

/**
 * A rosbridge v2 client for the live view: subscribes to the map cloud and the pose with CBOR compression
 * (a server that does not offer CBOR answers JSON, with the cloud's bytes in base64: both are read).
 */
export class RosbridgeFeed {
  private readonly socket: WebSocket;
  private wasOpen = false;
  private isClosed = false;
  /** Frames are handled one after another, in the order they arrived (decoding may wait for the decoder). */
  private received: Promise<void> = Promise.resolve();

  constructor(
    url: string,
    private readonly handlers: FeedHandlers,
  ) {
    this.socket = new WebSocket(url);
    this.socket.binaryType = 'arraybuffer';
    this.socket.onopen = () => {
      this.wasOpen = true;
      for (const [id, { topic, type }] of Object.entries(LIVE_TOPICS)) {
        this.socket.send(
          JSON.stringify({
            op: 'subscribe',
            id: `gprhub-${id}`,
            topic,
            type,
            compression: 'cbor',
            queue_length: 10,
          }),
        );
      }
      handlers.onOpen();
    };
    this.socket.onclose = () => handlers.onClose(this.wasOpen);
    this.socket.onmessage = (event: MessageEvent<ArrayBuffer | string>) => {
      this.received = this.received.then(() => this.receive(event.data));
    };
  }

  private async receive(data: ArrayBuffer | string): Promise<void> {
    let message: PublishMessage;
    try {
      message = await parseFrame(data);
    } catch {
      if (!this.isClosed) this.handlers.onError('A message of the 3D tracker could not be read');
      return;
    }
    if (this.isClosed) return;
    if (message.op !== 'publish' || !message.msg) return;
    try {
      if (message.topic === LIVE_TOPICS.cloud.topic)
        this.handlers.onCloud(decodePointCloud2(message.msg as PointCloud2Message));
      else if (message.topic === LIVE_TOPICS.pose.topic) {
        const pose = message.msg as PoseMessage;
        const p = pose.pose?.pose?.position ?? pose.pose?.position;
        if (p && [p.x, p.y, p.z].every(Number.isFinite)) this.handlers.onPose([p.x, p.y, p.z]);
      }
    } catch (error) {
      this.handlers.onError(error instanceof Error ? error.message : String(error));
    }
  }

  close(): void {
    this.isClosed = true;
    this.socket.onclose = null;
    this.socket.close();
  }
}
