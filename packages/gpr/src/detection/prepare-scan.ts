import {
  DEFAULT_ANTENNA_HEIGHT_M,
  DEFAULT_ANTENNA_SEPARATION_M,
  SPEED_OF_LIGHT_M_PER_S,
  type Radargram,
} from '../model/radargram';
import { removeMeanTraceInPlace } from '../processing/background';
import { dewowInPlace } from '../processing/dewow';
import { movingTraceMeanInPlace } from '../processing/trace-window';
import type { SurfaceCoupling } from '../fitting/surface-coupling';
import { hilbertImage } from './analytic-signal';
import {
  dewowWindowSamples,
  findTimeZero,
  reflectionFrequencyHz,
  type DirectWaveEstimate,
} from './time-zero-estimate';

/** Options of {@link prepareScan}. */
export interface PrepareScanOptions {
  /** Transmitter–receiver separation, metres; default the radargram's, else 0.03565 (spec). */
  antennaSeparationM?: number;
  /** Time zero (transmit instant) on the radargram's time axis, seconds; default from the direct wave. */
  timeZeroS?: number;
  /**
   * Width of the moving-mean background window, metres. Default {@link BACKGROUND_WINDOW_M} (2), or
   * {@link DRIFTING_BACKGROUND_WINDOW_M} (1) on a line whose direct wave drifts; lines shorter than 1.5 windows use
   * the mean of the whole line. Given, it is used as it is (and a moving window's background is not modelled).
   */
  backgroundWindowM?: number;
  /**
   * Height of the antennas above the concrete surface, metres, for the surface-coupling model. Default the
   * radargram's, else {@link DEFAULT_ANTENNA_HEIGHT_M}.
   */
  antennaHeightM?: number;
  /**
   * The concrete's εr for the direct wave's lobe model of time zero (decision 0070; used only when the antenna height
   * is stated). Default 7; the line analysis passes its pooled εr on a second pass.
   */
  directWavePermittivity?: number;
  /**
   * Model the antennas' coupling to the air–concrete interface in the final fits (fitting/surface-coupling.ts).
   * Default true; false fits straight rays (the limbs of shallow bars then make εr read low).
   */
  shouldModelSurfaceCoupling?: boolean;
}

/**
 * Widths of the moving background window, metres (decision 0061). Both much longer than a hyperbola (a bar's
 * reflection is subtracted over ± 0.1–0.2 m, and the modelled background takes the bars out of the window anyway).
 * A line whose direct wave is steady keeps the long window (lines up to 3 m then use the mean of the whole line);
 * a line whose direct wave changes along it ({@link DIRECT_WAVE_DRIFT_LIMIT}) gets the short one, with its
 * background modelled around the bars' reflections on that window: on the FHWA specimen (2.8 m) the direct wave
 * changes over the first 0.3–0.5 m, and the whole-line mean left its residue over the first bar. Lines up to 1.5
 * windows keep the mean of the whole line.
 */
export const BACKGROUND_WINDOW_M = 2;
/** The short window of a line whose direct wave drifts, metres. */
export const DRIFTING_BACKGROUND_WINDOW_M = 1;
/**
 * The direct wave drifts along a line when its local mean (over ± {@link DRIFT_HALF_WINDOW_M}) strays from the
 * line's mean trace by more than this fraction of that trace's norm, somewhere along the line, in the samples
 * before the first usable one. Measured: gprMax scenes 0.02–0.05, synthetic steady lines < 0.01, StructureScan
 * File_001/002 ≈ 0.07, the sand dune ≈ 0.3, the FHWA specimen ≈ 0.5; the limit sits a factor of two from both
 * groups (decision 0061).
 */
export const DIRECT_WAVE_DRIFT_LIMIT = 0.15;
/** Half width of the local mean in {@link directWaveDrift}, metres. */
export const DRIFT_HALF_WINDOW_M = 0.25;

/**
 * How far the direct wave strays along a line: the largest distance between the mean trace over ± `halfWidth`
 * traces (clipped at the line's ends) and the whole line's mean trace, in samples `[0, endSample)`, relative to the
 * whole line's mean trace's norm there. 0 for a steady direct wave (or none at all).
 *
 * @param data - dewowed amplitudes, trace-major.
 * @param traces - number of traces.
 * @param n - samples per trace.
 * @param endSample - the first sample after the direct wave.
 * @param halfWidth - half width of the local mean, traces.
 */
