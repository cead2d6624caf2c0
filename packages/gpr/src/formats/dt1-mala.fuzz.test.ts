import { expect, it } from 'vitest';
import { fuzzReader } from '../../test/fuzz-run';
import { dt1Seeds, rd3Seeds } from '../../test/fuzz-seeds';
import { readDt1 } from './dt1';
import { readRd3 } from './mala';

it('readDt1 survives 10,000 mutated DT1/HD pairs', async () => {
  const stats = await fuzzReader('dt1', dt1Seeds(), 10_000, readDt1, {
    seed: 33,
    sidecarShare: 0.3,
    hotBytes: 512,
  });
  expect(stats.accepted).toBeGreaterThan(100);
});

it('readRd3 survives 10,000 mutated RD3/RD7/RAD/COR sets', async () => {
  const stats = await fuzzReader('rd3', rd3Seeds(), 10_000, readRd3, { seed: 44, sidecarShare: 0.4 });
  expect(stats.accepted).toBeGreaterThan(100);
});
