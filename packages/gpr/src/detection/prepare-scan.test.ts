import { describe, expect, it } from 'vitest';
import { createSyntheticBScan } from '../fitting/synthetic-bscan';
import { DEFAULT_ANTENNA_HEIGHT_M } from '../model/radargram';
import { prepareScan } from './prepare-scan';

describe('prepareScan surface coupling', () => {
  const rg = createSyntheticBScan({ traces: 40, bars: [{ x0M: 0.08, coverM: 0.04, radiusM: 0.006 }] });

  it('takes the antenna height from the options, else the radargram, else the default', () => {
    expect(prepareScan(rg).surfaceCoupling?.antennaHeightM).toBe(DEFAULT_ANTENNA_HEIGHT_M);
    expect(prepareScan({ ...rg, antennaHeightM: 0 }).surfaceCoupling?.antennaHeightM).toBe(0);
    expect(
      prepareScan({ ...rg, antennaHeightM: 0 }, { antennaHeightM: 0.01 }).surfaceCoupling?.antennaHeightM,
    ).toBe(0.01);
  });

  it('uses the reflections’ dominant frequency, and can be switched off', () => {
    const scan = prepareScan(rg);
    expect(scan.surfaceCoupling?.frequencyHz).toBeCloseTo(1 / (scan.periodSamples * scan.sampleIntervalS), 0);
    expect(Math.abs((scan.surfaceCoupling?.frequencyHz ?? 0) / 2e9 - 1)).toBeLessThan(0.15);
    expect(prepareScan(rg, { shouldModelSurfaceCoupling: false }).surfaceCoupling).toBeUndefined();
  });
});
