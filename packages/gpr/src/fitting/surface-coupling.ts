import { SPEED_OF_LIGHT_M_PER_S } from '../model/radargram';
import { reflectedPathWithGradient, type BarGeometry, type PathWithGradient } from './bistatic-cylinder';
import { gaussLegendre } from './gauss-legendre';
import { cylinderScatteringCorrections } from './cylinder-scattering';

/**
 * How a bar's reflection reaches antennas that sit on (or just above) the concrete surface.
 *
 * The straight-ray travel time L·√εr/c treats the antennas as if they were buried in the concrete. They are not:
 * they sit in air on the air–concrete interface, and the field between an antenna and a point inside the
 * concrete is the half-space Green's function, not a spherical/cylindrical wave of speed c/√εr. Beyond the
 * critical angle (sin θ > 1/√εr, 22° at εr 7) part of the energy travels along the interface in air (the lateral
 * wave) and the transmitted plane waves are phase-advanced, so the limbs of a hyperbola arrive earlier than
 * straight rays predict, by up to several samples at 40–60 mm from the apex of a bar under 30–60 mm of cover.
 * Fitted with straight rays, the hyperbola looks too flat and εr comes out 13–25 % low (README, "Conventions").
 *
 * The model here is the exact 2-D one for the polarisation GPR uses on rebar (antenna dipole parallel to the
 * bar, so the field is parallel to the interface: TE to the plane of the profile): the field at depth z and
 * horizontal distance x from a line source on the surface of a half-space of permittivity εr, with air above, is
 * the plane-wave integral
 *
 *   G(x, z) = 2 ∫₀^∞ 2/(k_z1 + k_z2) · e^(−i k_z2 z − i k_z1 h) · cos(k_x x) dk_x,
 *   k_z1 = √(k₀² − k_x²) (air), k_z2 = √(εr k₀² − k_x²) (concrete), Im k_z ≤ 0,
 *
 * (transmission coefficient 2k_z1/(k_z1 + k_z2) of each plane wave of the source's spectrum 1/k_z1; h is the
 * antenna's height above the surface). A bar along the antennas' dipole integrates a 3-D antenna's field along
 * its length, which by stationary phase gives approximately the same 2-D kernel up to a constant phase, so the
 * correction is used for real scans too. With εr the same above and below, G = π·H₀⁽²⁾(k r), the homogeneous case.
 *
 * The quantity used is the leg's phase relative to the straight ray, Ψ = arg(G·e^(i k r)) — π/4 plus near-field
 * terms in a homogeneous medium, more beyond the critical angle — and the time correction of a leg −Ψ/ω at the
 * wavelet's dominant frequency (a phase pick moves by −Δphase/ω). The apex's value for antennas on the surface is
 * absorbed by the scan's time reference; a raised antenna's extra delay there is not (README, "Conventions").
 */

const ORDERS = [12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384];

/**
 * The parts of pieces A and B of {@link surfaceLegField} that depend only on the quadrature order (the nodes'
 * angles, their sines and cosines and the weights times the maps' constant factors), tabulated once per order:
 * the same values the loops would compute, so the field is unchanged to the last bit.
 */
interface LegTables {
  sinA: Float64Array;
  cosA: Float64Array;
  weightA: Float64Array;
  cosB: Float64Array;
  sinB: Float64Array;
  weightB: Float64Array;
}

const LEG_TABLES = new Map<number, LegTables>();

function legTables(order: number): LegTables {
  const cached = LEG_TABLES.get(order);
  if (cached) return cached;
  const { nodes, weights } = gaussLegendre(order);
  const tables: LegTables = {
    sinA: new Float64Array(order),
    cosA: new Float64Array(order),
    weightA: new Float64Array(order),
    cosB: new Float64Array(order),
    sinB: new Float64Array(order),
    weightB: new Float64Array(order),
  };
  for (let i = 0; i < order; i++) {
    const phiA = (Math.PI / 4) * (nodes[i] + 1);
    tables.sinA[i] = Math.sin(phiA);
    tables.cosA[i] = Math.cos(phiA);
    tables.weightA[i] = (weights[i] * Math.PI) / 4;
    const phiB = (Math.PI / 2) * (nodes[i] + 1);
    tables.cosB[i] = Math.cos(phiB);
    tables.sinB[i] = Math.sin(phiB);
    tables.weightB[i] = (weights[i] * Math.PI) / 2;
  }
  LEG_TABLES.set(order, tables);
  return tables;
}

