import { describe, expect, it } from 'vitest';
import { createSyntheticBScan } from '../fitting/synthetic-bscan';
import { analyzeLineScan } from '../rebar/analyze-line-scan';
import { findHyperbolas } from './detect-hyperbolas';
import { prepareScan } from './prepare-scan';

// Four bars under 40 mm of cover, 120 mm apart, on a 0.5 m line (as dev-clean-4bars): their flat tops fill most of
// the line at the apex time, so the mean trace holds a large share of their reflections.
const bars = [0.1, 0.22, 0.34, 0.46].map((x0M) => ({ x0M, coverM: 0.04, radiusM: 0.006 }));

describe('removeModelledBackground (through findHyperbolas)', () => {
  it('leaves a small fraction of the reflections in the background under dense shallow bars', () => {
    const common = { traces: 127, noiseRms: 0.001, seed: 2 };
    const scan = prepareScan(createSyntheticBScan({ ...common, bars }));
    const empty = prepareScan(createSyntheticBScan({ ...common, bars: [] }));
    const refined = findHyperbolas(scan).scan;
    const n = scan.samplesPerTrace;
    let peak = 0;
    for (let i = 0; i < scan.dewowed.length; i++)
      peak = Math.max(peak, Math.abs(scan.dewowed[i] - empty.dewowed[i % n]));
    const error = (s: { dewowed: Float32Array; data: Float32Array }): number => {
      let worst = 0;
      for (let k = 0; k < n; k++)
        worst = Math.max(worst, Math.abs(s.dewowed[k] - s.data[k] - empty.dewowed[k]));
      return worst / peak;
    };
    expect(error(scan)).toBeGreaterThan(0.2); // the plain mean trace
    expect(error(refined)).toBeLessThan(0.06);
  });

  it('gives εr within 3 % there, where the mean-trace background reads it over 10 % high', () => {
    for (const seed of [1, 2]) {
      const rg = createSyntheticBScan({ traces: 127, bars, seed, noiseRms: 0.02 });
      expect(Math.abs(analyzeLineScan(rg).permittivity.value / 7 - 1)).toBeLessThan(0.03);
      const plain = analyzeLineScan(rg, { shouldRefineBackground: false }).permittivity.value;
      expect(plain / 7 - 1).toBeGreaterThan(0.1);
    }
  });
});
