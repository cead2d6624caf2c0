import {
  SIGNAL_BINARY_HEADER_BYTES,
  SIGNAL_BINARY_MAGIC,
  SIGNAL_BINARY_VERSION,
  SIGNAL_BINARY_VERSION_SHUFFLED,
} from '@gprhub/contract';

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
 * Decode the signal route's binary form (40-byte little-endian header, then float32 samples): version 1 (the
 * values one after the other) or version 2 (`?layout=shuffled`: their bytes grouped by position).
 * @throws when the buffer is not that layout.
 */
export function decodeSignalBinary(buffer: ArrayBuffer): ScanSignal {
  const view = new DataView(buffer);
  const magic = String.fromCharCode(...new Uint8Array(buffer, 0, Math.min(4, buffer.byteLength)));
  if (buffer.byteLength < SIGNAL_BINARY_HEADER_BYTES || magic !== SIGNAL_BINARY_MAGIC)
    throw new Error('The signal is not in the expected binary layout');
  const version = view.getUint16(4, true);
  if (version !== SIGNAL_BINARY_VERSION && version !== SIGNAL_BINARY_VERSION_SHUFFLED)
    throw new Error(`The signal's binary layout version ${version} is not known`);
  const headerBytes = view.getUint16(6, true);
  const traces = view.getUint32(8, true);
  const samplesPerTrace = view.getUint32(12, true);
  const count = traces * samplesPerTrace;
  if (buffer.byteLength < headerBytes + count * 4) throw new Error('The signal is truncated');
  const data =
    version === SIGNAL_BINARY_VERSION
      ? // Copy so the samples are aligned whatever the header length.
        new Float32Array(buffer.slice(headerBytes, headerBytes + count * 4))
      : unshuffle(new Uint8Array(buffer, headerBytes, count * 4), count);
  return {
    traces,
    samplesPerTrace,
    sampleIntervalS: view.getFloat64(16, true),
    traceSpacingM: view.getFloat64(24, true),
    timeOffsetS: view.getFloat64(32, true),
    data,
  };
}

/** Version 2's samples: byte k of value i at k·count + i, little-endian. */
function unshuffle(bytes: Uint8Array, count: number): Float32Array {
  const bits = new Uint32Array(count);
  for (let i = 0; i < count; i++)
    bits[i] =
      (bytes[i]! |
        (bytes[count + i]! << 8) |
        (bytes[2 * count + i]! << 16) |
        (bytes[3 * count + i]! << 24)) >>>
      0;
  return new Float32Array(bits.buffer);
}

// The depth section lives in packages/gpr (shared with the API's PDF report).
export { renderSignalDepthImage } from '@gprhub/gpr';
export type { DepthConversion, DepthImage } from '@gprhub/gpr';
