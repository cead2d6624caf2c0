import { prepareScan } from '../detection/prepare-scan';
import type { AreaScanDirection } from '../formats/types';
import type { Radargram } from '../model/radargram';
import { depthFromTwoWayTime, twoWayTimeFromDepth } from '../physics/time-depth';
import { envelopeInPlace } from '../processing/envelope';
import { migrateStolt } from '../processing/migration';
import { withSamples } from '../processing/radargram-copy';

/** One line of a scan placed on its grid (the shape of an area scan's lines; a lone line is LEFT_TO_RIGHT at 0). */
export interface VolumeLine {
  radargram: Radargram;
  /** LEFT_TO_RIGHT lines run along grid x; BOTTOM_TO_TOP lines along grid y. */
  direction: AreaScanDirection;
  /** Position across the line: grid y of a LEFT_TO_RIGHT line, grid x of a BOTTOM_TO_TOP one, metres. */
  offsetM: number;
  /** Grid coordinate of the line's first trace along its direction, metres. Default 0. */
  startM?: number;
}

/** A line migrated and turned into envelope amplitude, on its own traces and a depth axis. */
export interface MigratedSection {
  direction: AreaScanDirection;
  offsetM: number;
  startM: number;
  traces: number;
  traceSpacingM: number;
  /** Samples per trace of `values` (the time axis from time zero). */
  samplesPerTrace: number;
  /** Migrated envelope divided by the line's noise floor (1 = the median of the usable image), trace-major. */
  values: Float32Array;
  /** Two-way time from the transmit instant of sample i: `firstTimeS + i·sampleIntervalS`. */
  firstTimeS: number;
  sampleIntervalS: number;
  antennaSeparationM: number;
  /** Depth of the deepest sample at the permittivity used, metres. */
  maxDepthM: number;
}

/**
 * A line's migrated envelope: the rebar engine's preparation (dewow, time zero from the direct wave — the one
 * time zero of decisions/0015 — and background removal), the direct wave muted down to the first sample where
 * a reflection can lie, Stolt f-k migration at the given permittivity from time zero, then the envelope,
 * divided by its median over the usable image (so every line reads in "times its noise floor", whatever its
 * gain).
 *
 * @param rg - the line's radargram.
 * @param permittivity - the relative permittivity to migrate and convert depths with.
 * @returns the section.
 * @example
 * ```ts
 * const section = migratedEnvelope(rg, 7);
 * section.values[0]; // ≈ 0 (muted direct wave)
 * ```
 */
export function migratedEnvelope(
  rg: Radargram,
  permittivity: number,
  placement: Omit<VolumeLine, 'radargram'> = { direction: 'LEFT_TO_RIGHT', offsetM: 0 },
): MigratedSection {
  const prep = prepareScan(rg);
  const n = rg.samplesPerTrace;
  const traces = rg.traces;
  const dt = rg.sampleIntervalS;
  const first = Math.max(0, Math.min(n - 2, Math.round(prep.timeZeroSample)));
  const kept = n - first;
  const cropped = new Float32Array(traces * kept);
  // Mute everything before the first usable sample, with a one-period cosine taper after it.
  const muteEnd = Math.max(0, prep.firstUsableSample - first);
  const taper = Math.max(1, Math.round(prep.periodSamples));
  for (let t = 0; t < traces; t++) {
    for (let i = 0; i < kept; i++) {
      let w = 1;
      if (i < muteEnd) w = 0;
      else if (i < muteEnd + taper) w = 0.5 - 0.5 * Math.cos((Math.PI * (i - muteEnd)) / taper);
      cropped[t * kept + i] = w * prep.data[t * n + first + i];
    }
  }
  const croppedRg = withSamples(rg, cropped, {
    samplesPerTrace: kept,
    traceSpacingM: prep.traceSpacingM,
    timeOffsetS: 0,
  });
  const migrated = migrateStolt(croppedRg, { permittivity });
  const values = migrated.samples;
  envelopeInPlace(values, traces, kept);
  const floor = medianOf(values, traces, kept, muteEnd);
  for (let i = 0; i < values.length; i++) values[i] /= floor;
  const firstTimeS = (first - prep.timeZeroSample) * dt;
  return {
    direction: placement.direction,
    offsetM: placement.offsetM,
    startM: placement.startM ?? 0,
    traces,
    traceSpacingM: prep.traceSpacingM,
    samplesPerTrace: kept,
    values,
    firstTimeS,
    sampleIntervalS: dt,
    antennaSeparationM: prep.antennaSeparationM,
    maxDepthM: depthFromTwoWayTime(firstTimeS + (kept - 1) * dt, permittivity, prep.antennaSeparationM),
  };
}

