import { SPEED_OF_LIGHT_M_PER_S } from '../model/radargram';

/**
 * Wave speed in a non-magnetic, low-loss medium of the given relative permittivity: v = c / √εr.
 *
 * @param permittivity - relative permittivity εr (dimensionless, ≥ 1; smaller values are treated as 1).
 * @returns the speed in metres per second.
 * @example
 * ```ts
 * velocityFromPermittivity(7); // ≈ 1.1331e8 m/s (0.1133 m/ns)
 * velocityFromPermittivity(1); // 299 792 458 m/s
 * ```
 */
export function velocityFromPermittivity(permittivity: number): number {
  return SPEED_OF_LIGHT_M_PER_S / Math.sqrt(Math.max(1, permittivity));
}

/**
 * Depth of a point reflector below the midpoint of a bistatic antenna pair from its two-way travel time:
 * d = √((v·t/2)² − (s/2)²) with v = c/√εr and s the transmitter–receiver separation. Times shorter than
 * the direct ground wave (t < s/v) have no reflector below the surface and give depth 0.
 *
 * @param twoWayTimeS - two-way travel time from the transmit instant, seconds.
 * @param permittivity - relative permittivity of the medium (≥ 1).
 * @param antennaSeparationM - transmitter–receiver separation s, metres (0 for a monostatic antenna).
 * @returns the depth in metres (≥ 0).
 * @example
 * ```ts
 * // εr = 4 → v = c/2; t = 2 ns → v·t/2 = 0.1499 m; s = 0.06 m → d = √(0.1499² − 0.03²) ≈ 0.1469 m
 * depthFromTwoWayTime(2e-9, 4, 0.06); // ≈ 0.14686
 * ```
 */
export function depthFromTwoWayTime(
  twoWayTimeS: number,
  permittivity: number,
  antennaSeparationM: number,
): number {
  const halfPath = (velocityFromPermittivity(permittivity) * twoWayTimeS) / 2;
  const halfSeparation = antennaSeparationM / 2;
  const squared = halfPath * halfPath - halfSeparation * halfSeparation;
  return twoWayTimeS > 0 && squared > 0 ? Math.sqrt(squared) : 0;
}

/**
 * Two-way travel time to a point reflector at a depth below the midpoint of a bistatic antenna pair:
 * t = 2·√(d² + (s/2)²) / v with v = c/√εr. The inverse of {@link depthFromTwoWayTime}.
 *
 * @param depthM - depth of the reflector, metres (negative values are treated as 0).
 * @param permittivity - relative permittivity of the medium (≥ 1).
 * @param antennaSeparationM - transmitter–receiver separation s, metres.
 * @returns the two-way time from the transmit instant, seconds. At depth 0 it is the direct ground wave's s/v.
 * @example
 * ```ts
 * twoWayTimeFromDepth(0.14686, 4, 0.06); // ≈ 2e-9 s
 * twoWayTimeFromDepth(0, 9, 0.1);        // 0.1 / (c/3) ≈ 1.0007e-9 s
 * ```
 */
export function twoWayTimeFromDepth(
  depthM: number,
  permittivity: number,
  antennaSeparationM: number,
): number {
  const depth = Math.max(0, depthM);
  const halfSeparation = antennaSeparationM / 2;
  return (
    (2 * Math.sqrt(depth * depth + halfSeparation * halfSeparation)) / velocityFromPermittivity(permittivity)
  );
}

/**
 * Depth of every sample of a trace, for a depth axis: sample `i` is at two-way time
 * `timeOffsetS + i·sampleIntervalS` and its depth follows {@link depthFromTwoWayTime}.
 *
 * @param samplesPerTrace - number of samples.
 * @param sampleIntervalS - sample interval, seconds.
 * @param timeOffsetS - two-way time of sample 0 from the transmit instant, seconds.
 * @param permittivity - relative permittivity of the medium.
 * @param antennaSeparationM - transmitter–receiver separation, metres.
 * @returns a Float64Array of depths in metres, one per sample.
 * @example
 * ```ts
 * sampleDepthsM(3, 1e-9, 0, 4, 0); // [0, 0.07495, 0.1499]
 * ```
 */
export function sampleDepthsM(
  samplesPerTrace: number,
  sampleIntervalS: number,
  timeOffsetS: number,
  permittivity: number,
  antennaSeparationM: number,
): Float64Array {
  const depths = new Float64Array(samplesPerTrace);
  for (let i = 0; i < samplesPerTrace; i++) {
    depths[i] = depthFromTwoWayTime(timeOffsetS + i * sampleIntervalS, permittivity, antennaSeparationM);
  }
  return depths;
}