function orderFor(points: number): number {
  return ORDERS.find((o) => o >= points) ?? ORDERS[ORDERS.length - 1];
}

/**
 * The half-space field of a line source on the surface, at a point inside the concrete, in units where the
 * concrete's wavenumber is 1: horizontal distance `u` = k·x and depth `v` = k·z (k = 2π√εr/λ₀). The integral is
 * split at the branch points k_x = k₀ and k_x = k, with substitutions that make the square-root endpoints smooth
 * (sine, cosine and cosh maps), and each piece is summed with Gauss–Legendre quadrature.
 *
 * @param u - horizontal distance × k (≥ 0).
 * @param v - depth × k (> 0).
 * @param permittivity - relative permittivity of the concrete (> 1).
 * @param heightK - antenna height above the surface × k (≥ 0). Default 0.
 * @returns the complex field [re, im] (arbitrary common scale).
 * @example
 * ```ts
 * const [re, im] = surfaceLegField(10, 20, 7);
 * ```
 */
export function surfaceLegField(u: number, v: number, permittivity: number, heightK = 0): [number, number] {
  const k1 = 1 / Math.sqrt(Math.max(1.0001, permittivity));
  const rho = Math.hypot(u, v);
  const order = orderFor(12 + 0.8 * rho);
  const { sinA, cosA, weightA, cosB, sinB, weightB } = legTables(order);
  let re = 0;
  let im = 0;
  // A: 0 ≤ κ ≤ κ₁ (both waves propagate): κ = κ₁ sin φ, φ ∈ [0, π/2].
  for (let i = 0; i < order; i++) {
    const kappa = k1 * sinA[i];
    const g1 = k1 * cosA[i];
    const g2 = Math.sqrt(1 - kappa * kappa);
    const scale = weightA[i] * g1 * ((2 / (g1 + g2)) * Math.cos(kappa * u));
    const phase = g2 * v + g1 * heightK;
    re += scale * Math.cos(phase);
    im -= scale * Math.sin(phase);
  }
  // B: κ₁ ≤ κ ≤ 1 (evanescent in air): κ = m − w cos φ, φ ∈ [0, π].
  const mid = (1 + k1) / 2;
  const half = (1 - k1) / 2;
  for (let i = 0; i < order; i++) {
    const kappa = mid - half * cosB[i];
    const a = Math.sqrt(Math.max(0, kappa * kappa - k1 * k1));
    const g2 = Math.sqrt(Math.max(0, 1 - kappa * kappa));
    const jacobian = weightB[i] * half * sinB[i];
    // 2/(g2 − i a) = 2(g2 + i a)/(g2² + a²); times e^(−i g2 v) e^(−a h).
    const denominator = g2 * g2 + a * a;
    const fr = (2 * g2) / denominator;
    const fi = (2 * a) / denominator;
    const damp = (heightK === 0 ? jacobian : jacobian * Math.exp(-a * heightK)) * Math.cos(kappa * u);
    const c = Math.cos(g2 * v);
    const s = Math.sin(g2 * v);
    re += damp * (fr * c + fi * s);
    im += damp * (fi * c - fr * s);
  }
  // C: κ ≥ 1 (evanescent in both): κ = cosh s, s ∈ [0, s_max] where the decay e^(−v sinh s) reaches e^(−30).
  const sMax = Math.asinh(30 / Math.max(v, 1e-3));
  const orderC = orderFor(12 + 0.8 * Math.max(rho, (u * 30) / Math.max(v, 1e-3) / 4));
  const rule = gaussLegendre(orderC);
  for (let i = 0; i < orderC; i++) {
    const s = (sMax / 2) * (rule.nodes[i] + 1);
    const sinh = Math.sinh(s);
    const kappa = Math.cosh(s);
    const b = Math.sqrt(kappa * kappa - k1 * k1);
    // 2/(k_z1 + k_z2) = 2i/(sinh s + b); dκ = sinh s ds.
    const value =
      ((rule.weights[i] * sMax) / 2) *
      sinh *
      (2 / (sinh + b)) *
      Math.exp(-sinh * v - b * heightK) *
      Math.cos(kappa * u);
    im += value;
  }
  return [2 * re, 2 * im];
}

