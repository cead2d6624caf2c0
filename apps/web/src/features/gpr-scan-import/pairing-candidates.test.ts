import type { CreateGprScansResponse } from '@gprhub/contract';
import { describe, expect, it } from 'vitest';
import { candidatesOf, hasPairingChoices } from './pairing-candidates';

const node = (nodeId: string, name: string) => ({ nodeId, name }) as never;
const scan = (nodeId: string, name: string, group: string | null, scanDate: string | null) => ({
  gprScan: { nodeId, name, gprScanGroupNodeId: group, scanDate } as never,
  node: node(nodeId, name),
});
const area = (nodeId: string, name: string, scanDate: string | null) => ({
  gprScanGroup: { nodeId, name, scanDate } as never,
  node: node(nodeId, name),
});

describe('candidatesOf', () => {
  it('offers line scans outside area scans, and the area scans', () => {
    const result = {
      gprScans: [
        scan('l1', 'L001', 'multi', '2026-01-01T10:00:00'),
        scan('l2', 'L002', null, null),
        scan('a1', 'L001', 'area', null),
      ],
      areaScanGroups: [area('area', 'Deck', '2026-01-02T00:00:00')],
      gprScanGroups: [area('multi', 'export', null)],
      warnings: [],
    } as CreateGprScansResponse;
    const candidates = candidatesOf(result);
    expect(candidates.lines).toEqual([
      { id: 'l1', name: 'L001', scanDate: '2026-01-01T10:00:00' },
      { id: 'l2', name: 'L002', scanDate: null },
    ]);
    expect(candidates.areas).toEqual([{ id: 'area', name: 'Deck', scanDate: '2026-01-02T00:00:00' }]);
    expect(hasPairingChoices(candidates)).toBe(true);
    expect(hasPairingChoices({ lines: candidates.lines.slice(1), areas: candidates.areas })).toBe(false);
  });
});
