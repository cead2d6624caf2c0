import { COLORMAP_NAMES } from '@gprhub/gpr';
import { describe, expect, it } from 'vitest';
import { describeNumericInput } from './numeric-input';
import {
  DEFAULT_SIGNAL_SETTINGS,
  parseDecimal,
  sanitizeSignalSettings,
  SIGNAL_BOUNDS,
} from './signal-settings';

describe('signal settings', () => {
  it('reads comma decimals and rejects what is not a number', () => {
    expect(parseDecimal('2,5')).toBe(2.5);
    expect(parseDecimal(' -12.25 ')).toBe(-12.25);
    expect(parseDecimal('7')).toBe(7);
    expect(parseDecimal('abc')).toBeNull();
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('1,2,3')).toBeNull();
  });

  it("clamps to the spec's bounds with its messages", () => {
    expect(describeNumericInput('90', 'Linear gain', SIGNAL_BOUNDS.linearGainDb)).toEqual({
      value: 80,
      message: 'Property Linear gain cannot be higher than 80',
    });
    expect(describeNumericInput('-30', 'Linear gain', SIGNAL_BOUNDS.linearGainDb)).toEqual({
      value: -20,
      message: 'Property Linear gain cannot be less than -20',
    });
    expect(describeNumericInput('0,5', 'Average permittivity', SIGNAL_BOUNDS.permittivity).value).toBe(1);
    expect(describeNumericInput('6,5', 'Average permittivity', SIGNAL_BOUNDS.permittivity)).toEqual({
      value: 6.5,
      message: null,
    });
    expect(describeNumericInput('12,7', 'Start offset', SIGNAL_BOUNDS.startOffset).value).toBe(13);
    expect(describeNumericInput('900', 'Signal length', SIGNAL_BOUNDS.signalLength).value).toBe(655);
    expect(describeNumericInput('x', 'Time gain', SIGNAL_BOUNDS.timeGainDbPerNs)).toEqual({
      value: null,
      message: 'Please provide a valid value for property Time gain',
    });
  });

  it('sanitises stored preferences', () => {
    expect(sanitizeSignalSettings(null, COLORMAP_NAMES)).toEqual(DEFAULT_SIGNAL_SETTINGS);
    const stored = {
      linearGainDb: 500,
      colormap: 'greys',
      meanRemoval: false,
      smoothing: 'x',
      signalLength: 3.6,
    };
    expect(sanitizeSignalSettings(stored, COLORMAP_NAMES)).toEqual({
      ...DEFAULT_SIGNAL_SETTINGS,
      linearGainDb: 80,
      colormap: 'Greys',
      meanRemoval: false,
      signalLength: 4,
    });
    expect(sanitizeSignalSettings({ colormap: 'nope' }, COLORMAP_NAMES).colormap).toBe('viridis');
  });
});
