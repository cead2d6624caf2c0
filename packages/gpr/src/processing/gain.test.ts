import { describe, expect, it } from 'vitest';
import {
  applyConstantGain,
  applyCurveInPlace,
  applyGain,
  applyLinearGain,
  applyTimeGain,
  gainCurve,
} from './gain';
import { radargramFromTraces, tracesOf } from './test-radargram';

describe('gains', () => {
  it('builds the gain curve from dB and dB/ns', () => {
    // 20 dB/ns with 0.5 ns sampling: 0, 10, 20 dB → ×1, ×√10, ×10
    const curve = gainCurve(3, 0.5e-9, { timeDbPerNs: 20 });
    expect(curve[0]).toBe(1);
    expect(curve[1]).toBeCloseTo(Math.sqrt(10), 5);
    expect(curve[2]).toBeCloseTo(10, 5);
    // The viewer defaults: ×1 · 10^((12 + 5·t)/20); at t = 2 ns, 22 dB = ×12.589
    const viewer = gainCurve(3, 1e-9, { constant: 1, linearDb: 12, timeDbPerNs: 5 });
    expect(viewer[0]).toBeCloseTo(3.98107, 4);
    expect(viewer[2]).toBeCloseTo(12.58925, 4);
  });

  it('applies linear, time and constant gain', () => {
    const rg = radargramFromTraces([[1, -2, 3]], { sampleIntervalS: 1e-9 });
    expect(tracesOf(applyLinearGain(rg, 20)).flat()).toEqual([10, -20, 30]);
    expect(tracesOf(applyLinearGain(rg, -20))[0][0]).toBeCloseTo(0.1, 6);
    const timed = tracesOf(applyTimeGain(rg, 10))[0]; // 0, 10, 20 dB
    expect(timed[0]).toBe(1);
    expect(timed[1]).toBeCloseTo(-2 * Math.sqrt(10), 5);
    expect(timed[2]).toBeCloseTo(30, 4);
    expect(tracesOf(applyConstantGain(rg, 0.5)).flat()).toEqual([0.5, -1, 1.5]);
    expect(tracesOf(applyGain(rg, { constant: 2, linearDb: 20 })).flat()).toEqual([20, -40, 60]);
  });

  it('multiplies every trace by the curve in place', () => {
    const x = Float32Array.of(1, 1, 2, 2);
    applyCurveInPlace(x, 2, Float32Array.of(1, 10));
    expect(Array.from(x)).toEqual([1, 10, 2, 20]);
  });
});
