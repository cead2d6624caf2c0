// Identical-output check for speed work on the rebar engine (decision 0082): runs analyzeLineScan with defaults on
// every gprMax simulation in ../shared/data/sim (dev-random-* and the hand-made ones), on the real scans the accuracy
// bench reads (with its geometry patches), on the speed bench's synthetic 1,000-trace line and (with --area) on its
// 50-line area, and writes every result as exact JSON: each number as its shortest round-trip text (bit-identical
// doubles give identical text; -0, NaN and ±Infinity are spelt out), typed arrays as arrays, random ids renumbered
// in order of appearance. Two such files are then compared field by field.
//
//   node --import tsx packages/gpr/bench/identical-output.ts write out.json [--area] [--src <engine src dir>]
//   node --import tsx packages/gpr/bench/identical-output.ts compare a.json b.json
//
// --src loads the engine from another copy of packages/gpr/src (e.g. the tree before a change), so both sides run
// the same cases read the same way.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Engine from '../src/index';
import { speedAreaLines, speedLine } from './speed-scenes';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = path.resolve(root, '../shared/data');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A value as exact JSON: numbers as strings that round-trip bit for bit, ids renumbered. */
function exact(value: unknown, ids: Map<string, string>): Json {
  if (typeof value === 'number') {
    if (Object.is(value, -0)) return '-0';
    return Number.isFinite(value) ? value : String(value);
  }
  if (value === undefined) return '(undefined)';
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (ArrayBuffer.isView(value))
    return Array.from(value as unknown as ArrayLike<number>, (v) => exact(v, ids));
  if (Array.isArray(value)) return value.map((v) => exact(v, ids));
  if (typeof value === 'object') {
    const out: { [key: string]: Json } = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (k === 'id' && typeof v === 'string') {
        if (!ids.has(v)) ids.set(v, `#${ids.size}`);
        out[k] = ids.get(v)!;
      } else out[k] = exact(v, ids);
    }
    return out;
  }
  return `(${typeof value})`;
}

async function readFirstLine(
  engine: typeof Engine,
  file: string,
  patch: Partial<Engine.Radargram> = {},
): Promise<Engine.Radargram> {
  const read = await engine.readGprFileAsync({
    name: path.basename(file),
    bytes: new Uint8Array(readFileSync(file)),
  });
  return { ...read.radargrams[0], ...patch };
}

/** The accuracy bench's real cases (accuracy.ts `realCases`), with their geometry patches. */
const REAL: { file: string; patch?: Partial<Engine.Radargram> }[] = [
  { file: 'gssi-sir3000-fhwa-charisma-lab/Lab_specimen_data.DZT' },
  { file: 'gssi-structurescan-mini-ietgpr/File____001.DZT' },
  { file: 'gssi-structurescan-mini-ietgpr/File____002.DZT' },
  { file: 'gssi-sir3000-gprpy-dune/FILE____032.DZT' },
  {
    file: 'gprmax-cylinder-synthetic/cylinder_Bscan_2D_all.out',
    patch: { traceSpacingM: 0.002, antennaSeparationM: 0.04, antennaHeightM: 0 },
  },
];

async function write(out: string, withArea: boolean, src: string): Promise<void> {
  const engine = (await import(pathToFileURL(path.join(src, 'index.ts')).href)) as typeof Engine;
  const results: Record<string, Json> = {};
  const ids = new Map<string, string>();
  const run = (name: string, compute: () => unknown): void => {
    const start = process.cpuUsage();
    results[name] = exact(compute(), ids);
    const cpu = process.cpuUsage(start);
    console.log(`${name.padEnd(40)} ${((cpu.user + cpu.system) / 1000).toFixed(0).padStart(6)} ms CPU`);
  };
  const simDir = path.join(dataDir, 'sim');
  for (const file of readdirSync(simDir)
    .filter((f) => f.endsWith('.truth.json'))
    .sort()) {
    const truth = JSON.parse(readFileSync(path.join(simDir, file), 'utf8'));
    const rg = await readFirstLine(engine, path.join(simDir, truth.file));
    run(`sim/${truth.name}`, () => engine.analyzeLineScan(rg));
  }
  for (const c of REAL) {
    const file = path.join(dataDir, 'real', c.file);
    if (!existsSync(file)) continue;
    const rg = await readFirstLine(engine, file, c.patch);
    run(`real/${c.file}`, () => engine.analyzeLineScan(rg));
  }
  // The speed bench's scans (accuracy.ts `printSpeed`).
  const line = speedLine(engine.createSyntheticBScan);
  run('speed/line', () => engine.analyzeLineScan(line));
  if (withArea) {
    const lines = speedAreaLines(engine.createSyntheticBScan);
    run('speed/area', () => engine.analyzeAreaScan(lines));
  }
  writeFileSync(out, JSON.stringify(results));
  console.log(`${Object.keys(results).length} results written to ${out}`);
}

