import { describe, expect, it } from 'vitest';
import { buildDt1, buildDzt, buildRd3, buildSegy } from '../../test/builders';
import { describeWithData, readRealFile } from '../../test/data';
import { expectWellFormed } from '../../test/fuzz';
import { buildGprMaxFile } from '../../test/gprmax-fixture';
import { buildVendorZip } from '../../test/vendor-fixture';
import * as gpr from '../index';
import { detectGprFormat } from './detect';
import { GprFormatError } from './errors';
import { readGprFile, readGprFileAsync } from './read-gpr-file';
import type { GprFileInput } from './types';

describe('detectGprFormat', () => {
  it('uses signatures first, then extensions, then header plausibility', async () => {
    expect(detectGprFormat('scan.bin', buildVendorZip())).toBe('vendor-zip');
    expect(detectGprFormat('model.dat', await buildGprMaxFile())).toBe('gprmax');
    expect(detectGprFormat('a.DZT', new Uint8Array(10))).toBe('dzt');
    expect(detectGprFormat('a.SGY', new Uint8Array(10))).toBe('segy');
    expect(detectGprFormat('a.dt1', new Uint8Array(10))).toBe('dt1');
    expect(detectGprFormat('a.RD7', new Uint8Array(10))).toBe('rd7');
    expect(detectGprFormat('noext', buildDzt())).toBe('dzt');
    expect(detectGprFormat('noext', buildSegy())).toBe('segy');
    expect(detectGprFormat('XLINE00.HD', new Uint8Array(100))).toBeNull();
    expect(detectGprFormat('notes.txt', new Uint8Array(100))).toBeNull();
  });
});

describe('readGprFile', () => {
  it('dispatches to every reader and matches sidecars by base name, any case', () => {
    const { dt1, hd } = buildDt1();
    const { rd3, rad } = buildRd3();
    const results = [
      readGprFile({ name: 'a.dzt', bytes: buildDzt() }),
      readGprFile({ name: 'a.sgy', bytes: buildSegy() }),
      readGprFile({ name: 'dir/LINE.DT1', bytes: dt1, sidecars: { 'other/line.hd': hd } }),
      readGprFile({ name: 'L.rd3', bytes: rd3, sidecars: { 'l.RAD': rad } }),
      readGprFile({ name: 'export.zip', bytes: buildVendorZip() }),
    ];
    for (const r of results) expectWellFormed(r);
    expect(results.map((r) => r.format)).toEqual(['dzt', 'segy', 'dt1', 'rd3', 'vendor-zip']);
  });

  it('rejects unknown files with GprFormatError', () => {
    expect(() => readGprFile({ name: 'notes.txt', bytes: new Uint8Array(5) })).toThrow(GprFormatError);
    expect(() => readGprFile({ name: 'notes.txt', bytes: new Uint8Array(5) })).toThrow(
      /notes.txt: not a recognised GPR file/,
    );
  });

  it('readGprFileAsync loads HDF5 when needed', async () => {
    const result = await readGprFileAsync({ name: 'm.out', bytes: await buildGprMaxFile() });
    expect(result.format).toBe('gprmax');
  });

  it('is exported from the package entry', () => {
    for (const name of [
      'readGprFile',
      'readGprFileAsync',
      'detectGprFormat',
      'readDzt',
      'readSegy',
      'readDt1',
      'readRd3',
      'readGprMax',
      'readVendorZip',
      'GprFormatError',
      'loadHdf5Support',
    ]) {
      expect(typeof (gpr as Record<string, unknown>)[name]).toBe('function');
    }
  });
});

describeWithData('readGprFile on every real file', () => {
  it('reads them all', async () => {
    const dir = (f: string): Uint8Array => readRealFile(f);
    const inputs: GprFileInput[] = [
      {
        name: 'gssi-structurescan-mini-ietgpr/File____001.DZT',
        bytes: dir('gssi-structurescan-mini-ietgpr/File____001.DZT'),
      },
      {
        name: 'gssi-sir3000-fhwa-charisma-lab/Lab_specimen_data.DZT',
        bytes: dir('gssi-sir3000-fhwa-charisma-lab/Lab_specimen_data.DZT'),
      },
      { name: 'segy-rgpr-littleendian/test.sgy', bytes: dir('segy-rgpr-littleendian/test.sgy') },
      {
        name: 'XLINE00.DT1',
        bytes: dir('sensors-software-dt1-gprpy/XLINE00.DT1'),
        sidecars: { 'XLINE00.HD': dir('sensors-software-dt1-gprpy/XLINE00.HD') },
      },
      {
        name: 'ten_col.rd3',
        bytes: dir('mala-ramac-rd3-impdar/ten_col.rd3'),
        sidecars: { 'ten_col.rad': dir('mala-ramac-rd3-impdar/ten_col.rad') },
      },
      {
        name: 'cylinder_Bscan_2D_all.out',
        bytes: dir('gprmax-cylinder-synthetic/cylinder_Bscan_2D_all.out'),
      },
    ];
    for (const input of inputs) expectWellFormed(await readGprFileAsync(input));
  });
});
