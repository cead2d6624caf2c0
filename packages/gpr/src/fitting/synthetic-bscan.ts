import { DEFAULT_ANTENNA_HEIGHT_M, SPEED_OF_LIGHT_M_PER_S, type Radargram } from '../model/radargram';
import { bistaticTravelTimeS, type BarGeometry } from './bistatic-cylinder';
import { surfaceCouplingCorrections } from './surface-coupling';

/** Parameters of {@link createSyntheticBScan}. Defaults mimic a 2 GHz concrete scanner. */
export interface SyntheticBScanOptions {
  /** Number of traces. Default 200. */
  traces?: number;
  /** Trace spacing, metres. Default 0.004. */
  traceSpacingM?: number;
  /** Samples per trace. Default 512. */
  samplesPerTrace?: number;
  /** Sample interval, seconds. Default 2.44140625e-11. */
  sampleIntervalS?: number;
  /** Time of sample 0 relative to the transmit instant, seconds. Default −0.3e-9. */
  timeOffsetS?: number;
  /** Ricker centre frequency, Hz. Default 2e9. */
  centreFrequencyHz?: number;
  /** Relative permittivity of the concrete. Default 7. */
  permittivity?: number;
  /** Transmitter–receiver separation, metres. Default 0.03565. */
  antennaSeparationM?: number;
  /** Bars (x0 along the line from the first trace). */
  bars?: BarGeometry[];
  /** Reflection amplitude of a bar at 0.05 m path, before spreading. Default 1. */
  barAmplitude?: number;
  /** Direct-wave amplitude (negative main lobe). Default 4. */
  directWaveAmplitude?: number;
  /** Depth of a flat back wall, metres (omit for none). */
  backWallDepthM?: number;
  /** Gaussian noise, standard deviation in amplitude units. Default 0.01. */
  noiseRms?: number;
  /** Number of weak random point scatterers (aggregate-like clutter). Default 0. */
  clutterScatterers?: number;
  /** Amplitude of each clutter scatterer relative to a bar. Default 0.15. */
  clutterAmplitude?: number;
  /** Seed of the pseudo-random generator. Default 1. */
  seed?: number;
  /**
   * Delay the reflections by the antennas' coupling to the surface (fitting/surface-coupling.ts: limbs early), as
   * real antennas on concrete see them. Default true; false gives pure straight-ray hyperbolas.
   */
  shouldModelSurfaceCoupling?: boolean;
  /** Antenna height above the surface for that model, metres. Default {@link DEFAULT_ANTENNA_HEIGHT_M}. */
  antennaHeightM?: number;
}

/**
 * A deterministic pseudo-random generator (mulberry32) returning numbers in [0, 1).
 *
 * @param seed - any integer.
 * @returns a function giving the next number.
 * @example
 * ```ts
 * const random = createRandom(42);
 * random(); // same value on every run
 * ```
 */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Ricker wavelet value (1 − 2π²f²τ²)·exp(−π²f²τ²): peak 1 at τ = 0.
 *
 * @param tauS - time from the wavelet's peak, seconds.
 * @param frequencyHz - centre frequency, Hz.
 * @returns the amplitude.
 * @example
 * ```ts
 * ricker(0, 2e9); // 1
 * ```
 */
export function ricker(tauS: number, frequencyHz: number): number {
  const a = Math.PI * frequencyHz * tauS;
  const a2 = a * a;
  return (1 - 2 * a2) * Math.exp(-a2);
}

/**
 * Fast ray-kinematic forward model of a line scan over bars in concrete, for unit tests and demos (accuracy is
 * judged on gprMax simulations, not on this). Each trace holds: a direct air wave (negative Ricker main lobe at
 * s/c), a weaker ground wave at s/v, for each bar a positive Ricker at the exact bistatic travel time (plus the
 * antennas' surface-coupling correction, unless switched off) scaled by 1/√path and an obliquity taper, optional weak point scatterers and a back wall, and Gaussian noise. Time zero
 * is the transmit instant, so the direct wave's main lobe is at s/c exactly.
 *
 * @param options - geometry, medium, wavelet, bars and noise.
 * @returns a radargram with `format: 'dzt'` and name `synthetic`.
 * @example
 * ```ts
 * const rg = createSyntheticBScan({ bars: [{ x0M: 0.4, coverM: 0.05, radiusM: 0.006 }] });
 * rg.traces; // 200
 * ```
 */
