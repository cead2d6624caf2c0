// Rewrites the area goldens (packages/gpr/test/golden/area-scan-*.json) from the current engine:
// `node --import tsx packages/gpr/test/write-area-goldens.ts`. Use it only when an engine change is meant to move
// them, and say in the change's decision what moved and why (combine-area-scan.test.ts compares against them).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readDzt } from '../src/formats/dzt';
import { analyzeAreaScan, type AreaScanLineInput } from '../src/rebar/analyze-area-scan';
import { sharedDataDir } from './data';
import { syntheticAreaLines } from './synthetic-area-lines';

const out = (name: string) => path.join(import.meta.dirname, 'golden', name);
const withoutIds = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutIds)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([k, v]) => k !== 'id' && v !== undefined)
            .map(([k, v]) => [k, withoutIds(v)]),
        )
      : value;
const write = (name: string, value: unknown) => writeFileSync(out(name), JSON.stringify(withoutIds(value)));

const synthetic = [...syntheticAreaLines('LEFT_TO_RIGHT'), ...syntheticAreaLines('BOTTOM_TO_TOP').slice(0, 3)];
write('area-scan-synthetic.json', analyzeAreaScan(synthetic));

const dir = path.join(sharedDataDir, 'sim', 'area');
const truth = JSON.parse(readFileSync(path.join(dir, 'dev-area.truth.json'), 'utf8')) as {
  lines: { name: string; yM: number }[];
};
const lines: AreaScanLineInput[] = truth.lines.map((l) => ({
  radargram: readDzt({ name: `${l.name}.DZT`, bytes: new Uint8Array(readFileSync(path.join(dir, `${l.name}.DZT`))) })
    .radargrams[0]!,
  direction: 'LEFT_TO_RIGHT',
  offsetM: l.yM,
}));
write('area-scan-sim.json', analyzeAreaScan(lines));
write('area-scan-sim-user-permittivity.json', analyzeAreaScan(lines, { permittivity: 8 }));
console.log('area goldens written');
