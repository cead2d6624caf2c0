import {
  DEFAULT_ANTENNA_SEPARATION_M,
  DEFAULT_PERMITTIVITY,
  DEFAULT_SAMPLE_INTERVAL_S,
  SPEED_OF_LIGHT_M_PER_S,
  type Radargram,
} from '../model/radargram';
import { velocityFromPermittivity } from './time-depth';

/** A point (or thin bar seen end-on) reflector. */
export interface SyntheticReflector {
  /** Position along the line from the first trace's antenna midpoint, metres. */
  xM: number;
  /** Depth below the surface, metres. */
  depthM: number;
  /** Peak amplitude of its wavelet at the apex (signal units). Default 0.3. */
  amplitude?: number;
}

/** What to synthesise. */
export interface SyntheticScanOptions {
  traces: number;
  samplesPerTrace: number;
  /** Seconds per sample. Default the spec's 2.44140625e-11 s. */
  sampleIntervalS?: number;
  /** Metres between traces. Default 0.004 m. */
  traceSpacingM?: number;
  /** Samples before the transmit instant (pre-trigger). Default 41, as the spec's start offset. */
  timeZeroSample?: number;
  /** Transmitter–receiver separation, metres. Default the spec's 0.03565 m. */
  antennaSeparationM?: number;
  /** Relative permittivity of the medium. Default 7. */
  permittivity?: number;
  /** Ricker wavelet centre frequency, Hz. Default 2 GHz. */
  centreFrequencyHz?: number;
  reflectors?: SyntheticReflector[];
  /** Amplitude of the direct (air + ground coupling) wave in every trace. Default 1. */
  directWaveAmplitude?: number;
  /** Standard deviation of added Gaussian noise. Default 0. */
  noiseAmplitude?: number;
  /** Seed of the noise generator. Default 1. */
  seed?: number;
}

/**
 * Ricker wavelet (Mexican hat) of unit peak: (1 − 2π²f²τ²)·e^(−π²f²τ²).
 *
 * @param tauS - time from the wavelet's centre, seconds.
 * @param frequencyHz - centre (peak) frequency, Hz.
 * @returns the amplitude (1 at τ = 0, −2e^(−3/2) ≈ −0.446 at the side lobes τ = ±√(3/2)/(πf)).
 * @example
 * ```ts
 * rickerWavelet(0, 2e9); // 1
 * ```
 */
export function rickerWavelet(tauS: number, frequencyHz: number): number {
  const a = Math.PI * frequencyHz * tauS;
  const a2 = a * a;
  return (1 - 2 * a2) * Math.exp(-a2);
}

/**
 * Synthesises a B-scan for tests and benchmarks: a direct wave in every trace and, for each reflector, a
 * diffraction hyperbola with the exact bistatic travel time (|Tx − P| + |P − Rx|) / v. Every arrival is a
 * Ricker wavelet centred 1/f after its arrival time (so the pulse starts about at the arrival); the
 * transmit instant is at sample `timeZeroSample`.
 *
 * @param options - geometry, medium, wavelet, reflectors and noise.
 * @returns a radargram of format `dzt`, named `synthetic`.
 * @example
 * ```ts
 * const rg = synthesizeRadargram({
 *   traces: 200,
 *   samplesPerTrace: 512,
 *   reflectors: [{ xM: 0.4, depthM: 0.05 }],
 * });
 * ```
 */
export function synthesizeRadargram(options: SyntheticScanOptions): Radargram {
  const { traces, samplesPerTrace } = options;
  const dt = options.sampleIntervalS ?? DEFAULT_SAMPLE_INTERVAL_S;
  const dx = options.traceSpacingM ?? 0.004;
  const t0 = (options.timeZeroSample ?? 41) * dt;
  const separation = options.antennaSeparationM ?? DEFAULT_ANTENNA_SEPARATION_M;
  const permittivity = options.permittivity ?? DEFAULT_PERMITTIVITY;
  const f = options.centreFrequencyHz ?? 2e9;
  const v = velocityFromPermittivity(permittivity);
  const samples = new Float32Array(traces * samplesPerTrace);
  const halfWidth = Math.ceil(1.5 / f / dt);
  const addWavelet = (trace: number, arrivalS: number, amplitude: number): void => {
    const centre = (t0 + arrivalS + 1 / f) / dt;
    const first = Math.max(0, Math.ceil(centre - halfWidth));
    const last = Math.min(samplesPerTrace - 1, Math.floor(centre + halfWidth));
    for (let s = first; s <= last; s++) {
      samples[trace * samplesPerTrace + s] += amplitude * rickerWavelet((s - centre) * dt, f);
    }
  };
  const direct = options.directWaveAmplitude ?? 1;
  for (let t = 0; t < traces; t++) {
    if (direct !== 0) addWavelet(t, separation / SPEED_OF_LIGHT_M_PER_S, direct);
    for (const r of options.reflectors ?? []) {
      const x = t * dx - r.xM;
      const h = separation / 2;
      const path = Math.hypot(x - h, r.depthM) + Math.hypot(x + h, r.depthM);
      addWavelet(t, path / v, r.amplitude ?? 0.3);
    }
  }
  addNoise(samples, options.noiseAmplitude ?? 0, options.seed ?? 1);
  return {
    samples,
    traces,
    samplesPerTrace,
    sampleIntervalS: dt,
    timeOffsetS: -t0,
    traceSpacingM: dx,
    antennaSeparationM: separation,
    centreFrequencyHz: f,
    permittivity,
    marks: [],
    format: 'dzt',
    name: 'synthetic',
    header: [],
  };
}

function addNoise(samples: Float32Array, sigma: number, seed: number): void {
  if (sigma === 0) return;
  let state = seed >>> 0 || 1;
  const uniform = (): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) + 0.5) / 4294967296;
  };
  for (let i = 0; i < samples.length; i++) {
    samples[i] += sigma * Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  }
}
