import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { describeWithData, readRealFile, realDataDir, repoRoot } from '../../test/data';

const launcher = path.join(repoRoot, 'packages/gpr/bin/gprhub.mjs');
const work = mkdtempSync(path.join(tmpdir(), 'gprhub-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function gprhub(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [launcher, ...args], { cwd: repoRoot, encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Width, height and colour type from a PNG's IHDR. */
function pngHeader(file: string): { width: number; height: number; colorType: number } {
  const bytes = readFileSync(file);
  expect(Array.from(bytes.subarray(0, 8))).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), colorType: bytes[25] };
}

describe('gprhub command line: errors', () => {
  it('prints usage and fails without a command', () => {
    const run = gprhub();
    expect(run.status).toBe(2);
    expect(run.stdout).toContain('Usage: gprhub <command>');
  });

  it('fails with exit code 1 for a missing file', () => {
    const run = gprhub('info', path.join(work, 'nope.DZT'));
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/nope\.DZT: no such file/);
  });

  it('reports an unknown format and a damaged file with the reader’s message', () => {
    const text = path.join(work, 'notes.txt');
    writeFileSync(text, 'not radar data at all');
    const unknown = gprhub('info', text);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/notes\.txt: not a recognised GPR file/);
    const damaged = path.join(work, 'damaged.DZT');
    writeFileSync(damaged, new Uint8Array(700).fill(7));
    const run = gprhub('render', damaged, '--out', path.join(work, 'damaged.png'));
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^gprhub: damaged\.DZT: /);
    expect(run.stderr).not.toMatch(/unexpected error/);
  });

  it('rejects bad options with exit code 2', () => {
    expect(gprhub('frobnicate', 'x').status).toBe(2);
    expect(gprhub('info').stderr).toMatch(/info needs a FILE/);
  });

  it('lists the colour maps', () => {
    const run = gprhub('colormaps');
    expect(run.status).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(43);
  });
});

describeWithData('gprhub command line on real files', () => {
  const lab = path.join(realDataDir, 'gssi-sir3000-fhwa-charisma-lab/Lab_specimen_data.DZT');

  it('describes a DZT file', () => {
    const run = gprhub('info', lab, '--header');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/format\s+dzt/);
    expect(run.stdout).toMatch(/traces\s+332 \(2\.802 m at 8\.467 mm spacing\)/);
    expect(run.stdout).toMatch(/samples\s+512 per trace at 15\.625 ps/);
    expect(run.stdout).toMatch(/time window\s+8\.000 ns/);
    expect(run.stdout).toMatch(/antenna\s+1\.5\/1\.6GHz, 1\.600 GHz/);
    expect(run.stdout).toContain('header');
  });

  it('passes sidecars next to the file to the reader', () => {
    const run = gprhub('info', path.join(realDataDir, 'sensors-software-dt1-gprpy/XLINE00.DT1'));
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/sidecars\s+XLINE00\.HD/);
    expect(run.stdout).toMatch(/format\s+dt1/);
  });

  it('renders a line to PNG with the defaults', () => {
    const out = path.join(work, 'lab.png');
    const run = gprhub('render', lab, '--out', out);
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(out);
    // 332 traces; direct-wave time zero at sample 114 leaves 398 of 512 samples.
    expect(pngHeader(out)).toEqual({ width: 332, height: 398, colorType: 3 });
    expect(run.stderr).toMatch(/time zero at sample 114/);
    const byOffset = gprhub('render', lab, '--out', out, '--start-offset', '41', '--signal-length', '300');
    expect(byOffset.status).toBe(0);
    expect(pngHeader(out).height).toBe(300);
  });

  it('renders every line of a zip, or one with --line, and rejects an unknown colour map', () => {
    const zip = path.join(work, 'two.zip');
    writeFileSync(
      zip,
      zipSync({
        'lines/File____001.DZT': readRealFile('gssi-structurescan-mini-ietgpr/File____001.DZT'),
        'lines/File____002.DZT': readRealFile('gssi-structurescan-mini-ietgpr/File____002.DZT'),
      }),
    );
    const info = gprhub('info', zip);
    expect(info.stdout).toMatch(/lines\s+2/);
    expect(info.stdout).toContain('L002  File____002.DZT');
    const out = path.join(work, 'two.png');
    const run = gprhub('render', zip, '--out', out, '--colormap', 'RdBu');
    expect(run.status).toBe(0);
    expect(run.stdout.trim().split('\n')).toEqual([
      path.join(work, 'two-L001.png'),
      path.join(work, 'two-L002.png'),
    ]);
    expect(pngHeader(path.join(work, 'two-L002.png')).width).toBe(1187);
    const one = path.join(work, 'second.png');
    expect(gprhub('render', zip, '--line', '2', '--out', one).status).toBe(0);
    expect(pngHeader(one).width).toBe(1187);
    const bad = gprhub('render', zip, '--colormap', 'nope', '--out', one);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/Unknown colour map "nope"/);
    expect(gprhub('render', zip, '--line', '3', '--out', one).stderr).toMatch(/--line must be 1–2/);
  });

  it('finds sidecars case-insensitively when copied elsewhere', () => {
    const dir = mkdtempSync(path.join(work, 'dt1-'));
    copyFileSync(
      path.join(realDataDir, 'sensors-software-dt1-gprpy/XLINE00.DT1'),
      path.join(dir, 'line.dt1'),
    );
    copyFileSync(path.join(realDataDir, 'sensors-software-dt1-gprpy/XLINE00.HD'), path.join(dir, 'LINE.hd'));
    const run = gprhub('info', path.join(dir, 'line.dt1'));
    expect(run.stdout).toMatch(/sidecars\s+LINE\.hd/);
  });
});
