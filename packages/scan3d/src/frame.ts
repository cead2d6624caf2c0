import type { Vec3 } from './positions';

/**
 * RTAB-Map's world frame (ROS REP-103: x forward, y left, z up) to three.js' (y up), as a column-major 4×4
 * matrix (three's `Matrix4.fromArray` layout): a −90° rotation about x, so world z becomes view y and world
 * y becomes view −z. This is the only place the two frames meet: the viewer puts everything it draws from
 * world coordinates (clouds, meshes, observations, measurements) under one group with this matrix.
 */
export const Z_UP_TO_Y_UP: readonly number[] = Object.freeze([1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1]);

/**
 * A world point (z up) in the viewer's frame (y up).
 *
 * @param p - Metres, world frame.
 * @returns Metres, viewer frame.
 * @example convertZUpToYUp([1, 2, 3]) // [1, 3, -2]
 */
export function convertZUpToYUp(p: Vec3): Vec3 {
  return [p[0], p[2], -p[1] + 0];
}

/**
 * A viewer point (y up) back in the world frame (z up), e.g. a measured surface point.
 *
 * @param p - Metres, viewer frame.
 * @returns Metres, world frame.
 * @example convertYUpToZUp([1, 3, -2]) // [1, 2, 3]
 */
export function convertYUpToZUp(p: Vec3): Vec3 {
  return [p[0], -p[2] + 0, p[1]];
}
