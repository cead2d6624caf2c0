import { directWaveLobeDelayS, modelledDirectWave } from '../fitting/direct-wave';
import {
  DEFAULT_ANTENNA_SEPARATION_M,
  DEFAULT_PERMITTIVITY,
  SPEED_OF_LIGHT_M_PER_S,
  type Radargram,
} from '../model/radargram';
import { dewowTrace } from '../processing/dewow';
import { getFftPlan, nextPowerOfTwo } from '../processing/fft';
import { meanTrace } from '../processing/radargram-copy';
import { refinedExtremum } from './analytic-signal';

/** Time zero and wavelet facts read from the direct wave. */
export interface DirectWaveEstimate {
  /** Fractional sample index of the direct wave's main lobe (the mean trace's strongest extremum). */
  mainLobeSample: number;
  /** Sign of that lobe (+1 or −1). */
  polarity: 1 | -1;
  /**
   * Time zero — the transmit instant — on the radargram's time axis, seconds: the main lobe's time minus the
   * air-wave delay s/c across the antenna separation, minus the lobe's modelled delay after s/c (`lobeDelayS`).
   */
  timeZeroS: number;
  /**
   * The modelled delay of the direct wave's strongest lobe after s/c, seconds (decision 0070): the half-space direct
   * wave of a source at the stated antenna height (fitting/direct-wave.ts). 0 when the radargram states no antenna
   * height (the engine then keeps the lobe − s/c rule: the real files' shielded antennas).
   */
  lobeDelayS: number;
  /** Dominant frequency of the direct wave, Hz (peak of its power spectrum). */
  dominantFrequencyHz: number;
}

/**
 * Frequency of the strongest component of a trace: the peak of its power spectrum, ignoring the lowest bins
 * (drift), refined by a parabola through the peak bin.
 *
 * @param trace - amplitudes of one (mean) trace.
 * @param sampleIntervalS - sample interval, seconds.
 * @returns the frequency in hertz (0 for a flat trace).
 * @example
 * ```ts
 * const x = Float64Array.from({ length: 256 }, (_, i) => Math.sin(2 * Math.PI * 2e9 * i * 2.5e-11));
 * dominantFrequencyHz(x, 2.5e-11); // ≈ 2e9
 * ```
 */
export function dominantFrequencyHz(trace: ArrayLike<number>, sampleIntervalS: number): number {
  const size = nextPowerOfTwo(Math.max(64, 4 * trace.length));
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  let mean = 0;
  for (let i = 0; i < trace.length; i++) mean += trace[i] / trace.length;
  for (let i = 0; i < trace.length; i++) {
    const hann = 0.5 - 0.5 * Math.cos((2 * Math.PI * (i + 0.5)) / trace.length);
    re[i] = (trace[i] - mean) * hann;
  }
  getFftPlan(size).forward(re, im);
  const power = new Float64Array(size / 2);
  for (let k = 0; k < size / 2; k++) power[k] = re[k] * re[k] + im[k] * im[k];
  const lowest = Math.ceil(size / Math.max(trace.length, 1));
  const peak = refinedExtremum(power, lowest, size / 2, 1);
  if (!peak || !(peak.value > 0)) return 0;
  return peak.index / (size * sampleIntervalS);
}

/**
 * Finds time zero from the direct wave: on the mean trace (the direct wave is common to every trace, the
 * reflections are not), the strongest extremum is the direct wave's main lobe; the transmit instant is that
 * time minus s/c, the air-wave delay across the antenna separation (algorithms.md §4.1: never leave time zero
 * free, never confuse the direct-wave arrival with the transmit instant).
 *
 * @param meanTrace - the mean trace (dewowed), one value per sample.
 * @param sampleIntervalS - sample interval, seconds.
 * @param timeOffsetS - time of sample 0 on the radargram's axis, seconds.
 * @param antennaSeparationM - transmitter–receiver separation, metres.
 * @returns the lobe, its polarity, time zero on the radargram's axis and the dominant frequency.
 * @example
 * ```ts
 * const est = estimateDirectWave(mean, 2.44e-11, 0, 0.03565);
 * est.timeZeroS; // main-lobe time − 0.119 ns
 * ```
 */
export function estimateDirectWave(
  meanTrace: ArrayLike<number>,
  sampleIntervalS: number,
  timeOffsetS: number,
  antennaSeparationM: number,
): DirectWaveEstimate {
  const positive = refinedExtremum(meanTrace, 0, meanTrace.length, 1);
  const negative = refinedExtremum(meanTrace, 0, meanTrace.length, -1);
  const usePositive = (positive?.value ?? 0) >= -(negative?.value ?? 0);
  const lobe = (usePositive ? positive : negative) ?? { index: 0, value: 0 };
  const mainLobeSample = lobe.index;
  return {
    mainLobeSample,
    polarity: usePositive ? 1 : -1,
    timeZeroS: timeOffsetS + mainLobeSample * sampleIntervalS - antennaSeparationM / SPEED_OF_LIGHT_M_PER_S,
    lobeDelayS: 0,
    dominantFrequencyHz: dominantFrequencyHz(directWaveWindow(meanTrace, mainLobeSample), sampleIntervalS),
  };
}

