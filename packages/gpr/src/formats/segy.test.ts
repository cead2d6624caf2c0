import { describe, expect, it } from 'vitest';
import { buildSegy, numberToIbm } from '../../test/builders';
import { describeWithData, readRealFile } from '../../test/data';
import { expectWellFormed } from '../../test/fuzz';
import { readSegy } from './segy';
import { readSegyTextHeader } from './segy-header';
import { guessSampleInterval, ibmToNumber } from './segy-samples';

const header = (r: { header: { name: string; value: unknown }[] }, name: string): unknown =>
  r.header.find((h) => h.name === name)?.value;

describeWithData('readSegy on RGPR test.sgy (values from SOURCES.md)', () => {
  it('detects little-endian, ASCII text, IEEE floats, ps interval and the inverted scalar', () => {
    const result = readSegy({ name: 'test.sgy', bytes: readRealFile('segy-rgpr-littleendian/test.sgy') });
    expectWellFormed(result);
    const [r] = result.radargrams;
    expect(r.traces).toBe(223);
    expect(r.samplesPerTrace).toBe(1000);
    expect(String(header(r, 'byte order'))).toMatch(/^little-endian/);
    expect(header(r, 'text header encoding')).toBe('ASCII');
    expect(header(r, 'sample format')).toBe('5 (IEEE float32)');
    expect(header(r, 'sample interval')).toBe('400 read as ps');
    expect(r.sampleIntervalS).toBeCloseTo(0.4e-9, 20);
    expect(r.traceSpacingM).toBeCloseTo(0.25, 12);
    expect(r.positionsM?.[222]).toBeCloseTo(55.5, 9);
    expect(String(header(r, 'coordinates'))).toMatch(/inverted/);
    let max = 0;
    for (const v of r.samples) max = Math.max(max, Math.abs(v));
    expect(max).toBeLessThanOrEqual(50);
    expect(max).toBeGreaterThan(1);
  });

  it('rejects a truncated copy, or reads its whole traces when allowed', () => {
    const bytes = readRealFile('segy-rgpr-littleendian/test.sgy');
    const cut = bytes.subarray(0, 3600 + 4240 * 3 + 1000);
    expect(() => readSegy({ name: 'test.sgy', bytes: cut })).toThrow(
      'test.sgy: truncated: trace 4 needs 4240 bytes (1000 samples × 4 bytes + headers) but only 1000 remain',
    );
    expect(readSegy({ name: 'test.sgy', bytes: cut, allowTruncated: true }).radargrams[0].traces).toBe(3);
    expect(() => readSegy({ name: 'test.sgy', bytes: bytes.subarray(0, 3000) })).toThrow(
      /test.sgy: truncated/,
    );
  });
});

