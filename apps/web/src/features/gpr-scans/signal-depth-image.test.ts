import { describe, expect, it } from 'vitest';
import { decodeSignalBinary, renderSignalDepthImage } from './signal-depth-image';
import type { ScanSignal } from './signal-depth-image';

function encode(traces: number, samples: number, values: (t: number, s: number) => number): ArrayBuffer {
  const buffer = new ArrayBuffer(40 + traces * samples * 4);
  const view = new DataView(buffer);
  'GPRS'.split('').forEach((c, i) => view.setUint8(i, c.charCodeAt(0)));
  view.setUint16(4, 1, true);
  view.setUint16(6, 40, true);
  view.setUint32(8, traces, true);
  view.setUint32(12, samples, true);
  view.setFloat64(16, 1e-10, true);
  view.setFloat64(24, 0.01, true);
  view.setFloat64(32, -5e-10, true);
  for (let t = 0; t < traces; t++)
    for (let s = 0; s < samples; s++) view.setFloat32(40 + 4 * (t * samples + s), values(t, s), true);
  return buffer;
}

/** The same signal in version 2 (byte-shuffled: byte k of value i at 40 + k·n + i). */
function shuffle(buffer: ArrayBuffer): ArrayBuffer {
  const plain = new Uint8Array(buffer);
  const out = new Uint8Array(plain.length);
  out.set(plain.subarray(0, 40));
  new DataView(out.buffer).setUint16(4, 2, true);
  const n = (plain.length - 40) / 4;
  for (let i = 0; i < n; i++) for (let k = 0; k < 4; k++) out[40 + k * n + i] = plain[40 + 4 * i + k]!;
  return out.buffer;
}

describe('signal depth image', () => {
  it('decodes the byte-shuffled binary (version 2) to exactly the values of version 1', () => {
    const values = (t: number, s: number) => Math.sin(t * 0.7 + s) * 10 ** ((s % 7) - 3) * (t % 2 ? -1 : 1);
    const plain = decodeSignalBinary(encode(5, 9, values));
    const shuffled = decodeSignalBinary(shuffle(encode(5, 9, values)));
    expect(shuffled).toEqual(plain);
    expect(Array.from(shuffled.data.subarray(0, 3))).toEqual([0, 1, 2].map((s) => Math.fround(values(0, s))));
    const unknown = encode(1, 1, () => 0);
    new DataView(unknown).setUint16(4, 3, true);
    expect(() => decodeSignalBinary(unknown)).toThrow('version 3 is not known');
    expect(() => decodeSignalBinary(shuffle(encode(3, 4, () => 0)).slice(0, 60))).toThrow('truncated');
  });

  it('decodes the binary signal and refuses anything else', () => {
    const signal = decodeSignalBinary(encode(3, 4, (t, s) => t * 10 + s));
    expect(signal).toMatchObject({
      traces: 3,
      samplesPerTrace: 4,
      sampleIntervalS: 1e-10,
      traceSpacingM: 0.01,
    });
    expect(signal.timeOffsetS).toBeCloseTo(-5e-10, 20);
    expect(Array.from(signal.data)).toEqual([0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23]);
    expect(() => decodeSignalBinary(new ArrayBuffer(8))).toThrow('expected binary layout');
    expect(() => decodeSignalBinary(encode(3, 4, () => 0).slice(0, 60))).toThrow('truncated');
  });

  it('puts a reflection at the depth its two-way time means', () => {
    // One trace of five has a strong reflection at sample 25: t = −0.5 ns + 2.5 ns = 2 ns after time zero 0.
    const traces = 5;
    const samples = 100;
    const signal: ScanSignal = decodeSignalBinary(
      encode(traces, samples, (t, s) => (t === 2 && s === 25 ? 1 : 0)),
    );
    const v = 1e8; // m/s, ε = 9
    const image = renderSignalDepthImage(
      signal,
      { timeZeroS: 0, velocityMPerS: v, antennaSeparationM: 0 },
      0.4,
      400,
    )!;
    expect(image.width).toBe(5);
    // The record ends at 9.4 ns: 0.47 m deep, more than asked for.
    expect(image.depthM).toBe(0.4);
    // Trace 2 lights up around depth v·t/2 = 0.1 m (row 100 of 400 over 0.4 m) and nowhere else.
    const grey = (row: number) => image.rgba[(row * traces + 2) * 4]!;
    expect(grey(100)).toBeGreaterThan(200);
    expect(grey(99)).toBeGreaterThan(200);
    for (const row of [0, 50, 90, 110, 200, 399]) expect(Math.abs(grey(row) - 128)).toBeLessThanOrEqual(1);
  });

  it('stops at the depth the record reaches', () => {
    const signal = decodeSignalBinary(encode(2, 10, () => 0));
    const image = renderSignalDepthImage(
      signal,
      { timeZeroS: 0, velocityMPerS: 1e8, antennaSeparationM: 0 },
      1.1,
      50,
    )!;
    // Last sample at 0.4 ns after time zero: 0.02 m.
    expect(image.depthM).toBeCloseTo(0.02, 9);
    expect(
      renderSignalDepthImage(signal, { timeZeroS: 1e-8, velocityMPerS: 1e8, antennaSeparationM: 0 }, 1.1, 50),
    ).toBeNull();
  });
});
