import { describe, expect, it } from 'vitest';
import { RadargramClient, type RadargramFrame, type WorkerLike } from './radargram-client';
import type { FrameGeometry, SignalData } from './radargram-pipeline';
import type { RadargramWorkerRequest, RadargramWorkerResponse } from './radargram-worker-protocol';
import { DEFAULT_SIGNAL_SETTINGS } from './signal-settings';

function fakeWorker() {
  const sent: RadargramWorkerRequest[] = [];
  const worker: WorkerLike = {
    postMessage: (message) => void sent.push(message),
    onmessage: null,
    terminate: () => undefined,
  };
  const answer = (message: RadargramWorkerResponse) =>
    worker.onmessage?.({ data: message } as MessageEvent<RadargramWorkerResponse>);
  return { worker, sent, answer };
}

const signal: SignalData = {
  traces: 1,
  samplesPerTrace: 1,
  sampleIntervalS: 1e-11,
  traceSpacingM: 0.01,
  timeOffsetS: 0,
  data: new Float32Array(1),
};
const geometry = {} as FrameGeometry;
const frame = (seq: number): RadargramWorkerResponse => ({
  type: 'frame',
  seq,
  width: 1,
  height: 1,
  pixels: new ArrayBuffer(4),
  geometry,
  prepareMs: 0,
  renderMs: 0,
});

describe('RadargramClient', () => {
  it('keeps one frame in flight and sends only the latest settings afterwards', () => {
    const { worker, sent, answer } = fakeWorker();
    const frames: RadargramFrame[] = [];
    const client = new RadargramClient(
      worker,
      (f) => frames.push(f),
      () => undefined,
    );
    client.render({ ...DEFAULT_SIGNAL_SETTINGS, linearGainDb: 1 }); // before load: kept
    expect(sent).toHaveLength(0);
    client.load(signal);
    client.render({ ...DEFAULT_SIGNAL_SETTINGS, linearGainDb: 2 });
    for (let gain = 3; gain <= 10; gain++) client.render({ ...DEFAULT_SIGNAL_SETTINGS, linearGainDb: gain });
    const renders = () => sent.filter((m) => m.type === 'render');
    expect(renders()).toHaveLength(1);
    expect(client.isBusy).toBe(true);
    answer(frame(1));
    expect(frames).toHaveLength(1);
    expect(renders()).toHaveLength(2);
    const latest = renders()[1]!;
    expect(latest.type === 'render' && latest.settings.linearGainDb).toBe(10);
    answer(frame(2));
    expect(client.isBusy).toBe(false);
    expect(renders()).toHaveLength(2);
  });

  it('ignores stale answers and reports errors', () => {
    const { worker, answer } = fakeWorker();
    const errors: string[] = [];
    const frames: RadargramFrame[] = [];
    const client = new RadargramClient(
      worker,
      (f) => frames.push(f),
      (m) => errors.push(m),
    );
    client.load(signal);
    client.render(DEFAULT_SIGNAL_SETTINGS);
    answer(frame(99));
    expect(frames).toHaveLength(0);
    answer({ type: 'error', seq: 1, message: 'boom' });
    expect(errors).toEqual(['boom']);
    expect(client.isBusy).toBe(false);
  });
});
