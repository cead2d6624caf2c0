#!/usr/bin/env node
// `npm test`: install what is missing (Chromium through apt when possible), build, run every test
// (unit, API, browser) and print one closing line with the counts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './lib/bootstrap.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const canApt = process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0;
  if (canApt) {
    console.log('→ Installing Chromium for the browser tests (apt-get install chromium)…');
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install = update.status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (install && install.status === 0 && existsSync(CHROMIUM)) return;
  }
  console.error(
    `\nThe browser tests need Chromium at ${CHROMIUM}, and it could not be installed automatically.\n` +
      'Install it, then run `npm test` again:\n' +
      '  Debian/Ubuntu:  sudo apt-get install -y chromium\n' +
      '  elsewhere:      install Chromium or Chrome and set CHROMIUM_PATH=/path/to/chromium\n',
  );
  process.exit(1);
}

ensureInstalled();
ensureChromium();
ensureBuilt();
mkdirSync(join(root, 'test-results'), { recursive: true });
const report = join(root, 'test-results', 'vitest.json');
const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)];
const r = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: CHROMIUM } });
if (existsSync(report)) {
  const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = JSON.parse(readFileSync(report, 'utf8'));
  console.log(`\ntests: ${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests + numTodoTests} skipped`);
}
process.exit(r.status ?? 1);
