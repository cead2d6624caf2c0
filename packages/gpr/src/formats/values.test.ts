import { describe, expect, it } from 'vitest';
import { decodeEbcdic, decodeText, decodeUtf8, detectTextEncoding } from './text';
import { metresPerUnit, parseFrequencyHz, parseLooseDate, parseLooseNumber, toIsoDateTime } from './values';

describe('value parsers', () => {
  it('parses loose numbers', () => {
    expect(parseLooseNumber('2,5')).toBe(2.5);
    expect(parseLooseNumber(' 10 cm')).toBe(10);
    expect(parseLooseNumber('-1e-3')).toBe(-0.001);
    expect(parseLooseNumber('x')).toBeUndefined();
  });

  it('finds antenna frequencies', () => {
    expect(parseFrequencyHz('GP8000 2.0 GHz')).toBe(2e9);
    expect(parseFrequencyHz('250 MHz')).toBe(250e6);
    expect(parseFrequencyHz('500_shielded')).toBe(500e6);
    expect(parseFrequencyHz('7')).toBeUndefined();
  });

  it('knows length units', () => {
    expect(metresPerUnit('FT')).toBe(0.3048);
    expect(metresPerUnit('inches')).toBe(0.0254);
    expect(metresPerUnit('parsec')).toBeUndefined();
  });

  it('parses the date layouts GPR files use', () => {
    expect(parseLooseDate('2017-04-10')).toBe('2017-04-10T00:00:00');
    expect(parseLooseDate('2014-Apr-10')).toBe('2014-04-10T00:00:00');
    expect(parseLooseDate('10/06/2011')).toBe('2011-06-10T00:00:00');
    expect(parseLooseDate('06/13/2011')).toBe('2011-06-13T00:00:00');
    expect(parseLooseDate('26.07.2019 16:58')).toBe('2019-07-26T16:58:00');
    expect(parseLooseDate('2017-04-10T10:36:17Z')).toBe('2017-04-10T10:36:17Z');
    expect(parseLooseDate('10 Apr 2014 12:30:05')).toBe('2014-04-10T12:30:05');
    expect(parseLooseDate('2019-02-30')).toBeUndefined();
    expect(toIsoDateTime(2020, 2, 29)).toBe('2020-02-29T00:00:00');
  });
});

describe('text decoding', () => {
  it('detects BOMs and BOM-less UTF-16', () => {
    expect(detectTextEncoding(new Uint8Array([0xfe, 0xff, 0, 0x41]))).toBe('utf-16be');
    expect(detectTextEncoding(new Uint8Array([0x41, 0, 0x42, 0, 0x43, 0, 0x44, 0]))).toBe('utf-16le');
    expect(detectTextEncoding(new Uint8Array([0xe9, 0x41]))).toBe('latin1');
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0x41, 0, 0x42, 0])).text).toBe('AB');
  });

  it('decodes UTF-8 and replaces malformed sequences', () => {
    expect(decodeUtf8(new Uint8Array([0xc2, 0xb5, 0x73]))).toBe('µs');
    expect(decodeUtf8(new Uint8Array([0xc0, 0x80, 0xf0, 0x9f, 0x98, 0x80]))).toBe('\ufffd\ufffd😀');
  });

  it('decodes EBCDIC', () => {
    expect(decodeEbcdic(new Uint8Array([0xc3, 0xf1, 0x40, 0x81]))).toBe('C1 a');
  });
});
