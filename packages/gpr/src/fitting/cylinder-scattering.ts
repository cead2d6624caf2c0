import { SPEED_OF_LIGHT_M_PER_S } from '../model/radargram';
import type { BarGeometry } from './bistatic-cylinder';

/**
 * How a bar of a rebar's size actually scatters, against the ray model's specular reflection off its top.
 *
 * The travel-time model (bistatic-cylinder.ts) is geometrical optics: the echo leaves the Fermat point on the bar's
 * upper arc. Rebar in concrete is not in that regime: at 1.5–3 GHz the wavenumber in concrete times the radius, ka,
 * is 0.5–1.5 (algorithms.md §4.1, "resonance (Mie) regime"). The exact 2-D answer for a perfectly conducting
 * cylinder lit with the electric field along its axis (the polarisation used on rebar) is the series
 *
 *   F(φ) = Σₙ aₙ e^(i n φ),  aₙ = −Jₙ(ka) / Hₙ⁽²⁾(ka)  (e^(+iωt) convention; φ = π − γ, γ the bistatic angle),
 *
 * whose phase tends to the ray model's, −e^(−iπ/4)·e^(i 2ka cos(γ/2)), as ka → ∞. At ka ≈ 0.6 the difference
 * matters for the engine's time reference: the echo's envelope (group delay) arrives about 0.8 sample (at 57 ps per
 * 1.4 mm, ≈ 14 ps) earlier than the ray model at the apex of a 12 mm bar at 2 GHz — the bias the engine used to
 * read as "picks 0.75 sample early" on the gprMax simulations — and its phase changes with the bistatic angle along
 * the limbs. Both bend the fitted permittivity low when ignored (the hyperbola looks like a larger bar's).
 *
 * The engine's picks are a phase-tracked lobe plus one envelope offset measured at the apex (rebar/bar-fits.ts):
 * so the apex carries the **group** delay and the limbs, relative to the apex, the change of **phase** delay.
 * {@link cylinderScatteringCorrections} returns exactly that, to be added to the ray model's times.
 */

const EULER_GAMMA = 0.5772156649015329;

/**
 * Bessel functions of the first and second kind, Jₙ(x) and Yₙ(x), for n = 0 … `maxOrder`: Jₙ from its power series
 * (exact to ~1e-12 for the x ≤ 12 used here), Y₀ and Y₁ from their series (A&S 9.1.11) and Yₙ by upward
 * recurrence, which is stable for Y.
 *
 * @param maxOrder - highest order n.
 * @param x - argument, 0 < x ≤ 12.
 * @returns arrays j and y of length maxOrder + 1.
 * @example
 * ```ts
 * besselJY(1, 1).y[0]; // ≈ 0.0882570
 * ```
 */
export function besselJY(maxOrder: number, x: number): { j: Float64Array; y: Float64Array } {
  const j = new Float64Array(maxOrder + 1);
  const y = new Float64Array(maxOrder + 1);
  const q = (x * x) / 4;
  for (let n = 0; n <= maxOrder; n++) {
    // (x/2)ⁿ/n! Σ (−q)ᵏ / (k!(n+k)!) · n!
    let term = 1;
    for (let k = 1; k <= n; k++) term *= x / 2 / k;
    let sum = 0;
    for (let k = 0; k < 200; k++) {
      sum += term;
      term *= -q / ((k + 1) * (n + k + 1));
      if (Math.abs(term) < 1e-17 * Math.abs(sum) && k > 2) break;
    }
    j[n] = sum;
  }
  const log = Math.log(x / 2);
  // ψ(m + 1) = −γ + H_m.
  const psi = (m: number): number => {
    let h = -EULER_GAMMA;
    for (let i = 1; i <= m; i++) h += 1 / i;
    return h;
  };
  const tail = (n: number): number => {
    let factor = 1;
    for (let k = 1; k <= n; k++) factor *= x / 2 / k; // (x/2)ⁿ / n!
    let sum = 0;
    let term = factor;
    for (let k = 0; k < 200; k++) {
      const value = term * (psi(k) + psi(n + k));
      sum += value;
      term *= -q / ((k + 1) * (n + k + 1));
      if (Math.abs(term) < 1e-17 && k > 2) break;
    }
    return sum;
  };
  y[0] = (2 / Math.PI) * log * j[0] - tail(0) / Math.PI;
  if (maxOrder >= 1) y[1] = -2 / (Math.PI * x) + (2 / Math.PI) * log * j[1] - tail(1) / Math.PI;
  for (let n = 1; n < maxOrder; n++) y[n + 1] = ((2 * n) / x) * y[n] - y[n - 1];
  return { j, y };
}