describe('readSegy on synthetic files', () => {
  const amplitude = (s: number, t: number): number => Math.round(1000 * Math.sin((s + t) / 4)) / 8;

  it('reads big-endian IBM float with an EBCDIC header and a standard negative scalar', () => {
    const result = readSegy({
      name: 'ibm.sgy',
      bytes: buildSegy({ ebcdic: true, formatCode: 1, scalar: -100, stepRaw: 5 }),
    });
    expectWellFormed(result);
    const [r] = result.radargrams;
    expect(String(header(r, 'byte order'))).toMatch(/^big-endian/);
    expect(header(r, 'text header encoding')).toBe('EBCDIC');
    expect(r.centreFrequencyHz).toBe(400e6);
    expect(r.permittivity).toBe(6.5);
    expect(r.scanDate).toBe('2021-03-04T00:00:00');
    expect(r.samples[3]).toBeCloseTo(amplitude(3, 0), 4);
    expect(r.traceSpacingM).toBeCloseTo(0.05, 12);
    expect(r.sampleIntervalS).toBeCloseTo(100e-12, 20);
  });

  it('reads every integer/float format in both byte orders', () => {
    for (const formatCode of [1, 2, 3, 5, 8] as const) {
      for (const littleEndian of [false, true]) {
        const [r] = readSegy({ name: 'f.sgy', bytes: buildSegy({ formatCode, littleEndian }) }).radargrams;
        expect(r.traces).toBe(8);
        const expected =
          formatCode === 8
            ? Math.round(amplitude(5, 2) / 8)
            : formatCode === 2 || formatCode === 3
              ? Math.round(amplitude(5, 2))
              : amplitude(5, 2);
        expect(r.samples[2 * 50 + 5]).toBeCloseTo(expected, 4);
      }
    }
  });

  it('skips extended textual headers', () => {
    const [r] = readSegy({ name: 'ext.sgy', bytes: buildSegy({ extendedTextHeaders: 2 }) }).radargrams;
    expect(r.traces).toBe(8);
    expect(r.samples[3]).toBeCloseTo(amplitude(3, 0), 4);
  });

  it('reads the sample interval as ps, ns or µs by plausibility', () => {
    expect(guessSampleInterval(400, 1000)).toMatchObject({ unit: 'ps', seconds: 400e-12 });
    expect(guessSampleInterval(24, 512)).toMatchObject({ unit: 'ps' });
    expect(guessSampleInterval(1, 512)).toMatchObject({ unit: 'ns', seconds: 1e-9 });
    expect(guessSampleInterval(100, 1000)).toMatchObject({ unit: 'ps' });
    expect(guessSampleInterval(50, 50)).toMatchObject({ unit: 'ns' });
    expect(guessSampleInterval(60000, 1000)).toMatchObject({ unit: 'ps' });
  });

  it('applies a trace delay in the unit of the sample interval', () => {
    const [r] = readSegy({
      name: 'd.sgy',
      bytes: buildSegy({ intervalRaw: 100, samplesPerTrace: 50, delayRaw: -500 }),
    }).radargrams;
    expect(r.timeOffsetS).toBeCloseTo(-500e-12, 20);
  });

  it('rejects unknown formats and a zero interval without fallback', () => {
    const bad = buildSegy();
    new DataView(bad.buffer).setInt16(3224, 4, false);
    expect(() => readSegy({ name: 'x.sgy', bytes: bad })).toThrow(
      /x.sgy: not a readable SEG-Y file: sample format code/,
    );
    const noDt = buildSegy({ intervalRaw: 0 });
    expect(() => readSegy({ name: 'x.sgy', bytes: noDt })).toThrow(/sample interval is 0/);
    expect(
      readSegy({ name: 'x.sgy', bytes: noDt }, { fallbackSampleIntervalS: 2e-11 }).radargrams[0]
        .sampleIntervalS,
    ).toBe(2e-11);
  });

  it('reads rev 2 files: byte-order constant, extended sample count, declared trace count', () => {
    const bytes = buildSegy({ littleEndian: true, formatCode: 5, samplesPerTrace: 50, traces: 4 });
    const v = new DataView(bytes.buffer);
    bytes[3500] = 2;
    bytes[3501] = 0;
    v.setUint32(3256, 0x01020304, true);
    v.setUint16(3220, 0, true);
    v.setInt32(3268, 50, true);
    v.setBigUint64(3512, 4n, true);
    const [r] = readSegy({ name: 'rev2.sgy', bytes }).radargrams;
    expect(String(header(r, 'byte order'))).toBe('little-endian (byte-order constant (rev 2))');
    expect(r.samplesPerTrace).toBe(50);
    expect(r.traces).toBe(4);
    v.setBigUint64(3512, 9n, true);
    expect(() => readSegy({ name: 'rev2.sgy', bytes })).toThrow(
      'rev2.sgy: truncated: the header declares 9 traces but only 4 are present',
    );
  });

  it('zero-pads variable-length traces (rev 1, fixed-length flag 0)', () => {
    const bytes = buildSegy({ formatCode: 3, samplesPerTrace: 10, traces: 2 });
    const v = new DataView(bytes.buffer);
    v.setInt16(3502, 0, false);
    v.setUint16(3600 + 240 + 20 + 114, 6, false); // second trace claims 6 samples, file ends 8 bytes early
    const cut = bytes.subarray(0, bytes.length - 8);
    const result = readSegy({ name: 'var.sgy', bytes: cut });
    expect(result.radargrams[0].samplesPerTrace).toBe(10);
    expect(result.radargrams[0].samples[19]).toBe(0);
    expect(result.warnings[0]).toMatch(/padded with zeros/);
  });

  it('converts IBM floats', () => {
    expect(ibmToNumber(0x41100000)).toBe(1);
    expect(ibmToNumber(0xc276a000)).toBe(-118.625);
    expect(ibmToNumber(numberToIbm(0.15625))).toBeCloseTo(0.15625, 7);
    expect(ibmToNumber(0)).toBe(0);
  });

  it('decodes EBCDIC and ASCII text headers', () => {
    const ascii = readSegyTextHeader(buildSegy().subarray(0, 3200));
    expect(ascii.encoding).toBe('ASCII');
    expect(ascii.text).toMatch(/^C 1 GPR LINE/);
    const ebcdic = readSegyTextHeader(buildSegy({ ebcdic: true }).subarray(0, 3200));
    expect(ebcdic.encoding).toBe('EBCDIC');
    expect(ebcdic.text).toMatch(/^C 1 GPR LINE 400 MHz/);
  });
});
