import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock.js';

const script = (dir: string) => `
  import { acquireDataDirLock } from ${JSON.stringify(new URL('./lock.ts', import.meta.url).pathname)};
  try { acquireDataDirLock(${JSON.stringify(dir)}); console.log('ACQUIRED'); }
  catch (e) { console.log(e.name + ': ' + e.message); process.exitCode = 3; }
`;

function tryInAnotherProcess(dir: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script(dir)], { encoding: 'utf8' });
}

describe('data folder lock', () => {
  it('refuses a second process on the same DATA_DIR with a clear message', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gprhub-lock-'));
    const release = acquireDataDirLock(dir);
    try {
      const other = tryInAnotherProcess(dir);
      expect(other.status).toBe(3);
      expect(other.stdout).toContain('DataDirLockedError');
      expect(other.stdout).toContain(`DATA_DIR ${dir} is already in use by process ${process.pid}`);
    } finally {
      release();
    }
    expect(existsSync(join(dir, 'gprhub.lock'))).toBe(false);
    expect(tryInAnotherProcess(dir).stdout).toContain('ACQUIRED');
  });

  it('refuses within the same process too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gprhub-lock-'));
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    release();
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gprhub-lock-'));
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(join(dir, 'gprhub.lock'), JSON.stringify({ pid: Number(dead.stdout), host: hostname(), startedAt: 'earlier' }));
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(join(dir, 'gprhub.lock'), 'utf8')).pid).toBe(process.pid);
    release();
  });
});
