import { SIGNAL_BINARY_HEADER_BYTES, SIGNAL_BINARY_MAGIC, SIGNAL_BINARY_VERSION } from '@gprhub/contract';
import { createSyntheticBScan, processRadargram, renderRadargramRgba, type Radargram } from '@gprhub/gpr';
import { describe, expect, it } from 'vitest';
import { decodeSignalBinary } from '../gpr-scans/signal-depth-image';
import { prepareKey, prepareSignal, renderFrame, toRadargram, type SignalData } from './radargram-pipeline';
import { createRadargramWorkerCore } from './radargram-worker-core';
import type { RadargramWorkerResponse } from './radargram-worker-protocol';
import { DEFAULT_SIGNAL_SETTINGS, type SignalSettings } from './signal-settings';

/** The signal route's binary layout, written the way the server does (little-endian header, float32 samples). */
function encode(rg: Radargram): ArrayBuffer {
  const count = rg.traces * rg.samplesPerTrace;
  const buffer = new ArrayBuffer(SIGNAL_BINARY_HEADER_BYTES + count * 4);
  const view = new DataView(buffer);
  for (let i = 0; i < 4; i++) view.setUint8(i, SIGNAL_BINARY_MAGIC.charCodeAt(i));
  view.setUint16(4, SIGNAL_BINARY_VERSION, true);
  view.setUint16(6, SIGNAL_BINARY_HEADER_BYTES, true);
  view.setUint32(8, rg.traces, true);
  view.setUint32(12, rg.samplesPerTrace, true);
  view.setFloat64(16, rg.sampleIntervalS, true);
  view.setFloat64(24, rg.traceSpacingM, true);
  view.setFloat64(32, rg.timeOffsetS, true);
  for (let i = 0; i < count; i++) view.setFloat32(SIGNAL_BINARY_HEADER_BYTES + 4 * i, rg.samples[i]!, true);
  return buffer;
}

const scan = createSyntheticBScan({
  traces: 240,
  traceSpacingM: 0.004,
  bars: [
    { x0M: 0.3, coverM: 0.04, radiusM: 0.006 },
    { x0M: 0.6, coverM: 0.07, radiusM: 0.008 },
  ],
  seed: 3,
});
const signal: SignalData = { ...decodeSignalBinary(encode(scan)) };

/** Fraction of pixels whose colour differs between two RGBA images. */
function differingFraction(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  const pa = new Uint32Array(a.buffer, a.byteOffset, a.length / 4);
  const pb = new Uint32Array(b.buffer, b.byteOffset, b.length / 4);
  let differing = 0;
  for (let i = 0; i < pa.length; i++) if (pa[i] !== pb[i]) differing++;
  return differing / pa.length;
}