/**
 * The parts of pieces A and B of {@link surfaceLegFieldPair} that depend only on the order and k₁ = 1/√εr (the
 * nodes' κ, the vertical wavenumbers, the transmission factors and the Jacobian): the same expressions the loops
 * evaluated per call, kept for the last k₁ of each order. The legs of one coupling call share εr (and the orders
 * of its reflection points are few), so the values are reused ~20 times; the field is unchanged to the last bit.
 */
interface PairNodes {
  k1: number;
  kappaA: Float64Array;
  g1A: Float64Array;
  g2A: Float64Array;
  factorA: Float64Array;
  kappaB: Float64Array;
  aB: Float64Array;
  g2B: Float64Array;
  jacobianB: Float64Array;
  frB: Float64Array;
  fiB: Float64Array;
  /**
   * Piece B's Jacobian times the air gap's damping e^(−a·h), for the antenna height × k in `dampHeightK` (undefined:
   * not yet filled): the same product the loop evaluated per call, kept while k₁ and that height stay (one
   * scan's legs share both at a given εr).
   */
  dampB: Float64Array;
  dampHeightK: number | undefined;
}

const PAIR_NODES = new Map<number, PairNodes>();

function pairNodes(order: number, k1: number): PairNodes {
  let nodes = PAIR_NODES.get(order);
  if (nodes && nodes.k1 === k1) return nodes;
  if (!nodes) {
    nodes = {
      k1,
      kappaA: new Float64Array(order),
      g1A: new Float64Array(order),
      g2A: new Float64Array(order),
      factorA: new Float64Array(order),
      kappaB: new Float64Array(order),
      aB: new Float64Array(order),
      g2B: new Float64Array(order),
      jacobianB: new Float64Array(order),
      frB: new Float64Array(order),
      fiB: new Float64Array(order),
      dampB: new Float64Array(order),
      dampHeightK: undefined,
    };
    PAIR_NODES.set(order, nodes);
  }
  nodes.k1 = k1;
  nodes.dampHeightK = undefined;
  const { sinA, cosA, weightA, cosB, sinB, weightB } = legTables(order);
  for (let i = 0; i < order; i++) {
    const kappa = k1 * sinA[i];
    const g1 = k1 * cosA[i];
    const g2 = Math.sqrt(1 - kappa * kappa);
    nodes.kappaA[i] = kappa;
    nodes.g1A[i] = g1;
    nodes.g2A[i] = g2;
    nodes.factorA[i] = weightA[i] * g1 * (2 / (g1 + g2));
  }
  const mid = (1 + k1) / 2;
  const half = (1 - k1) / 2;
  for (let i = 0; i < order; i++) {
    const kappa = mid - half * cosB[i];
    const a = Math.sqrt(Math.max(0, kappa * kappa - k1 * k1));
    const g2 = Math.sqrt(Math.max(0, 1 - kappa * kappa));
    const denominator = g2 * g2 + a * a;
    nodes.kappaB[i] = kappa;
    nodes.aB[i] = a;
    nodes.g2B[i] = g2;
    nodes.jacobianB[i] = weightB[i] * half * sinB[i];
    nodes.frB[i] = (2 * g2) / denominator;
    nodes.fiB[i] = (2 * a) / denominator;
  }
  return nodes;
}

