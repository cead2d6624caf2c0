#!/usr/bin/env node
// Fails when the Drizzle schema (packages/db/src/schema) and the committed migrations disagree:
// drizzle-kit generates into a copy of the migrations folder, and any new file means a migration
// is missing. Fix with `npm run db:generate` and commit the result.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dbDir = new URL('../packages/db/', import.meta.url).pathname;
const committed = join(dbDir, 'drizzle');
const copy = mkdtempSync(join(tmpdir(), 'gprhub-migrations-'));
cpSync(committed, copy, { recursive: true });
const listFiles = (dir) => readdirSync(dir, { recursive: true }).map(String).sort();
const before = listFiles(copy);
const r = spawnSync('npx', ['drizzle-kit', 'generate', '--config', 'drizzle.config.ts'], {
  cwd: dbDir,
  env: { ...process.env, DRIZZLE_OUT: copy },
  encoding: 'utf8',
});
const after = listFiles(copy);
rmSync(copy, { recursive: true, force: true });
if (r.status !== 0) {
  console.error(r.stdout, r.stderr);
  console.error('check-migrations: drizzle-kit generate failed');
  process.exit(1);
}
const added = after.filter((f) => !before.includes(f));
if (added.length > 0) {
  console.error(`check-migrations: the schema has changes with no migration (${added.join(', ')}). Run \`npm run db:generate\` and commit.`);
  process.exit(1);
}
console.log('check-migrations: schema and committed migrations agree');