/** Every path where two exact-JSON values differ (at most `limit`). */
function differences(a: Json, b: Json, at: string, out: string[], limit = 20): void {
  if (out.length >= limit) return;
  if (typeof a !== typeof b || Array.isArray(a) !== Array.isArray(b) || (a === null) !== (b === null)) {
    out.push(`${at}: ${JSON.stringify(a)?.slice(0, 80)} ≠ ${JSON.stringify(b)?.slice(0, 80)}`);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.push(`${at}: length ${a.length} ≠ ${b.length}`);
    for (let i = 0; i < Math.min(a.length, b.length); i++) differences(a[i], b[i], `${at}[${i}]`, out, limit);
    return;
  }
  if (a !== null && typeof a === 'object' && b !== null && typeof b === 'object') {
    const ao = a as { [key: string]: Json };
    const bo = b as { [key: string]: Json };
    for (const k of new Set([...Object.keys(ao), ...Object.keys(bo)])) {
      if (!(k in ao) || !(k in bo)) out.push(`${at}.${k}: only in ${k in ao ? 'first' : 'second'}`);
      else differences(ao[k], bo[k], `${at}.${k}`, out, limit);
    }
    return;
  }
  if (a !== b) out.push(`${at}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`);
}

function countNumbers(v: Json): number {
  if (typeof v === 'number') return 1;
  if (Array.isArray(v)) return v.reduce((s: number, x) => s + countNumbers(x), 0);
  if (v !== null && typeof v === 'object')
    return Object.values(v).reduce((s: number, x) => s + countNumbers(x), 0);
  return 0;
}

function compare(first: string, second: string): number {
  const a = JSON.parse(readFileSync(first, 'utf8')) as Record<string, Json>;
  const b = JSON.parse(readFileSync(second, 'utf8')) as Record<string, Json>;
  let differing = 0;
  let numbers = 0;
  for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (!(name in a) || !(name in b)) {
      console.log(`${name}: only in ${name in a ? first : second}`);
      differing++;
      continue;
    }
    const found: string[] = [];
    differences(a[name], b[name], name, found);
    numbers += countNumbers(a[name]);
    if (found.length > 0) {
      differing++;
      console.log(`${name}: DIFFERS\n  ${found.join('\n  ')}`);
    }
  }
  const total = new Set([...Object.keys(a), ...Object.keys(b)]).size;
  console.log(
    differing === 0
      ? `identical: ${total} results, ${numbers} numbers, every field equal`
      : `${differing} of ${total} results differ`,
  );
  return differing === 0 ? 0 : 1;
}

const [mode, ...args] = process.argv.slice(2);
if (mode === 'write' && args[0]) {
  const srcAt = args.indexOf('--src');
  const src = srcAt >= 0 ? path.resolve(args[srcAt + 1]) : path.resolve(import.meta.dirname, '../src');
  await write(args[0], args.includes('--area'), src);
} else if (mode === 'compare' && args.length === 2) {
  process.exit(compare(args[0], args[1]));
} else {
  console.error('usage: identical-output.ts write out.json [--area] [--src dir] | compare a.json b.json');
  process.exit(2);
}
