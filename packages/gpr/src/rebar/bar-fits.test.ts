import { describe, expect, it } from 'vitest';
import type { DetectedHyperbola } from '../detection/detect-hyperbolas';
import { envelopePeakOffset } from '../fitting/pick-limbs';
import { offsetFor, poolEnvelopeOffset } from './bar-fits';

// A wavelet whose main lobe is negative with two equal positive side lobes half a period either side: a detection
// tracking the positive polarity may lock onto either side lobe (decision 0073).
const PERIOD = 24;
const HALF = 16;
function detection(centreOnLobe: -1 | 1, confidence: number, noise: number): DetectedHyperbola {
  const wavelet = new Float64Array(4 * HALF + 1);
  const centre = 2 * HALF + (centreOnLobe * PERIOD) / 2;
  for (let i = 0; i < wavelet.length; i++) {
    const t = i - centre;
    wavelet[i] = -Math.cos((2 * Math.PI * t) / PERIOD) * Math.exp(-(t * t) / (2 * (PERIOD / 2.5) ** 2));
    wavelet[i] += noise * Math.sin(1.7 * i);
  }
  const offsetSamples = envelopePeakOffset(wavelet, HALF);
  return {
    score: 1,
    radiusM: 0.006,
    confidence,
    result: { apex: { polarity: 1 }, offsetSamples, wavelet },
  } as unknown as DetectedHyperbola;
}

describe('poolEnvelopeOffset', () => {
  const sameLobe = [detection(1, 0.9, 0.02), detection(1, 0.8, -0.03), detection(1, 0.85, 0.01)];
  const otherLobe = detection(-1, 0.9, 0.02);

  it('pools apart a detection that tracked the other side lobe, and gives it its own offset', () => {
    // Half a period either side (a little less: the taper pulls the envelope peak in).
    expect(Math.abs(sameLobe[0].result.offsetSamples - PERIOD / 2)).toBeLessThan(1.5);
    expect(Math.abs(otherLobe.result.offsetSamples + PERIOD / 2)).toBeLessThan(1.5);
    const alone = poolEnvelopeOffset(sameLobe, PERIOD);
    const all = poolEnvelopeOffset([...sameLobe, otherLobe], PERIOD);
    // The scan's offset does not move when a detection on another lobe is found as well.
    expect(all.offsetSamples).toBe(alone.offsetSamples);
    expect(all.otherLobes).toHaveLength(1);
    for (const d of sameLobe) expect(offsetFor(all, d).offsetSamples).toBe(alone.offsetSamples);
    expect(offsetFor(all, otherLobe).offsetSamples).toBe(poolEnvelopeOffset([otherLobe]).offsetSamples);
    // One group (no period given, as before): the odd wavelet moves everyone's offset and gets theirs.
    const mixed = poolEnvelopeOffset([...sameLobe, otherLobe]);
    expect(Math.abs(mixed.offsetSamples - alone.offsetSamples)).toBeGreaterThan(0.5);
    expect(offsetFor(mixed, otherLobe).offsetSamples).toBe(mixed.offsetSamples);
  });

  it('keeps one group when the detections agree on their lobe', () => {
    const pool = poolEnvelopeOffset(sameLobe, PERIOD);
    expect(pool.otherLobes).toBeUndefined();
    expect(pool).toEqual(poolEnvelopeOffset(sameLobe));
  });
});