/**
 * Piece B's Jacobian times the air gap's damping at an antenna height × k (the Jacobian alone at 0), for the nodes
 * of {@link pairNodes}: filled when the height changes, else the values of the last call.
 */
function dampingB(nodes: PairNodes, order: number, heightK: number): Float64Array {
  if (Object.is(nodes.dampHeightK, heightK)) return nodes.dampB;
  const { aB, jacobianB, dampB } = nodes;
  for (let i = 0; i < order; i++)
    dampB[i] = heightK === 0 ? jacobianB[i] : jacobianB[i] * Math.exp(-aB[i] * heightK);
  nodes.dampHeightK = heightK;
  return dampB;
}

/**
 * {@link surfaceLegField} at two points of the same depth `v` (the two legs of one reflection point): the terms that
 * depend on the depth and on the node alone — the square roots, the phase e^(−i k_z2 v), the air gap's damping, the
 * evanescent decay — are computed once for both; only cos(κu) is per point. Both sums use the larger of the two
 * points' quadrature orders, so each is at least as accurate as {@link surfaceLegField}'s (decision 0066).
 *
 * @param u1 - first point's horizontal distance × k (≥ 0).
 * @param u2 - second point's horizontal distance × k (≥ 0).
 * @param v - depth × k (> 0).
 * @param rho - the larger of the two points' distances × k, hypot(u, v) (the caller's, not computed again).
 * @param permittivity - relative permittivity of the concrete (> 1).
 * @param heightK - antenna height above the surface × k (≥ 0).
 * @param out - receives [re₁, im₁, re₂, im₂].
 */
function surfaceLegFieldPair(
  u1: number,
  u2: number,
  v: number,
  rho: number,
  permittivity: number,
  heightK: number,
  out: Float64Array,
): void {
  const k1 = 1 / Math.sqrt(Math.max(1.0001, permittivity));
  const order = orderFor(12 + 0.8 * rho);
  const nodes = pairNodes(order, k1);
  const { kappaA, g1A, g2A, factorA, kappaB, g2B, frB, fiB } = nodes;
  const dampB = dampingB(nodes, order, heightK);
  let re1 = 0;
  let im1 = 0;
  let re2 = 0;
  let im2 = 0;
  for (let i = 0; i < order; i++) {
    const kappa = kappaA[i];
    const g1 = g1A[i];
    const factor = factorA[i];
    const phase = g2A[i] * v + g1 * heightK;
    const c = Math.cos(phase);
    const s = Math.sin(phase);
    const scale1 = factor * Math.cos(kappa * u1);
    const scale2 = factor * Math.cos(kappa * u2);
    re1 += scale1 * c;
    im1 -= scale1 * s;
    re2 += scale2 * c;
    im2 -= scale2 * s;
  }
  for (let i = 0; i < order; i++) {
    const kappa = kappaB[i];
    const g2 = g2B[i];
    const fr = frB[i];
    const fi = fiB[i];
    const damp = dampB[i];
    const c = Math.cos(g2 * v);
    const s = Math.sin(g2 * v);
    const real = fr * c + fi * s;
    const imaginary = fi * c - fr * s;
    const damp1 = damp * Math.cos(kappa * u1);
    const damp2 = damp * Math.cos(kappa * u2);
    re1 += damp1 * real;
    im1 += damp1 * imaginary;
    re2 += damp2 * real;
    im2 += damp2 * imaginary;
  }
  const vSafe = Math.max(v, 1e-3);
  const sMax = Math.asinh(30 / vSafe);
  const orderC = orderFor(12 + 0.8 * Math.max(rho, (Math.max(u1, u2) * 30) / vSafe / 4));
  const rule = gaussLegendre(orderC);
  for (let i = 0; i < orderC; i++) {
    const s = (sMax / 2) * (rule.nodes[i] + 1);
    const sinh = Math.sinh(s);
    const kappa = Math.cosh(s);
    const b = Math.sqrt(kappa * kappa - k1 * k1);
    const value =
      ((rule.weights[i] * sMax) / 2) * sinh * (2 / (sinh + b)) * Math.exp(-sinh * v - b * heightK);
    im1 += value * Math.cos(kappa * u1);
    im2 += value * Math.cos(kappa * u2);
  }
  out[0] = 2 * re1;
  out[1] = 2 * im1;
  out[2] = 2 * re2;
  out[3] = 2 * im2;
}

