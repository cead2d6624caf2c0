import { expect, it } from 'vitest';
import { describeWithData, readRealFile } from '../../test/data';
import { readDzt } from '../formats/dzt';
import { analyzeLineScan } from './analyze-line-scan';

const analyze = (file: string) =>
  analyzeLineScan(readDzt({ name: file, bytes: readRealFile(file) }).radargrams[0]);

describeWithData('rebar engine on real scans', () => {
  it('finds the FHWA lab specimen’s bars about 203 mm apart', () => {
    const result = analyze('gssi-sir3000-fhwa-charisma-lab/Lab_specimen_data.DZT');
    expect(result.rebars.length).toBeGreaterThanOrEqual(12);
    expect(result.rebars.length).toBeLessThanOrEqual(14);
    const xs = result.rebars.map((r) => r.xM);
    const gaps = xs
      .slice(1)
      .map((x, i) => x - xs[i])
      .sort((a, b) => a - b);
    expect(gaps[gaps.length >> 1]).toBeGreaterThan(0.19);
    expect(gaps[gaps.length >> 1]).toBeLessThan(0.215);
    expect(result.permittivity.value).toBeGreaterThan(4);
    expect(result.permittivity.value).toBeLessThan(10);
  });

  it('finds the seven bars of the StructureScan Mini scan', () => {
    const result = analyze('gssi-structurescan-mini-ietgpr/File____002.DZT');
    const expected = [58, 234, 387, 555, 694, 888, 1040].map((t) => t / 800);
    expect(result.rebars).toHaveLength(7);
    result.rebars.forEach((r, i) => expect(Math.abs(r.xM - expected[i])).toBeLessThan(0.02));
  });

  it('finds the five bars inside the other StructureScan Mini scan, deep ones next to shallow ones', () => {
    // Apex estimates of shared/data/real/SOURCES.md; the sixth hyperbola's apex lies beyond the end of the line.
    // The bar at trace 130 has a deeper neighbour's limb across its right limb right at the apex (one-limbed),
    // the one at 449 the shallow bar's limb across its left (apex just outside that limb's limit).
    const result = analyze('gssi-structurescan-mini-ietgpr/File____001.DZT');
    const expected = [130, 181, 386, 449, 651].map((t) => t / 800);
    expect(result.rebars).toHaveLength(5);
    result.rebars.forEach((r, i) => expect(Math.abs(r.xM - expected[i])).toBeLessThan(0.02));
  });

  it('finds nothing on the sand dune', () => {
    expect(analyze('gssi-sir3000-gprpy-dune/FILE____032.DZT').rebars).toEqual([]);
  });
});