export function directWaveDrift(
  data: Float32Array,
  traces: number,
  n: number,
  endSample: number,
  halfWidth: number,
): number {
  const m = Math.max(0, Math.min(n, endSample));
  if (m === 0 || traces === 0) return 0;
  const mean = new Float64Array(m);
  for (let t = 0; t < traces; t++) for (let s = 0; s < m; s++) mean[s] += data[t * n + s];
  let norm = 0;
  for (let s = 0; s < m; s++) {
    mean[s] /= traces;
    norm += mean[s] * mean[s];
  }
  if (!(norm > 0)) return 0;
  // Running sums over the window [t − h, t + h], clipped at the ends.
  const sum = new Float64Array(m);
  let lo = 0;
  let hi = -1;
  let worst = 0;
  for (let t = 0; t < traces; t++) {
    const from = Math.max(0, t - halfWidth);
    const to = Math.min(traces - 1, t + halfWidth);
    while (hi < to) {
      hi++;
      for (let s = 0; s < m; s++) sum[s] += data[hi * n + s];
    }
    while (lo < from) {
      for (let s = 0; s < m; s++) sum[s] -= data[lo * n + s];
      lo++;
    }
    const count = to - from + 1;
    let distance = 0;
    for (let s = 0; s < m; s++) {
      const d = sum[s] / count - mean[s];
      distance += d * d;
    }
    if (distance > worst) worst = distance;
  }
  return Math.sqrt(worst / norm);
}

/** A line scan ready for detection and picking. All arrays are trace-major like {@link Radargram.samples}. */
export interface PreparedScan {
  /** The source radargram. */
  radargram: Radargram;
  /** Dewowed amplitudes, before background removal. */
  dewowed: Float32Array;
  /** Width of the moving background window in traces; 0 when the mean of the whole line was removed. */
  backgroundWindowTraces: number;
  /**
   * Whether the background is re-estimated around the bars' modelled reflections (`modelReflections`): always for
   * the whole line's mean; for a moving window only on a line whose direct wave drifts (decision 0061).
   */
  hasModelledBackground: boolean;
  /** Dewowed, background-removed amplitudes. */
  data: Float32Array;
  /** Hilbert transform of `data` (imaginary part of the analytic signal). */
  hilbert: Float32Array;
  /** Envelope of `data`: √(data² + hilbert²). */
  envelope: Float32Array;
  /** Noise-and-clutter level of the envelope per sample (the image's median envelope, the same for all). */
  level: Float32Array;
  traces: number;
  samplesPerTrace: number;
  /** Sample interval, seconds. */
  sampleIntervalS: number;
  /** Trace spacing, metres (0.004 assumed when the file does not say, with a warning). */
  traceSpacingM: number;
  /** Antenna separation used, metres. */
  antennaSeparationM: number;
  /** Time zero as a fractional sample index: sample i is at (i − timeZeroSample)·dt after transmission. */
  timeZeroSample: number;
  /** Dominant period of the reflected wavelet, samples (from the reflections' spectrum). */
  periodSamples: number;
  /** First sample where a reflection apex may sit (the ground wave of εr 3.5 after the direct wave's main lobe). */
  firstUsableSample: number;
  /** What the direct wave said. */
  directWave: DirectWaveEstimate;
  /** The surface-coupling model of the final fits (wavelet frequency, antenna height); undefined: straight rays. */
  surfaceCoupling?: SurfaceCoupling;
  /** Notes for the user (assumptions made). */
  warnings: string[];
}

/**
 * Prepares a line scan for rebar detection: dewow (running mean over three wavelet periods), time zero from the
 * direct wave (or the caller's), background removal by the mean trace over a long window ({@link BACKGROUND_WINDOW_M}
 * or, where the direct wave drifts along the line, {@link DRIFTING_BACKGROUND_WINDOW_M}: much longer than a
 * hyperbola, so a bar loses only the fraction of the window it occupies), the envelope, and the noise level (the
 * median envelope of the
 * usable image) that detection thresholds are measured against.
 *
 * @param rg - the radargram (not modified).
 * @param options - separation, time zero and background window.
 * @returns the prepared scan.
 * @example
 * ```ts
 * const scan = prepareScan(rg);
 * scan.timeZeroSample; // e.g. 38.2
 * ```
 */
