import { describe, expect, it } from 'vitest';
import { buildDt1 } from '../../test/builders';
import { describeWithData, readRealFile } from '../../test/data';
import { expectWellFormed } from '../../test/fuzz';
import { readDt1 } from './dt1';

describeWithData('readDt1 on XLINE00 (values from SOURCES.md)', () => {
  const dt1 = (): Uint8Array => readRealFile('sensors-software-dt1-gprpy/XLINE00.DT1');
  const hd = (): Uint8Array => readRealFile('sensors-software-dt1-gprpy/XLINE00.HD');

  it('reads 531 traces × 1500 int16 points, feet converted to metres', () => {
    const result = readDt1({ name: 'XLINE00.DT1', bytes: dt1(), sidecars: { 'xline00.hd': hd() } });
    expectWellFormed(result);
    const [r] = result.radargrams;
    expect(r.traces).toBe(531);
    expect(r.samplesPerTrace).toBe(1500);
    expect(r.sampleIntervalS).toBeCloseTo(1200e-9 / 1500, 20);
    expect(r.timeOffsetS).toBeCloseTo(-3.18 * 0.8e-9, 20);
    expect(r.centreFrequencyHz).toBe(50e6);
    expect(r.traceSpacingM).toBeCloseTo(2 * 0.3048, 12);
    expect(r.antennaSeparationM).toBeCloseTo(3 * 0.3048, 12);
    expect(r.positionsM?.[530]).toBeCloseTo(1060 * 0.3048, 6);
    expect(r.scanDate).toBe('2017-04-10T10:36:17');
    expect(r.header.find((h) => h.name === 'NUMBER OF STACKS')?.value).toBe('8');
    expect(r.samples.subarray(0, 3)).toEqual(new Float32Array([-279, -286, -143]));
    expect(result.warnings).toEqual([]);
  });

  it('requires the .HD and rejects truncation', () => {
    expect(() => readDt1({ name: 'XLINE00.DT1', bytes: dt1() })).toThrow(
      'XLINE00.DT1: missing the .HD header file (it holds the time window)',
    );
    expect(() =>
      readDt1({ name: 'XLINE00.DT1', bytes: dt1().subarray(0, 3128 * 10), sidecars: { 'XLINE00.HD': hd() } }),
    ).toThrow('XLINE00.DT1: truncated: XLINE00.HD says 531 traces but the file holds 10');
    expect(() =>
      readDt1({ name: 'XLINE00.DT1', bytes: dt1().subarray(0, 5000), sidecars: { 'XLINE00.HD': hd() } }),
    ).toThrow(/truncated: the last trace has 1872 of 3128 bytes/);
  });
});

describe('readDt1 on synthetic files', () => {
  it('reads a small pair and its HD date format', () => {
    const { dt1, hd } = buildDt1(6, 40);
    const [r] = readDt1({ name: 'LINE01.DT1', bytes: dt1, sidecars: { 'LINE01.HD': hd } }).radargrams;
    expect(r.traces).toBe(6);
    expect(r.sampleIntervalS).toBeCloseTo(2e-9, 20);
    expect(r.scanDate).toBe('2014-04-10T01:00:00');
    expect(r.traceSpacingM).toBeCloseTo(0.1524, 10);
  });

  it('refuses an .HD holding a NUL character, naming it', () => {
    const { dt1, hd } = buildDt1();
    const text = String.fromCharCode(...hd).replace('POSITION UNITS     = ft', 'POSITION UNITS     = f\u0000t');
    const withNul = Uint8Array.from(text, (c) => c.charCodeAt(0));
    expect(() => readDt1({ name: 'LINE01.DT1', bytes: dt1, sidecars: { 'LINE01.HD': withNul } })).toThrow(
      /^LINE01\.HD: contains a NUL character \(character \d+\)/,
    );
  });

  it('uses a differently named sole .HD with a warning', () => {
    const { dt1, hd } = buildDt1();
    const result = readDt1({ name: 'A.DT1', bytes: dt1, sidecars: { 'B.HD': hd } });
    expect(result.warnings[0]).toMatch(/using sidecar B.HD although its name differs/);
  });

  it('rejects an HD without a time window', () => {
    const { dt1 } = buildDt1();
    const hd = Uint8Array.from('1234\nx\n2020-01-01\nNUMBER OF PTS/TRC = 40\n', (c) => c.charCodeAt(0));
    expect(() => readDt1({ name: 'A.DT1', bytes: dt1, sidecars: { 'A.HD': hd } })).toThrow(
      /A.HD has no valid TOTAL TIME WINDOW/,
    );
  });
});
