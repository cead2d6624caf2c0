import { SPEED_OF_LIGHT_M_PER_S } from '../model/radargram';

/**
 * Geometry of a bar (an infinitely long cylinder perpendicular to the scan line) seen by a bistatic antenna
 * pair on the surface. All lengths in metres; depth grows downwards from the surface.
 */
export interface BarGeometry {
  /** Position of the bar axis along the scan line, metres (same axis as the antenna midpoint). */
  x0M: number;
  /** Cover: depth from the surface to the top of the bar, metres. */
  coverM: number;
  /** Bar radius, metres (0 for a point / line target). */
  radiusM: number;
}

/**
 * Shortest reflected path length from a transmitter at (`txM`, 0) to a receiver at (`rxM`, 0) via a point on
 * the upper arc of a circle of radius `radiusM` centred at (`x0M`, `coverM + radiusM`): the exact Fermat path,
 * found with Newton steps on the angle of the reflection point (started from the monostatic reflection point,
 * so 3–5 steps reach 1e-12 m). For radius 0 it is the two straight legs to the point.
 *
 * @param txM - transmitter position along the line, metres.
 * @param rxM - receiver position along the line, metres.
 * @param bar - bar position, cover and radius, metres.
 * @returns the path length Tx → bar → Rx, metres.
 * @example
 * ```ts
 * // Apex: midpoint over the bar, s = 0.036 m, cover 0.04 m → 2·√(0.018² + 0.04²) whatever the radius
 * reflectedPathM(-0.018, 0.018, { x0M: 0, coverM: 0.04, radiusM: 0.006 }); // ≈ 0.087727
 * ```
 */
export function reflectedPathM(txM: number, rxM: number, bar: BarGeometry): number {
  return reflectedPathWithGradient(txM, rxM, bar).lengthM;
}

/** A reflected path length and its derivatives with respect to the bar's position and cover. */
export interface PathWithGradient {
  /** Path length Tx → bar → Rx, metres. */
  lengthM: number;
  /** ∂length/∂x0 (dimensionless). */
  dX0: number;
  /** ∂length/∂cover (dimensionless). */
  dCover: number;
  /** The reflection point on the bar: position along the line and depth, metres. */
  pointXM: number;
  pointDepthM: number;
}

/**
 * {@link reflectedPathM} with its gradient. At the Fermat reflection point the path is stationary in the
 * point's angle, so moving the bar moves the path by the sum of the unit vectors from the antennas to that
 * point (envelope theorem) — exact derivatives at no extra cost, used as the fitter's Jacobian.
 *
 * @param txM - transmitter position along the line, metres.
 * @param rxM - receiver position along the line, metres.
 * @param bar - bar position, cover and radius, metres.
 * @param out - optional object to fill (avoids allocation in tight loops).
 * @returns the length, its derivatives and the reflection point.
 * @example
 * ```ts
 * reflectedPathWithGradient(-0.018, 0.018, { x0M: 0, coverM: 0.04, radiusM: 0.006 }).dCover; // ≈ 1.82
 * ```
 */
export function reflectedPathWithGradient(
  txM: number,
  rxM: number,
  bar: BarGeometry,
  out: PathWithGradient = { lengthM: 0, dX0: 0, dCover: 0, pointXM: 0, pointDepthM: 0 },
): PathWithGradient {
  const r = Math.max(0, bar.radiusM);
  const cx = bar.x0M;
  const cz = bar.coverM + r;
  // P(φ) = (cx + r sinφ, cz − r cosφ); φ = 0 is the top of the bar. Start at the monostatic reflection point.
  let phi = Math.atan2(0.5 * (txM + rxM) - cx, cz);
  let px = cx;
  let pz = cz - r;
  for (let iteration = 0; iteration < 6 && r > 0; iteration++) {
    const sin = Math.sin(phi);
    const cos = Math.cos(phi);
    px = cx + r * sin;
    pz = cz - r * cos;
    const d1x = px - txM;
    const d2x = px - rxM;
    const l1 = Math.sqrt(d1x * d1x + pz * pz);
    const l2 = Math.sqrt(d2x * d2x + pz * pz);
    // dP/dφ = (r cosφ, r sinφ); d²P/dφ² = (−r sinφ, r cosφ).
    const u1 = (d1x * cos + pz * sin) * r;
    const u2 = (d2x * cos + pz * sin) * r;
    const w1 = (-d1x * sin + pz * cos) * r;
    const w2 = (-d2x * sin + pz * cos) * r;
    const first = u1 / l1 + u2 / l2;
    const second =
      (r * r + w1) / l1 - (u1 * u1) / (l1 * l1 * l1) + (r * r + w2) / l2 - (u2 * u2) / (l2 * l2 * l2);
    if (!(second > 0)) break;
    const step = first / second;
    phi -= step;
    if (Math.abs(step) < 1e-9) break;
  }
  if (r > 0) {
    px = cx + r * Math.sin(phi);
    pz = cz - r * Math.cos(phi);
  }
  const d1x = px - txM;
  const d2x = px - rxM;
  const l1 = Math.sqrt(d1x * d1x + pz * pz);
  const l2 = Math.sqrt(d2x * d2x + pz * pz);
  out.lengthM = l1 + l2;
  out.dX0 = d1x / l1 + d2x / l2;
  out.dCover = pz / l1 + pz / l2;
  out.pointXM = px;
  out.pointDepthM = pz;
  return out;
}

