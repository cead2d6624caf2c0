import { describe, expect, it } from 'vitest';
import { linkHitsIntoBars, type LineHit } from './link-bars';

const hit = (line: number, alongM: number, coverM = 0.04, detection = 0): LineHit => ({
  line,
  detection,
  alongM,
  acrossM: line * 0.1,
  coverM,
  confidence: 0.9,
});

describe('linkHitsIntoBars', () => {
  it('links a straight and an oblique bar across parallel lines', () => {
    const hits: LineHit[] = [];
    for (let k = 0; k < 6; k++) hits.push(hit(k, 0.2, 0.04, 0), hit(k, 0.5 + 0.02 * k, 0.05, 1));
    const bars = linkHitsIntoBars(hits, 6);
    expect(bars).toHaveLength(2);
    expect(bars[0].hits).toHaveLength(6);
    expect(bars[0].slope).toBeCloseTo(0, 10);
    expect(bars[0].obliquity).toBe(1);
    expect(bars[1].slope).toBeCloseTo(0.2, 10);
    expect(bars[1].obliquity).toBeCloseTo(1 / 1.04, 10);
  });

  it('bridges a missed line and ignores an outlier and a lone clutter hit', () => {
    const hits = [0, 1, 3, 4, 5].map((k) => hit(k, 0.3));
    hits.push(hit(2, 0.36, 0.04, 1), hit(4, 0.8, 0.02, 1));
    const bars = linkHitsIntoBars(hits, 6);
    expect(bars).toHaveLength(1);
    expect(bars[0].hits.map((h) => h.line)).toEqual([0, 1, 3, 4, 5]);
    expect(bars[0].intercept).toBeCloseTo(0.3, 10);
  });

  it('keeps bars at different covers apart', () => {
    const hits = [0, 1, 2].flatMap((k) => [hit(k, 0.3, 0.03, 0), hit(k, 0.31, 0.09, 1)]);
    expect(linkHitsIntoBars(hits, 3)).toHaveLength(2);
  });

  it('keeps single hits when the scan has a single line', () => {
    expect(linkHitsIntoBars([hit(0, 0.3)], 1)).toHaveLength(1);
  });
});
