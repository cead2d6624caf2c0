import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulatedAreaLines, withoutIds } from '../../test/area-goldens';
import { describeWithData } from '../../test/data';
import { syntheticAreaLines } from '../../test/synthetic-area-lines';
import {
  analyzeAreaScan,
  combineAreaScan,
  detectAreaLine,
  type AreaLineDetections,
  type AreaScanAnalysisOptions,
  type AreaScanLineInput,
} from './analyze-area-scan';

// The golden files are analyzeAreaScan's output at commit 35354cd, before it was split into detectAreaLine and
// combineAreaScan (ids removed: they are random). Both the split and the one-call path must reproduce them.
// Decision 0034 changed only the hyperbola labels in them (the area bars' apex is the line scans' one, and every
// label carries `tIdxFrac`); every other value was checked identical when they were rewritten.
const golden = (name: string): unknown =>
  JSON.parse(readFileSync(path.join(__dirname, '../../test/golden', name), 'utf8'));

/** Deep equality with numbers equal to 1e-9 relative (the same arithmetic, whatever Node's Math does). */
function expectSame(actual: unknown, expected: unknown, where = 'result'): void {
  if (typeof expected === 'number' && typeof actual === 'number') {
    const scale = Math.max(Math.abs(expected), 1e-12);
    if (Math.abs(actual - expected) / scale > 1e-9) expect.fail(`${where}: ${actual} ≠ ${expected}`);
    return;
  }
  if (Array.isArray(expected)) {
    expect(Array.isArray(actual), where).toBe(true);
    expect((actual as unknown[]).length, `${where}.length`).toBe(expected.length);
    expected.forEach((e, i) => expectSame((actual as unknown[])[i], e, `${where}[${i}]`));
    return;
  }
  if (expected && typeof expected === 'object') {
    expect(actual && typeof actual === 'object', where).toBeTruthy();
    expect(Object.keys(actual as object).sort(), `${where} keys`).toEqual(Object.keys(expected).sort());
    for (const [k, e] of Object.entries(expected))
      expectSame((actual as Record<string, unknown>)[k], e, `${where}.${k}`);
    return;
  }
  expect(actual, where).toEqual(expected);
}

/** Each line detected on its own, stored as JSON (as a per-line job does), then combined. */
function combineDistributed(lines: AreaScanLineInput[], options: AreaScanAnalysisOptions = {}) {
  const stored = lines.map(
    (line) => JSON.parse(JSON.stringify(detectAreaLine(line).detections)) as AreaLineDetections,
  );
  return combineAreaScan(stored, options);
}

describe('combineAreaScan over each line detected apart', () => {
  const lines = [...syntheticAreaLines('LEFT_TO_RIGHT'), ...syntheticAreaLines('BOTTOM_TO_TOP').slice(0, 3)];
  const expected = golden('area-scan-synthetic.json');

  it('equals analyzeAreaScan on the synthetic area scan (both directions)', () => {
    expectSame(withoutIds(combineDistributed(lines)), expected);
    expectSame(withoutIds(analyzeAreaScan(lines)), expected);
  });

  it('gives each line its own-permittivity result as analyzeAreaScan reports it', () => {
    const reported: unknown[] = [];
    analyzeAreaScan(lines, { onLine: (line) => reported.push(withoutIds(line)) });
    lines.forEach((line, i) => expectSame(withoutIds(detectAreaLine(line).result), reported[i], `line ${i}`));
  });

  it('stores kilobytes of plain JSON per line, not its samples', () => {
    const text = JSON.stringify(detectAreaLine(lines[0]!).detections);
    expect(text.length).toBeLessThan(60_000);
    expect(text).not.toContain('"0":');
  });
});

describeWithData('combineAreaScan on the simulated area (shared/data/sim/area)', () => {
  const lines = simulatedAreaLines();

  it('equals analyzeAreaScan', () => {
    const expected = golden('area-scan-sim.json');
    expectSame(withoutIds(combineDistributed(lines)), expected);
    expectSame(withoutIds(analyzeAreaScan(lines)), expected);
  });

  it('equals analyzeAreaScan with a permittivity the user knows', () => {
    expectSame(
      withoutIds(combineDistributed(lines, { permittivity: 8 })),
      golden('area-scan-sim-user-permittivity.json'),
    );
  });
});