function medianOf(values: Float32Array, traces: number, n: number, from: number): number {
  const step = Math.max(1, Math.floor((traces * (n - from)) / 50_000));
  const picked: number[] = [];
  for (let t = 0; t < traces; t++) for (let s = from; s < n; s += step) picked.push(values[t * n + s]);
  if (picked.length === 0) return 1;
  picked.sort((a, b) => a - b);
  return Math.max(1e-30, picked[Math.floor(picked.length / 2)]!);
}

/** Options of {@link migratedVolume}. */
export interface MigratedVolumeOptions {
  /** Relative permittivity of the concrete (the area's pooled value). */
  permittivity: number;
  /** Grid step across the surface (x and y), metres. Default 0.01. */
  stepM?: number;
  /** Depth step, metres. Default 0.0025. */
  depthStepM?: number;
  /** Deepest depth kept, metres. Default the lines' deepest sample, at most 0.6. */
  maxDepthM?: number;
  /** Most cells of the volume; the steps grow to fit. Default 40 million. */
  maxCells?: number;
  /** Fraction done 0–1 and a message. */
  onProgress?: (fraction: number, message: string) => void;
}

/** A regular volume of migrated envelope amplitude on the scan's grid. */
export interface MigratedVolume {
  /** Cells along x, y, z. */
  nx: number;
  ny: number;
  nz: number;
  /** Grid coordinate of cell (0, 0, 0), metres (x, y on the surface; z depth, 0 at the surface). */
  originM: [number, number, number];
  /** Cell size along x, y and z, metres. */
  stepM: [number, number, number];
  /**
   * Amplitude in noise floors, index `(k·ny + j)·nx + i`; NaN where no line is near enough (between two lines of
   * the same direction the value is interpolated across, since the bars that direction sees run across it).
   */
  values: Float32Array;
  permittivity: number;
}

/**
 * The migrated envelope of every line resampled on the scan's grid: x along the LEFT_TO_RIGHT lines, y along
 * the BOTTOM_TO_TOP lines, z depth (the project's one conversion, {@link depthFromTwoWayTime}, at the given
 * permittivity). Each direction's lines are interpolated linearly between neighbours (they see bars running
 * across them, which continue between lines) and held half a line spacing beyond the outer lines; where both
 * directions cover a cell the larger amplitude wins. A lone line gives a volume one cell thick (a 2-D slice).
 *
 * @param lines - the lines on their grid.
 * @param options - permittivity and steps.
 * @returns the volume.
 * @example
 * ```ts
 * const volume = migratedVolume(lines, { permittivity: 7 });
 * volume.nx * volume.ny * volume.nz; // cells
 * ```
 */
export function migratedVolume(lines: VolumeLine[], options: MigratedVolumeOptions): MigratedVolume {
  if (lines.length === 0) throw new RangeError('a point cloud needs at least one line');
  const progress = options.onProgress ?? (() => {});
  const sections: MigratedSection[] = [];
  for (const [i, line] of lines.entries()) {
    progress((0.8 * i) / lines.length, `migrating line ${i + 1} of ${lines.length}`);
    sections.push(migratedEnvelope(line.radargram, options.permittivity, line));
  }
  progress(0.8, 'resampling on the grid');
  // Extent of the grid: along each direction, the lines' lengths; across, their offsets.
  let maxX = 0;
  let maxY = 0;
  for (const s of sections) {
    const end = s.startM + (s.traces - 1) * s.traceSpacingM;
    if (s.direction === 'LEFT_TO_RIGHT') {
      maxX = Math.max(maxX, end);
      maxY = Math.max(maxY, s.offsetM + halfSpacing(sections, s.direction));
    } else {
      maxY = Math.max(maxY, end);
      maxX = Math.max(maxX, s.offsetM + halfSpacing(sections, s.direction));
    }
  }
  const deepest = Math.min(...sections.map((s) => s.maxDepthM));
  const maxDepth = Math.min(options.maxDepthM ?? 0.6, deepest);
  let step = options.stepM ?? 0.01;
  let depthStep = options.depthStepM ?? 0.0025;
  const maxCells = options.maxCells ?? 40_000_000;
  const isSlice = sections.length === 1;
  const count = () => ({
    nx: Math.floor(maxX / step) + 1,
    ny: isSlice ? 1 : Math.floor(maxY / step) + 1,
    nz: Math.floor(maxDepth / depthStep) + 1,
  });
  let size = count();
  while (size.nx * size.ny * size.nz > maxCells) {
    step *= 1.25;
    depthStep *= 1.25;
    size = count();
  }
  const { nx, ny, nz } = size;
  const values = new Float32Array(nx * ny * nz).fill(Number.NaN);
  const originY = isSlice ? sections[0]!.offsetM : 0;
  for (const direction of ['LEFT_TO_RIGHT', 'BOTTOM_TO_TOP'] as const) {
    const family = sections.filter((s) => s.direction === direction).sort((a, b) => a.offsetM - b.offsetM);
    if (family.length === 0) continue;
    const isAlongX = direction === 'LEFT_TO_RIGHT';
    const alongCount = isAlongX ? nx : ny;
    const acrossCount = isAlongX ? ny : nx;
    // Each line resampled on the grid's along × depth nodes.
    const planes = family.map((s) =>
      resampleSection(s, alongCount, step, nz, depthStep, options.permittivity),
    );
    const reach = halfSpacing(sections, direction);
    for (let a = 0; a < acrossCount; a++) {
      const across = isSlice ? originY : a * step;
      const { lo, hi, w } = bracket(family, across, reach);
      if (lo < 0) continue;
      const p = planes[lo]!;
      const q = planes[hi]!;
      for (let k = 0; k < nz; k++)
        for (let u = 0; u < alongCount; u++) {
          const pv = p[k * alongCount + u]!;
          const qv = q[k * alongCount + u]!;
          const v = Number.isNaN(pv) || Number.isNaN(qv) ? (Number.isNaN(pv) ? qv : pv) : pv + w * (qv - pv);
          if (Number.isNaN(v)) continue;
          const i = isAlongX ? u : a;
          const j = isAlongX ? a : u;
          const cell = (k * ny + j) * nx + i;
          const old = values[cell]!;
          if (Number.isNaN(old) || v > old) values[cell] = v;
        }
    }
  }
  progress(0.95, 'volume done');
  return {
    nx,
    ny,
    nz,
    originM: [0, originY, 0],
    stepM: [step, isSlice ? 0 : step, depthStep],
    values,
    permittivity: options.permittivity,
  };
}