/** The mean trace around the main lobe: ± three main-lobe widths (zero crossing to zero crossing). */
function directWaveWindow(meanTrace: ArrayLike<number>, mainLobe: number): Float64Array {
  const centre = Math.round(mainLobe);
  const sign = Math.sign(meanTrace[centre]) || 1;
  let before = centre;
  while (before > 0 && sign * meanTrace[before - 1] > 0) before--;
  let after = centre;
  while (after < meanTrace.length - 1 && sign * meanTrace[after + 1] > 0) after++;
  const width = Math.max(2, after - before + 1);
  const from = Math.max(0, centre - 3 * width);
  const to = Math.min(meanTrace.length, centre + 3 * width + 1);
  return Float64Array.from({ length: to - from }, (_, i) => meanTrace[from + i]);
}

/**
 * Dominant frequency of the reflections: the peak of the power spectrum of the strongest reflection of the
 * brightest traces (a Hann window of ± two guessed periods around each trace's largest envelope after the
 * direct wave), averaged. Reflections, not the direct wave, set the wavelet the picker tracks (the direct
 * coupling of a ground-coupled antenna is often lower), and windowing them keeps out the slow residues that
 * fill the rest of a trace.
 *
 * @param data - background-removed amplitudes, trace-major.
 * @param envelope - their envelope.
 * @param traces - number of traces.
 * @param samplesPerTrace - samples per trace.
 * @param firstSample - first sample used (after the direct wave).
 * @param guessPeriodSamples - a rough period (e.g. from the direct wave), samples.
 * @param sampleIntervalS - sample interval, seconds.
 * @returns the frequency in hertz (0 when there is no signal).
 * @example
 * ```ts
 * reflectionFrequencyHz(data, envelope, traces, n, first, 28, dt);
 * ```
 */
export function reflectionFrequencyHz(
  data: Float32Array,
  envelope: Float32Array,
  traces: number,
  samplesPerTrace: number,
  firstSample: number,
  guessPeriodSamples: number,
  sampleIntervalS: number,
): number {
  const n = samplesPerTrace;
  const half = Math.max(4, Math.round(2 * guessPeriodSamples));
  const maxima = Array.from({ length: traces }, (_, t) => {
    const peak = refinedExtremum(envelope.subarray(t * n, t * n + n), firstSample, n, 1);
    return { t, index: Math.round(peak?.index ?? 0), value: peak?.value ?? 0 };
  }).sort((a, b) => b.value - a.value);
  const chosen = maxima.slice(0, Math.max(1, Math.min(64, Math.ceil(traces / 5))));
  const length = 2 * half + 1;
  const size = nextPowerOfTwo(4 * length);
  const plan = getFftPlan(size);
  const power = new Float64Array(size / 2);
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  for (const { t, index, value } of chosen) {
    if (!(value > 0)) continue;
    re.fill(0);
    im.fill(0);
    for (let i = 0; i < length; i++) {
      const s = index - half + i;
      const hann = 0.5 - 0.5 * Math.cos((2 * Math.PI * (i + 0.5)) / length);
      re[i] = s >= 0 && s < n ? data[t * n + s] * hann : 0;
    }
    plan.forward(re, im);
    for (let k = 0; k < size / 2; k++) power[k] += re[k] * re[k] + im[k] * im[k];
  }
  const peak = refinedExtremum(power, Math.ceil(size / length), size / 2, 1);
  return peak && peak.value > 0 ? peak.index / (size * sampleIntervalS) : 0;
}

/**
 * THE time zero of GPR Hub (decision 0015): the transmit instant on a radargram's time axis, read from the
 * direct wave — the strongest lobe of the dewowed mean trace, minus the air-wave delay s/c across the antenna
 * separation. The rebar engine, the radargram's time and depth axes, the hyperbola overlay and the plan views all
 * count two-way time from it, and convert time to depth with {@link depthFromTwoWayTime} (bistatic) at the
 * permittivity in use. On the 28 gprMax scenes it lies within 14 ps of the true source peak (mean −6 ps); the
 * direct wave's first break lies 220–350 ps (about 0.6 period) earlier, which read bars 1–4 cm too deep.
 *
 * @param rg - the radargram (raw: the dewow is applied here, to the mean trace only).
 * @param options - the antenna separation, metres (default the radargram's, else the spec's 0.03565).
 * @returns the direct-wave estimate; `timeZeroS` is the transmit instant, seconds on the file's time axis.
 * @example
 * ```ts
 * const { timeZeroS } = findTimeZero(rg);
 * const depthM = depthFromTwoWayTime(rg.timeOffsetS + sample * rg.sampleIntervalS - timeZeroS, 7, 0.03565);
 * ```
 */
