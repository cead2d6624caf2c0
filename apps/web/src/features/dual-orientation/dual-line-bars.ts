import type { ResultRebar } from '../area-scans/rebar-results';

/**
 * The bars of one scan of a dual-orientation line analysis, as positions along that scan. The engine writes
 * the parallel scan's bars as `[x, 0, depth]` (it runs along x) and the perpendicular scan's as
 * `[0, y, depth]` (it runs along y); a cross-section of a scan needs `[distance along it, 0, depth]`.
 * @example toAlongScan([{ …, depthCoords: [[0, 0.4, 0.05]] }], 'perpendicular')[0].depthCoords // [[0.4, 0, 0.05]]
 */
export function toAlongScan(rebars: ResultRebar[], side: 'parallel' | 'perpendicular'): ResultRebar[] {
  if (side === 'parallel') return rebars;
  return rebars.map((rebar) => ({
    ...rebar,
    depthCoords: rebar.depthCoords.map(([x, y, depth]): [number, number, number] => [y, x, depth]),
  }));
}