export function prepareScan(rg: Radargram, options: PrepareScanOptions = {}): PreparedScan {
  const warnings: string[] = [];
  const { traces, samplesPerTrace: n, sampleIntervalS: dt } = rg;
  const separation =
    options.antennaSeparationM ??
    (rg.antennaSeparationM > 0 ? rg.antennaSeparationM : DEFAULT_ANTENNA_SEPARATION_M);
  let dx = rg.traceSpacingM;
  if (!(dx > 0)) {
    dx = 0.004;
    warnings.push(`${rg.name}: trace spacing unknown; 4 mm assumed`);
  }
  const guessHz = rg.centreFrequencyHz ?? 1.5e9;
  const data = rg.samples.slice();
  dewowInPlace(data, traces, n, dewowWindowSamples(rg));
  const direct = findTimeZero(rg, {
    antennaSeparationM: separation,
    antennaHeightM: options.antennaHeightM,
    permittivity: options.directWavePermittivity,
  });
  const timeZeroSample =
    options.timeZeroS !== undefined
      ? (options.timeZeroS - rg.timeOffsetS) / dt
      : (direct.timeZeroS - rg.timeOffsetS) / dt;
  const dewowed = data.slice();
  // An apex cannot come before the ground wave of the slowest plausible concrete (εr 3.5): s·(√3.5 − 1)/c after
  // the air wave's main lobe.
  const groundWaveLag = (separation * (Math.sqrt(3.5) - 1)) / SPEED_OF_LIGHT_M_PER_S / dt;
  const firstUsableSample = Math.min(n - 1, Math.ceil(direct.mainLobeSample + groundWaveLag));
  const isDrifting =
    options.backgroundWindowM === undefined &&
    directWaveDrift(dewowed, traces, n, firstUsableSample, Math.round(DRIFT_HALF_WINDOW_M / dx)) >
      DIRECT_WAVE_DRIFT_LIMIT;
  const windowM =
    options.backgroundWindowM ?? (isDrifting ? DRIFTING_BACKGROUND_WINDOW_M : BACKGROUND_WINDOW_M);
  const isFullLine = traces * dx <= 1.5 * windowM;
  const window = isFullLine ? 0 : Math.round(windowM / dx) | 1;
  if (isFullLine) removeMeanTraceInPlace(data, traces, n);
  else movingTraceMeanInPlace(data, traces, n, Math.floor(window / 2), 'subtract');
  const hilbert = hilbertImage(data, traces, n);
  const envelope = new Float32Array(data.length);
  for (let i = 0; i < data.length; i++) envelope[i] = Math.sqrt(data[i] * data[i] + hilbert[i] * hilbert[i]);
  const directHz = direct.dominantFrequencyHz > 0 ? direct.dominantFrequencyHz : guessHz;
  const reflected = reflectionFrequencyHz(
    data,
    envelope,
    traces,
    n,
    firstUsableSample,
    1 / (directHz * dt),
    dt,
  );
  const frequency =
    reflected > 0 ? reflected : direct.dominantFrequencyHz > 0 ? direct.dominantFrequencyHz : guessHz;
  const periodSamples = Math.max(4, 1 / (frequency * dt));
  const level = clutterLevel(envelope, traces, n, firstUsableSample);
  return {
    radargram: rg,
    dewowed,
    backgroundWindowTraces: window,
    hasModelledBackground: isFullLine || isDrifting,
    data,
    hilbert,
    envelope,
    level,
    traces,
    samplesPerTrace: n,
    sampleIntervalS: dt,
    traceSpacingM: dx,
    antennaSeparationM: separation,
    timeZeroSample,
    periodSamples,
    firstUsableSample,
    directWave: direct,
    surfaceCoupling:
      options.shouldModelSurfaceCoupling === false
        ? undefined
        : {
            frequencyHz: 1 / (periodSamples * dt),
            antennaHeightM: Math.max(
              0,
              options.antennaHeightM ?? rg.antennaHeightM ?? DEFAULT_ANTENNA_HEIGHT_M,
            ),
          },
    warnings,
  };
}

function clutterLevel(envelope: Float32Array, traces: number, n: number, firstUsable: number): Float32Array {
  // The median envelope over the whole usable image: most of a B-scan is background, so this is the noise and
  // clutter floor. (A per-time quantile across traces fails on dense or deep bars, whose wide hyperbolas fill
  // every trace at their apex time.)
  const step = Math.max(1, Math.floor(((n - firstUsable) * traces) / 50_000));
  const values = new Float32Array(traces * Math.ceil(Math.max(0, n - firstUsable) / step));
  let count = 0;
  for (let t = 0; t < traces; t += 1) {
    for (let s = firstUsable; s < n; s += step) values[count++] = envelope[t * n + s];
  }
  // The median by selection (linear time) rather than a full sort: the same element.
  const median = count > 0 ? selectKth(values, count, Math.floor(count / 2)) : 0;
  return new Float32Array(n).fill(Math.max(1e-30, median));
}

/**
 * The k-th smallest of `values[0…count)` (0-based), by Hoare's selection with median-of-three pivots; reorders
 * the values. Equals `values.subarray(0, count).sort()[k]` for values without NaN.
 */
function selectKth(values: Float32Array, count: number, k: number): number {
  let lo = 0;
  let hi = count - 1;
  while (hi > lo) {
    const mid = (lo + hi) >> 1;
    // Median of three as the pivot.
    const a = values[lo];
    const b = values[mid];
    const c = values[hi];
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const swap = values[i];
        values[i] = values[j];
        values[j] = swap;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return values[k];
  }
  return values[k];
}
