import { describe, expect, it } from 'vitest';
import { buildDzt } from '../../test/builders';
import { describeWithData, readRealFile } from '../../test/data';
import { expectWellFormed } from '../../test/fuzz';
import { readDzt } from './dzt';
import { decodeDztDate } from './dzt-header';
import { parseDzg, parseDzx } from './dzt-sidecars';
import { gssiAntennaFrequencyHz } from './dzt-antenna';
import { GprFormatError } from './errors';

const header = (r: { header: { name: string; value: unknown }[] }, name: string): unknown =>
  r.header.find((h) => h.name === name)?.value;

describeWithData('readDzt on the real files (values from SOURCES.md)', () => {
  it('StructureScan Mini File____001: 32-bit, counter + mark words stripped, 863 traces', () => {
    const result = readDzt({
      name: 'File____001.DZT',
      bytes: readRealFile('gssi-structurescan-mini-ietgpr/File____001.DZT'),
    });
    expectWellFormed(result);
    const [r] = result.radargrams;
    expect(r.traces).toBe(863);
    expect(r.samplesPerTrace).toBe(254);
    expect(header(r, 'bits per sample')).toBe(32);
    expect(header(r, 'samples per trace (file)')).toBe(256);
    expect(header(r, 'system')).toBe('StructureScan Mini');
    expect(header(r, 'internal file name')).toBe('File____026');
    expect(header(r, 'scan counter and mark words removed')).toBe(true);
    expect(r.antennaName).toBe('SS MINI #454');
    expect(r.centreFrequencyHz).toBe(1.6e9);
    expect(r.sampleIntervalS).toBeCloseTo(10e-9 / 256, 20);
    expect(r.timeOffsetS).toBeCloseTo(-0.5e-9 + (2 * 10e-9) / 256, 20);
    expect(r.traceSpacingM).toBeCloseTo(1 / 800, 12);
    expect(r.permittivity).toBe(6);
    expect(r.scanDate).toBe('2011-01-01T13:40:28');
    expect(r.marks.map((m) => m.traceIndex)).toEqual([159, 319, 479, 639, 799]);
    expect(r.samples[0]).toBe(-35232); // word 2 of trace 0, signed
    expect(result.warnings).toEqual([]);
  });

  it('StructureScan Mini File____002: 1187 traces, marks every 160 traces', () => {
    const [r] = readDzt({
      name: 'File____002.DZT',
      bytes: readRealFile('gssi-structurescan-mini-ietgpr/File____002.DZT'),
    }).radargrams;
    expect(r.traces).toBe(1187);
    expect(header(r, 'internal file name')).toBe('File____027');
    expect(r.marks.every((m) => (m.traceIndex + 1) % 160 === 0)).toBe(true);
    expect(r.traces * r.traceSpacingM).toBeCloseTo(1.48, 2);
  });

  it('SIR-3000 FHWA lab specimen: 16-bit unsigned, no counter, 332 traces, dates', () => {
    const [r] = readDzt({
      name: 'Lab_specimen_data.DZT',
      bytes: readRealFile('gssi-sir3000-fhwa-charisma-lab/Lab_specimen_data.DZT'),
    }).radargrams;
    expect(r.traces).toBe(332);
    expect(r.samplesPerTrace).toBe(512);
    expect(header(r, 'scan counter and mark words removed')).toBe(false);
    expect(header(r, 'system')).toBe('SIR 3000');
    expect(header(r, 'internal file name')).toBe('FILE____488');
    expect(r.antennaName).toBe('1.5/1.6GHz');
    expect(r.centreFrequencyHz).toBe(1.6e9);
    expect(r.sampleIntervalS).toBeCloseTo(8e-9 / 512, 20);
    expect(r.traceSpacingM).toBeCloseTo(1 / 118.11, 5);
    expect(r.traces * r.traceSpacingM).toBeCloseTo(2.81, 2);
    expect(r.permittivity).toBe(7);
    expect(r.scanDate?.slice(0, 10)).toBe('2017-05-26');
    expect(String(header(r, 'modified')).slice(0, 10)).toBe('2023-02-21');
    expect(r.samples[0]).toBe(32746 - 32768);
    expect(r.marks).toEqual([]);
  });

  it('SIR-3000 dune: 400 MHz, 48 ns, 50 scans/m, counter from 0, marks every 100 traces', () => {
    const [r] = readDzt({
      name: 'FILE____032.DZT',
      bytes: readRealFile('gssi-sir3000-gprpy-dune/FILE____032.DZT'),
    }).radargrams;
    expect(r.traces).toBe(1040);
    expect(r.samplesPerTrace).toBe(510);
    expect(r.centreFrequencyHz).toBe(400e6);
    expect(r.sampleIntervalS * 512).toBeCloseTo(48e-9, 15);
    expect(r.traceSpacingM).toBeCloseTo(0.02, 12);
    expect(r.permittivity).toBe(6);
    expect(r.marks.map((m) => m.traceIndex)).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
  });

  it('SIR-4000: rh_data 128 → data at 131072, 32-bit, spacing from the DZX, GPS from the DZG', () => {
    const bytes = readRealFile('gssi-sir4000-impdar/test_gssi.DZT');
    const sidecars = {
      'test_gssi.DZX': readRealFile('gssi-sir4000-impdar/test_gssi.DZX'),
      'TEST_GSSI.dzg': readRealFile('gssi-sir4000-impdar/test_gssi.DZG'),
    };
    const result = readDzt({ name: 'test_gssi.DZT', bytes, sidecars });
    expectWellFormed(result);
    const [r] = result.radargrams;
    expect(header(r, 'data offset (bytes)')).toBe(131072);
    expect(r.traces).toBe(345);
    expect(r.samplesPerTrace).toBe(2046);
    expect(header(r, 'system')).toBe('SIR 4000');
    expect(header(r, 'scans per metre')).toBe(0);
    expect(r.antennaName).toBe('5106');
    expect(r.centreFrequencyHz).toBe(200e6);
    expect(r.sampleIntervalS * 2048).toBeCloseTo(2300e-9, 12);
    expect(r.timeOffsetS).toBeCloseTo(-230e-9 + (2 * 2300e-9) / 2048, 15);
    expect(r.permittivity).toBeCloseTo(9.64, 2);
    expect(r.traceSpacingM).toBeCloseTo(1 / 300, 12);
    expect(r.gps).toHaveLength(14);
    expect(r.gps?.[0].traceIndex).toBe(23);
    expect(r.gps?.[0].latitudeDeg).toBeCloseTo(47.654, 3);
    expect(r.gps?.[0].longitudeDeg).toBeCloseTo(-122.3097, 3);
    // without the DZX the time-triggered file has no spacing
    expect(readDzt({ name: 'test_gssi.DZT', bytes }).radargrams[0].traceSpacingM).toBe(0);
  });

  it('rejects a truncated real file with a message naming the file', () => {
    const bytes = readRealFile('gssi-structurescan-mini-ietgpr/File____001.DZT');
    expect(() => readDzt({ name: 'File____001.DZT', bytes: bytes.subarray(0, 1024 + 1000) })).toThrow(
      'File____001.DZT: truncated: header says 256 samples × 4 bytes per trace but only 1000 bytes of data remain after the 1024-byte header',
    );
    expect(() => readDzt({ name: 'File____001.DZT', bytes: bytes.subarray(0, 5000) })).toThrow(
      /truncated: the last trace has/,
    );
    const partial = readDzt({
      name: 'File____001.DZT',
      bytes: bytes.subarray(0, 5000),
      allowTruncated: true,
    });
    expect(partial.radargrams[0].traces).toBe(3);
    expect(partial.warnings[0]).toMatch(/truncated/);
  });
});

