import { describe, expect, it } from 'vitest';
import { buildRd3 } from '../../test/builders';
import { describeWithData, readRealFile } from '../../test/data';
import { expectWellFormed } from '../../test/fuzz';
import { malaSampleInterval, parseCor, readRd3 } from './mala';

describeWithData('readRd3 on ten_col (values from SOURCES.md)', () => {
  const sidecars = (): Record<string, Uint8Array> => ({
    'ten_col.rad': readRealFile('mala-ramac-rd3-impdar/ten_col.rad'),
    'ten_col.cor': readRealFile('mala-ramac-rd3-impdar/ten_col.cor'),
  });

  it('reads 10 × 512 int16 and reports the FREQUENCY/TIMEWINDOW disagreement', () => {
    const result = readRd3({
      name: 'ten_col.rd3',
      bytes: readRealFile('mala-ramac-rd3-impdar/ten_col.rd3'),
      sidecars: sidecars(),
    });
    expectWellFormed(result);
    const [r] = result.radargrams;
    expect(r.traces).toBe(10);
    expect(r.samplesPerTrace).toBe(512);
    expect(r.format).toBe('rd3');
    expect(r.sampleIntervalS).toBeCloseTo(1 / 2426.187744e6, 20);
    expect(r.antennaName).toBe('500_shielded_egrip');
    expect(r.centreFrequencyHz).toBe(500e6);
    expect(r.antennaSeparationM).toBe(0.18);
    expect(r.traceSpacingM).toBe(0); // time-triggered (TIME INTERVAL 0.1 s)
    expect(r.header.find((h) => h.name === 'TIMEWINDOW')?.value).toBe('422.061312');
    expect(result.warnings.some((w) => /disagree by a factor 2\.00; using FREQUENCY/.test(w))).toBe(true);
    expect(r.gps?.[0]).toMatchObject({ traceIndex: 6, latitudeDeg: 75.63203, altitudeM: 2663.65 });
    expect(r.gps?.[0].longitudeDeg).toBeCloseTo(-35.98767, 4);
    expect(r.scanDate).toBe('2019-07-26T16:58:43');
  });

  it('requires the .rad and rejects a partial trace', () => {
    const bytes = readRealFile('mala-ramac-rd3-impdar/ten_col.rd3');
    expect(() => readRd3({ name: 'ten_col.rd3', bytes })).toThrow(
      'ten_col.rd3: missing the .rad header file (it holds the samples per trace)',
    );
    expect(() =>
      readRd3({ name: 'ten_col.rd3', bytes: bytes.subarray(0, 1500), sidecars: sidecars() }),
    ).toThrow('ten_col.rd3: truncated: the last trace has 476 of 1024 bytes');
    expect(() =>
      readRd3({ name: 'ten_col.rd3', bytes: bytes.subarray(0, 500), sidecars: sidecars() }),
    ).toThrow(
      'ten_col.rd3: truncated: ten_col.rad says 512 samples × 2 bytes per trace but the file has only 500 bytes',
    );
  });
});

describe('readRd3 on synthetic files', () => {
  it('reads rd3 and rd7 (int32) with distance triggering', () => {
    const { rd3, rad } = buildRd3(4, 32);
    const [r] = readRd3({ name: 'L.rd3', bytes: rd3, sidecars: { 'L.rad': rad } }).radargrams;
    expect(r.traceSpacingM).toBe(0.01);
    expect(r.centreFrequencyHz).toBe(1.6e9);
    const [r7] = readRd3({ name: 'L.rd7', bytes: rd3, sidecars: { 'L.RAD': rad } }).radargrams;
    expect(r7.format).toBe('rd7');
    expect(r7.traces).toBe(2); // the same 256 bytes read as int32
  });

  it('falls back to TIMEWINDOW when FREQUENCY is missing', () => {
    expect(malaSampleInterval('a', undefined, 100, 500, [])).toBeCloseTo(0.2e-9, 20);
    const warnings: string[] = [];
    expect(malaSampleInterval('a', 5000, 100, 500, warnings)).toBeCloseTo(0.2e-9, 20);
    expect(warnings).toEqual([]);
    expect(() => malaSampleInterval('a', undefined, undefined, 500, [])).toThrow(/neither a valid FREQUENCY/);
  });

  it('parses COR rows', () => {
    const { fixes } = parseCor('1\t2020-01-02\t03:04:05\t10.5\tS\t20.25\tE\t5.0\tM\t1');
    expect(fixes[0]).toMatchObject({
      traceIndex: 0,
      latitudeDeg: -10.5,
      longitudeDeg: 20.25,
      altitudeM: 5,
      time: '2020-01-02T03:04:05Z',
    });
  });
});
