import { describe, expect, it } from 'vitest';
import { describePermittivity, parseMeasuredCover, readPermittivityInUse } from './permittivity-calibration';

describe('permittivity in use', () => {
  it('reads a calibrated result with its bar and says where the value comes from', () => {
    const p = readPermittivityInUse({
      permittivity: { value: 7.31, sd: 0.12, source: 'calibrated', count: 1 },
      calibration: { xM: 0.42, coverM: 0.035 },
    });
    expect(p?.calibration).toEqual({ xM: 0.42, coverM: 0.035 });
    expect(describePermittivity(p!)).toBe(
      'εr 7.31 ± 0.12, calibrated on the bar at 0.420 m (measured cover 35.0 mm)',
    );
  });

  it('says where on an area the calibrating cover was measured', () => {
    const p = readPermittivityInUse({
      permittivity: { value: 6.9, sd: 0.2, source: 'calibrated', count: 1 },
      calibration: { xM: 0.15, yM: 0.2, coverM: 0.044 },
    });
    expect(p?.calibration).toEqual({ xM: 0.15, yM: 0.2, coverM: 0.044 });
    expect(describePermittivity(p!)).toBe(
      'εr 6.90 ± 0.20, calibrated on the bar at x 0.150 m, y 0.200 m (measured cover 44.0 mm)',
    );
  });

  it('says on which scan of a dual-orientation pair the calibrating bar lies', () => {
    const p = readPermittivityInUse({
      permittivity: { value: 7.5, sd: 0.15, source: 'calibrated', count: 1 },
      calibration: { scan: 'perpendicular', xM: 0.3, coverM: 0.045 },
    });
    expect(p?.calibration).toEqual({ scan: 'perpendicular', xM: 0.3, coverM: 0.045 });
    expect(describePermittivity(p!)).toBe(
      'εr 7.50 ± 0.15, calibrated on the bar at 0.300 m of the perpendicular scan (measured cover 45.0 mm)',
    );
  });

  it('reads an estimate with the plausibility note, and nothing from a result without permittivity', () => {
    const p = readPermittivityInUse({
      permittivity: { value: 3.6, sd: 0.3, source: 'estimated', count: 7 },
      permittivityNote: 'εr 3.6 is below 4, implausible for concrete',
    });
    expect(p?.note).toMatch(/implausible/);
    expect(p?.calibration).toBeNull();
    expect(describePermittivity(p!)).toBe('εr 3.60 ± 0.30, estimated from 7 hyperbolas');
    expect(readPermittivityInUse({ rebars: [] })).toBeNull();
  });

  it('reads the bar diameter the run was given, and none when the engine estimated it', () => {
    const permittivity = { value: 7.2, sd: 0.3, source: 'estimated', count: 4 };
    expect(readPermittivityInUse({ permittivity, barDiameterM: 0.016 })?.barDiameterM).toBe(0.016);
    expect(readPermittivityInUse({ permittivity })?.barDiameterM).toBeNull();
    expect(readPermittivityInUse({ permittivity, barDiameterM: '16' })?.barDiameterM).toBeNull();
  });

  it('parses a measured cover in mm and refuses nonsense', () => {
    expect(parseMeasuredCover(' 35,5 ')).toEqual({ coverM: 0.0355 });
    expect(parseMeasuredCover('')).toEqual({ error: 'Enter the measured cover in mm' });
    expect(parseMeasuredCover('-3')).toEqual({ error: 'The cover must be between 0 and 500 mm' });
    expect(parseMeasuredCover('abc')).toEqual({ error: 'Enter the measured cover in mm' });
  });
});