/**
 * Two-way travel time of the reflection from a bar for an antenna pair whose midpoint is at `midpointM`, with
 * the transmitter `separationM / 2` before and the receiver after it: the exact bistatic, finite-radius
 * (Fermat) model of algorithms.md §4.2, t = L·√εr / c.
 *
 * @param midpointM - antenna midpoint along the line, metres.
 * @param bar - bar position, cover and radius, metres.
 * @param permittivity - relative permittivity εr of the concrete.
 * @param separationM - transmitter–receiver separation, metres.
 * @returns the two-way time from the transmit instant, seconds.
 * @example
 * ```ts
 * // ε = 7, s = 0.03565 m, cover 0.05 m: apex time 2·√(0.017825² + 0.05²)·√7 / c ≈ 0.9371 ns
 * bistaticTravelTimeS(0, { x0M: 0, coverM: 0.05, radiusM: 0.008 }, 7, 0.03565); // ≈ 9.371e-10
 * ```
 */
export function bistaticTravelTimeS(
  midpointM: number,
  bar: BarGeometry,
  permittivity: number,
  separationM: number,
): number {
  const half = separationM / 2;
  return (
    (reflectedPathM(midpointM - half, midpointM + half, bar) * Math.sqrt(permittivity)) /
    SPEED_OF_LIGHT_M_PER_S
  );
}

/**
 * Cover (depth to the top of a bar) from the two-way time at the apex, where the reflection point is the top of
 * the bar whatever its radius: d = √((c·t / (2√εr))² − (s/2)²).
 *
 * @param apexTimeS - two-way time at the apex from the transmit instant, seconds.
 * @param permittivity - relative permittivity εr.
 * @param separationM - transmitter–receiver separation, metres.
 * @returns the cover in metres (0 when the time is shorter than the direct ground wave).
 * @example
 * ```ts
 * coverFromApexTimeM(9.371e-10, 7, 0.03565); // ≈ 0.05
 * ```
 */
export function coverFromApexTimeM(apexTimeS: number, permittivity: number, separationM: number): number {
  const halfPath = (SPEED_OF_LIGHT_M_PER_S * apexTimeS) / (2 * Math.sqrt(permittivity));
  const squared = halfPath * halfPath - (separationM * separationM) / 4;
  return squared > 0 ? Math.sqrt(squared) : 0;
}

/**
 * Permittivity that makes a bar of known cover reflect at the measured apex time (calibration on a known
 * depth): εr = (c·t / (2·√(d² + (s/2)²)))².
 *
 * @param apexTimeS - two-way time at the apex, seconds.
 * @param coverM - known cover, metres.
 * @param separationM - transmitter–receiver separation, metres.
 * @returns the relative permittivity.
 * @example
 * ```ts
 * permittivityFromApexTime(9.371e-10, 0.05, 0.03565); // ≈ 7
 * ```
 */
export function permittivityFromApexTime(apexTimeS: number, coverM: number, separationM: number): number {
  const oneWay = Math.sqrt(coverM * coverM + (separationM * separationM) / 4);
  const ratio = (SPEED_OF_LIGHT_M_PER_S * apexTimeS) / (2 * oneWay);
  return ratio * ratio;
}