describe('decode + processing', () => {
  it('decodes the binary signal exactly', () => {
    expect(signal.traces).toBe(scan.traces);
    expect(signal.samplesPerTrace).toBe(scan.samplesPerTrace);
    expect(signal.sampleIntervalS).toBe(scan.sampleIntervalS);
    expect(signal.traceSpacingM).toBe(scan.traceSpacingM);
    expect(Array.from(signal.data.subarray(1000, 1010))).toEqual(
      Array.from(scan.samples.subarray(1000, 1010)),
    );
  });

  it.each<[string, Partial<SignalSettings>]>([
    ['defaults', {}],
    ['no time scaling, high gain, greys', { timeScaling: false, linearGainDb: 30, colormap: 'Greys' }],
    [
      'start offset, smoothing, no mean removal',
      { isAutoTimeZero: false, startOffset: 20, smoothing: 3, meanRemoval: false },
    ],
  ])('draws what the package chain and renderer draw (%s)', (_, change) => {
    const settings = { ...DEFAULT_SIGNAL_SETTINGS, ...change };
    const prepared = prepareSignal(signal, settings);
    const pixels = renderFrame(prepared, settings);
    const reference = renderRadargramRgba(
      processRadargram(toRadargram(signal), {
        timeZero: settings.isAutoTimeZero ? 'direct-wave' : 'start-offset',
        startOffset: settings.startOffset,
        signalLength: settings.signalLength,
        meanRemoval: settings.meanRemoval,
        smoothing: settings.smoothing,
        linearGainDb: settings.linearGainDb,
        timeGainDbPerNs: settings.timeGainDbPerNs,
        timeScaling: settings.timeScaling,
      }),
      { colormap: settings.colormap },
    );
    expect(pixels.length).toBe(reference.data.length);
    expect(prepared.rows * prepared.traces * 4).toBe(pixels.length);
    // Float rounding may move a value across a shade boundary, nothing more.
    expect(differingFraction(pixels, reference.data)).toBeLessThan(0.002);
  });

  it('changes the picture when the gain or the colour map changes', () => {
    const prepared = prepareSignal(signal, DEFAULT_SIGNAL_SETTINGS);
    const base = renderFrame(prepared, DEFAULT_SIGNAL_SETTINGS);
    const louder = renderFrame(prepared, { ...DEFAULT_SIGNAL_SETTINGS, linearGainDb: 30 });
    const grey = renderFrame(prepared, { ...DEFAULT_SIGNAL_SETTINGS, colormap: 'gray' });
    expect(differingFraction(base, louder)).toBeGreaterThan(0.2);
    expect(differingFraction(base, grey)).toBeGreaterThan(0.9);
    // gray: r = g = b for every pixel.
    for (let i = 0; i < grey.length; i += 4 * 97) expect(grey[i]).toBe(grey[i + 1]);
  });

  it('keys the slow stage on what changes it, not on gains, colours or permittivity', () => {
    const key = prepareKey(DEFAULT_SIGNAL_SETTINGS);
    expect(
      prepareKey({ ...DEFAULT_SIGNAL_SETTINGS, linearGainDb: 40, colormap: 'jet', permittivity: 9 }),
    ).toBe(key);
    expect(prepareKey({ ...DEFAULT_SIGNAL_SETTINGS, smoothing: 2 })).not.toBe(key);
    expect(prepareKey({ ...DEFAULT_SIGNAL_SETTINGS, signalLength: 300 })).not.toBe(key);
  });

  it('crops to the signal length after time zero', () => {
    const settings = {
      ...DEFAULT_SIGNAL_SETTINGS,
      isAutoTimeZero: false,
      startOffset: 30,
      signalLength: 200,
    };
    const prepared = prepareSignal(signal, settings);
    expect(prepared.startSample).toBe(30);
    expect(prepared.rows).toBe(200);
    expect(prepared.firstRowTimeS).toBeCloseTo(signal.timeOffsetS + 30 * signal.sampleIntervalS, 15);
  });
});

describe('worker core', () => {
  it('answers a render with a frame, reusing the slow stage while only gains change', () => {
    const answers: { message: RadargramWorkerResponse; transfer: Transferable[] }[] = [];
    const handle = createRadargramWorkerCore((message, transfer) => answers.push({ message, transfer }));
    handle({ type: 'render', seq: 1, settings: DEFAULT_SIGNAL_SETTINGS });
    expect(answers[0]!.message).toEqual({ type: 'error', seq: 1, message: 'No signal loaded' });
    handle({ type: 'load', signal });
    handle({ type: 'render', seq: 2, settings: DEFAULT_SIGNAL_SETTINGS });
    handle({ type: 'render', seq: 3, settings: { ...DEFAULT_SIGNAL_SETTINGS, linearGainDb: 20 } });
    const [first, second] = answers.slice(1).map((a) => a.message);
    if (first?.type !== 'frame' || second?.type !== 'frame') throw new Error('expected two frames');
    expect(first.width).toBe(signal.traces);
    expect(first.pixels.byteLength).toBe(first.width * first.height * 4);
    expect(answers[1]!.transfer).toEqual([first.pixels]);
    expect(second.seq).toBe(3);
    expect(second.geometry).toEqual(first.geometry);
  });
});
