// Shared steps of `npm start` and `npm test`: install what is missing, build what is stale.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

export function run(command, args, options = {}) {
  const r = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (r.status !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status || 1);
  }
}

export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`GPR Hub needs Node.js 20.19 or newer; this is ${process.version}. Install a current Node.js LTS and retry.`);
    process.exit(1);
  }
}

/** `npm ci` when node_modules is missing or was installed from another lockfile. */
export function ensureInstalled() {
  checkNode();
  const lock = join(root, 'package-lock.json');
  const stamp = join(root, 'node_modules', '.gprhub-install-stamp');
  const want = createHash('sha256').update(readFileSync(lock)).digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === want) return;
  console.log('→ Installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
  writeFileSync(stamp, want);
}

function fingerprint(paths) {
  const hash = createHash('sha256');
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p).sort()) {
        if (name === 'node_modules' || name === 'dist' || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
        walk(join(p, name));
      }
    } else hash.update(`${relative(root, p)}:${s.size}:${s.mtimeMs}\n`);
  };
  for (const p of paths) walk(join(root, p));
  return hash.digest('hex');
}

/** Build the web app and the API bundle unless their sources are unchanged since the last build. */
export function ensureBuilt() {
  const inputs = ['apps/web', 'apps/api/src', 'apps/api/build.mjs', 'packages/contract/src', 'packages/db/src', 'packages/db/drizzle', 'packages/gpr/src', 'package-lock.json'];
  const stamp = join(root, 'apps/api/dist/.build-stamp');
  const want = fingerprint(inputs);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === want && existsSync(join(root, 'apps/web/dist/index.html'))) return;
  console.log('→ Building the web app and the API…');
  run('npm', ['run', 'build']);
  writeFileSync(stamp, want);
}
