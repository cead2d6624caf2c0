import { Scan3dFormatError } from './formats/header-text';

/** A point or vector, metres, in RTAB-Map's world frame (z up). */
export type Vec3 = [number, number, number];

/** The direction a line was scanned in, as the 3D tracker reports it. */
export type ScanDirection = 'LEFT_TO_RIGHT' | 'BOTTOM_TO_TOP' | null;

/** Where the 3D tracker saw one GPR line scan (spec 001 §3 "3D model position"). */
export interface RadarPosition {
  id: string;
  order: number;
  direction: ScanDirection;
  /** First trace, metres, world frame (z up). */
  startPoint: Vec3;
  /** Last trace, metres, world frame (z up). */
  endPoint: Vec3;
}

function isVec3(value: unknown): value is Vec3 {
  return Array.isArray(value) && value.length === 3 && value.every((v) => typeof v === 'number' && Number.isFinite(v));
}

function toVec3(value: unknown): Vec3 | null {
  if (isVec3(value)) return [value[0], value[1], value[2]];
  if (typeof value === 'object' && value !== null) {
    const { x, y, z } = value as Record<string, unknown>;
    if ([x, y, z].every((v) => typeof v === 'number' && Number.isFinite(v))) return [x as number, y as number, z as number];
  }
  return null;
}

/**
 * Parse a radar positions file: a JSON array (or `{ positions: [...] }`) of
 * `{ id, order, direction, startPoint, endPoint }`, points as `[x, y, z]` or `{x, y, z}` in metres.
 *
 * @param text - The file as text.
 * @returns The positions sorted by order; throws {@link Scan3dFormatError} naming the first bad entry.
 * @example parseRadarPositions('[{"id":"a","order":0,"direction":null,"startPoint":[0,0,1],"endPoint":[1,0,1]}]')
 */
export function parseRadarPositions(text: string): RadarPosition[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Scan3dFormatError('is not a radar positions file (not valid JSON)');
  }
  const list = Array.isArray(json) ? json : (json as { positions?: unknown } | null)?.positions;
  if (!Array.isArray(list)) throw new Scan3dFormatError('is not a radar positions file (no list of positions)');
  return list
    .map((item: unknown, i): RadarPosition => {
      const p = (item ?? {}) as Record<string, unknown>;
      const startPoint = toVec3(p.startPoint);
      const endPoint = toVec3(p.endPoint);
      const direction = p.direction ?? null;
      if (
        (typeof p.id !== 'string' && typeof p.id !== 'number') ||
        !startPoint ||
        !endPoint ||
        (direction !== null && direction !== 'LEFT_TO_RIGHT' && direction !== 'BOTTOM_TO_TOP')
      ) {
        throw new Scan3dFormatError(`has a bad position at index ${i} (needs id, startPoint, endPoint and a known direction)`);
      }
      return {
        id: String(p.id),
        order: typeof p.order === 'number' && Number.isFinite(p.order) ? p.order : i,
        direction: direction as ScanDirection,
        startPoint,
        endPoint,
      };
    })
    .sort((a, b) => a.order - b.order);
}
