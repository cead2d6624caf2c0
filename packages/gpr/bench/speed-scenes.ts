// The speed benchmark's synthetic scans (issue #13: ≤ 300 ms per 1,000-trace line, ≤ 5 s per 50-line area), built
// with the generator given, so that identical-output.ts can build them with another copy of the engine.
import type { AreaScanLineInput, createSyntheticBScan, Radargram } from '../src/index';

type Generator = typeof createSyntheticBScan;

/** The 1,000-trace line: 24 bars 150 mm apart at covers of 30–60 mm, 512 samples. */
export function speedLine(create: Generator): Radargram {
  const bars = Array.from({ length: 24 }, (_, i) => ({
    x0M: 0.15 + i * 0.15,
    coverM: 0.03 + (i % 4) * 0.01,
    radiusM: 0.006,
  }));
  return create({ traces: 1000, samplesPerTrace: 512, bars, noiseRms: 0.02, seed: 3 });
}

/** The 50-line area: 250 traces × 512 samples each, four bars skewed 2 mm a line (4 bars to link). */
export function speedAreaLines(create: Generator): AreaScanLineInput[] {
  return Array.from({ length: 50 }, (_, k) => ({
    radargram: create({
      traces: 250,
      samplesPerTrace: 512,
      bars: [0.2, 0.4, 0.6, 0.8].map((x) => ({ x0M: x + 0.002 * k, coverM: 0.04, radiusM: 0.006 })),
      noiseRms: 0.02,
      seed: 10 + k,
    }),
    direction: 'LEFT_TO_RIGHT' as const,
    offsetM: 0.05 * k,
  }));
}