describe('readDzt on synthetic files', () => {
  it('reads 8-bit files, centring on 128', () => {
    const [r] = readDzt({
      name: 'a.dzt',
      bytes: buildDzt({ bits: 8, samplesPerTrace: 16, traces: 3 }),
    }).radargrams;
    expect(r.samplesPerTrace).toBe(16);
    expect(r.samples[0]).toBe(0);
    expect(Math.max(...r.samples)).toBeLessThanOrEqual(100);
  });

  it('detects the counter for 8/16/32 bits and turns word 1 into marks', () => {
    for (const bits of [8, 16, 32] as const) {
      const [r] = readDzt({
        name: 'a.dzt',
        bytes: buildDzt({ bits, withCounter: true, markEvery: 5, traces: 12 }),
      }).radargrams;
      expect(r.samplesPerTrace).toBe(62);
      expect(r.marks.map((m) => m.traceIndex)).toEqual([0, 5, 10]);
    }
  });

  it('decodes every sample as the stored word minus the centre, whatever the layout and alignment', () => {
    // The reader's fast paths (two 16-bit samples per 32-bit load, the native copy of 32-bit samples, per trace
    // or all at once) against a direct decode: 8/16/32 bits, with and without the counter words, odd and even
    // trace lengths, two channels, and the file's bytes at an odd offset in their buffer (no aligned view).
    for (const bits of [8, 16, 32] as const) {
      for (const withCounter of [false, true]) {
        for (const samplesPerTrace of [63, 64]) {
          for (const channels of [1, 2]) {
            for (const shift of [0, 1, 2]) {
              const file = buildDzt({ bits, withCounter, samplesPerTrace, channels, traces: 5 });
              const bytes = new Uint8Array(file.length + shift).subarray(shift);
              bytes.set(file);
              const result = readDzt({ name: 'a.dzt', bytes });
              const view = new DataView(file.buffer);
              const bps = bits / 8;
              const centre = bits === 8 ? 128 : bits === 16 ? 32768 : 0;
              const skip = withCounter ? 2 : 0;
              result.radargrams.forEach((r, c) => {
                expect(r.samplesPerTrace).toBe(samplesPerTrace - skip);
                const expected = new Float32Array(r.traces * r.samplesPerTrace);
                for (let t = 0; t < r.traces; t++) {
                  for (let s = skip; s < samplesPerTrace; s++) {
                    const off = 1024 * channels + ((t * channels + c) * samplesPerTrace + s) * bps;
                    const word =
                      bps === 1
                        ? view.getUint8(off)
                        : bps === 2
                          ? view.getUint16(off, true)
                          : view.getInt32(off, true);
                    expected[t * r.samplesPerTrace + s - skip] = word - centre;
                  }
                }
                expect(r.samples).toEqual(expected);
              });
            }
          }
        }
      }
    }
  });

  it('splits multi-channel files into one radargram per channel with their own range', () => {
    const result = readDzt({ name: 'multi.DZT', bytes: buildDzt({ channels: 2, traces: 7, rangeNs: 10 }) });
    expectWellFormed(result);
    expect(result.radargrams).toHaveLength(2);
    expect(result.radargrams.map((r) => r.channel)).toEqual([0, 1]);
    expect(result.radargrams[1].name).toBe('multi.DZT channel 2');
    expect(result.radargrams[1].sampleIntervalS).toBeCloseTo(2 * result.radargrams[0].sampleIntervalS, 20);
    expect(result.radargrams[0].samples[0]).not.toBe(result.radargrams[1].samples[0]);
  });

  it('honours a small rh_data as a multiple of 1024', () => {
    const [r] = readDzt({ name: 'big.dzt', bytes: buildDzt({ dataField: 4, traces: 3 }) }).radargrams;
    expect(r.traces).toBe(3);
  });

  it('rejects bad sample sizes and channel counts with GprFormatError', () => {
    const bytes = buildDzt();
    new DataView(bytes.buffer).setUint16(6, 12, true);
    expect(() => readDzt({ name: 'x.dzt', bytes })).toThrow(GprFormatError);
    expect(() => readDzt({ name: 'x.dzt', bytes })).toThrow(
      'x.dzt: unsupported sample size: 12 bits (expected 8, 16 or 32)',
    );
    const many = buildDzt();
    new DataView(many.buffer).setUint16(52, 999, true);
    expect(() => readDzt({ name: 'x.dzt', bytes: many })).toThrow(/999 channels/);
    expect(() => readDzt({ name: 'x.dzt', bytes: new Uint8Array(10) })).toThrow(/truncated/);
  });
});

