import {
  frameGeometry,
  prepareKey,
  prepareSignal,
  renderFrame,
  type PreparedSignal,
  type SignalData,
} from './radargram-pipeline';
import type { RadargramWorkerRequest, RadargramWorkerResponse } from './radargram-worker-protocol';

/**
 * The worker's state machine, without the worker: holds the loaded signal and the cached slow stage, and
 * answers each request with a frame (or an error). `post` receives the answer and what to transfer.
 */
export function createRadargramWorkerCore(
  post: (message: RadargramWorkerResponse, transfer: Transferable[]) => void,
  now: () => number = () => performance.now(),
) {
  let signal: SignalData | null = null;
  let prepared: PreparedSignal | null = null;
  return (request: RadargramWorkerRequest): void => {
    if (request.type === 'load') {
      signal = request.signal;
      prepared = null;
      return;
    }
    const { seq, settings } = request;
    try {
      if (!signal) throw new Error('No signal loaded');
      const start = now();
      if (!prepared || prepared.key !== prepareKey(settings)) prepared = prepareSignal(signal, settings);
      const afterPrepare = now();
      const pixels = renderFrame(prepared, settings);
      const end = now();
      post(
        {
          type: 'frame',
          seq,
          width: prepared.traces,
          height: prepared.rows,
          pixels: pixels.buffer as ArrayBuffer,
          geometry: frameGeometry(prepared, signal),
          prepareMs: afterPrepare - start,
          renderMs: end - afterPrepare,
        },
        [pixels.buffer as ArrayBuffer],
      );
    } catch (error) {
      post({ type: 'error', seq, message: error instanceof Error ? error.message : String(error) }, []);
    }
  };
}