export function findTimeZero(rg: Radargram, options: FindTimeZeroOptions = {}): DirectWaveEstimate {
  const { traces, samplesPerTrace: n, sampleIntervalS: dt } = rg;
  const separation =
    options.antennaSeparationM ??
    (rg.antennaSeparationM > 0 ? rg.antennaSeparationM : DEFAULT_ANTENNA_SEPARATION_M);
  // The dewow is linear and the same for every trace: dewowing the mean trace equals the mean of dewowed traces.
  const mean = Float32Array.from(meanTrace(rg.samples, traces, n));
  const dewowed = new Float32Array(n);
  dewowTrace(mean, 0, dewowed, 0, n, dewowWindowSamples(rg));
  const estimate = estimateDirectWave(dewowed, dt, rg.timeOffsetS, separation);
  const heightM = options.antennaHeightM ?? rg.antennaHeightM;
  if (heightM === undefined || !(estimate.dominantFrequencyHz > 0)) return estimate;
  const lobeDelayS = modelledLobeDelayS(
    separation,
    Math.max(0, heightM),
    options.permittivity ?? DEFAULT_PERMITTIVITY,
    estimate.dominantFrequencyHz,
    dt,
  );
  return { ...estimate, lobeDelayS, timeZeroS: estimate.timeZeroS - lobeDelayS };
}

/** Options of {@link findTimeZero}. */
export interface FindTimeZeroOptions {
  /** Transmitter–receiver separation, metres; default the radargram's, else the spec's 0.03565. */
  antennaSeparationM?: number;
  /**
   * The antennas' height above the surface, metres; default the radargram's. When neither states one, the direct
   * wave's lobe is taken to peak at s/c (no lobe model; decision 0070).
   */
  antennaHeightM?: number;
  /** The concrete's εr for the lobe model. Default {@link DEFAULT_PERMITTIVITY} (7). */
  permittivity?: number;
}

/**
 * The delay of the direct wave's strongest lobe after s/c for this scan (decision 0070): the half-space model
 * (fitting/direct-wave.ts) for a Ricker source whose modelled direct wave has the measured dominant frequency (the
 * Ricker's centre frequency found by two fixed-point steps, the frequency read as the engine reads the data's:
 * {@link dominantFrequencyHz} over ± three lobe widths, at the scan's sample interval).
 *
 * @param separationM - antenna separation, metres.
 * @param heightM - antenna height above the surface, metres.
 * @param permittivity - the concrete's εr.
 * @param measuredHz - the direct wave's dominant frequency as measured, Hz.
 * @param sampleIntervalS - the scan's sample interval, seconds.
 * @returns the lobe's delay after s/c, seconds (negative: before).
 * @example
 * ```ts
 * modelledLobeDelayS(0.036, 0.004, 6.2, 1.55e9, 2.4e-11); // ≈ −9e-12
 * ```
 */
export function modelledLobeDelayS(
  separationM: number,
  heightM: number,
  permittivity: number,
  measuredHz: number,
  sampleIntervalS: number,
): number {
  let rickerHz = measuredHz;
  for (let step = 0; step < 2; step++) {
    const wave = modelledDirectWave(separationM, heightM, permittivity, rickerHz, sampleIntervalS);
    const positive = refinedExtremum(wave.samples, 0, wave.samples.length, 1);
    const negative = refinedExtremum(wave.samples, 0, wave.samples.length, -1);
    const lobe = (positive?.value ?? 0) >= -(negative?.value ?? 0) ? positive : negative;
    const modelHz = dominantFrequencyHz(directWaveWindow(wave.samples, lobe?.index ?? 0), sampleIntervalS);
    if (!(modelHz > 0)) break;
    rickerHz *= measuredHz / modelHz;
  }
  return directWaveLobeDelayS(separationM, heightM, permittivity, rickerHz);
}

/**
 * The dewow window the rebar engine uses, samples: three periods of the antenna's centre frequency (1.5 GHz when
 * unknown), odd, at least 3.
 *
 * @param rg - the radargram.
 * @returns the window length, samples.
 * @example
 * ```ts
 * dewowWindowSamples(rg); // 67 for 2 GHz at 22 ps
 * ```
 */
export function dewowWindowSamples(rg: Radargram): number {
  const hz = rg.centreFrequencyHz ?? 1.5e9;
  return Math.max(3, Math.round(3 / (hz * rg.sampleIntervalS))) | 1;
}
