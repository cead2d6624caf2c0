import { describe, expect, it } from 'vitest';
import {
  bistaticTravelTimeS,
  coverFromApexTimeM,
  permittivityFromApexTime,
  reflectedPathM,
  reflectedPathWithGradient,
} from './bistatic-cylinder';

/** Shortest path by brute force over the bar's upper arc (reference for the Newton solution). */
function brutePath(tx: number, rx: number, x0: number, cover: number, radius: number): number {
  let best = Infinity;
  for (let a = -1.5; a <= 1.5; a += 2e-5) {
    const px = x0 + radius * Math.sin(a);
    const pz = cover + radius * (1 - Math.cos(a));
    best = Math.min(best, Math.hypot(px - tx, pz) + Math.hypot(px - rx, pz));
  }
  return best;
}

describe('reflectedPathM', () => {
  it('matches a brute-force Fermat minimum for shallow and deep, thin and thick bars', () => {
    for (const cover of [0.015, 0.05, 0.12]) {
      for (const radius of [0.004, 0.016]) {
        for (const x of [0, 0.02, 0.09]) {
          const bar = { x0M: 0, coverM: cover, radiusM: radius };
          expect(reflectedPathM(x - 0.018, x + 0.018, bar)).toBeCloseTo(
            brutePath(x - 0.018, x + 0.018, 0, cover, radius),
            7,
          );
        }
      }
    }
  });

  it('at the apex is 2·√(d² + (s/2)²) whatever the radius', () => {
    for (const radius of [0, 0.005, 0.02]) {
      expect(reflectedPathM(-0.018, 0.018, { x0M: 0, coverM: 0.04, radiusM: radius })).toBeCloseTo(
        2 * Math.hypot(0.04, 0.018),
        10,
      );
    }
  });

  it('gives a flatter hyperbola for a thicker bar at the same cover', () => {
    const thin = reflectedPathM(0.05 - 0.018, 0.05 + 0.018, { x0M: 0, coverM: 0.04, radiusM: 0.004 });
    const thick = reflectedPathM(0.05 - 0.018, 0.05 + 0.018, { x0M: 0, coverM: 0.04, radiusM: 0.016 });
    expect(thick).toBeLessThan(thin);
  });
});

describe('reflectedPathWithGradient', () => {
  it('returns derivatives that match finite differences', () => {
    const bar = { x0M: 0.01, coverM: 0.035, radiusM: 0.008 };
    const g = reflectedPathWithGradient(0.03, 0.066, bar);
    const h = 1e-7;
    const dx = (reflectedPathM(0.03, 0.066, { ...bar, x0M: bar.x0M + h }) - g.lengthM) / h;
    const dz = (reflectedPathM(0.03, 0.066, { ...bar, coverM: bar.coverM + h }) - g.lengthM) / h;
    expect(g.dX0).toBeCloseTo(dx, 5);
    expect(g.dCover).toBeCloseTo(dz, 5);
  });
});

describe('apex time, cover and permittivity', () => {
  it('round-trips cover and permittivity through the apex time', () => {
    const t = bistaticTravelTimeS(0.3, { x0M: 0.3, coverM: 0.05, radiusM: 0.008 }, 7, 0.03565);
    expect(t).toBeCloseTo(9.369e-10, 12);
    expect(coverFromApexTimeM(t, 7, 0.03565)).toBeCloseTo(0.05, 9);
    expect(permittivityFromApexTime(t, 0.05, 0.03565)).toBeCloseTo(7, 9);
  });

  it('gives cover 0 for times shorter than the ground wave', () => {
    expect(coverFromApexTimeM(1e-11, 7, 0.03565)).toBe(0);
  });
});
