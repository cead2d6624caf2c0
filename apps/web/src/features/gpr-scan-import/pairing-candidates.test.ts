import type { CreateGprScansResponse } from '@gprhub/contract';
import { describe, expect, it } from 'vitest';
import type { SurveyCandidate } from './pairing-candidates';
import { candidatesOf, hasPairingChoices, isOneSurveyInTwoDirections } from './pairing-candidates';
import { matchAutomatically } from './pairing';

const node = (nodeId: string, name: string) => ({ nodeId, name }) as never;
const scan = (
  nodeId: string,
  name: string,
  group: string | null,
  scanDate: string | null,
  areaScanDirection: string | null = null,
) => ({
  gprScan: { nodeId, name, gprScanGroupNodeId: group, scanDate, areaScanDirection, scanLength: 1.2 } as never,
  node: node(nodeId, name),
});
const area = (nodeId: string, name: string, scanDate: string | null) => ({
  gprScanGroup: { nodeId, name, scanDate, gridSizeX: 60, gridSizeY: 40 } as never,
  node: node(nodeId, name),
});

describe('candidatesOf', () => {
  it('offers line scans outside area scans, and the area scans, with their directions and sizes', () => {
    const result = {
      gprScans: [
        scan('l1', 'L001', 'multi', '2026-01-01T10:00:00'),
        scan('l2', 'L002', null, null, 'BOTTOM_TO_TOP'),
        scan('a1', 'L001', 'area', null, 'LEFT_TO_RIGHT'),
        scan('a2', 'L002', 'area', null, 'LEFT_TO_RIGHT'),
      ],
      areaScanGroups: [area('area', 'Deck', '2026-01-02T00:00:00')],
      gprScanGroups: [area('multi', 'export', null)],
      warnings: [],
    } as CreateGprScansResponse;
    const candidates = candidatesOf(result);
    expect(candidates.lines).toEqual([
      { id: 'l1', name: 'L001', scanDate: '2026-01-01T10:00:00', direction: null, sizeM: [1.2] },
      { id: 'l2', name: 'L002', scanDate: null, direction: 'BOTTOM_TO_TOP', sizeM: [1.2] },
    ]);
    expect(candidates.areas).toEqual([
      {
        id: 'area',
        name: 'Deck',
        scanDate: '2026-01-02T00:00:00',
        direction: 'LEFT_TO_RIGHT',
        sizeM: [0.6, 0.4],
      },
    ]);
    expect(hasPairingChoices(candidates)).toBe(true);
    expect(hasPairingChoices({ lines: candidates.lines.slice(1), areas: candidates.areas })).toBe(false);
  });
});

const candidate = (
  id: string,
  direction: SurveyCandidate['direction'],
  sizeM: number[] | null,
): SurveyCandidate => ({ id, name: id, scanDate: null, direction, sizeM });

describe('isOneSurveyInTwoDirections (issue #14: pairs only where the data says so)', () => {
  it('never pairs two loose files without directions, however alike', () => {
    expect(isOneSurveyInTwoDirections(candidate('a', null, [1.2]), candidate('b', null, [1.2]))).toBe(false);
    const loose = [candidate('File_001', null, [1.2]), candidate('File_002', null, [1.19])];
    expect(matchAutomatically(loose, isOneSurveyInTwoDirections)).toEqual({
      pairs: [],
      unmatched: ['File_001', 'File_002'],
    });
  });

  it('pairs two equally long lines recorded in perpendicular directions, not in one direction', () => {
    expect(
      isOneSurveyInTwoDirections(
        candidate('a', 'LEFT_TO_RIGHT', [1.2]),
        candidate('b', 'BOTTOM_TO_TOP', [1.18]),
      ),
    ).toBe(true);
    expect(
      isOneSurveyInTwoDirections(
        candidate('a', 'LEFT_TO_RIGHT', [1.2]),
        candidate('b', 'LEFT_TO_RIGHT', [1.2]),
      ),
    ).toBe(false);
    expect(
      isOneSurveyInTwoDirections(
        candidate('a', 'LEFT_TO_RIGHT', [1.2]),
        candidate('b', 'BOTTOM_TO_TOP', [0.6]),
      ),
    ).toBe(false);
  });

  it('pairs area scans over one grid in two directions, or over the grid turned a quarter turn', () => {
    const x = (id: string, size: number[]) => candidate(id, 'LEFT_TO_RIGHT', size);
    const y = (id: string, size: number[]) => candidate(id, 'BOTTOM_TO_TOP', size);
    expect(isOneSurveyInTwoDirections(x('a', [0.6, 0.4]), y('b', [0.6, 0.4]))).toBe(true);
    expect(isOneSurveyInTwoDirections(x('a', [0.6, 0.4]), x('b', [0.4, 0.6]))).toBe(true);
    // The same grid twice in one direction: a repeat, not a second direction.
    expect(isOneSurveyInTwoDirections(x('a', [0.6, 0.4]), x('b', [0.6, 0.4]))).toBe(false);
    // Different slabs, or areas of mixed directions (each already holds both).
    expect(isOneSurveyInTwoDirections(x('a', [0.6, 0.4]), y('b', [1.2, 0.8]))).toBe(false);
    expect(isOneSurveyInTwoDirections(candidate('a', null, [0.6, 0.4]), y('b', [0.6, 0.4]))).toBe(false);
  });

  it('leaves a scan single when no later scan fits it, and pairs the ones that do', () => {
    const lines = [
      candidate('a', 'LEFT_TO_RIGHT', [1.2]),
      candidate('b', 'LEFT_TO_RIGHT', [2]),
      candidate('c', 'BOTTOM_TO_TOP', [1.2]),
    ];
    expect(matchAutomatically(lines, isOneSurveyInTwoDirections)).toEqual({
      pairs: [['a', 'c']],
      unmatched: ['b'],
    });
  });
});
