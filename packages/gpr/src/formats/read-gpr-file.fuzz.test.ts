import { beforeAll, it } from 'vitest';
import { createRandom, runFuzz } from '../../test/fuzz';
import { dt1Seeds, dztSeeds, rd3Seeds, segySeeds } from '../../test/fuzz-seeds';
import { loadHdf5Support } from './hdf5-runtime';
import { readGprFile } from './read-gpr-file';

beforeAll(async () => {
  await loadHdf5Support();
});

const NAMES = [
  'x.dzt',
  'x.sgy',
  'x.segy',
  'x.DT1',
  'x.rd3',
  'x.rd7',
  'x.out',
  'x.zip',
  'x.bin',
  'noext',
  'x.HD',
  'x.csv',
];

it('readGprFile survives 10,000 random files under random names (and seeds under the wrong names)', async () => {
  const seeds = [...dztSeeds(), ...segySeeds(), ...dt1Seeds(), ...rd3Seeds()];
  await runFuzz(
    'read-gpr-file',
    10_000,
    77,
    (rand) => {
      const name = NAMES[Math.floor(rand() * NAMES.length)];
      if (rand() < 0.5) {
        const seed = seeds[Math.floor(rand() * seeds.length)];
        return { name, bytes: seed.bytes, sidecars: seed.sidecars };
      }
      const r = createRandom(Math.floor(rand() * 2 ** 31));
      const bytes = new Uint8Array(Math.floor(r() * 6000));
      for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(r() * 256);
      if (rand() < 0.3 && bytes.length > 8) bytes.set([0x50, 0x4b, 3, 4]);
      if (rand() < 0.1 && bytes.length > 8) bytes.set([0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a]);
      return { name, bytes };
    },
    (input) => readGprFile(input),
    { prepare: () => loadHdf5Support() },
  );
});
