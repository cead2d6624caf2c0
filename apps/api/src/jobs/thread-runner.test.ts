import { createSyntheticBScan } from '@gprhub/gpr';
import { describe, expect, it } from 'vitest';
import { AnalysisTimeoutError, ThreadRunner } from './thread-runner.js';

describe('ThreadRunner', () => {
  it('computes a line-scan analysis in a worker thread, reporting progress, and finds the bars', async () => {
    const radargram = createSyntheticBScan({
      traces: 300,
      bars: [
        { x0M: 0.25, coverM: 0.04, radiusM: 0.006 },
        { x0M: 0.5, coverM: 0.05, radiusM: 0.006 },
      ],
      seed: 3,
    });
    const runner = new ThreadRunner(1);
    const progress: number[] = [];
    const output = await runner.run({ type: 'LINE_SCAN_REBAR_2', radargram, options: {} }, 60, {
      onProgress: (f) => progress.push(f),
    });
    const rebars = output.results.rebars as { xM: number; coverM: number }[];
    expect(rebars.map((r) => Math.round(r.xM * 100))).toEqual([25, 50]);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((f) => f >= 0 && f <= 1)).toBe(true);
  }, 60_000);

  it('renders a preview PNG in a thread', async () => {
    const radargram = createSyntheticBScan({ traces: 120, seed: 1 });
    const output = await new ThreadRunner(1).run({ type: 'GPR_SCAN_PREVIEW', radargram }, 60);
    expect(Array.from(output.png!.slice(1, 4))).toEqual([0x50, 0x4e, 0x47]); // "PNG"
  }, 60_000);

  it('ends an analysis that runs past its time limit (and only then)', async () => {
    const radargram = createSyntheticBScan({ traces: 3000, samplesPerTrace: 1024, seed: 2 });
    await expect(
      new ThreadRunner(1).run({ type: 'LINE_SCAN_REBAR_2', radargram, options: {} }, 0.05),
    ).rejects.toBeInstanceOf(AnalysisTimeoutError);
    const small = createSyntheticBScan({ traces: 100, seed: 2 });
    await expect(
      new ThreadRunner(1).run({ type: 'HYPERBOLA_DETECTION', radargram: small }, 60),
    ).resolves.toHaveProperty('results.hyperbolas');
  }, 60_000);

  it('turns an engine error into a rejected run with its message', async () => {
    const broken = { type: 'LINE_SCAN_REBAR_2', radargram: { traces: 5 }, options: {} } as never;
    await expect(new ThreadRunner(1).run(broken, 60)).rejects.toThrow(
      "Cannot read properties of undefined (reading 'slice')",
    );
  }, 60_000);
});

describe('ThreadRunner threads', () => {
  it('reuses its thread for the next analysis, and replaces a thread it had to stop', async () => {
    const runner = new ThreadRunner(1);
    const small = createSyntheticBScan({ traces: 100, seed: 4 });
    const first = await runner.run({ type: 'HYPERBOLA_DETECTION', radargram: small }, 60);
    const big = createSyntheticBScan({ traces: 3000, samplesPerTrace: 1024, seed: 2 });
    await expect(
      runner.run({ type: 'LINE_SCAN_REBAR_2', radargram: big, options: {} }, 0.05),
    ).rejects.toBeInstanceOf(AnalysisTimeoutError);
    const after = await runner.run({ type: 'HYPERBOLA_DETECTION', radargram: small }, 60);
    expect(after.results.hyperbolas).toEqual(first.results.hyperbolas);
    await runner.close();
  }, 60_000);
});