/**
 * Phase of the half-space field relative to the straight ray, Ψ = arg(G·e^(iρ)), radians, for a point at
 * distance ρ (in units of 1/k) and angle θ from the vertical below a surface antenna. About π/4 (the 2-D
 * spreading) near the vertical; larger beyond the critical angle, where the field arrives early.
 *
 * @param rho - distance × k (> 0).
 * @param sinTheta - sine of the angle from the vertical, 0–1.
 * @param permittivity - relative permittivity of the concrete.
 * @param heightK - antenna height above the surface × k. Default 0.
 * @returns the phase in radians, in (−π, π].
 * @example
 * ```ts
 * surfaceLegPhase(400, 0, 7); // ≈ π/4 (far field, vertical)
 * ```
 */
export function surfaceLegPhase(rho: number, sinTheta: number, permittivity: number, heightK = 0): number {
  const s = Math.min(1, Math.max(0, sinTheta));
  const u = rho * s;
  const v = rho * Math.sqrt(1 - s * s);
  const [re, im] = surfaceLegField(u, v, permittivity, heightK);
  const c = Math.cos(rho);
  const n = Math.sin(rho);
  return Math.atan2(re * n + im * c, re * c - im * n);
}

/** Legs steeper than this angle from the vertical are evaluated at it (grazing legs carry no usable picks). */
const MAX_LEG_ANGLE_SIN = Math.sin((80 * Math.PI) / 180);

/**
 * Time correction of one leg (antenna ↔ a point in the concrete) relative to the straight ray, seconds:
 * −Ψ/ω at the wavelet's dominant frequency (negative = earlier than the straight ray).
 *
 * @param horizontalM - horizontal distance from the antenna to the point, metres.
 * @param depthM - depth of the point below the surface, metres.
 * @param permittivity - relative permittivity εr.
 * @param frequencyHz - dominant frequency of the reflected wavelet, Hz.
 * @param antennaHeightM - antenna height above the surface, metres. Default 0.
 * @returns the correction in seconds.
 * @example
 * ```ts
 * surfaceLegDelayS(0.05, 0.046, 7, 2e9) - surfaceLegDelayS(0.018, 0.046, 7, 2e9); // < 0: the limb is early
 * ```
 */
export function surfaceLegDelayS(
  horizontalM: number,
  depthM: number,
  permittivity: number,
  frequencyHz: number,
  antennaHeightM = 0,
): number {
  const omega = 2 * Math.PI * frequencyHz;
  const k = (omega * Math.sqrt(permittivity)) / SPEED_OF_LIGHT_M_PER_S;
  const r = Math.hypot(horizontalM, depthM);
  const sinTheta = Math.min(MAX_LEG_ANGLE_SIN, Math.abs(horizontalM) / Math.max(r, 1e-9));
  // Beyond ρ = 300 the phase has reached its far-field value (to 1/(8ρ) < 0.5 mrad).
  return (
    -surfaceLegPhase(Math.min(300, Math.max(k * r, 0.5)), sinTheta, permittivity, k * antennaHeightM) / omega
  );
}

const pairField = new Float64Array(4);

