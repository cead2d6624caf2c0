import { SPEED_OF_LIGHT_M_PER_S } from '../model/radargram';
import { gaussLegendre } from './gauss-legendre';
import { hankel2 } from './cylinder-scattering';

/**
 * The direct wave between two antennas at height h above a concrete half-space, and the delay of its strongest lobe
 * after the air-wave time s/c (decision 0070).
 *
 * The engine reads time zero from the direct wave: its strongest lobe minus s/c (`findTimeZero`). That is the
 * transmit instant only if the lobe peaks exactly s/c after the source pulse's peak. It does not: the antennas sit on
 * (or just above) the interface, and the field at the receiver is the half-space Green's function, the same plane-wave
 * integral the surface-coupling legs use (surface-coupling.ts), here for a receiver in the air at the source's height:
 *
 *   G(s, h) = H₀⁽²⁾(k₀ s) + (2/π) ∫₀^∞ R(k_x) e^(−2i k_z1 h)/k_z1 · cos(k_x s) dk_x,
 *   R = (k_z1 − k_z2)/(k_z1 + k_z2) (TE, the field parallel to the interface), k_z1 = √(k₀² − k_x²),
 *   k_z2 = √(εr k₀² − k_x²), Im k_z ≤ 0,
 *
 * the free-space line source plus its reflection from the concrete (evanescent plane waves included: at h = 0 they
 * carry the ground wave along the surface). The received field is −(ωμ/4) · I(ω) · G for a source current I(t); with a
 * Ricker current centred on t = 0 (the source peak), the received waveform e(t) is the Fourier sum over ω, and its
 * strongest extremum (either sign, as the engine takes it) gives the lobe's time; minus s/c, the lobe delay.
 * Checked against the 2-D FDTD (bench/fdtd/fdtd.py) at h = 0 and 4 mm, 1.5–2.6 GHz, εr 5–9.5 (decision 0070):
 * at h = 0 the merged air/ground wave peaks 20–90 ps after s/c (εr 5–9.5), at h = 4 mm the reflection from the
 * surface (R ≈ −1 at grazing) pulls the lobe 0–20 ps before s/c.
 */

/**
 * Where the evanescent integral stops, in units of k (the concrete's wavenumber), when the antennas' height does not
 * damp it first (h = 0): R falls as 1/k_x², and the lobe delay is the same to 0.01 ps from 15k to 300k.
 */
const TAIL_LIMIT = 20;

const hankelRe = new Float64Array(2);
const hankelIm = new Float64Array(2);

/**
 * The half-space direct-wave kernel G(s, h) at one frequency (definition above), [re, im].
 *
 * @param k0 - the air's wavenumber ω/c, 1/m (> 0).
 * @param separationM - transmitter–receiver separation s, metres (> 0).
 * @param heightM - both antennas' height above the surface, metres (≥ 0).
 * @param permittivity - the concrete's relative permittivity (> 1).
 * @returns the complex kernel [re, im].
 * @example
 * ```ts
 * directWaveKernel(2 * Math.PI * 2e9 / 299792458, 0.036, 0.004, 7);
 * ```
 */
