import { expect, it } from 'vitest';
import { describeWithData, readRealFile } from '../../test/data';
import { readGprFile } from '../formats/index';
import type { Radargram } from '../model/radargram';
import { processRadargramDetailed } from './chain';

/** Apex traces of the bars, from the data set's truth.json (our picks, not design drawings). */
const LAB_APEXES = [33, 55, 78, 103, 127, 150, 175, 199, 222, 247, 271, 294];
const MINI_APEXES = [58, 234, 387, 555, 694, 888, 1040];

function read(relativePath: string): Radargram {
  return readGprFile({
    name: relativePath.split('/').pop() ?? relativePath,
    bytes: readRealFile(relativePath),
  }).radargrams[0];
}

/** Every bar's apex fills the colour scale, and halfway between bars the same row is much weaker. */
function expectBarsToStandOut(rg: Radargram, apexes: number[], rows: number): void {
  const n = rg.samplesPerTrace;
  const at = (trace: number, row: number): number => Math.abs(rg.samples[trace * n + row]);
  apexes.forEach((trace, i) => {
    let row = 0;
    for (let s = 0; s < rows; s++) if (at(trace, s) > at(trace, row)) row = s;
    expect(at(trace, row)).toBeGreaterThan(20);
    if (i + 1 < apexes.length) {
      const between = Math.round((trace + apexes[i + 1]) / 2);
      expect(at(trace, row)).toBeGreaterThan(1.5 * at(between, row));
    }
  });
}

describeWithData('default processing chain on real scans', () => {
  it('FHWA lab specimen (SIR-3000, 1.6 GHz): time zero on the direct wave, 14 bars stand out', () => {
    const { radargram, startSample } = processRadargramDetailed(
      read('gssi-sir3000-fhwa-charisma-lab/Lab_specimen_data.DZT'),
    );
    // The direct wave's first break is near sample 114 of 512 (its first peak is at 130).
    expect(startSample).toBeGreaterThanOrEqual(108);
    expect(startSample).toBeLessThanOrEqual(120);
    expect(radargram.samplesPerTrace).toBe(512 - startSample);
    expectBarsToStandOut(radargram, LAB_APEXES, 150);
  });

  it('StructureScan Mini File____002: 7 shallow bars stand out', () => {
    const { radargram, startSample } = processRadargramDetailed(
      read('gssi-structurescan-mini-ietgpr/File____002.DZT'),
    );
    expect(startSample).toBeGreaterThanOrEqual(4);
    expect(startSample).toBeLessThanOrEqual(10);
    expectBarsToStandOut(radargram, MINI_APEXES, 60);
  });

  it('migration focuses the lab specimen’s bars', () => {
    const rg = read('gssi-sir3000-fhwa-charisma-lab/Lab_specimen_data.DZT');
    const plain = processRadargramDetailed(rg).radargram;
    const migrated = processRadargramDetailed(rg, { migrate: true, permittivity: 9 }).radargram;
    // Energy 6 traces (5 cm) beside an apex, relative to the apex, drops after migration.
    const n = plain.samplesPerTrace;
    const ratio = (image: Radargram, trace: number): number => {
      let apex = 0;
      let side = 0;
      for (let s = 0; s < 150; s++) {
        apex = Math.max(apex, Math.abs(image.samples[trace * n + s]));
        side = Math.max(side, Math.abs(image.samples[(trace + 6) * n + s]));
      }
      return side / apex;
    };
    const before = LAB_APEXES.map((t) => ratio(plain, t)).reduce((a, b) => a + b) / LAB_APEXES.length;
    const after = LAB_APEXES.map((t) => ratio(migrated, t)).reduce((a, b) => a + b) / LAB_APEXES.length;
    expect(after).toBeLessThan(0.75 * before);
  });
});