describe('DZX and DZG sidecars', () => {
  it('reads spacing in feet, marks from WayPt and TargetWayPt, and ignores broken XML', () => {
    const xml =
      '<DZX><GlobalProperties><horizontalUnit>ft</horizontalUnit><unitsPerScan>0.1</unitsPerScan>' +
      '<dielectric>8</dielectric></GlobalProperties><File><Profile>' +
      '<WayPt><scan>12</scan><mark>User</mark><name>pipe</name></WayPt>' +
      '<WayPt><scan>40</scan></WayPt></Profile>' +
      '<TargetGroup><TargetWayPt><scanSampChanProp>7,100,0</scanSampChanProp></TargetWayPt></TargetGroup></File></DZX>';
    const info = parseDzx(xml);
    expect(info.traceSpacingM).toBeCloseTo(0.03048, 12);
    expect(info.permittivity).toBe(8);
    expect(info.marks).toEqual([
      { traceIndex: 12, label: 'User: pipe' },
      { traceIndex: 7, label: 'target' },
    ]);
    expect(parseDzx('<DZX><WayPt><scan>1</scan><mark>x').marks).toEqual([]);
  });

  it('pairs $GSSIS scans with the following $GPGGA fix', () => {
    const fixes = parseDzg(
      '$GSSIS,5,-1\r\n$GPGGA,120000,4500.0000,S,00730.0000,E,1,08,,12.5,M,,M,,*00\r\n$GPGGA,x',
      '2020-01-02T00:00:00',
    );
    expect(fixes).toEqual([
      { traceIndex: 5, latitudeDeg: -45, longitudeDeg: 7.5, altitudeM: 12.5, time: '2020-01-02T12:00:00Z' },
    ]);
  });
});

describe('DZT header helpers', () => {
  it('decodes the date bit-field', () => {
    expect(decodeDztDate(0x3e216d0e)).toBe('2011-01-01T13:40:28');
    expect(decodeDztDate(0)).toBeUndefined();
    expect(decodeDztDate(0xffffffff)).toBeUndefined();
  });

  it('maps antenna names to frequencies', () => {
    expect(gssiAntennaFrequencyHz('5106', 8)).toBe(200e6);
    expect(gssiAntennaFrequencyHz('51600S', 3)).toBe(1.6e9);
    expect(gssiAntennaFrequencyHz('400MHz', 3)).toBe(400e6);
    expect(gssiAntennaFrequencyHz('SS MINI XT', 14)).toBe(2.7e9);
    expect(gssiAntennaFrequencyHz('', 14)).toBe(2.7e9);
    expect(gssiAntennaFrequencyHz('mystery', 3)).toBeUndefined();
  });
});
