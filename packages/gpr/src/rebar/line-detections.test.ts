import { describe, expect, it } from 'vitest';
import { createSyntheticBScan } from '../fitting/synthetic-bscan';
import { MARGINAL_RADII_M, refitDetection } from './bar-fits';
import { detectLine, linePermittivities } from './line-detections';

const bars = [0.1, 0.25, 0.4].map((x0M, i) => ({ x0M, coverM: 0.03 + 0.01 * i, radiusM: 0.006 }));
const line = detectLine(createSyntheticBScan({ traces: 130, bars }));

describe('linePermittivities', () => {
  it('leaves out one-limbed hyperbolas while the line has two-limbed ones', () => {
    expect(line.detections).toHaveLength(3);
    expect(linePermittivities(line)).toHaveLength(3);
    const oneSided = {
      ...line,
      detections: line.detections.map((d, i) => (i === 1 ? { ...d, isOneSided: true } : d)),
    };
    expect(linePermittivities(oneSided)).toHaveLength(2);
    const allOneSided = { ...line, detections: line.detections.map((d) => ({ ...d, isOneSided: true })) };
    expect(linePermittivities(allOneSided)).toHaveLength(3);
  });
});

describe('refitDetection', () => {
  it('returns the same fit for the same request (memoised per detection)', () => {
    const d = line.detections[0];
    const a = refitDetection(line.scan, d, line.offset.offsetSamples, 0.006);
    expect(refitDetection(line.scan, d, line.offset.offsetSamples, 0.006)).toBe(a);
    expect(refitDetection(line.scan, d, line.offset.offsetSamples, 0.006, 7)).not.toBe(a);
  });
});

describe('refitDetection over the radii', () => {
  // The marginal fit fits only the radii that carry weight (coarse to fine from the detection's radius): it must
  // give what averaging every radius of MARGINAL_RADII_M under the same posterior gives.
  it.each([undefined, 7])('equals the average over every radius (fixed εr %s)', (eps) => {
    for (const d of line.detections) {
      const offset = line.offset.offsetSamples;
      const marginal = refitDetection(line.scan, d, offset, undefined, eps);
      const each = MARGINAL_RADII_M.map((r) => refitDetection(line.scan, d, offset, r, eps)!);
      const best = each.reduce((a, b) => (b.chiSquare < a.chiSquare ? b : a));
      const variance = Math.max(0.01, best.chiSquare / Math.max(1, best.count - (eps === undefined ? 3 : 2)));
      const weights = each.map((f) => Math.exp(-(f.chiSquare - best.chiSquare) / (2 * variance)));
      const total = weights.reduce((a, b) => a + b, 0);
      const mean = (value: (f: (typeof each)[number]) => number): number =>
        each.reduce((a, f, k) => a + weights[k] * value(f), 0) / total;
      expect(marginal).toBeDefined();
      for (const [got, want] of [
        [marginal!.x0M, mean((f) => f.x0M)],
        [marginal!.coverM, mean((f) => f.coverM)],
        [marginal!.permittivity, mean((f) => f.permittivity)],
        [marginal!.radiusM, mean((f) => f.radiusM)],
        [marginal!.chiSquare, best.chiSquare],
      ])
        expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-9 * Math.abs(want));
    }
  });
});
