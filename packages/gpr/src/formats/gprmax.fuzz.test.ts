import { beforeAll, expect, it } from 'vitest';
import { hasSharedData, readRealFile } from '../../test/data';
import { fuzzReader } from '../../test/fuzz-run';
import type { Seed } from '../../test/fuzz-seeds';
import { buildGprMaxFile } from '../../test/gprmax-fixture';
import { readGprMax } from './gprmax';
import { getHdf5RuntimeStats, isHdf5SupportLoaded, loadHdf5Support } from './hdf5-runtime';

let seeds: Seed[] = [];

beforeAll(async () => {
  await loadHdf5Support();
  seeds = [
    { name: 'small.out', bytes: await buildGprMaxFile({ iterations: 48, traces: 3 }) },
    {
      name: 'geometry.out',
      bytes: await buildGprMaxFile({ iterations: 32, traces: 2, withGeometry: true, receivers: 2 }),
    },
  ];
});

// A damaged file may retire the WebAssembly instance; the next loadHdf5Support() swaps in a fresh one.
const prepare = async (): Promise<void> => {
  await loadHdf5Support();
  if (!isHdf5SupportLoaded()) throw new Error('HDF5 support could not be reloaded');
};

it('readGprMax survives 10,000 mutated small HDF5 files', async () => {
  const stats = await fuzzReader('gprmax', seeds, 10_000, (input) => readGprMax(input), {
    seed: 55,
    hotBytes: 1 << 20,
    prepare,
  });
  expect(stats.accepted).toBeGreaterThan(1000);
  console.log('[fuzz] gprmax HDF5 instances:', getHdf5RuntimeStats());
  // 10,000 WebAssembly HDF5 reads take tens of seconds, and over a minute on a loaded 2-core machine.
}, 300_000);

it.runIf(hasSharedData)(
  'readGprMax survives 100 truncations and bit flips of the real 2-D model',
  async () => {
    const real = readRealFile('gprmax-cylinder-synthetic/cylinder_Bscan_2D_all.out');
    await fuzzReader(
      'gprmax-real',
      [{ name: 'cylinder_Bscan_2D_all.out', bytes: real }],
      100,
      (input) => readGprMax(input),
      { seed: 56, hotBytes: 8192, prepare },
    );
  },
  300_000,
);
