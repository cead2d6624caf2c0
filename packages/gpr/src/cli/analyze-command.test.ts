import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeWithData, repoRoot, sharedDataDir } from '../../test/data';
import { createSyntheticBScan } from '../fitting/synthetic-bscan';
import type { GprReadResult } from '../formats/types';
import { runAnalyzeCommand, type AnalyzeIo, type AnalyzeJsonLine } from './analyze-command';

const launcher = path.join(repoRoot, 'packages/gpr/bin/gprhub.mjs');
const bars = [0.15, 0.3].map((x0M) => ({ x0M, coverM: 0.04, radiusM: 0.006 }));

/** An io that serves one synthetic scan (or fails) and records the output. */
function fakeIo(result?: GprReadResult): AnalyzeIo & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    load: async () => {
      if (!result) throw new Error('scan.DZT: no such file');
      return result;
    },
    stdout: (text: string) => void (io.out += text),
    stderr: (text: string) => void (io.err += text),
  };
  return io;
}

const synthetic: GprReadResult = {
  format: 'dzt',
  radargrams: [
    createSyntheticBScan({ traces: 120, bars }),
    createSyntheticBScan({ traces: 100, bars: [], seed: 9 }),
  ],
  warnings: [],
};

/** Checks one line of the JSON contract: every field present with its type. */
function expectContract(line: AnalyzeJsonLine): void {
  expect(Object.keys(line).sort()).toEqual(
    ['hyperbolas', 'name', 'permittivity', 'rebars', 'traceSpacingM', 'traces'].sort(),
  );
  expect(typeof line.name).toBe('string');
  expect(Number.isInteger(line.traces)).toBe(true);
  expect(typeof line.traceSpacingM).toBe('number');
  expect(Object.keys(line.permittivity).sort()).toEqual(['sd', 'value']);
  for (const r of line.rebars) {
    expect(Object.keys(r).sort()).toEqual(
      ['confidence', 'coverM', 'coverSdM', 'radiusM', 'usesDefaultRadius', 'xM'].sort(),
    );
    expect(typeof r.usesDefaultRadius).toBe('boolean');
    for (const key of ['xM', 'coverM', 'coverSdM', 'radiusM', 'confidence'] as const)
      expect(Number.isFinite(r[key])).toBe(true);
  }
  for (const h of line.hyperbolas) {
    expect(Object.keys(h).sort()).toEqual(['confidence', 'tIdx', 'xIdx']);
    expect(Number.isInteger(h.xIdx) && Number.isInteger(h.tIdx)).toBe(true);
  }
}

describe('runAnalyzeCommand', () => {
  it('prints the JSON contract with one entry per line scan', async () => {
    const io = fakeIo(synthetic);
    expect(await runAnalyzeCommand(['scan.DZT', '--json'], io)).toBe(0);
    const doc = JSON.parse(io.out) as { lines: AnalyzeJsonLine[] };
    expect(doc.lines).toHaveLength(2);
    doc.lines.forEach(expectContract);
    const [first, second] = doc.lines;
    expect(first.traces).toBe(120);
    expect(first.rebars.map((r) => Math.round(r.xM * 100) / 100)).toEqual([0.15, 0.3]);
    expect(first.rebars.every((r) => Math.abs(r.coverM - 0.04) < 0.005 && r.coverSdM > 0)).toBe(true);
    expect(second.rebars).toEqual([]);
  });

  it('applies --permittivity and calibrates every line on --known-cover', async () => {
    const fixed = fakeIo(synthetic);
    await runAnalyzeCommand(['scan.DZT', '--json', '--permittivity', '6,5'], fixed);
    expect(JSON.parse(fixed.out).lines[0].permittivity).toEqual({ value: 6.5, sd: 0 });
    const known = fakeIo(synthetic);
    await runAnalyzeCommand(['scan.DZT', '--json', '--known-cover', '0.3:0.04'], known);
    const lines = JSON.parse(known.out).lines as AnalyzeJsonLine[];
    expect(Math.abs(lines[0].permittivity.value / 7 - 1)).toBeLessThan(0.02);
    expect(lines[1].permittivity).toEqual(lines[0].permittivity);
  });

  it('fits every bar with --bar-diameter', async () => {
    const io = fakeIo(synthetic);
    await runAnalyzeCommand(['scan.DZT', '--json', '--bar-diameter', '16'], io);
    const bars = (JSON.parse(io.out).lines as AnalyzeJsonLine[]).flatMap((line) => line.rebars);
    expect(bars.length).toBeGreaterThan(0);
    for (const bar of bars) expect([bar.radiusM, bar.usesDefaultRadius]).toEqual([0.008, false]);
    const bad = fakeIo(synthetic);
    expect(await runAnalyzeCommand(['scan.DZT', '--bar-diameter', '0.016'], bad)).toBe(2);
    expect(bad.err).toMatch(/--bar-diameter expects the diameter in mm, 4 to 60/);
  });

  it('prints a readable table without --json', async () => {
    const io = fakeIo(synthetic);
    expect(await runAnalyzeCommand(['scan.DZT'], io)).toBe(0);
    expect(io.out).toMatch(/2 bar\(s\)/);
    expect(io.out).toMatch(/cover \(mm\)/);
  });

  it('exits 2 on a bad command line and 1 when the file cannot be read', async () => {
    expect(await runAnalyzeCommand([], fakeIo(synthetic))).toBe(2);
    const bad = fakeIo(synthetic);
    expect(await runAnalyzeCommand(['scan.DZT', '--known-cover', '0.3'], bad)).toBe(2);
    expect(bad.err).toMatch(/X_M:COVER_M/);
    expect(await runAnalyzeCommand(['scan.DZT', '--permittivity', '0.5'], fakeIo(synthetic))).toBe(2);
    const missing = fakeIo();
    expect(await runAnalyzeCommand(['scan.DZT', '--json'], missing)).toBe(1);
    expect(missing.err).toMatch(/no such file/);
  });
});

describeWithData('gprhub analyze, end to end', () => {
  it('prints the JSON contract for a simulation and finds its bars', () => {
    const file = path.join(sharedDataDir, 'sim/dev-clean-4bars.DZT');
    const run = spawnSync(process.execPath, [launcher, 'analyze', file, '--json'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    const doc = JSON.parse(run.stdout) as { lines: AnalyzeJsonLine[] };
    expect(doc.lines).toHaveLength(1);
    expectContract(doc.lines[0]);
    expect(doc.lines[0].name).toBe('dev-clean-4bars.DZT');
    const xs = doc.lines[0].rebars.map((r) => r.xM);
    expect(xs).toHaveLength(4);
    [0.102, 0.222, 0.342, 0.462].forEach((x, i) => expect(Math.abs(xs[i] - x)).toBeLessThan(0.005));
  });
});
