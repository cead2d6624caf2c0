import { expect, it } from 'vitest';
import { fuzzReader } from '../../test/fuzz-run';
import { dztSeeds } from '../../test/fuzz-seeds';
import { readDzt } from './dzt';

it('readDzt survives 10,000 mutated files (returns a well-formed result or throws GprFormatError)', async () => {
  const stats = await fuzzReader('dzt', dztSeeds(), 10_000, readDzt, { seed: 11, hotBytes: 1024 });
  expect(stats.accepted).toBeGreaterThan(100);
});
