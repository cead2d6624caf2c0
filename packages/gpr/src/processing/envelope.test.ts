import { describe, expect, it } from 'vitest';
import { computeEnvelope } from './envelope';
import { radargramFromTraces, tracesOf } from './test-radargram';

describe('envelope', () => {
  it('is the amplitude of a sinusoid on an exact bin', () => {
    const cos = Array.from({ length: 64 }, (_, i) => 3 * Math.cos((2 * Math.PI * 5 * i) / 64));
    const sin = Array.from({ length: 64 }, (_, i) => -2 * Math.sin((2 * Math.PI * 9 * i) / 64));
    const [a, b] = tracesOf(computeEnvelope(radargramFromTraces([cos, sin])));
    for (let s = 0; s < 64; s++) {
      expect(a[s]).toBeCloseTo(3, 5);
      expect(b[s]).toBeCloseTo(2, 5);
    }
  });

  it('follows the Gaussian envelope of a wave packet', () => {
    const envelope = (i: number): number => Math.exp(-(((i - 128) / 20) ** 2));
    const packet = Array.from({ length: 256 }, (_, i) => envelope(i) * Math.cos(0.9 * i));
    const [out] = tracesOf(computeEnvelope(radargramFromTraces([packet])));
    for (const i of [100, 120, 128, 140, 160]) expect(out[i]).toBeCloseTo(envelope(i), 2);
    expect(Math.min(...out)).toBeGreaterThanOrEqual(0);
  });
});
