import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithData, readRealFile } from '../../test/data';
import { expectWellFormed } from '../../test/fuzz';
import { buildGprMaxFile } from '../../test/gprmax-fixture';
import { hasHdf5Signature, readGprMax } from './gprmax';
import { GprFormatError } from './errors';
import { getHdf5RuntimeStats, loadHdf5Support } from './hdf5-runtime';

beforeAll(async () => {
  await loadHdf5Support();
});

describeWithData('readGprMax on the gprMax cylinder models (values from SOURCES.md/truth.json)', () => {
  const cases = [
    ['cylinder_Bscan_2D_all.out', 'cylinder_Bscan_2D_Ez_f32le_1697x80.bin', 1697, 80, 2.35865e-12, 'Ez'],
    [
      'GSSI_1500_cylinder_Bscan_all.out',
      'GSSI_1500_cylinder_Bscan_Ey_f32le_3117x54.bin',
      3117,
      54,
      1.92583e-12,
      'Ey',
    ],
  ] as const;
  for (const [file, derived, iterations, traces, dt, component] of cases) {
    it(`${file}: ${traces} traces × ${iterations} samples of ${component}, identical to the derived matrix`, () => {
      const result = readGprMax(
        { name: file, bytes: readRealFile(`gprmax-cylinder-synthetic/${file}`) },
        { traceSpacingM: 0.002 },
      );
      expectWellFormed(result);
      const [r] = result.radargrams;
      expect(r.traces).toBe(traces);
      expect(r.samplesPerTrace).toBe(iterations);
      expect(r.sampleIntervalS).toBeCloseTo(dt, 16);
      expect(r.header.find((h) => h.name === 'component')?.value).toBe(component);
      expect(r.traceSpacingM).toBe(0.002); // not stored in the 2015 layout: the option is used
      const reference = readRealFile(`gprmax-cylinder-synthetic/derived/${derived}`);
      const ref = new Float32Array(reference.buffer, reference.byteOffset, reference.byteLength / 4);
      let maxDiff = 0;
      for (let s = 0; s < iterations; s += 7) {
        for (let t = 0; t < traces; t++)
          maxDiff = Math.max(maxDiff, Math.abs(ref[s * traces + t] - r.samples[t * iterations + s]));
      }
      expect(maxDiff).toBe(0);
    });
  }

  it('rejects a truncated .out file', () => {
    const bytes = readRealFile('gprmax-cylinder-synthetic/cylinder_Bscan_2D_all.out');
    expect(() => readGprMax({ name: 'cut.out', bytes: bytes.subarray(0, 100_000) })).toThrow(
      /^cut.out: damaged/,
    );
  });
});

describe('readGprMax on synthetic files', () => {
  it('reads newer-layout geometry: step from rxsteps × dx, separation from positions', async () => {
    const bytes = await buildGprMaxFile({ withGeometry: true, traces: 5 });
    const result = readGprMax({ name: 'g.out', bytes });
    expectWellFormed(result);
    const [r] = result.radargrams;
    expect(r.traceSpacingM).toBeCloseTo(0.002, 12);
    expect(r.antennaSeparationM).toBeCloseTo(0.04, 12);
    expect(r.header.find((h) => h.name === 'component')?.value).toBe('Ez');
  });

  it('reads a single A-scan and several receivers', async () => {
    const single = readGprMax({ name: 'a.out', bytes: await buildGprMaxFile({ traces: 1 }) });
    expect(single.radargrams[0].traces).toBe(1);
    const multi = readGprMax({ name: 'm.out', bytes: await buildGprMaxFile({ receivers: 2 }) });
    expect(multi.radargrams.map((r) => r.name)).toEqual(['m.out rx1', 'm.out rx2']);
  });

  it('rejects non-HDF5 bytes and files without /rxs', async () => {
    expect(() => readGprMax({ name: 'x.out', bytes: new Uint8Array(100) })).toThrow(
      'x.out: not an HDF5 file (no HDF5 signature)',
    );
    const bytes = await buildGprMaxFile();
    expect(hasHdf5Signature(bytes)).toBe(true);
    expect(() => readGprMax({ name: 'x.out', bytes }, { component: 'Hx' })).not.toThrow();
  });
});

describe('HDF5 instance recycling', () => {
  it('still reads a valid file correctly after 600 damaged ones', async () => {
    const valid = await buildGprMaxFile({ iterations: 40, traces: 3 });
    const damaged = valid.slice();
    for (let i = 200; i < damaged.length; i += 97) damaged[i] ^= 0x5a;
    for (let k = 0; k < 600; k++) {
      await loadHdf5Support();
      try {
        readGprMax({ name: 'damaged.out', bytes: k % 2 ? damaged : damaged.subarray(0, 1000 + k) });
      } catch (error) {
        expect(error).toBeInstanceOf(GprFormatError);
      }
    }
    await loadHdf5Support();
    const [r] = readGprMax({ name: 'valid.out', bytes: valid }).radargrams;
    expect(r.samples[1]).toBeCloseTo(Math.sin(3 / 7), 6); // trace 0, sample 1 = element [1][0] = index 3
    expect(getHdf5RuntimeStats().instancesCreated).toBeGreaterThan(1);
  });
});
