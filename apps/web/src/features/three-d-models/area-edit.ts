import type { Area } from '@gprhub/contract';

type V = [number, number, number];
/** One of an observation's own axes. */
export type AreaAxis = 'x' | 'y' | 'z';

const AXIS_KEY = { x: 'planeX', y: 'planeY', z: 'planeZ' } as const;

const dot = (a: V, b: V) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const scale = (a: V, s: number): V => [a[0] * s, a[1] * s, a[2] * s];
const add = (a: V, b: V): V => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const cross = (a: V, b: V): V => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const unit = (a: V): V => scale(a, 1 / Math.hypot(...a));

/** Rodrigues: v rotated by `rad` about the unit axis k. */
function rotate(v: V, k: V, rad: number): V {
  const c = Math.cos(rad);
  const s = Math.sin(rad);
  return add(add(scale(v, c), scale(cross(k, v), s)), scale(k, dot(k, v) * (1 - c)));
}

/** Re-orthonormalise (Gram–Schmidt on x, then z; y = z × x), so repeated steps never drift. */
function orthonormal(area: Area): Area {
  const x = unit(area.planeX as V);
  const zRaw = area.planeZ as V;
  const z = unit(add(zRaw, scale(x, -dot(zRaw, x))));
  return { ...area, planeX: x, planeZ: z, planeY: cross(z, x) };
}

/**
 * The area turned by `deg` degrees about one of its own axes (through its origin).
 *
 * @example rotateArea(area, 'z', 1)
 */
export function rotateArea(area: Area, axis: AreaAxis, deg: number): Area {
  const k = unit(area[AXIS_KEY[axis]] as V);
  const rad = (deg * Math.PI) / 180;
  return orthonormal({
    origin: area.origin,
    planeX: rotate(area.planeX as V, k, rad),
    planeY: rotate(area.planeY as V, k, rad),
    planeZ: rotate(area.planeZ as V, k, rad),
  });
}

/**
 * The area moved by `distanceM` metres along one of its own axes.
 *
 * @example moveArea(area, 'x', 0.01)
 */
export function moveArea(area: Area, axis: AreaAxis, distanceM: number): Area {
  return { ...area, origin: add(area.origin as V, scale(area[AXIS_KEY[axis]] as V, distanceM)) };
}

/** Whether two areas differ by more than rounding (1e-6). */
export function isAreaChanged(a: Area, b: Area): boolean {
  const keys = ['origin', 'planeX', 'planeY', 'planeZ'] as const;
  return keys.some((key) => a[key].some((v, i) => Math.abs(v - b[key][i]!) > 1e-6));
}

/** Step of one rotation press, degrees (spec 001 §9). */
export const ROTATION_STEP_DEG = 1;
/** Step of one move press, metres. */
export const MOVE_STEP_M = 0.01;
/** While a step button is held, it repeats; every 100 ms the repeat speed grows 5 % (spec 001 §9). */
export const HOLD_FIRST_INTERVAL_MS = 100;
export const HOLD_SPEED_GROWTH = 1.05;

/**
 * The delays between repeats of a held step button: the first is 100 ms, and every 100 ms of holding
 * makes steps 5 % faster.
 *
 * @param heldMs - How long the button has been held.
 * @returns The delay before the next repeat, milliseconds.
 * @example holdRepeatDelayMs(0) // 100
 */
export function holdRepeatDelayMs(heldMs: number): number {
  return HOLD_FIRST_INTERVAL_MS / HOLD_SPEED_GROWTH ** Math.floor(heldMs / 100);
}
