import { expect, it } from 'vitest';
import { describeWithData, readRealFile } from '../../test/data';
import { findTimeZero } from '../detection/time-zero-estimate';
import { createSyntheticBScan } from '../fitting/synthetic-bscan';
import { readDzt } from '../formats/dzt';
import type { Radargram } from '../model/radargram';
import { depthFromTwoWayTime } from '../physics/time-depth';
import { processRadargramDetailed } from '../processing/chain';
import { analyzeLineScan } from './analyze-line-scan';

/** Depth the radargram viewer's axis shows at each bar's apex (its label), at the analysis' permittivity, m. */
function depthsAtApexes(rg: Radargram): { depthM: number; coverM: number }[] {
  const result = analyzeLineScan(rg);
  const view = processRadargramDetailed(rg);
  return result.rebars.map((bar) => {
    // The engine's apex below a sample where it gives one (decision 0034), as the viewer's overlay draws it.
    const apex = bar.hyperbola.tIdxFrac ?? bar.hyperbola.tIdx;
    expect(Math.abs(apex - bar.hyperbola.tIdx)).toBeLessThanOrEqual(0.5);
    const timeS = view.radargram.timeOffsetS + (apex - view.startSample) * rg.sampleIntervalS;
    return {
      depthM: depthFromTwoWayTime(timeS, result.permittivity.value, result.antennaSeparationM),
      coverM: bar.coverM,
    };
  });
}

it('uses one time zero: the engine’s, the viewer’s time axis and the analysis result agree', () => {
  const rg = createSyntheticBScan({
    traces: 150,
    bars: [{ x0M: 0.3, coverM: 0.05, radiusM: 0.008 }],
    noiseRms: 0.01,
    seed: 2,
  });
  const { timeZeroS } = findTimeZero(rg);
  expect(analyzeLineScan(rg).timeZeroS).toBeCloseTo(timeZeroS, 15);
  const view = processRadargramDetailed(rg);
  expect(view.radargram.timeOffsetS).toBeCloseTo(
    rg.timeOffsetS + view.startSample * rg.sampleIntervalS - timeZeroS,
    15,
  );
  for (const { depthM, coverM } of depthsAtApexes(rg)) expect(Math.abs(depthM - coverM)).toBeLessThan(0.0005);
});

describeWithData('one depth on real scans (issue #13 item 6)', () => {
  // Before decision 0015 the viewer counted time from the direct wave's first break: bars read 8–10 cm on the
  // signal tab's depth axis against 2.7–4.5 cm of cover on the Rebars tab (FHWA), 5 cm against 0.6–1.8 (File_002).
  it.each([
    'gssi-sir3000-fhwa-charisma-lab/Lab_specimen_data.DZT',
    'gssi-structurescan-mini-ietgpr/File____002.DZT',
  ])('the depth axis reads each bar’s cover at its apex within 0.5 mm (issue: 2 mm): %s', (file) => {
    const rg = readDzt({ name: file, bytes: readRealFile(file) }).radargrams[0];
    const depths = depthsAtApexes(rg);
    expect(depths.length).toBeGreaterThan(5);
    for (const { depthM, coverM } of depths) expect(Math.abs(depthM - coverM)).toBeLessThan(0.0005);
  });
});
