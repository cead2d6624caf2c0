import { describe, expect, it } from 'vitest';
import { getFftPlan, nextPowerOfTwo } from './fft';

function naiveDft(re: number[], im: number[]): { re: number[]; im: number[] } {
  const n = re.length;
  const outRe: number[] = [];
  const outIm: number[] = [];
  for (let k = 0; k < n; k++) {
    let sr = 0;
    let si = 0;
    for (let j = 0; j < n; j++) {
      const a = (-2 * Math.PI * k * j) / n;
      sr += re[j] * Math.cos(a) - im[j] * Math.sin(a);
      si += re[j] * Math.sin(a) + im[j] * Math.cos(a);
    }
    outRe.push(sr);
    outIm.push(si);
  }
  return { re: outRe, im: outIm };
}

describe('FFT', () => {
  it('rounds up to powers of two', () => {
    expect([0, 1, 2, 3, 512, 513, 1000].map(nextPowerOfTwo)).toEqual([1, 1, 2, 4, 512, 1024, 1024]);
  });

  it('transforms [1, 2, 3, 4] as computed by hand', () => {
    const re = Float64Array.of(1, 2, 3, 4);
    const im = new Float64Array(4);
    getFftPlan(4).forward(re, im);
    expect(Array.from(re)).toEqual([10, -2, -2, -2]);
    expect(Array.from(im).map((v) => v + 0)).toEqual([0, 2, 0, -2]);
  });

  it('maps an impulse to a flat spectrum and a cosine to two bins', () => {
    const re = new Float64Array(8);
    const im = new Float64Array(8);
    re[0] = 1;
    getFftPlan(8).forward(re, im);
    expect(Array.from(re)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    const cosRe = Float64Array.from({ length: 16 }, (_, j) => Math.cos((2 * Math.PI * 3 * j) / 16));
    const cosIm = new Float64Array(16);
    getFftPlan(16).forward(cosRe, cosIm);
    for (let k = 0; k < 16; k++) expect(cosRe[k]).toBeCloseTo(k === 3 || k === 13 ? 8 : 0, 10);
  });

  it('matches a direct DFT and inverts exactly', () => {
    let seed = 7;
    const random = (): number => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    for (const n of [1, 2, 4, 8, 16, 32, 64, 128, 512]) {
      const re = Array.from({ length: n }, random);
      const im = Array.from({ length: n }, random);
      const expected = naiveDft(re, im);
      const fr = Float64Array.from(re);
      const fi = Float64Array.from(im);
      const plan = getFftPlan(n);
      plan.forward(fr, fi);
      for (let k = 0; k < n; k++) {
        expect(fr[k]).toBeCloseTo(expected.re[k], 9);
        expect(fi[k]).toBeCloseTo(expected.im[k], 9);
      }
      plan.inverse(fr, fi);
      for (let k = 0; k < n; k++) {
        expect(fr[k]).toBeCloseTo(re[k], 12);
        expect(fi[k]).toBeCloseTo(im[k], 12);
      }
    }
  });

  it('rejects sizes that are not powers of two', () => {
    expect(() => getFftPlan(12)).toThrow(/power of two/);
    expect(() => getFftPlan(8).forward(new Float64Array(4), new Float64Array(4))).toThrow(/length/);
  });
});
