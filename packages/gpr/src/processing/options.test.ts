import { describe, expect, it } from 'vitest';
import { resolveProcessingOptions, SIGNAL_BASED_VIEWER_PRESET, SIGNAL_VIEWER_PRESET } from './options';

describe('processing options', () => {
  it('carries the spec presets', () => {
    expect(SIGNAL_VIEWER_PRESET).toMatchObject({
      startOffset: 41,
      signalLength: 550,
      timeGainDbPerNs: 5,
      linearGainDb: 12,
      constantGain: 1,
      permittivity: 7,
    });
    expect(SIGNAL_BASED_VIEWER_PRESET).toMatchObject({
      startOffset: 41,
      signalLength: 450,
      timeGainDbPerNs: 2,
      linearGainDb: 0.1,
      constantGain: 0.4,
    });
  });

  it('fills in defaults and clamps to the spec bounds', () => {
    const o = resolveProcessingOptions({
      linearGainDb: 100,
      timeGainDbPerNs: -3,
      permittivity: 0.2,
      startOffset: -3.7,
      signalLength: 9000,
      smoothing: 2.6,
      constantGain: -1,
    });
    expect(o).toMatchObject({
      linearGainDb: 80,
      timeGainDbPerNs: 0,
      permittivity: 1,
      startOffset: 0,
      signalLength: 655,
      smoothing: 3,
      constantGain: 0,
      meanRemoval: true,
    });
    expect(
      resolveProcessingOptions({ linearGainDb: -50, timeGainDbPerNs: 12, signalLength: 0.2 }),
    ).toMatchObject({
      linearGainDb: -20,
      timeGainDbPerNs: 10,
      signalLength: 1,
    });
    expect(resolveProcessingOptions({ startOffset: 12.4, signalLength: 'all' })).toMatchObject({
      startOffset: 12,
      signalLength: 'all',
    });
  });

  it('ignores undefined and non-finite values', () => {
    const o = resolveProcessingOptions(
      { linearGainDb: undefined, permittivity: Number.NaN },
      SIGNAL_BASED_VIEWER_PRESET,
    );
    expect(o.linearGainDb).toBe(0.1);
    expect(o.permittivity).toBe(7);
  });
});