export function createSyntheticBScan(options: SyntheticBScanOptions = {}): Radargram {
  const traces = options.traces ?? 200;
  const dx = options.traceSpacingM ?? 0.004;
  const n = options.samplesPerTrace ?? 512;
  const dt = options.sampleIntervalS ?? 2.44140625e-11;
  const t0 = options.timeOffsetS ?? -0.3e-9;
  const f = options.centreFrequencyHz ?? 2e9;
  const eps = options.permittivity ?? 7;
  const s = options.antennaSeparationM ?? 0.03565;
  const random = createRandom(options.seed ?? 1);
  const gauss = (): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const events: { timeS: (x: number) => number; amplitude: (x: number) => number }[] = [];
  const v = SPEED_OF_LIGHT_M_PER_S / Math.sqrt(eps);
  const direct = options.directWaveAmplitude ?? 4;
  events.push({ timeS: () => s / SPEED_OF_LIGHT_M_PER_S, amplitude: () => -direct });
  events.push({ timeS: () => s / v, amplitude: () => -0.3 * direct });
  const coupling =
    options.shouldModelSurfaceCoupling === false
      ? undefined
      : { frequencyHz: f, antennaHeightM: options.antennaHeightM ?? DEFAULT_ANTENNA_HEIGHT_M };
  const addPoint = (bar: BarGeometry, amplitude: number): void => {
    // The coupling correction on a 4 mm grid within ±0.2 m of the bar (held beyond), interpolated.
    const reach = 0.2;
    const grid = Float64Array.from({ length: 101 }, (_, i) => bar.x0M - reach + (i * 2 * reach) / 100);
    const corrections = coupling
      ? surfaceCouplingCorrections(grid, bar, eps, s, coupling)
      : new Float64Array(grid.length);
    const correctionAt = (x: number): number => {
      const u = Math.min(100, Math.max(0, ((x - bar.x0M + reach) / (2 * reach)) * 100));
      const k = Math.min(99, Math.floor(u));
      return corrections[k] + (u - k) * (corrections[k + 1] - corrections[k]);
    };
    events.push({
      timeS: (x) => bistaticTravelTimeS(x, bar, eps, s) + correctionAt(x),
      amplitude: (x) => {
        const depth = bar.coverM + bar.radiusM;
        const path = Math.hypot(x - bar.x0M, depth);
        const cosine = depth / path;
        return (amplitude * cosine * cosine) / Math.sqrt(path / 0.05);
      },
    });
  };
  for (const bar of options.bars ?? []) addPoint(bar, options.barAmplitude ?? 1);
  const lineLength = (traces - 1) * dx;
  for (let i = 0; i < (options.clutterScatterers ?? 0); i++) {
    const bar = { x0M: random() * lineLength, coverM: 0.01 + random() * 0.2, radiusM: 0 };
    addPoint(
      bar,
      (options.clutterAmplitude ?? 0.15) * (random() < 0.5 ? -1 : 1) * (options.barAmplitude ?? 1),
    );
  }
  if (options.backWallDepthM !== undefined) {
    const wallTime = (2 * Math.hypot(options.backWallDepthM, s / 2)) / v;
    events.push({ timeS: () => wallTime, amplitude: () => 0.5 * (options.barAmplitude ?? 1) });
  }
  const samples = new Float32Array(traces * n);
  const support = 1.5 / f;
  const noise = options.noiseRms ?? 0.01;
  for (let t = 0; t < traces; t++) {
    const x = t * dx;
    const base = t * n;
    for (const event of events) {
      const arrival = event.timeS(x);
      const amplitude = event.amplitude(x);
      const first = Math.max(0, Math.floor((arrival - support - t0) / dt));
      const last = Math.min(n - 1, Math.ceil((arrival + support - t0) / dt));
      for (let k = first; k <= last; k++) samples[base + k] += amplitude * ricker(t0 + k * dt - arrival, f);
    }
    for (let k = 0; k < n; k++) samples[base + k] += noise * gauss();
  }
  return {
    samples,
    traces,
    samplesPerTrace: n,
    sampleIntervalS: dt,
    timeOffsetS: t0,
    traceSpacingM: dx,
    antennaSeparationM: s,
    centreFrequencyHz: f,
    marks: [],
    format: 'dzt',
    name: 'synthetic',
    header: [],
  };
}
