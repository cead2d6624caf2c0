import type { SignalData } from './radargram-pipeline';
import type { RadargramWorkerRequest, RadargramWorkerResponse } from './radargram-worker-protocol';
import type { SignalSettings } from './signal-settings';

/** The part of a Worker the client uses (a fake one in tests). */
export interface WorkerLike {
  postMessage(message: RadargramWorkerRequest, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<RadargramWorkerResponse>) => void) | null;
  terminate(): void;
}

export type RadargramFrame = Extract<RadargramWorkerResponse, { type: 'frame' }>;

/**
 * Talks to the radargram worker and coalesces requests: at most one frame is being computed; settings that
 * arrive meanwhile replace each other, and only the latest is sent when the frame comes back. A slider
 * dragged faster than frames can be made therefore never builds a queue of stale frames.
 */
export class RadargramClient {
  private seq = 0;
  private inFlight: number | null = null;
  private pending: SignalSettings | null = null;
  private isLoaded = false;

  constructor(
    private readonly worker: WorkerLike,
    private readonly onFrame: (frame: RadargramFrame) => void,
    private readonly onError: (message: string) => void,
  ) {
    worker.onmessage = (event) => this.receive(event.data);
  }

  /** Hands the worker a scan's signal (copied once); the next render uses it. */
  load(signal: SignalData): void {
    this.worker.postMessage({ type: 'load', signal });
    this.isLoaded = true;
  }

  /** Asks for a frame with these settings; coalesced with any not yet sent. */
  render(settings: SignalSettings): void {
    this.pending = settings;
    if (this.isLoaded && this.inFlight === null) this.sendPending();
  }

  /** Whether a frame is being computed (for tests and the benchmark). */
  get isBusy(): boolean {
    return this.inFlight !== null;
  }

  dispose(): void {
    this.worker.onmessage = null;
    this.worker.terminate();
  }

  private sendPending(): void {
    const settings = this.pending;
    if (!settings) return;
    this.pending = null;
    this.inFlight = ++this.seq;
    this.worker.postMessage({ type: 'render', seq: this.inFlight, settings });
  }

  private receive(message: RadargramWorkerResponse): void {
    if (message.seq !== this.inFlight) return;
    this.inFlight = null;
    if (message.type === 'frame') this.onFrame(message);
    else this.onError(message.message);
    this.sendPending();
  }
}
