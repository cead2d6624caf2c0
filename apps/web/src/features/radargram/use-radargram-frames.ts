import { useEffect, useRef, useState } from 'react';
import { useGprScanSignal } from '../gpr-scans/gpr-scans-api';
import { RadargramClient, type RadargramFrame } from './radargram-client';
import type { FrameGeometry } from './radargram-pipeline';
import type { SignalSettings } from './signal-settings';

/** The performance mark the viewer sets each time it draws a frame (the benchmark counts them). */
export const FRAME_MARK = 'radargram-frame';

function sameGeometry(a: FrameGeometry | null, b: FrameGeometry): boolean {
  return (
    a !== null &&
    a.traces === b.traces &&
    a.rows === b.rows &&
    a.startSample === b.startSample &&
    a.firstRowTimeS === b.firstRowTimeS &&
    a.sampleIntervalS === b.sampleIntervalS &&
    a.traceSpacingM === b.traceSpacingM
  );
}

/**
 * A scan's radargram frames: fetches the signal (binary, cached per scan), hands it to a Web Worker that
 * processes and colours it, and calls `onFrame` with each frame's pixels on a canvas of the image's own size.
 * Settings changes are coalesced by {@link RadargramClient}. `geometry` changes only when rows or traces do.
 */
export function useRadargramFrames(
  scanId: string,
  settings: SignalSettings,
  onFrame: (image: HTMLCanvasElement, geometry: FrameGeometry) => void,
) {
  const signal = useGprScanSignal(scanId);
  const [geometry, setGeometry] = useState<FrameGeometry | null>(null);
  const [workerError, setWorkerError] = useState<string | null>(null);
  const clientRef = useRef<RadargramClient | null>(null);
  const imageRef = useRef<HTMLCanvasElement | null>(null);
  const onFrameRef = useRef(onFrame);
  const settingsRef = useRef(settings);
  useEffect(() => {
    onFrameRef.current = onFrame;
    settingsRef.current = settings;
  });

  useEffect(() => {
    const worker = new Worker(new URL('./radargram.worker.ts', import.meta.url), { type: 'module' });
    let current: FrameGeometry | null = null;
    const receive = (frame: RadargramFrame) => {
      const image = (imageRef.current ??= document.createElement('canvas'));
      if (image.width !== frame.width || image.height !== frame.height) {
        image.width = frame.width;
        image.height = frame.height;
      }
      const pixels = new Uint8ClampedArray(frame.pixels);
      image.getContext('2d')?.putImageData(new ImageData(pixels, frame.width, frame.height), 0, 0);
      if (!sameGeometry(current, frame.geometry)) {
        current = frame.geometry;
        setGeometry(frame.geometry);
      }
      setWorkerError(null);
      onFrameRef.current(image, frame.geometry);
    };
    const client = new RadargramClient(worker, receive, setWorkerError);
    clientRef.current = client;
    return () => {
      client.dispose();
      clientRef.current = null;
    };
  }, []);

  const data = signal.data;
  useEffect(() => {
    if (!data || !clientRef.current) return;
    clientRef.current.load(data);
    clientRef.current.render(settingsRef.current);
  }, [data]);

  useEffect(() => {
    if (data) clientRef.current?.render(settings);
  }, [settings, data]);

  return {
    geometry,
    image: imageRef,
    isLoading: signal.isLoading,
    error: signal.error ?? (workerError ? new Error(workerError) : null),
  };
}
