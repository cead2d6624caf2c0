import type { CreateGprScansResponse } from '@gprhub/contract';
import type { PairCandidate } from './pairing';

/** What an import offers for pairing: line scans outside area scans, and area scans. */
export interface ImportCandidates {
  lines: PairCandidate[];
  areas: PairCandidate[];
}

/** The candidates of an import's result (lines of an area scan are paired through their area scan). */
export function candidatesOf(result: CreateGprScansResponse): ImportCandidates {
  const areaIds = new Set(result.areaScanGroups.map((g) => g.node.nodeId));
  return {
    lines: result.gprScans
      .filter((s) => !s.gprScan.gprScanGroupNodeId || !areaIds.has(s.gprScan.gprScanGroupNodeId))
      .map((s) => ({ id: s.node.nodeId, name: s.node.name, scanDate: s.gprScan.scanDate })),
    areas: result.areaScanGroups.map((g) => ({
      id: g.node.nodeId,
      name: g.node.name,
      scanDate: g.gprScanGroup.scanDate,
    })),
  };
}

/** Whether there is anything to pair (two line scans, or two area scans). */
export const hasPairingChoices = (c: ImportCandidates) => c.lines.length >= 2 || c.areas.length >= 2;
