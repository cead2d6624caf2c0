import { describe, expect, it } from 'vitest';
import { getCoverColor, getCoverScale } from './cover-colors';
import { areaCalibrationPoints, readRebarResults, readSideRebars } from './rebar-results';

describe('readRebarResults', () => {
  it('reads the engine results and keeps only well-formed bars', () => {
    const results = readRebarResults({
      permittivity: { value: 7.2, sd: 0.1 },
      materialProperties: [7.2, 4, 0.01, 1e-9],
      rebars: [
        {
          id: 'a',
          depthCoords: [[0.1, 0, 0.05]],
          R: 0.006,
          orientation: 0,
          usesDefaultRadius: true,
          coverM: 0.044,
          coverSdM: 0.0013,
        },
        {
          id: 'b',
          depthCoords: [
            [0.1, 0.2, 0.07],
            [0.1, 0.3, 0.05],
          ],
          R: 0.01,
          orientation: 1,
          usesDefaultRadius: false,
        },
        { id: 'bad-orientation', depthCoords: [[0, 0, 0]], R: 0.006, orientation: 2 },
        { id: 'no-coords', depthCoords: [], R: 0.006, orientation: 0 },
        'junk',
      ],
      lines: [
        {
          nodeId: 'n1',
          name: 'L001',
          rebars: [],
          hyperbolas: [{ id: 'h', xIdx: 3, tIdx: 40, confidence: 0.7 }],
          permittivity: 7,
        },
        { name: 'no id' },
      ],
    });
    expect(results.permittivity).toBe(7.2);
    expect(results.materialProperties).toHaveLength(4);
    expect(results.rebars.map((r) => r.id)).toEqual(['a', 'b']);
    expect(results.rebars[0]!.coverM).toBe(0.044);
    expect(results.rebars[0]!.coverSdM).toBe(0.0013);
    expect(results.rebars[1]!.coverSdM).toBeUndefined();
    // Without the engine's cover: mean centre depth minus R.
    expect(results.rebars[1]!.coverM).toBeCloseTo(0.05, 10);
    expect(results.lines).toHaveLength(1);
    expect(results.lines[0]!.hyperbolas[0]!.confidence).toBe(0.7);
  });

  it('gives empty results for none, and reads each side of a dual result', () => {
    expect(readRebarResults(null).rebars).toEqual([]);
    const dual = {
      parallel: { rebars: [{ id: 'p', depthCoords: [[0.2, 0, 0.05]], R: 0.006, orientation: 0 }] },
      perpendicular: 'x',
    };
    expect(readSideRebars(dual, 'parallel')).toHaveLength(1);
    expect(readSideRebars(dual, 'perpendicular')).toEqual([]);
  });
});

describe('cover colours', () => {
  it('rounds the scale out to whole centimetres, at least one wide', () => {
    expect(getCoverScale([0.043, 0.065])).toEqual({ minM: 0.04, maxM: 0.07 });
    expect(getCoverScale([0.0398, 0.0602])).toEqual({ minM: 0.04, maxM: 0.06 });
    expect(getCoverScale([0.05, 0.05])).toEqual({ minM: 0.05, maxM: 0.06 });
    expect(getCoverScale([])).toEqual({ minM: 0, maxM: 0.1 });
  });

  it('runs from warm (shallow) to cool (deep) and clamps outside the scale', () => {
    const scale = { minM: 0.04, maxM: 0.08 };
    expect(getCoverColor(0.04, scale)).toBe('rgb(215, 48, 39)');
    expect(getCoverColor(0.08, scale)).toBe('rgb(69, 117, 180)');
    expect(getCoverColor(0.01, scale)).toBe(getCoverColor(0.04, scale));
    expect(getCoverColor(0.06, scale)).toBe('rgb(254, 224, 139)');
  });
});

describe('areaCalibrationPoints', () => {
  it('lists every line crossing of every bar under its bar, with the cover to the top of the bar', () => {
    const bar = (id: string, orientation: 0 | 1, depthCoords: [number, number, number][]) => ({
      id,
      depthCoords,
      R: 0.006,
      orientation,
      usesDefaultRadius: true,
      coverM: 0.04,
      confidence: 0.9,
    });
    const points = areaCalibrationPoints([
      bar('a', 0, [
        [0.15, 0, 0.046],
        [0.152, 0.1, 0.047],
      ]),
      bar('b', 1, [[0.2, 0.35, 0.056]]),
    ]);
    expect(points.map((p) => p.id)).toEqual(['a:0', 'a:1', 'b:0']);
    expect(points[1]).toEqual({
      id: 'a:1',
      group: 'Bar 1 (vertical)',
      label: 'x 0.152 m, y 0.100 m, cover 41.0 mm',
      position: { xM: 0.152, yM: 0.1 },
    });
    expect(points[2]!.group).toBe('Bar 2 (horizontal)');
    expect(areaCalibrationPoints([])).toEqual([]);
  });
});
