import type { AreaScanDirection, CreateGprScansResponse } from '@gprhub/contract';
import type { PairCandidate } from './pairing';

/** A scan or area scan offered for pairing, with what its data says about its survey. */
export interface SurveyCandidate extends PairCandidate {
  /** The direction its line(s) were recorded in (vendor CSV); null when unknown or mixed. */
  direction: AreaScanDirection | null;
  /** A line's length, or an area's grid size along x and y, metres; null when unknown. */
  sizeM: readonly number[] | null;
}

/** What an import offers for pairing: line scans outside area scans, and area scans. */
export interface ImportCandidates {
  lines: SurveyCandidate[];
  areas: SurveyCandidate[];
}

/** The one direction all `directions` share, else null. */
function commonDirection(directions: (AreaScanDirection | null)[]): AreaScanDirection | null {
  const first = directions[0] ?? null;
  return directions.every((d) => d === first) ? first : null;
}

/** The candidates of an import's result (lines of an area scan are paired through their area scan). */
export function candidatesOf(result: CreateGprScansResponse): ImportCandidates {
  const areaIds = new Set(result.areaScanGroups.map((g) => g.node.nodeId));
  const gridM = (x: number | null, y: number | null) => (x && y ? [x / 100, y / 100] : null);
  return {
    lines: result.gprScans
      .filter((s) => !s.gprScan.gprScanGroupNodeId || !areaIds.has(s.gprScan.gprScanGroupNodeId))
      .map((s) => ({
        id: s.node.nodeId,
        name: s.node.name,
        scanDate: s.gprScan.scanDate,
        direction: s.gprScan.areaScanDirection,
        sizeM: s.gprScan.scanLength > 0 ? [s.gprScan.scanLength] : null,
      })),
    areas: result.areaScanGroups.map(({ node, gprScanGroup: g }) => ({
      id: node.nodeId,
      name: node.name,
      scanDate: g.scanDate,
      direction: commonDirection(
        result.gprScans
          .filter((s) => s.gprScan.gprScanGroupNodeId === node.nodeId)
          .map((s) => s.gprScan.areaScanDirection),
      ),
      sizeM: gridM(g.gridSizeX ?? g.areaScanWidth, g.gridSizeY ?? g.areaScanHeight),
    })),
  };
}

/** Two sizes agree within 10 % (and 2 cm). */
const isClose = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.02, 0.1 * Math.max(a, b));

/**
 * Whether the data says two scans are one survey in two directions, so that pairing them is proposed:
 * two lines of equal length recorded in perpendicular directions; two area scans over the same grid whose
 * lines run in perpendicular directions, or over the same grid turned a quarter turn (the scanner turned,
 * its lines recorded in the same direction). Two loose files with no direction are never proposed.
 */
export function isOneSurveyInTwoDirections(a: SurveyCandidate, b: SurveyCandidate): boolean {
  if (!a.sizeM || !b.sizeM || a.sizeM.length !== b.sizeM.length || !a.direction || !b.direction) return false;
  const [ax, ay] = a.sizeM as [number, number?];
  const [bx, by] = b.sizeM as [number, number?];
  if (ay === undefined || by === undefined) return a.direction !== b.direction && isClose(ax, bx);
  const isSame = isClose(ax, bx) && isClose(ay, by);
  const isTurned = isClose(ax, by) && isClose(ay, bx);
  return (isSame && a.direction !== b.direction) || (isTurned && !isSame && a.direction === b.direction);
}

/** Whether there is anything to pair (two line scans, or two area scans). */
export const hasPairingChoices = (c: ImportCandidates) => c.lines.length >= 2 || c.areas.length >= 2;
