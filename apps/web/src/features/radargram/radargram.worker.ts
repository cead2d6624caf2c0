import { createRadargramWorkerCore } from './radargram-worker-core';
import type { RadargramWorkerRequest } from './radargram-worker-protocol';

// The radargram's processing and colouring run here, off the main thread, so sliders stay smooth. A dedicated
// worker's scope has the same postMessage/onmessage shape as a Worker seen from outside.
const scope = self as unknown as Worker;
const handle = createRadargramWorkerCore((message, transfer) => scope.postMessage(message, transfer));
scope.onmessage = (event: MessageEvent<RadargramWorkerRequest>) => handle(event.data);
