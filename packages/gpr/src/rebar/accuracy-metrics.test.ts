import { describe, expect, it } from 'vitest';
import { absoluteErrorStats, debyeRealPermittivity, matchBars } from './accuracy-metrics';

describe('matchBars', () => {
  const truth = [
    { xM: 0.1, coverM: 0.04 },
    { xM: 0.2, coverM: 0.04 },
    { xM: 0.24, coverM: 0.04 },
  ];

  it('matches one-to-one within 10 mm (or a quarter of the spacing) and 5 mm of cover', () => {
    const found = [
      { xM: 0.105, coverM: 0.043, confidence: 1 },
      { xM: 0.209, coverM: 0.04, confidence: 1 },
      { xM: 0.24, coverM: 0.047, confidence: 1 },
      { xM: 0.4, coverM: 0.04, confidence: 1 },
    ];
    const result = matchBars(truth, found);
    // 0.209 is 9 mm off but the local spacing is 40 mm: tolerance 10 mm → ok; 0.24 has a 7 mm cover error.
    expect([...result.matches].sort((a, b) => a[0] - b[0])).toEqual([
      [0, 0],
      [1, 1],
    ]);
    expect(result.positionMatches).toHaveLength(3);
    expect(result.precision).toBeCloseTo(0.5, 10);
    expect(result.recall).toBeCloseTo(2 / 3, 10);
    expect(result.f1).toBeCloseTo(4 / 7, 10);
  });

  it('scores an empty scan with nothing found as perfect and a false alarm as zero precision', () => {
    expect(matchBars([], []).f1).toBe(1);
    expect(matchBars([], [{ xM: 0.1, coverM: 0.04, confidence: 1 }]).precision).toBe(0);
  });
});

describe('absoluteErrorStats and debyeRealPermittivity', () => {
  it('computes MAE and nearest-rank P95', () => {
    expect(absoluteErrorStats([1, -2, 3])).toEqual({ mae: 2, p95: 3 });
    expect(absoluteErrorStats([]).mae).toBeNaN();
  });

  it('gives the effective Debye permittivity between ε∞ and εs', () => {
    expect(debyeRealPermittivity(8, 5, 8e-12, 1.6e9)).toBeCloseTo(7.9807, 3);
    expect(debyeRealPermittivity(8, 5, 1e-9, 1.6e9)).toBeCloseTo(5, 1);
  });
});