/**
 * Phase of a perfectly conducting cylinder's 2-D far-field echo (E along the axis) relative to the ray model's
 * specular reflection, radians: arg(F(π − γ) / (−e^(−iπ/4)·e^(i 2ka cos(γ/2)))). Positive = the echo's phase leads.
 * Tends to 0 as ka grows.
 *
 * @param ka - wavenumber in the medium × radius (clamped to 0.02 … 12).
 * @param bistaticAngleRad - angle between the directions from the bar to the transmitter and to the receiver.
 * @returns the phase difference in radians, in (−π, π].
 * @example
 * ```ts
 * cylinderEchoPhaseRad(100, 0); // ≈ 0 (optical limit)
 * ```
 */
export function cylinderEchoPhaseRad(ka: number, bistaticAngleRad: number): number {
  return echoSeries(ka).phaseRad(bistaticAngleRad);
}

/** The series' coefficients at one ka, and the echo phase against the ray model at any bistatic angle. */
function echoSeries(ka: number): { phaseRad: (bistaticAngleRad: number) => number } {
  const x = Math.min(12, Math.max(0.02, ka));
  const order = Math.min(40, Math.ceil(x + 4 * Math.cbrt(x) + 6));
  const { j, y } = besselJY(order, x);
  // aₙ = −J/(J − iY) = −J(J + iY)/(J² + Y²); a₋ₙ = aₙ, so each pair contributes 2aₙ cos(nφ).
  const aRe = new Float64Array(order + 1);
  const aIm = new Float64Array(order + 1);
  for (let n = 0; n <= order; n++) {
    const d = j[n] * j[n] + y[n] * y[n];
    const pair = n === 0 ? 1 : 2;
    aRe[n] = (-pair * j[n] * j[n]) / d;
    aIm[n] = (-pair * j[n] * y[n]) / d;
  }
  return {
    phaseRad: (bistaticAngleRad: number): number => {
      const phi = Math.PI - bistaticAngleRad;
      let re = 0;
      let im = 0;
      for (let n = 0; n <= order; n++) {
        const c = Math.cos(n * phi);
        re += aRe[n] * c;
        im += aIm[n] * c;
      }
      // Reference −e^(−iπ/4)·e^(iβ), β = 2ka cos(γ/2): divide by it.
      const beta = 2 * x * Math.cos(bistaticAngleRad / 2) + (3 * Math.PI) / 4;
      const c = Math.cos(beta);
      const s = Math.sin(beta);
      return Math.atan2(im * c - re * s, re * c + im * s);
    },
  };
}

/**
 * The echo's delays against the ray model at one bistatic angle, seconds: `phaseS` = −Δφ/ω (what a lobe's peak
 * moves by) and `groupS` = −dΔφ/dω (what the envelope moves by). Negative = earlier than the ray model.
 *
 * @param bistaticAngleRad - bistatic angle at the bar.
 * @param radiusM - bar radius, metres.
 * @param permittivity - relative permittivity of the concrete.
 * @param frequencyHz - the wavelet's dominant frequency, Hz.
 * @returns phase and group delays, seconds.
 * @example
 * ```ts
 * cylinderEchoDelaysS(0.7, 0.006, 7, 2e9).groupS; // ≈ −1.4e-11 (the envelope leads)
 * ```
 */
