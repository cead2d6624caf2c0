// Rewrites the area goldens (packages/gpr/test/golden/area-scan-*.json) from the current engine:
// `node --import tsx packages/gpr/test/write-area-goldens.ts`. Use it only when an engine change is meant to move
// them, and say in the change's decision what moved and why (combine-area-scan.test.ts compares against them).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { analyzeAreaScan } from '../src/rebar/analyze-area-scan';
import { simulatedAreaLines, withoutIds } from './area-goldens';
import { syntheticAreaLines } from './synthetic-area-lines';

const write = (name: string, value: unknown) =>
  writeFileSync(path.join(import.meta.dirname, 'golden', name), JSON.stringify(withoutIds(value)));

const synthetic = [
  ...syntheticAreaLines('LEFT_TO_RIGHT'),
  ...syntheticAreaLines('BOTTOM_TO_TOP').slice(0, 3),
];
write('area-scan-synthetic.json', analyzeAreaScan(synthetic));
const lines = simulatedAreaLines();
write('area-scan-sim.json', analyzeAreaScan(lines));
write('area-scan-sim-user-permittivity.json', analyzeAreaScan(lines, { permittivity: 8 }));
console.log('area goldens written');