/**
 * The sum of {@link surfaceLegDelayS} over the two legs of one reflection point (antennas at horizontal offsets
 * `horizontal1M` and `horizontal2M` from it, the same depth), with the depth's terms of the quadrature shared
 * ({@link surfaceLegFieldPair}). Where a leg is clamped (steeper than 80°, or ρ outside [0.5, 300]) the legs are
 * evaluated one by one. Agrees with the two single legs to < 1e-6 ps (surface-coupling.test.ts).
 *
 * @param horizontal1M - horizontal distance from the first antenna to the point, metres.
 * @param horizontal2M - horizontal distance from the second antenna to the point, metres.
 * @param depthM - depth of the point below the surface, metres.
 * @param permittivity - relative permittivity εr.
 * @param frequencyHz - dominant frequency of the reflected wavelet, Hz.
 * @param antennaHeightM - antenna height above the surface, metres.
 * @returns the two legs' corrections summed, seconds.
 * @example
 * ```ts
 * surfaceLegPairDelayS(0.068, 0.032, 0.046, 7, 2e9, 0); // ≈ surfaceLegDelayS(0.068, …) + surfaceLegDelayS(0.032, …)
 * ```
 */
export function surfaceLegPairDelayS(
  horizontal1M: number,
  horizontal2M: number,
  depthM: number,
  permittivity: number,
  frequencyHz: number,
  antennaHeightM: number,
): number {
  const omega = 2 * Math.PI * frequencyHz;
  const k = (omega * Math.sqrt(permittivity)) / SPEED_OF_LIGHT_M_PER_S;
  const u1 = k * Math.abs(horizontal1M);
  const u2 = k * Math.abs(horizontal2M);
  const v = k * depthM;
  const rho1 = Math.hypot(u1, v);
  const rho2 = Math.hypot(u2, v);
  if (!(v > 0) || !isLegInside(u1, rho1) || !isLegInside(u2, rho2)) {
    return (
      surfaceLegDelayS(horizontal1M, depthM, permittivity, frequencyHz, antennaHeightM) +
      surfaceLegDelayS(horizontal2M, depthM, permittivity, frequencyHz, antennaHeightM)
    );
  }
  surfaceLegFieldPair(u1, u2, v, Math.max(rho1, rho2), permittivity, k * antennaHeightM, pairField);
  return -(legPhase(pairField[0], pairField[1], rho1) + legPhase(pairField[2], pairField[3], rho2)) / omega;
}

/** A leg inside the pair quadrature's range (not clamped): ρ in [0.5, 300], at most the steepest angle. */
function isLegInside(u: number, rho: number): boolean {
  return rho >= 0.5 && rho <= 300 && u <= MAX_LEG_ANGLE_SIN * rho;
}

/** The leg's phase relative to the straight ray, arg(G·e^(iρ)), from the field [re, im]. */
function legPhase(re: number, im: number, rho: number): number {
  const c = Math.cos(rho);
  const n = Math.sin(rho);
  return Math.atan2(re * n + im * c, re * c - im * n);
}

/** What the surface-coupling correction needs to know about the scan. */
export interface SurfaceCoupling {
  /** Dominant frequency of the reflected wavelet, Hz. */
  frequencyHz: number;
  /** Height of the antennas above the concrete surface, metres (0: on the surface). */
  antennaHeightM: number;
  /**
   * Add the bar's own scattering delay against the ray model (fitting/cylinder-scattering.ts: the Mie regime of a
   * rebar at GPR frequencies). Default true.
   */
  shouldModelScattering?: boolean;
  /**
   * Take the legs' delays where the whole delay (ray plus legs) is stationary on the bar, not at the straight-ray
   * reflection point (decision 0057: right against a 2-D FDTD of a lone bar, thick shallow bars' limbs earlier).
   * Default true (decision 0074; it was off until 0062's deepest-first neighbours and 0074's sd recalibration).
   */
  shouldUseStationaryPoint?: boolean;
}

const scratchPath: PathWithGradient = { lengthM: 0, dX0: 0, dCover: 0, pointXM: 0, pointDepthM: 0 };

/** Step in the reflection point's angle on the bar for the stationary-delay search ({@link couplingOnly}), radians. */
const STATIONARY_STEP_RAD = 0.1;