/** Half the median spacing between neighbouring lines of a direction (0 for a lone line). */
function halfSpacing(sections: MigratedSection[], direction: AreaScanDirection): number {
  const offsets = sections
    .filter((s) => s.direction === direction)
    .map((s) => s.offsetM)
    .sort((a, b) => a - b);
  const gaps = offsets
    .slice(1)
    .map((o, i) => o - offsets[i]!)
    .filter((g) => g > 1e-9)
    .sort((a, b) => a - b);
  return gaps.length === 0 ? 0 : gaps[Math.floor(gaps.length / 2)]! / 2;
}

/** The two lines around `across` and the weight of the second; lo −1 when none is near enough. */
function bracket(
  family: MigratedSection[],
  across: number,
  reach: number,
): { lo: number; hi: number; w: number } {
  const eps = 1e-9;
  const first = family[0]!;
  const last = family[family.length - 1]!;
  if (across < first.offsetM - eps)
    return across >= first.offsetM - reach - eps ? { lo: 0, hi: 0, w: 0 } : { lo: -1, hi: -1, w: 0 };
  if (across > last.offsetM + eps) {
    const n = family.length - 1;
    return across <= last.offsetM + reach + eps ? { lo: n, hi: n, w: 0 } : { lo: -1, hi: -1, w: 0 };
  }
  for (let i = 0; i < family.length - 1; i++) {
    const a = family[i]!.offsetM;
    const b = family[i + 1]!.offsetM;
    if (across >= a - eps && across <= b + eps)
      return { lo: i, hi: i + 1, w: b - a > eps ? (across - a) / (b - a) : 0 };
  }
  return { lo: family.length - 1, hi: family.length - 1, w: 0 };
}

/** A section bilinearly resampled on grid nodes along its direction (u·step) and in depth (k·depthStep); NaN off the line. */
function resampleSection(
  s: MigratedSection,
  alongCount: number,
  step: number,
  nz: number,
  depthStep: number,
  permittivity: number,
): Float32Array {
  const out = new Float32Array(alongCount * nz).fill(Number.NaN);
  const n = s.samplesPerTrace;
  const sampleOfDepth = new Float64Array(nz);
  for (let k = 0; k < nz; k++)
    sampleOfDepth[k] =
      (twoWayTimeFromDepth(k * depthStep, permittivity, s.antennaSeparationM) - s.firstTimeS) /
      s.sampleIntervalS;
  for (let u = 0; u < alongCount; u++) {
    const tr = (u * step - s.startM) / s.traceSpacingM;
    if (tr < -1e-6 || tr > s.traces - 1 + 1e-6) continue;
    const t0 = Math.max(0, Math.min(s.traces - 1, Math.floor(tr)));
    const t1 = Math.min(s.traces - 1, t0 + 1);
    const wt = Math.max(0, Math.min(1, tr - t0));
    for (let k = 0; k < nz; k++) {
      const si = sampleOfDepth[k]!;
      if (si < 0 || si > n - 1) continue;
      const s0 = Math.floor(si);
      const s1 = Math.min(n - 1, s0 + 1);
      const ws = si - s0;
      const a = s.values[t0 * n + s0]! * (1 - ws) + s.values[t0 * n + s1]! * ws;
      const b = s.values[t1 * n + s0]! * (1 - ws) + s.values[t1 * n + s1]! * ws;
      out[k * alongCount + u] = a * (1 - wt) + b * wt;
    }
  }
  return out;
}