export function directWaveKernel(
  k0: number,
  separationM: number,
  heightM: number,
  permittivity: number,
): [number, number] {
  const eps = Math.max(1.0001, permittivity);
  const s = separationM;
  const h = Math.max(0, heightM);
  const k = k0 * Math.sqrt(eps);
  hankel2(1, k0 * s, hankelRe, hankelIm);
  let re = 0;
  let im = 0;
  // R·e^(−2i k_z1 h)·cos(k_x s) times the measure, accumulated as a complex number.
  const add = (rRe: number, rIm: number, phaseRe: number, phaseIm: number, weight: number): void => {
    re += weight * (rRe * phaseRe - rIm * phaseIm);
    im += weight * (rRe * phaseIm + rIm * phaseRe);
  };
  // A: 0 ≤ k_x ≤ k₀, k_x = k₀ sin φ, dk_x/k_z1 = dφ; both k_z real.
  {
    const { nodes: x, weights: w } = gaussLegendre(32);
    for (let i = 0; i < x.length; i++) {
      const phi = (Math.PI / 4) * (x[i] + 1);
      const kx = k0 * Math.sin(phi);
      const kz1 = k0 * Math.cos(phi);
      const kz2 = Math.sqrt(k * k - kx * kx);
      const r = (kz1 - kz2) / (kz1 + kz2);
      const a = 2 * kz1 * h;
      add(r, 0, Math.cos(a), -Math.sin(a), ((w[i] * Math.PI) / 4) * Math.cos(kx * s));
    }
  }
  // B: k₀ ≤ k_x ≤ k, k_x = k₀ cosh t, t = t_k sin ψ (smooth at the branch point k), dk_x/k_z1 = i dt;
  // k_z1 = −i k₀ sinh t, k_z2 real.
  {
    const tk = Math.acosh(Math.sqrt(eps));
    const { nodes: x, weights: w } = gaussLegendre(32);
    for (let i = 0; i < x.length; i++) {
      const psi = (Math.PI / 4) * (x[i] + 1);
      const t = tk * Math.sin(psi);
      const kx = k0 * Math.cosh(t);
      const a = k0 * Math.sinh(t);
      const kz2 = Math.sqrt(Math.max(0, k * k - kx * kx));
      // R = (−i a − kz2)/(−i a + kz2) = −(kz2 + i a)²/(kz2² + a²).
      const d = kz2 * kz2 + a * a;
      const rRe = -(kz2 * kz2 - a * a) / d;
      const rIm = -(2 * kz2 * a) / d;
      // i·R·e^(−2 a h)
      const weight = ((w[i] * Math.PI) / 4) * tk * Math.cos(psi) * Math.exp(-2 * a * h) * Math.cos(kx * s);
      add(rRe, rIm, 0, 1, weight);
    }
  }
  // C: k_x ≥ k, both evanescent: k_z1 = −i a, k_z2 = −i b, R = (a − b)/(a + b) real, dk_x/k_z1 = i dk_x/a.
  // Up to where e^(−2ah) or R (∝ 1/k_x²) has fallen below 1e-5 of its start; near k, k_x = k + u² (smooth at the
  // branch point), beyond 2k in k_x directly, in panels of about one oscillation of cos(k_x s).
  {
    const decayLimit = h > 0 ? Math.hypot(20 / h, k0) : Infinity;
    const top = Math.max(2 * k, Math.min(decayLimit, TAIL_LIMIT * k));
    const term = (kx: number, weight: number): void => {
      const a = Math.sqrt(kx * kx - k0 * k0);
      const b = Math.sqrt(Math.max(0, kx * kx - k * k));
      const r = (a - b) / (a + b);
      add(r, 0, 0, 1, ((weight * Math.exp(-2 * a * h)) / a) * Math.cos(kx * s));
    };
    const { nodes: x, weights: w } = gaussLegendre(16);
    // [k, 2k]: k_x = k + u², u ∈ [0, √k].
    const uMax = Math.sqrt(k);
    const panelsNear = Math.max(1, Math.ceil((k * s) / Math.PI));
    for (let p = 0; p < panelsNear; p++) {
      const u0 = (p * uMax) / panelsNear;
      const u1 = ((p + 1) * uMax) / panelsNear;
      for (let i = 0; i < x.length; i++) {
        const u = u0 + ((u1 - u0) * (x[i] + 1)) / 2;
        term(k + u * u, ((w[i] * (u1 - u0)) / 2) * 2 * u);
      }
    }
    const panels = Math.max(1, Math.ceil(((top - 2 * k) * s) / Math.PI));
    const { nodes: x8, weights: w8 } = gaussLegendre(8);
    for (let p = 0; p < panels; p++) {
      const a0 = 2 * k + (p * (top - 2 * k)) / panels;
      const a1 = 2 * k + ((p + 1) * (top - 2 * k)) / panels;
      for (let i = 0; i < x8.length; i++) term(a0 + ((a1 - a0) * (x8[i] + 1)) / 2, (w8[i] * (a1 - a0)) / 2);
    }
  }
  return [hankelRe[0] + (2 / Math.PI) * re, hankelIm[0] + (2 / Math.PI) * im];
}

/** The modelled direct wave: samples, their interval and the time of sample 0 after the source peak. */
export interface ModelledDirectWave {
  samples: Float64Array;
  sampleIntervalS: number;
  startS: number;
}

/**
 * The direct wave received from a Ricker source current of centre frequency `frequencyHz` (peak at t = 0), both
 * antennas at `heightM` above the half-space, sampled every `sampleIntervalS` from three periods before s/c to
 * three periods after the ground wave s√εr/c (room for the ± three lobe widths the frequency is read over).
 *
 * @param separationM - separation s, metres.
 * @param heightM - antenna height, metres.
 * @param permittivity - the concrete's εr.
 * @param frequencyHz - the Ricker's centre frequency, Hz.
 * @param sampleIntervalS - the output's sample interval, seconds. Default 2 ps.
 * @returns the waveform (arbitrary scale and sign).
 * @example
 * ```ts
 * const wave = modelledDirectWave(0.036, 0.004, 7, 2e9);
 * ```
 */
