import { parentPort } from 'node:worker_threads';
import { compute, type ComputeRequest } from './compute.js';

/**
 * Worker-thread entry: computes the analyses it is sent, one at a time, and posts
 * `{ id, kind: 'progress' | 'partial' | 'done' | 'error', … }` back. The thread stays alive between analyses so
 * the engine stays compiled (a cold thread spends ~0.2 s more per analysis). See thread-runner.ts.
 */
const port = parentPort;
port?.on('message', async ({ id, request }: { id: number; request: ComputeRequest }) => {
  try {
    const output = await compute(request, {
      progress: (fraction, message) => port.postMessage({ id, kind: 'progress', fraction, message }),
      partial: (key, value) => port.postMessage({ id, kind: 'partial', key, value }),
    });
    const transfer = [
      ...(output.png ? [output.png.buffer as ArrayBuffer] : []),
      ...(output.files ?? []).map((f) => f.bytes.buffer as ArrayBuffer),
    ];
    port.postMessage({ id, kind: 'done', output }, transfer);
  } catch (error) {
    port.postMessage({ id, kind: 'error', message: error instanceof Error ? error.message : String(error) });
  }
});
