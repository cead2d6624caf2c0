import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock.js';

const lockModule = JSON.stringify(new URL('./lock.ts', import.meta.url).pathname);
const script = (dir: string, holdMs = 0) => `
  import { acquireDataDirLock } from ${lockModule};
  try { acquireDataDirLock(${JSON.stringify(dir)}); console.log('ACQUIRED'); }
  catch (e) { console.log(e.name + ': ' + e.message); process.exitCode = 3; }
  if (${holdMs} > 0) setTimeout(() => {}, ${holdMs});
`;
const nodeArgs = (dir: string, holdMs = 0) => ['--import', 'tsx', '--input-type=module', '-e', script(dir, holdMs)];

function tryInAnotherProcess(dir: string) {
  return spawnSync(process.execPath, nodeArgs(dir), { encoding: 'utf8' });
}

/** A process that takes the lock and keeps it (until killed). */
async function holdInAnotherProcess(dir: string) {
  const child = spawn(process.execPath, nodeArgs(dir, 60_000), { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('ACQUIRED')) resolve();
    });
    child.on('exit', () => reject(new Error(`holder exited early: ${out}`)));
  });
  return child;
}

describe('data folder lock', () => {
  it('refuses a second process on the same DATA_DIR with a clear message, and frees it on release', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gprhub-lock-'));
    const release = acquireDataDirLock(dir);
    try {
      const other = tryInAnotherProcess(dir);
      expect(other.status).toBe(3);
      expect(other.stdout).toContain('DataDirLockedError');
      expect(other.stdout).toContain(`DATA_DIR ${dir} is already in use by process ${process.pid} on ${hostname()}`);
    } finally {
      release();
    }
    expect(tryInAnotherProcess(dir).stdout).toContain('ACQUIRED');
  });

  it('refuses within the same process too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gprhub-lock-'));
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    release();
    acquireDataDirLock(dir)();
  });

  it('dies with its holder: after a kill -9 the next process starts; a live holder still refuses', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gprhub-lock-'));
    const holder = await holdInAnotherProcess(dir);
    try {
      const refused = tryInAnotherProcess(dir);
      expect(refused.status).toBe(3);
      expect(refused.stdout).toContain(`is already in use by process ${holder.pid}`);
    } finally {
      const exited = new Promise((resolve) => holder.once('exit', resolve));
      holder.kill('SIGKILL');
      await exited;
    }
    const next = tryInAnotherProcess(dir);
    expect(next.stdout).toContain('ACQUIRED');
    expect(next.status).toBe(0);
  });

  it('ignores a lock file naming a live process that holds no lock (a reused pid after a crash)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gprhub-lock-'));
    // In a container the restarted server often gets the crashed one's pid: here, a live pid (ours).
    writeFileSync(join(dir, 'gprhub.lock'), JSON.stringify({ pid: process.pid, host: hostname(), startedAt: 'earlier' }));
    expect(tryInAnotherProcess(dir).stdout).toContain('ACQUIRED');
  });
});
