/**
 * Seed inputs for the fuzz suites: synthetic files always, plus shrunken copies of the real files when the
 * shared data are present (a header and a few traces, so each case stays fast).
 */
import { buildDt1, buildDzt, buildRd3, buildSegy } from './builders';
import { hasSharedData, readRealFile } from './data';

/** One seed: the main file and its sidecars. */
export interface Seed {
  name: string;
  bytes: Uint8Array;
  sidecars?: Record<string, Uint8Array>;
}

const ascii = (bytes: Uint8Array): string => String.fromCharCode(...bytes);
const fromAscii = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));

/** The first `traces` traces of a DZT (header kept whole). */
function shrinkDzt(bytes: Uint8Array, traces: number): Uint8Array {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const data = v.getUint16(2, true);
  const channels = Math.max(1, v.getUint16(52, true));
  const offset = data < 1024 ? data * 1024 : 1024 * channels;
  return bytes.slice(0, offset + traces * channels * v.getUint16(4, true) * (v.getUint16(6, true) / 8));
}

/** DZT seeds. */
export function dztSeeds(): Seed[] {
  const seeds: Seed[] = [
    { name: 'a.DZT', bytes: buildDzt({ bits: 16, withCounter: true, markEvery: 3 }) },
    { name: 'b.DZT', bytes: buildDzt({ bits: 8, traces: 5 }) },
    { name: 'c.DZT', bytes: buildDzt({ bits: 32, channels: 2, traces: 4 }) },
    { name: 'd.DZT', bytes: buildDzt({ bits: 32, dataField: 2, withCounter: true, traces: 3 }) },
  ];
  if (hasSharedData) {
    const dir = 'gssi-sir4000-impdar/';
    seeds.push(
      {
        name: 'File____001.DZT',
        bytes: shrinkDzt(readRealFile('gssi-structurescan-mini-ietgpr/File____001.DZT'), 8),
      },
      {
        name: 'Lab_specimen_data.DZT',
        bytes: shrinkDzt(readRealFile('gssi-sir3000-fhwa-charisma-lab/Lab_specimen_data.DZT'), 4),
      },
      {
        name: 'FILE____032.DZT',
        bytes: shrinkDzt(readRealFile('gssi-sir3000-gprpy-dune/FILE____032.DZT'), 4),
      },
      {
        name: 'test_gssi.DZT',
        bytes: shrinkDzt(readRealFile(`${dir}test_gssi.DZT`), 2),
        sidecars: {
          'test_gssi.DZX': readRealFile(`${dir}test_gssi.DZX`),
          'test_gssi.DZG': readRealFile(`${dir}test_gssi.DZG`),
        },
      },
    );
  }
  return seeds;
}

/** SEG-Y seeds. */
export function segySeeds(): Seed[] {
  const seeds: Seed[] = [
    { name: 'ibm.sgy', bytes: buildSegy({ ebcdic: true, traces: 4, samplesPerTrace: 32 }) },
    {
      name: 'le.sgy',
      bytes: buildSegy({ littleEndian: true, formatCode: 5, traces: 4, samplesPerTrace: 32 }),
    },
    {
      name: 'i16.segy',
      bytes: buildSegy({ formatCode: 3, extendedTextHeaders: 1, traces: 3, samplesPerTrace: 16 }),
    },
  ];
  if (hasSharedData)
    seeds.push({
      name: 'test.sgy',
      bytes: readRealFile('segy-rgpr-littleendian/test.sgy').slice(0, 3600 + 4 * 4240),
    });
  return seeds;
}

/** DT1 + HD seeds (the real HD's trace count edited to match the shrunken DT1). */
export function dt1Seeds(): Seed[] {
  const small = buildDt1(4, 24);
  const seeds: Seed[] = [{ name: 'LINE.DT1', bytes: small.dt1, sidecars: { 'LINE.HD': small.hd } }];
  if (hasSharedData) {
    const hd = ascii(readRealFile('sensors-software-dt1-gprpy/XLINE00.HD')).replace('= 531', '= 4');
    seeds.push({
      name: 'XLINE00.DT1',
      bytes: readRealFile('sensors-software-dt1-gprpy/XLINE00.DT1').slice(0, 4 * 3128),
      sidecars: { 'XLINE00.HD': fromAscii(hd) },
    });
  }
  return seeds;
}

/** RD3/RD7 + RAD seeds. */
export function rd3Seeds(): Seed[] {
  const small = buildRd3(4, 16);
  const seeds: Seed[] = [
    { name: 'L.rd3', bytes: small.rd3, sidecars: { 'L.rad': small.rad } },
    { name: 'L.rd7', bytes: small.rd3, sidecars: { 'L.rad': small.rad } },
  ];
  if (hasSharedData) {
    const dir = 'mala-ramac-rd3-impdar/';
    seeds.push({
      name: 'ten_col.rd3',
      bytes: readRealFile(`${dir}ten_col.rd3`),
      sidecars: {
        'ten_col.rad': readRealFile(`${dir}ten_col.rad`),
        'ten_col.cor': readRealFile(`${dir}ten_col.cor`),
      },
    });
  }
  return seeds;
}
