import { endianness } from 'node:os';
import {
  SIGNAL_BINARY_HEADER_BYTES,
  SIGNAL_BINARY_MAGIC,
  SIGNAL_BINARY_VERSION,
  SIGNAL_BINARY_VERSION_SHUFFLED,
} from '@gprhub/contract';
import type { Radargram } from '@gprhub/gpr';

/** What the signal route's description says about the binary form. */
export const SIGNAL_BINARY_DESCRIPTION =
  'Send `Accept: application/octet-stream` for the compact binary form, all little-endian: a 40-byte header — ' +
  'bytes 0–3 the ASCII magic `GPRS`, 4–5 u16 version (1, or 2 for `layout=shuffled`), 6–7 u16 header length (40), 8–11 u32 traces, 12–15 u32 ' +
  'samples per trace, 16–23 f64 sample interval (s), 24–31 f64 trace spacing (m), 32–39 f64 time offset of the first ' +
  'sample (s) — then traces × samples float32 values, trace-major (sample s of trace t at byte 40 + 4·(t·samples + s)). ' +
  'In the browser: `new Float32Array(buffer, 40, traces * samples)`. With `?layout=shuffled` (version 2, what the ' +
  'web viewer asks for) the same header and values with their bytes grouped by position: n = traces × samples, ' +
  'byte k (0–3) of value i at 40 + k·n + i; lossless, and smaller once compressed (a third on real scans). ' +
  'Otherwise JSON: `signal[trace][sample]`.';

/** The radargram in the binary layout described by {@link SIGNAL_BINARY_DESCRIPTION}. */
export function encodeSignalBinary(r: Radargram): Buffer {
  const out = Buffer.alloc(SIGNAL_BINARY_HEADER_BYTES + r.traces * r.samplesPerTrace * 4);
  writeHeader(out, r, SIGNAL_BINARY_VERSION);
  const count = r.traces * r.samplesPerTrace;
  if (endianness() === 'LE') {
    Buffer.from(r.samples.buffer, r.samples.byteOffset, count * 4).copy(out, SIGNAL_BINARY_HEADER_BYTES);
  } else {
    for (let i = 0; i < count; i++) out.writeFloatLE(r.samples[i]!, SIGNAL_BINARY_HEADER_BYTES + 4 * i);
  }
  return out;
}

/**
 * The byte-shuffled layout (version 2): the float32 values' little-endian bytes grouped by position. The
 * exponent bytes of neighbouring samples are alike, so compression finds them; the values are exactly those of
 * version 1.
 */
export function encodeSignalBinaryShuffled(r: Radargram): Buffer {
  const count = r.traces * r.samplesPerTrace;
  const out = Buffer.alloc(SIGNAL_BINARY_HEADER_BYTES + count * 4);
  writeHeader(out, r, SIGNAL_BINARY_VERSION_SHUFFLED);
  const bits = new Uint32Array(Float32Array.from(r.samples.subarray(0, count)).buffer);
  const b0 = SIGNAL_BINARY_HEADER_BYTES;
  const b1 = b0 + count;
  const b2 = b1 + count;
  const b3 = b2 + count;
  for (let i = 0; i < count; i++) {
    const v = bits[i]!;
    out[b0 + i] = v & 0xff;
    out[b1 + i] = (v >>> 8) & 0xff;
    out[b2 + i] = (v >>> 16) & 0xff;
    out[b3 + i] = v >>> 24;
  }
  return out;
}

function writeHeader(out: Buffer, r: Radargram, version: number): void {
  out.write(SIGNAL_BINARY_MAGIC, 0, 'ascii');
  out.writeUInt16LE(version, 4);
  out.writeUInt16LE(SIGNAL_BINARY_HEADER_BYTES, 6);
  out.writeUInt32LE(r.traces, 8);
  out.writeUInt32LE(r.samplesPerTrace, 12);
  out.writeDoubleLE(r.sampleIntervalS, 16);
  out.writeDoubleLE(r.traceSpacingM, 24);
  out.writeDoubleLE(r.timeOffsetS, 32);
}

/** The radargram as rows of traces (`signal[trace][sample]`). */
export function signalRows(r: Radargram): number[][] {
  const rows: number[][] = new Array(r.traces);
  for (let t = 0; t < r.traces; t++)
    rows[t] = Array.from(r.samples.subarray(t * r.samplesPerTrace, (t + 1) * r.samplesPerTrace));
  return rows;
}

/** Whether the client asked for the binary form. */
export function wantsBinary(accept: string | undefined): boolean {
  return (accept ?? '')
    .split(',')
    .some((part) => part.trim().split(';')[0]!.trim().toLowerCase() === 'application/octet-stream');
}

/** The JSON form of the signal (`GprScanSignalSchema`): rows are traces. */
export function encodeSignalJson(r: Radargram): Buffer {
  return Buffer.from(
    JSON.stringify({
      signal: signalRows(r),
      traces: r.traces,
      samplesPerTrace: r.samplesPerTrace,
      sampleIntervalS: r.sampleIntervalS,
      traceSpacingM: r.traceSpacingM,
      timeOffsetS: r.timeOffsetS,
    }),
  );
}
