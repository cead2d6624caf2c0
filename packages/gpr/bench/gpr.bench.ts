// GPR benchmark: read, default processing, render and PNG encoding of the real DZT files and of a generated
// 2,000 × 512 scan, and Stolt migration of 1,000 × 512. Median of 9 runs after 2 warm-ups.
// Run with `npm run bench -- gpr` from the repository root.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import {
  encodePng,
  migrateStolt,
  processRadargram,
  readGprFile,
  renderRadargramIndexed,
  renderRadargramRgba,
  synthesizeRadargram,
  type Radargram,
} from '../src/index';
import { encodeDzt } from './dzt-writer';

const RUNS = 9;
const WARM_UPS = 2;
const root = path.resolve(import.meta.dirname, '../../..');
const realDir = path.resolve(root, '../shared/data/real');

function median(run: () => unknown): number {
  for (let i = 0; i < WARM_UPS; i++) run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[RUNS >> 1];
}

const ms = (value: number): string => `${value.toFixed(1).padStart(7)} ms`;
const verdict = (measured: number, target: number): string =>
  `target ≤ ${target} ms, measured ${measured.toFixed(1)} ms: ${measured <= target ? 'PASS' : 'MISS'}`;

/** Times read → process → render → PNG for one file's bytes; returns the stage medians. */
function timeFile(name: string, bytes: Uint8Array): Record<string, number> {
  const read = (): Radargram => readGprFile({ name, bytes }).radargrams[0];
  const rg = read();
  const processed = processRadargram(rg);
  const indexed = renderRadargramIndexed(processed);
  const times = {
    read: median(read),
    process: median(() => processRadargram(rg)),
    renderRgba: median(() => renderRadargramRgba(processed)),
    renderIndexed: median(() => renderRadargramIndexed(processed)),
    png: median(() => encodePng(indexed)),
    total: 0,
    readProcessRender: median(() => renderRadargramRgba(processRadargram(read()))),
  };
  times.total = median(() => encodePng(renderRadargramIndexed(processRadargram(read()))));
  const size = `${rg.traces} × ${rg.samplesPerTrace}`;
  console.log(
    `${name.padEnd(26)} ${size.padStart(11)}  read${ms(times.read)}  process${ms(times.process)}  ` +
      `render${ms(times.renderRgba)}  png${ms(times.png)}  all→png${ms(times.total)}`,
  );
  return times;
}

function findDzt(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...findDzt(full));
    else if (/\.dzt$/i.test(entry.name)) found.push(full);
  }
  return found.sort();
}

console.log(
  `GPR benchmark on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), median of ${RUNS} runs`,
);
console.log(
  'render = processed radargram → RGBA pixels; png = palette PNG (zlib level 1); all→png = read to PNG file bytes\n',
);

if (existsSync(realDir)) {
  for (const file of findDzt(realDir)) timeFile(path.basename(file), new Uint8Array(readFileSync(file)));
} else {
  console.log(`(real files skipped: ${realDir} not found)`);
}

const reflectors = Array.from({ length: 40 }, (_, i) => ({
  xM: 0.1 + i * 0.2,
  depthM: 0.03 + (i % 5) * 0.02,
}));
const generated = synthesizeRadargram({
  traces: 2000,
  samplesPerTrace: 512,
  reflectors,
  noiseAmplitude: 0.01,
});
const scan = timeFile('generated.DZT', encodeDzt(generated));
console.log('');
console.log(`read + process + render, 2,000 × 512:  ${verdict(scan.readProcessRender, 60)}`);
console.log(
  `  (with palette PNG encoding:          ${scan.total.toFixed(1)} ms; PNG alone ${scan.png.toFixed(1)} ms)`,
);

const half = synthesizeRadargram({ traces: 1000, samplesPerTrace: 512, reflectors, noiseAmplitude: 0.01 });
const migration = median(() => migrateStolt(half, { permittivity: 7 }));
console.log(`Stolt migration, 1,000 × 512:          ${verdict(migration, 100)}`);
