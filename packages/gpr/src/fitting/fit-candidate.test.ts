import { describe, expect, it } from 'vitest';
import { prepareScan } from '../detection/prepare-scan';
import { bistaticTravelTimeS } from './bistatic-cylinder';
import { fitCandidate } from './fit-candidate';
import { createSyntheticBScan } from './synthetic-bscan';

const bar = { x0M: 0.2, coverM: 0.035, radiusM: 0.006 };
const scan = prepareScan(createSyntheticBScan({ traces: 101, bars: [bar], noiseRms: 0.01 }));
const apexSample = scan.timeZeroSample + bistaticTravelTimeS(0.2, bar, 7, 0.03565) / scan.sampleIntervalS;

describe('fitCandidate', () => {
  it('with the surface-coupling model keeps the early limbs and recovers εr; straight rays read it low', () => {
    const coupled = fitCandidate(scan, 50, apexSample, {
      permittivity: 7,
      radiusM: 0.006,
      isSurfaceCoupled: true,
    });
    const straight = fitCandidate(scan, 50, apexSample, { permittivity: 7, radiusM: 0.006 });
    // 4 %: the synthetic scan's Ricker events carry the bar's scattering delay as a pure shift (no phase/group
    // split), which leaves the picked pipeline ≈ 3.5 % high here; exact times recover εr to 0.2 %
    // (fit-hyperbola.test.ts). The cover follows: at a fixed apex time δd/d = −(1 + s²/4d²)·δεr/(2εr), so εr
    // 4 % high is 0.9 mm shallow at 35 mm, plus a tenth of a sample of apex (0.2 mm): 1.1 mm (decision 0074; it
    // reads 0.94 mm with the stationary point off, 1.00 mm on).
    expect(coupled && Math.abs(coupled.fit.permittivity / 7 - 1)).toBeLessThan(0.04);
    expect(coupled && Math.abs(coupled.fit.coverM - 0.035)).toBeLessThan(0.0011);
    expect(straight && straight.fit.permittivity / 7 - 1).toBeLessThan(-0.1);
    // Straight-ray fits cut the limbs where they come early; the coupled fit keeps them.
    expect(coupled?.picks.length ?? 0).toBeGreaterThan(straight?.picks.length ?? 0);
  });

  it('picks the free limb when the apex lies just outside the other limb’s limit', () => {
    // A neighbour blocks everything left of trace 52 (the apex is at trace 50).
    const result = fitCandidate(scan, 50, apexSample, {
      permittivity: 7,
      radiusM: 0.006,
      isApexFixed: true,
      minTrace: 52,
      isSurfaceCoupled: true,
    });
    expect(result).toBeDefined();
    expect(result?.rightCount).toBeGreaterThan(8);
    expect(result?.leftCount).toBe(0);
    expect(Math.abs((result?.fit.x0M ?? 0) - 0.2)).toBeLessThan(0.004);
  });
});
