#!/usr/bin/env node
// Runs every benchmark file (`<workspace>/bench/*.bench.ts`) in turn with tsx and prints its figures.
// Usage: npm run bench [-- filter]   (filter: a substring of the file path)
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { cpus } from 'node:os';

const root = new URL('..', import.meta.url).pathname;
const filter = process.argv[2] ?? '';
const files = [];
for (const group of ['packages', 'apps']) {
  for (const ws of readdirSync(join(root, group))) {
    const dir = join(root, group, ws, 'bench');
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).sort()) if (f.endsWith('.bench.ts')) files.push(join(dir, f));
  }
}
console.log(`Benchmarks on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}`);
let failed = 0;
for (const file of files.filter((f) => f.includes(filter))) {
  console.log(`\n=== ${file.slice(root.length)} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit', cwd: root });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
