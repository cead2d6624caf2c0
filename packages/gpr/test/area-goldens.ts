// The area goldens (test/golden/area-scan-*.json): analyzeAreaScan's output without ids, on the synthetic area and
// on ../shared/data/sim/area. Shared by combine-area-scan.test.ts (which compares) and write-area-goldens.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readDzt } from '../src/formats/dzt';
import type { AreaScanLineInput } from '../src/rebar/analyze-area-scan';
import { sharedDataDir } from './data';

/** A result without its ids (they are random) and without undefined fields, as the goldens store it. */
export const withoutIds = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutIds)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([k, v]) => k !== 'id' && v !== undefined)
            .map(([k, v]) => [k, withoutIds(v)]),
        )
      : value;

/** The simulated area's eight lines (../shared/data/sim/area), each at its offset from the truth file. */
export function simulatedAreaLines(): AreaScanLineInput[] {
  const dir = path.join(sharedDataDir, 'sim', 'area');
  const truth = JSON.parse(readFileSync(path.join(dir, 'dev-area.truth.json'), 'utf8')) as {
    lines: { name: string; yM: number }[];
  };
  return truth.lines.map((l) => ({
    radargram: readDzt({
      name: `${l.name}.DZT`,
      bytes: new Uint8Array(readFileSync(path.join(dir, `${l.name}.DZT`))),
    }).radargrams[0]!,
    direction: 'LEFT_TO_RIGHT',
    offsetM: l.yM,
  }));
}
