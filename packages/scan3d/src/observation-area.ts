import type { RadarPosition, Vec3 } from './positions';

/**
 * Where an observation sits in the room (world frame, z up, metres). `origin` is the first trace on the
 * scanned surface; the axes are unit vectors: `planeX` along the scan line, `planeZ` into the surface
 * (depth), `planeY = planeZ × planeX` along the surface, across the line. The radargram is the section
 * spanned by planeX (distance) and planeZ (depth); a bar crossing the line lies along planeY.
 */
export interface ObservationArea {
  origin: Vec3;
  planeX: Vec3;
  planeY: Vec3;
  planeZ: Vec3;
}

const UP: Vec3 = [0, 0, 1];

/** a × b. */
export function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

/** a / |a|, or null for a (near) zero vector. */
export function normalise(a: Vec3): Vec3 | null {
  const n = Math.hypot(a[0], a[1], a[2]);
  return n < 1e-9 ? null : [a[0] / n, a[1] / n, a[2] / n];
}

/**
 * The area of a scan from the tracker's start and end points: planeX from start to end, the surface
 * normal (planeZ) horizontal, pointing away from an operator who scans a wall left to right in front of
 * them (up × planeX); for a vertical line (bottom to top) it is planeX × world x.
 *
 * @param position - The tracker's position of the line.
 * @returns The area, or null when start and end coincide.
 * @example areaFromPosition({ id: 'a', order: 0, direction: 'LEFT_TO_RIGHT', startPoint: [0, 0, 1], endPoint: [1, 0, 1] })
 */
export function areaFromPosition(position: RadarPosition): ObservationArea | null {
  const along = normalise([
    position.endPoint[0] - position.startPoint[0],
    position.endPoint[1] - position.startPoint[1],
    position.endPoint[2] - position.startPoint[2],
  ]);
  if (!along) return null;
  const normal = normalise(cross(UP, along)) ?? (normalise(cross(along, [1, 0, 0])) as Vec3);
  return { origin: [...position.startPoint], planeX: along, planeY: cross(normal, along), planeZ: normal };
}

/**
 * The area of a scan the tracker did not see: a line along world x at 1 m height, facing +y.
 *
 * @param index - Its rank among the scans added together (each next one 0.5 m further along −y, so they do not overlap).
 * @returns The area.
 * @example defaultObservationArea(0).origin // [0, 0, 1]
 */
export function defaultObservationArea(index: number): ObservationArea {
  return { origin: [0, -0.5 * index, 1], planeX: [1, 0, 0], planeY: [0, 0, -1], planeZ: [0, 1, 0] };
}

/** Length of a drawn bar across the line, metres (a bar's length is unknown; this shows its direction). */
export const BAR_LENGTH_M = 0.5;
/** The thinnest drawn bar's radius, metres (so a bar of unknown size still shows). */
export const MIN_BAR_RADIUS_M = 0.002;

/** A bar of an observation: its position along the line and centre depth, metres, in the observation's frame. */
export interface ObservationBar {
  id: string;
  xM: number;
  depthM: number;
  radiusM: number;
}

/** A bar placed as a cylinder: centre, unit axis, radius and length (metres). */
export interface PlacedBar {
  id: string;
  centre: Vec3;
  axis: Vec3;
  radius: number;
  length: number;
}

/**
 * A bar in the observation's own frame, as the 3D viewer draws it: a cylinder centred at (xM, 0, depthM), along
 * planeY (across the line), of the bar's radius (at least {@link MIN_BAR_RADIUS_M}) and {@link BAR_LENGTH_M} long.
 *
 * @example placeBarInObservation({ id: 'b', xM: 0.2, depthM: 0.04, radiusM: 0.006 }).centre // [0.2, 0, 0.04]
 */
export function placeBarInObservation(bar: ObservationBar): PlacedBar {
  return { id: bar.id, centre: [bar.xM, 0, bar.depthM], axis: [0, 1, 0], radius: Math.max(bar.radiusM, MIN_BAR_RADIUS_M), length: BAR_LENGTH_M };
}

/** A point of the observation's frame in the model's (world) frame: origin + x·planeX + y·planeY + z·planeZ. */
export function observationToWorld(area: ObservationArea, p: Vec3): Vec3 {
  const { origin: o, planeX: x, planeY: y, planeZ: z } = area;
  return [0, 1, 2].map((i) => o[i]! + p[0] * x[i]! + p[1] * y[i]! + p[2] * z[i]!) as unknown as Vec3;
}

/**
 * A bar in the model's frame, placed as the viewer places it (its cylinder in the observation's frame, moved by
 * the area): centre at origin + xM·planeX + depthM·planeZ, along planeY.
 *
 * @example placeBarInModel(defaultObservationArea(0), { id: 'b', xM: 0.2, depthM: 0.04, radiusM: 0.006 }).centre // [0.2, 0.04, 1]
 */
export function placeBarInModel(area: ObservationArea, bar: ObservationBar): PlacedBar {
  const local = placeBarInObservation(bar);
  return { ...local, centre: observationToWorld(area, local.centre), axis: [...area.planeY] };
}

/** Which way a line of an area scan runs on its grid. */
export type AreaLineDirection = 'LEFT_TO_RIGHT' | 'BOTTOM_TO_TOP';

/**
 * The map from an area scan's grid (x along its LEFT_TO_RIGHT lines, y along its BOTTOM_TO_TOP lines — up the
 * wall —, z depth) to the frame of one of its lines placed as an observation (x along that line, y = planeY,
 * z = planeZ, depth): what places the area's GPR point cloud (decisions/0045) where that line is. planeY points
 * down the wall for a horizontal line and along grid x for a vertical one ({@link areaFromPosition}), so a
 * LEFT_TO_RIGHT line at grid y₀ maps (x, y, z) to (x, y₀ − y, z) and a BOTTOM_TO_TOP line at grid x₀ to
 * (y, x − x₀, z).
 *
 * @param direction - The line's direction on the grid.
 * @param offsetM - Its offset across: grid y of a LEFT_TO_RIGHT line, grid x of a BOTTOM_TO_TOP one.
 * @returns The 4 × 4 matrix, row-major (as three.js' `Matrix4.set` takes it).
 * @example areaGridToLineMatrix('LEFT_TO_RIGHT', 0.1) // [1, 0, 0, 0,  0, -1, 0, 0.1,  0, 0, 1, 0,  0, 0, 0, 1]
 */
export function areaGridToLineMatrix(direction: AreaLineDirection, offsetM: number): number[] {
  return direction === 'LEFT_TO_RIGHT'
    ? [1, 0, 0, 0, 0, -1, 0, offsetM, 0, 0, 1, 0, 0, 0, 0, 1]
    : [0, 1, 0, 0, 1, 0, 0, -offsetM, 0, 0, 1, 0, 0, 0, 0, 1];
}
