import type { FrameGeometry, SignalData } from './radargram-pipeline';
import type { SignalSettings } from './signal-settings';

/** Main thread → worker. */
export type RadargramWorkerRequest =
  { type: 'load'; signal: SignalData } | { type: 'render'; seq: number; settings: SignalSettings };

/** Worker → main thread. A frame's pixels travel as a transferred buffer (no copy). */
export type RadargramWorkerResponse =
  | {
      type: 'frame';
      seq: number;
      width: number;
      height: number;
      pixels: ArrayBuffer;
      geometry: FrameGeometry;
      /** Time spent in the slow stage (0 when it was cached) and in gains + colours, milliseconds. */
      prepareMs: number;
      renderMs: number;
    }
  | { type: 'error'; seq: number; message: string };
