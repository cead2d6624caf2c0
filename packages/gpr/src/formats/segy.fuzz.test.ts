import { expect, it } from 'vitest';
import { fuzzReader } from '../../test/fuzz-run';
import { segySeeds } from '../../test/fuzz-seeds';
import { readSegy } from './segy';

it('readSegy survives 10,000 mutated files (returns a well-formed result or throws GprFormatError)', async () => {
  const stats = await fuzzReader('segy', segySeeds(), 10_000, (input) => readSegy(input), {
    seed: 22,
    hotBytes: 3840,
  });
  expect(stats.accepted).toBeGreaterThan(100);
});