/**
 * Correction to add to the straight-ray (Fermat) two-way time of a bar at one antenna midpoint, seconds: the two
 * legs' half-space corrections ({@link surfaceLegDelayS}) with the ray at the point of the bar where the whole delay
 * is stationary (by default; at the straight-ray reflection point with `shouldUseStationaryPoint: false`), minus
 * their value at the apex for antennas on the surface, plus the bar's scattering delay unless switched off. Zero at
 * the apex for antennas on the surface; for raised antennas the
 * apex keeps the air-gap delay (about 2h/c for a deep bar). Negative on the limbs: they arrive early.
 *
 * @param midpointM - antenna midpoint along the line, metres.
 * @param bar - bar position, cover and radius, metres.
 * @param permittivity - relative permittivity εr.
 * @param separationM - transmitter–receiver separation, metres.
 * @param coupling - wavelet frequency and antenna height.
 * @returns the correction in seconds (at the apex: 0 on the surface, the air-gap delay above it).
 * @example
 * ```ts
 * const bar = { x0M: 0, coverM: 0.04, radiusM: 0.006 };
 * surfaceCouplingCorrectionS(0.04, bar, 7, 0.036, { frequencyHz: 2e9, antennaHeightM: 0 }); // ≈ −4.4e-11
 * ```
 */
export function surfaceCouplingCorrectionS(
  midpointM: number,
  bar: BarGeometry,
  permittivity: number,
  separationM: number,
  coupling: SurfaceCoupling,
): number {
  return surfaceCouplingCorrections([midpointM], bar, permittivity, separationM, coupling)[0];
}

/**
 * {@link surfaceCouplingCorrectionS} at many midpoints (the apex term is evaluated once).
 *
 * @param midpointsM - antenna midpoints, metres.
 * @param bar - bar position, cover and radius, metres.
 * @param permittivity - relative permittivity εr.
 * @param separationM - transmitter–receiver separation, metres.
 * @param coupling - wavelet frequency and antenna height.
 * @returns one correction per midpoint, seconds.
 * @example
 * ```ts
 * surfaceCouplingCorrections(times.positionsM, bar, 7, 0.036, { frequencyHz: 2e9, antennaHeightM: 0 });
 * ```
 */
export function surfaceCouplingCorrections(
  midpointsM: ArrayLike<number>,
  bar: BarGeometry,
  permittivity: number,
  separationM: number,
  coupling: SurfaceCoupling,
): Float64Array {
  const out = couplingOnly(midpointsM, bar, permittivity, separationM, coupling);
  if (coupling.shouldModelScattering === false) return out;
  const scattering = cylinderScatteringCorrections(
    midpointsM,
    bar,
    permittivity,
    separationM,
    coupling.frequencyHz,
  );
  for (let i = 0; i < out.length; i++) out[i] += scattering[i];
  return out;
}

