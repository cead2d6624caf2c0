import { describe, expect, it } from 'vitest';
import { hilbertImage, refinedExtremum, traceEnvelope } from './analytic-signal';

const burst = (n: number, centre: number, width: number, cycles: number) =>
  Float64Array.from(
    { length: n },
    (_, i) => Math.exp(-(((i - centre) / width) ** 2)) * Math.cos((2 * Math.PI * cycles * (i - centre)) / n),
  );

describe('traceEnvelope', () => {
  it('gives the Gaussian envelope of a modulated burst', () => {
    const x = burst(256, 128, 20, 32);
    const e = traceEnvelope(x);
    expect(e[128]).toBeCloseTo(1, 2);
    expect(e[148]).toBeCloseTo(Math.exp(-1), 2);
  });
});

describe('hilbertImage', () => {
  it('packs two traces per FFT yet matches the single-trace envelope', () => {
    const n = 200;
    const samples = new Float32Array(3 * n);
    for (let t = 0; t < 3; t++) samples.set(burst(n, 80 + 10 * t, 12, 20 + 5 * t), t * n);
    const h = hilbertImage(samples, 3, n);
    for (let t = 0; t < 3; t++) {
      const reference = traceEnvelope(samples.subarray(t * n, (t + 1) * n));
      for (let s = 20; s < n - 20; s++)
        expect(Math.hypot(samples[t * n + s], h[t * n + s])).toBeCloseTo(reference[s], 2);
    }
  });
});

describe('refinedExtremum', () => {
  it('finds the maximum or minimum to a fraction of a sample', () => {
    const parabola = Float64Array.from({ length: 11 }, (_, i) => 5 - (i - 4.3) ** 2);
    expect(refinedExtremum(parabola, 0, 11, 1)?.index).toBeCloseTo(4.3, 10);
    expect(
      refinedExtremum(
        parabola.map((v) => -v),
        0,
        11,
        -1,
      )?.index,
    ).toBeCloseTo(4.3, 10);
    expect(refinedExtremum(parabola, 5, 5, 1)).toBeUndefined();
  });
});
