import { SIGNAL_BINARY_HEADER_BYTES, SIGNAL_BINARY_MAGIC } from '@gprhub/contract';

/** A scan's signal as `GET /api/gpr-scans/{id}/signal` sends it in binary (trace-major float32). */
export interface ScanSignal {
  traces: number;
  samplesPerTrace: number;
  sampleIntervalS: number;
  traceSpacingM: number;
  timeOffsetS: number;
  /** `data[t * samplesPerTrace + s]`. */
  data: Float32Array;
}

/**
 * Decode the signal route's binary form (40-byte little-endian header, then float32 samples).
 * @throws when the buffer is not that layout.
 */
export function decodeSignalBinary(buffer: ArrayBuffer): ScanSignal {
  const view = new DataView(buffer);
  const magic = String.fromCharCode(...new Uint8Array(buffer, 0, Math.min(4, buffer.byteLength)));
  if (buffer.byteLength < SIGNAL_BINARY_HEADER_BYTES || magic !== SIGNAL_BINARY_MAGIC)
    throw new Error('The signal is not in the expected binary layout');
  const headerBytes = view.getUint16(6, true);
  const traces = view.getUint32(8, true);
  const samplesPerTrace = view.getUint32(12, true);
  const count = traces * samplesPerTrace;
  if (buffer.byteLength < headerBytes + count * 4) throw new Error('The signal is truncated');
  // Copy so the samples are aligned whatever the header length.
  const data = new Float32Array(buffer.slice(headerBytes, headerBytes + count * 4));
  return {
    traces,
    samplesPerTrace,
    sampleIntervalS: view.getFloat64(16, true),
    traceSpacingM: view.getFloat64(24, true),
    timeOffsetS: view.getFloat64(32, true),
    data,
  };
}

// The depth section lives in packages/gpr (shared with the API's PDF report).
export { renderSignalDepthImage } from '@gprhub/gpr';
export type { DepthConversion, DepthImage } from '@gprhub/gpr';
