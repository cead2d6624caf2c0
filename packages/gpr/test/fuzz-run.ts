/**
 * Runs a reader over mutated seeds: each case mutates the main file (or, for a share of the cases, one
 * sidecar) and asserts the reader contract.
 */
import { expect } from 'vitest';
import type { GprFileInput, GprReadResult } from '../src/formats/types';
import { mutate, runFuzz } from './fuzz';
import type { FuzzStats } from './fuzz';
import type { Seed } from './fuzz-seeds';

/**
 * Fuzzes `read` with `cases` cases over `seeds` (env GPRHUB_FUZZ_SCALE multiplies the count, GPRHUB_FUZZ_SEED
 * shifts the seed); returns the stats and logs them.
 */
export async function fuzzReader(
  label: string,
  seeds: Seed[],
  cases: number,
  read: (input: GprFileInput) => GprReadResult,
  options: { sidecarShare?: number; hotBytes?: number; seed?: number; prepare?: () => Promise<void> } = {},
): Promise<FuzzStats> {
  // GPRHUB_FUZZ_SCALE / GPRHUB_FUZZ_SEED allow longer or different runs without editing the tests.
  const scale = Number(process.env.GPRHUB_FUZZ_SCALE);
  const total = Number.isFinite(scale) && scale > 0 ? Math.max(1, Math.round(cases * scale)) : cases;
  const stats = await runFuzz(
    label,
    total,
    (options.seed ?? 1) + (Number(process.env.GPRHUB_FUZZ_SEED) || 0) * 7919,
    (rand) => {
      const seed = seeds[Math.floor(rand() * seeds.length)];
      const sidecarNames = Object.keys(seed.sidecars ?? {});
      if (sidecarNames.length > 0 && rand() < (options.sidecarShare ?? 0.25)) {
        const target = sidecarNames[Math.floor(rand() * sidecarNames.length)];
        const sidecars = { ...seed.sidecars, [target]: mutate(seed.sidecars![target], rand, 2048) };
        return { name: seed.name, bytes: seed.bytes, sidecars };
      }
      return {
        name: seed.name,
        bytes: mutate(seed.bytes, rand, options.hotBytes ?? 4096),
        sidecars: seed.sidecars,
      };
    },
    read,
    { prepare: options.prepare },
  );
  console.log(
    `[fuzz] ${label}: ${stats.cases} cases (${stats.accepted} read, ${stats.rejected} rejected with GprFormatError) ` +
      `in ${(stats.totalMs / 1000).toFixed(2)} s; slowest case ${stats.slowestMs.toFixed(1)} ms`,
  );
  expect(stats.accepted + stats.rejected).toBe(total);
  return stats;
}
