import { describe, expect, it } from 'vitest';
import { createSyntheticBScan } from '../fitting/synthetic-bscan';
import { refitDetection } from './bar-fits';
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