function couplingOnly(
  midpointsM: ArrayLike<number>,
  bar: BarGeometry,
  permittivity: number,
  separationM: number,
  coupling: SurfaceCoupling,
): Float64Array {
  const { frequencyHz: f, antennaHeightM: h } = coupling;
  const half = separationM / 2;
  const cover = Math.max(bar.coverM, 1e-4);
  // The apex's own value on the surface (h = 0) is the 2-D spreading and near-field phase common to the whole
  // hyperbola, which the scan's time reference absorbs; what a raised antenna adds there — two passes through the
  // air gap, ≈ 2h·cos θ_air/c before the critical angle — is a real delay the direct wave (travelling in the air at
  // the antennas' height) does not share, and stays in the correction.
  const apex = 2 * surfaceLegDelayS(half, cover, permittivity, f, 0);
  const velocity = SPEED_OF_LIGHT_M_PER_S / Math.sqrt(permittivity);
  const r = Math.max(0, bar.radiusM);
  const cz = bar.coverM + r;
  const legs = (x: number, px: number, pz: number): number =>
    surfaceLegPairDelayS(px - (x - half), px - (x + half), Math.max(pz, 1e-4), permittivity, f, h);
  const at = (x: number): number => {
    reflectedPathWithGradient(x - half, x + half, bar, scratchPath);
    const { pointXM, pointDepthM, lengthM } = scratchPath;
    const centre = legs(x, pointXM, pointDepthM);
    if (!(r > 0) || coupling.shouldUseStationaryPoint === false) return centre - apex;
    // The echo comes from where the whole delay — ray plus the legs' half-space delays — is stationary on the bar
    // (decision 0057), not from the straight-ray reflection point: the legs' delay falls towards the limb's side
    // beyond the critical angle, so the point moves along the bar and the limb arrives earlier. The ray path is
    // the flatter against that slope the thicker the bar, so thick bars' limbs move most. One parabolic step in
    // the point's angle on the bar (three points 0.1 rad apart), the delay evaluated where it lands and kept if it
    // falls: within 0.02 ps of a dense scan for covers 15–80 mm and radii 4–14 mm (decision 0074). The point moves
    // 0.1–0.3 rad; the step is only bounded at 0.5 rad (its former bound, half the slope's fall, cut thin bars'
    // moves to a third).
    const total = (angle: number): number => {
      const px = bar.x0M + r * Math.sin(angle);
      const pz = cz - r * Math.cos(angle);
      return (Math.hypot(px - x + half, pz) + Math.hypot(px - x - half, pz)) / velocity + legs(x, px, pz);
    };
    const start = lengthM / velocity + centre;
    const phi = Math.atan2(pointXM - bar.x0M, cz - pointDepthM);
    const ahead = total(phi + STATIONARY_STEP_RAD);
    const behind = total(phi - STATIONARY_STEP_RAD);
    const curvature = ahead - 2 * start + behind;
    if (!(curvature > 0)) return centre - apex;
    const move = (-0.5 * (ahead - behind)) / curvature;
    const landed = total(phi + Math.max(-5, Math.min(5, move)) * STATIONARY_STEP_RAD);
    // The legs' delay at the stationary point: the whole delay there less the straight ray's (the shortest ray
    // path, so the correction only moves earlier than the straight-ray point's).
    return centre + Math.min(0, landed - start, ahead - start, behind - start) - apex;
  };
  const out = new Float64Array(midpointsM.length);
  // The correction is smooth along the line: evaluate it on nodes at most a fifth of the bar's depth apart and
  // interpolate (cubic) when that is cheaper than evaluating every midpoint (error < 0.03 sample).
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < midpointsM.length; i++) {
    lo = Math.min(lo, midpointsM[i]);
    hi = Math.max(hi, midpointsM[i]);
  }
  const step = Math.max(0.2 * (cover + bar.radiusM), 1e-4);
  const nodeCount = Math.ceil((hi - lo) / step) + 1;
  if (nodeCount < 4 || nodeCount + 1 >= midpointsM.length) {
    for (let i = 0; i < midpointsM.length; i++) out[i] = at(midpointsM[i]);
    return out;
  }
  const nodes = new Float64Array(nodeCount);
  const spacing = (hi - lo) / Math.max(1, nodeCount - 1);
  for (let k = 0; k < nodeCount; k++) nodes[k] = lo + k * spacing;
  const values = Float64Array.from(nodes, (x) => at(x));
  // Cubic Hermite (Catmull–Rom) between the nodes, one-sided slopes at the ends.
  const slope = (k: number): number =>
    k === 0
      ? values[1] - values[0]
      : k === nodeCount - 1
        ? values[k] - values[k - 1]
        : 0.5 * (values[k + 1] - values[k - 1]);
  for (let i = 0; i < midpointsM.length; i++) {
    const u = spacing > 0 ? (midpointsM[i] - lo) / spacing : 0;
    const k = Math.min(nodeCount - 2, Math.max(0, Math.floor(u)));
    const w = Math.min(1, Math.max(0, u - k));
    const w2 = w * w;
    const w3 = w2 * w;
    out[i] =
      (2 * w3 - 3 * w2 + 1) * values[k] +
      (w3 - 2 * w2 + w) * slope(k) +
      (-2 * w3 + 3 * w2) * values[k + 1] +
      (w3 - w2) * slope(k + 1);
  }
  return out;
}
