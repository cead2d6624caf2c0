/**
 * Deterministic fuzzing helpers: a seeded PRNG, byte mutators and the property every reader must satisfy
 * (return well-formed radargrams or throw GprFormatError, nothing else, and never hang).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { GprFormatError } from '../src/formats/errors';
import type { GprReadResult } from '../src/formats/types';

/** mulberry32: small, fast, seeded. Returns floats in [0, 1). */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const INTERESTING = [0x00, 0xff, 0x7f, 0x80, 0x01, 0xfe];

/**
 * One random mutation of `seed`: truncation, bit flips (biased to the first `hotBytes`), interesting-byte
 * overwrites, random 16/32-bit words, a duplicated or deleted slice, or pure random bytes.
 */
export function mutate(seed: Uint8Array, rand: () => number, hotBytes = 4096): Uint8Array {
  const pick = (n: number): number => Math.floor(rand() * n);
  const position = (b: Uint8Array): number =>
    rand() < 0.7 ? pick(Math.min(b.length, hotBytes)) : pick(b.length);
  const mode = pick(7);
  if (mode === 0) return seed.slice(0, pick(seed.length + 1));
  if (mode === 6) {
    const out = new Uint8Array(pick(8192));
    for (let i = 0; i < out.length; i++) out[i] = pick(256);
    return out;
  }
  let out = seed.slice();
  if (out.length === 0) return out;
  const count = 1 + pick(8);
  for (let k = 0; k < count; k++) {
    const p = position(out);
    if (mode === 1) out[p] ^= 1 << pick(8);
    else if (mode === 2) out[p] = INTERESTING[pick(INTERESTING.length)];
    else if (mode === 3)
      for (let i = 0; i < 4 && p + i < out.length; i++) out[p + i] = rand() < 0.5 ? 0xff : pick(256);
    else if (mode === 4) {
      const a = position(out);
      const len = pick(512);
      const copy = out.slice(a, a + len);
      const merged = new Uint8Array(out.length + copy.length);
      merged.set(out.subarray(0, p));
      merged.set(copy, p);
      merged.set(out.subarray(p), p + copy.length);
      out = merged;
    } else {
      const end = Math.min(out.length, p + pick(512));
      const shorter = new Uint8Array(out.length - (end - p));
      shorter.set(out.subarray(0, p));
      shorter.set(out.subarray(end), p);
      out = shorter;
    }
  }
  return out;
}

/** Asserts the reader contract on a result. */
export function expectWellFormed(result: GprReadResult): void {
  expect(Array.isArray(result.warnings)).toBe(true);
  expect(result.radargrams.length).toBeGreaterThan(0);
  for (const r of result.radargrams) {
    expect(Number.isInteger(r.traces) && r.traces >= 1).toBe(true);
    expect(Number.isInteger(r.samplesPerTrace) && r.samplesPerTrace >= 1).toBe(true);
    expect(r.samples).toBeInstanceOf(Float32Array);
    expect(r.samples.length).toBe(r.traces * r.samplesPerTrace);
    expect(Number.isFinite(r.sampleIntervalS) && r.sampleIntervalS > 0).toBe(true);
    expect(Number.isFinite(r.timeOffsetS)).toBe(true);
    expect(Number.isFinite(r.traceSpacingM) && r.traceSpacingM >= 0).toBe(true);
    expect(Number.isFinite(r.antennaSeparationM) && r.antennaSeparationM >= 0).toBe(true);
    for (const m of r.marks) expect(m.traceIndex >= 0 && m.traceIndex < r.traces).toBe(true);
    for (const g of r.gps ?? []) expect(g.traceIndex >= 0 && g.traceIndex < r.traces).toBe(true);
    if (r.positionsM) {
      expect(r.positionsM.length).toBe(r.traces);
      expect(r.positionsM.every(Number.isFinite)).toBe(true);
    }
    for (const key of ['centreFrequencyHz', 'permittivity'] as const) {
      if (r[key] !== undefined) expect(Number.isFinite(r[key]) && (r[key] as number) > 0).toBe(true);
    }
    for (const g of r.gps ?? [])
      expect(Number.isFinite(g.latitudeDeg) && Number.isFinite(g.longitudeDeg)).toBe(true);
    expect(() => JSON.stringify(r.header)).not.toThrow();
    let finite = true;
    for (let i = 0; i < r.samples.length; i++) if (!Number.isFinite(r.samples[i])) finite = false;
    expect(finite).toBe(true);
  }
  for (const line of result.lineScans ?? []) {
    expect(line.radargramIndex >= 0 && line.radargramIndex < result.radargrams.length).toBe(true);
  }
  for (const area of result.areaScans ?? []) {
    for (const i of area.lineScanIndices) expect(i >= 0 && i < (result.lineScans?.length ?? 0)).toBe(true);
  }
}

/** Outcome counts and timing of a fuzz run. */
export interface FuzzStats {
  cases: number;
  accepted: number;
  rejected: number;
  slowestMs: number;
  totalMs: number;
}

/**
 * Runs `cases` fuzz cases: each builds an input with a fresh seeded PRNG and calls `read`. A case fails when
 * `read` throws anything but GprFormatError, returns a malformed result, or takes over `maxCaseMs`. Failing
 * inputs are written to a temp folder (printed) so they can be kept under test/regressions. `prepare` runs
 * (awaited) before each case, e.g. to reload the HDF5 library after a damaged file retired it.
 */
export async function runFuzz(
  label: string,
  cases: number,
  seed: number,
  makeCase: (rand: () => number) => {
    name: string;
    bytes: Uint8Array;
    sidecars?: Record<string, Uint8Array>;
  },
  read: (input: { name: string; bytes: Uint8Array; sidecars?: Record<string, Uint8Array> }) => GprReadResult,
  options: { maxCaseMs?: number; prepare?: () => Promise<void> } = {},
): Promise<FuzzStats> {
  const maxCaseMs = options.maxCaseMs ?? 5000;
  const stats: FuzzStats = { cases, accepted: 0, rejected: 0, slowestMs: 0, totalMs: 0 };
  const started = performance.now();
  for (let i = 0; i < cases; i++) {
    const rand = createRandom(seed * 1_000_003 + i);
    const input = makeCase(rand);
    if (options.prepare) await options.prepare();
    const t0 = performance.now();
    try {
      expectWellFormed(read(input));
      stats.accepted++;
    } catch (error) {
      if (!(error instanceof GprFormatError)) {
        const dir = path.join(os.tmpdir(), 'gprhub-fuzz-failures');
        mkdirSync(dir, { recursive: true });
        const file = path.join(dir, `${label}-${seed}-${i}-${path.basename(input.name)}`);
        writeFileSync(file, input.bytes);
        for (const [name, bytes] of Object.entries(input.sidecars ?? {}))
          writeFileSync(`${file}.${path.basename(name)}`, bytes);
        throw new Error(
          `${label} case ${i} (seed ${seed}) failed; input saved to ${file}: ${String(error)}`,
          { cause: error },
        );
      }
      stats.rejected++;
    }
    const ms = performance.now() - t0;
    stats.slowestMs = Math.max(stats.slowestMs, ms);
    if (ms > maxCaseMs) throw new Error(`${label} case ${i} (seed ${seed}) took ${ms.toFixed(0)} ms`);
  }
  stats.totalMs = performance.now() - started;
  return stats;
}