export function cylinderEchoDelaysS(
  bistaticAngleRad: number,
  radiusM: number,
  permittivity: number,
  frequencyHz: number,
): { phaseS: number; groupS: number } {
  const omega = 2 * Math.PI * frequencyHz;
  const ka = (omega * Math.sqrt(permittivity) * radiusM) / SPEED_OF_LIGHT_M_PER_S;
  if (!(ka > 0)) return { phaseS: 0, groupS: 0 };
  const phase = echoSeries(ka).phaseRad(bistaticAngleRad);
  const h = 1e-3 * ka;
  let slope =
    echoSeries(ka + h).phaseRad(bistaticAngleRad) -
    echoSeries(Math.max(1e-3, ka - h)).phaseRad(bistaticAngleRad);
  slope -= 2 * Math.PI * Math.round(slope / (2 * Math.PI));
  // dΔ/dω = dΔ/d(ka) · ka/ω.
  return { phaseS: -phase / omega, groupS: -((slope / (2 * h)) * ka) / omega };
}

/** Bistatic angle at the bar's centre for an antenna pair centred on `midpointM`, radians. */
function bistaticAngle(midpointM: number, bar: BarGeometry, separationM: number): number {
  const depth = bar.coverM + bar.radiusM;
  const toTx = Math.atan2(midpointM - separationM / 2 - bar.x0M, depth);
  const toRx = Math.atan2(midpointM + separationM / 2 - bar.x0M, depth);
  return Math.abs(toRx - toTx);
}

/**
 * Correction to add to the ray model's two-way time of a bar at each antenna midpoint, seconds: the echo's group
 * delay against the ray model at the apex (where the engine's envelope offset ties picks to the envelope) plus,
 * along the limbs, the change of its phase delay from the apex (the picks follow one lobe). Zero for a radius of 0.
 *
 * @param midpointsM - antenna midpoints, metres.
 * @param bar - bar position, cover and radius, metres.
 * @param permittivity - relative permittivity εr.
 * @param separationM - transmitter–receiver separation, metres.
 * @param frequencyHz - the wavelet's dominant frequency, Hz.
 * @returns one correction per midpoint, seconds.
 * @example
 * ```ts
 * cylinderScatteringCorrections([0], { x0M: 0, coverM: 0.04, radiusM: 0.006 }, 7, 0.036, 2e9)[0]; // ≈ −1.4e-11
 * ```
 */
export function cylinderScatteringCorrections(
  midpointsM: ArrayLike<number>,
  bar: BarGeometry,
  permittivity: number,
  separationM: number,
  frequencyHz: number,
): Float64Array {
  const out = new Float64Array(midpointsM.length);
  if (!(bar.radiusM > 0) || !(frequencyHz > 0)) return out;
  const omega = 2 * Math.PI * frequencyHz;
  const ka = (omega * Math.sqrt(permittivity) * bar.radiusM) / SPEED_OF_LIGHT_M_PER_S;
  const apexAngle = bistaticAngle(bar.x0M, bar, separationM);
  const apex = cylinderEchoDelaysS(apexAngle, bar.radiusM, permittivity, frequencyHz);
  const series = echoSeries(ka);
  // The phase varies slowly with the angle: evaluate on a ½° grid and interpolate linearly.
  const cache = new Map<number, number>();
  const phaseAt = (step: number): number => {
    let value = cache.get(step);
    if (value === undefined) {
      value = -series.phaseRad((step * Math.PI) / 360) / omega;
      cache.set(step, value);
    }
    return value;
  };
  const interpolated = (angle: number): number => {
    const u = (angle * 360) / Math.PI;
    const lo = Math.floor(u);
    return phaseAt(lo) + (u - lo) * (phaseAt(lo + 1) - phaseAt(lo));
  };
  const apexPhase = interpolated(apexAngle);
  for (let i = 0; i < midpointsM.length; i++) {
    out[i] = apex.groupS + interpolated(bistaticAngle(midpointsM[i], bar, separationM)) - apexPhase;
  }
  return out;
}