export function modelledDirectWave(
  separationM: number,
  heightM: number,
  permittivity: number,
  frequencyHz: number,
  sampleIntervalS = 2e-12,
): ModelledDirectWave {
  const spectrum = directWaveSpectrum(separationM, heightM, permittivity, frequencyHz);
  const startS = separationM / SPEED_OF_LIGHT_M_PER_S - 3 / frequencyHz;
  const endS =
    (separationM * Math.sqrt(Math.max(1, permittivity))) / SPEED_OF_LIGHT_M_PER_S + 3 / frequencyHz;
  const count = Math.max(3, Math.ceil((endS - startS) / sampleIntervalS) + 1);
  const samples = new Float64Array(count);
  for (let n = 0; n < count; n++) samples[n] = spectrum.at(startS + n * sampleIntervalS);
  return { samples, sampleIntervalS, startS };
}

/** The received direct wave's spectrum on 56 frequencies, with its value at any time after the source peak. */
function directWaveSpectrum(
  separationM: number,
  heightM: number,
  permittivity: number,
  frequencyHz: number,
): { at: (timeS: number) => number } {
  const c = SPEED_OF_LIGHT_M_PER_S;
  const f = frequencyHz;
  // Frequencies 0 < ν ≤ 3.5 f in steps of f/16 (the sum's period 16/f is far longer than the window).
  const count = 56;
  const omegas = new Float64Array(count);
  const re = new Float64Array(count);
  const im = new Float64Array(count);
  const omegaP = 2 * Math.PI * f;
  for (let m = 0; m < count; m++) {
    const omega = (2 * Math.PI * (m + 1) * f) / 16;
    // Ricker spectrum ∝ ω² e^(−ω²/ω_p²) (real: centred on t = 0); the line source's field −(ωμ/4)·I·G.
    const ricker = omega * omega * Math.exp(-(omega * omega) / (omegaP * omegaP));
    const [gRe, gIm] = directWaveKernel(omega / c, separationM, heightM, permittivity);
    omegas[m] = omega;
    re[m] = -omega * ricker * gRe;
    im[m] = -omega * ricker * gIm;
  }
  return {
    at: (timeS: number): number => {
      let sum = 0;
      for (let m = 0; m < count; m++) {
        const phase = omegas[m] * timeS;
        sum += re[m] * Math.cos(phase) - im[m] * Math.sin(phase);
      }
      return sum;
    },
  };
}

/** The strongest extremum of a waveform (either sign), refined by a parabola: fractional index. */
function strongestLobe(values: Float64Array): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if (Math.abs(values[i]) > Math.abs(values[best])) best = i;
  if (best === 0 || best === values.length - 1) return best;
  const a = Math.abs(values[best - 1]);
  const b = Math.abs(values[best]);
  const c = Math.abs(values[best + 1]);
  const curvature = a - 2 * b + c;
  return curvature === 0 ? best : best + Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / curvature));
}

/**
 * The delay of the direct wave's strongest lobe after s/c, seconds (positive: after), for a Ricker source of the
 * given centre frequency, from {@link modelledDirectWave}. What `findTimeZero` must subtract besides s/c.
 *
 * @param separationM - separation s, metres.
 * @param heightM - antenna height above the surface, metres.
 * @param permittivity - the concrete's εr.
 * @param frequencyHz - the Ricker's centre frequency, Hz.
 * @returns the lobe's delay after s/c, seconds.
 * @example
 * ```ts
 * directWaveLobeDelayS(0.04, 0, 6, 1.5e9); // ≈ +38 ps: on the surface the air and ground waves merge late
 * directWaveLobeDelayS(0.036, 0.004, 8.8, 2.6e9); // ≈ −17 ps: 4 mm up, the surface reflection pulls it early
 * ```
 */
export function directWaveLobeDelayS(
  separationM: number,
  heightM: number,
  permittivity: number,
  frequencyHz: number,
): number {
  // Coarse (8 ps) over the window, then 0.5 ps around the strongest sample.
  const spectrum = directWaveSpectrum(separationM, heightM, permittivity, frequencyHz);
  const startS = separationM / SPEED_OF_LIGHT_M_PER_S - 1.5 / frequencyHz;
  const endS =
    (separationM * Math.sqrt(Math.max(1, permittivity))) / SPEED_OF_LIGHT_M_PER_S + 1.5 / frequencyHz;
  const coarse = 8e-12;
  let best = startS;
  let bestValue = -1;
  for (let t = startS; t <= endS; t += coarse) {
    const value = Math.abs(spectrum.at(t));
    if (value > bestValue) {
      bestValue = value;
      best = t;
    }
  }
  const fine = 0.5e-12;
  const from = best - coarse;
  const samples = Float64Array.from({ length: Math.round((2 * coarse) / fine) + 1 }, (_, i) =>
    spectrum.at(from + i * fine),
  );
  return from + strongestLobe(samples) * fine - separationM / SPEED_OF_LIGHT_M_PER_S;
}
