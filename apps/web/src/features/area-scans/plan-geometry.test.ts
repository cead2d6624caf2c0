import { describe, expect, it } from 'vitest';
import {
  chooseAxisStep,
  createPlanTransform,
  formatLineLabel,
  getAxisTicks,
  getPlanExtent,
  placeLineHits,
  placeLines,
} from './plan-geometry';
import type { LineResult, ResultRebar } from './rebar-results';

const scan = (
  nodeId: string,
  csvLineNumber: number | null,
  direction: 'LEFT_TO_RIGHT' | 'BOTTOM_TO_TOP',
) => ({
  nodeId,
  csvLineNumber,
  scanNumber: null,
  areaScanDirection: direction,
  scanLength: 0.6,
});
const grid = { gridSpacingX: 10, gridSpacingY: 20, gridSizeX: 60, gridSizeY: 40 };

describe('formatLineLabel', () => {
  it('pads the line number to three digits after an L', () => {
    expect(formatLineLabel(1)).toBe('L001');
    expect(formatLineLabel(42)).toBe('L042');
    expect(formatLineLabel(1234)).toBe('L1234');
  });
});

describe('placeLines', () => {
  it('places each direction one grid spacing apart in CSV order, as the engine does', () => {
    const lines = placeLines(grid, [
      scan('c', 3, 'LEFT_TO_RIGHT'),
      scan('a', 1, 'LEFT_TO_RIGHT'),
      scan('b', 2, 'BOTTOM_TO_TOP'),
      scan('d', 4, 'BOTTOM_TO_TOP'),
    ]);
    expect(lines.map((l) => [l.label, l.from, l.to])).toEqual([
      ['L001', [0, 0], [0.6, 0]],
      ['L003', [0, 0.2], [0.6, 0.2]],
      ['L002', [0, 0], [0, 0.6]],
      ['L004', [0.1, 0], [0.1, 0.6]],
    ]);
  });

  it('keeps each offset but turns the lines when the direction is forced (dual-orientation areas)', () => {
    const lines = placeLines(
      grid,
      [scan('a', 1, 'LEFT_TO_RIGHT'), scan('b', 2, 'LEFT_TO_RIGHT')],
      'BOTTOM_TO_TOP',
    );
    expect(lines.map((l) => [l.direction, l.from, l.to])).toEqual([
      ['BOTTOM_TO_TOP', [0, 0], [0, 0.6]],
      ['BOTTOM_TO_TOP', [0.2, 0], [0.2, 0.6]],
    ]);
  });

  it('falls back to grid size over the gaps, then to 0.1 m, when the CSV has no spacing', () => {
    const bySize = placeLines({ ...grid, gridSpacingY: null }, [
      scan('a', 1, 'LEFT_TO_RIGHT'),
      scan('b', 2, 'LEFT_TO_RIGHT'),
      scan('c', 3, 'LEFT_TO_RIGHT'),
    ]);
    expect(bySize.map((l) => l.from[1])).toEqual([0, 0.2, 0.4]);
    const none = placeLines({ gridSpacingX: null, gridSpacingY: null, gridSizeX: null, gridSizeY: null }, [
      scan('a', 1, 'LEFT_TO_RIGHT'),
      scan('b', 2, 'LEFT_TO_RIGHT'),
    ]);
    expect(none[1]!.from[1]).toBeCloseTo(0.1, 10);
  });
});

const bar = (x: number, coverM: number): ResultRebar => ({
  id: `b${x}`,
  depthCoords: [[x, 0, coverM + 0.006]],
  R: 0.006,
  orientation: 0,
  usesDefaultRadius: false,
  coverM,
  confidence: 0.9,
});

describe('placeLineHits', () => {
  it('puts a detection at its distance along its line, oriented by the line direction', () => {
    const lines = placeLines(grid, [
      scan('a', 1, 'LEFT_TO_RIGHT'),
      scan('b', 2, 'LEFT_TO_RIGHT'),
      scan('v', 3, 'BOTTOM_TO_TOP'),
      scan('w', 4, 'BOTTOM_TO_TOP'),
    ]);
    const results: LineResult[] = [
      {
        nodeId: 'b',
        name: 'L002',
        rebars: [bar(0.25, 0.04)],
        hyperbolas: [],
        permittivity: 7,
        timeZeroS: null,
      },
      {
        nodeId: 'w',
        name: 'L004',
        rebars: [bar(0.3, 0.05)],
        hyperbolas: [],
        permittivity: 7,
        timeZeroS: null,
      },
      {
        nodeId: 'unknown',
        name: '',
        rebars: [bar(0.1, 0.05)],
        hyperbolas: [],
        permittivity: 7,
        timeZeroS: null,
      },
    ];
    const hits = placeLineHits(lines, results);
    expect(hits).toHaveLength(2);
    expect(hits[0]).toMatchObject({ x: 0.25, y: 0.2, orientation: 0, coverM: 0.04 });
    expect(hits[1]).toMatchObject({ x: 0.1, y: 0.3, orientation: 1 });
  });
});

describe('plan extent and transform', () => {
  it('uses the grid size and grows to hold lines and bars', () => {
    const extent = getPlanExtent(
      { ...grid, areaScanWidth: null, areaScanHeight: null },
      [],
      [{ ...bar(0.7, 0.04), depthCoords: [[0.7, 0.1, 0.05]] }],
    );
    expect(extent).toEqual({ width: 0.7, height: 0.4 });
  });

  it('keeps metres square and puts y = 0 at the bottom', () => {
    const t = createPlanTransform({ width: 1, height: 0.5 }, 440, 400, 20);
    expect(t.scale).toBe(400);
    expect(t.toX(0)).toBe(20);
    expect(t.toX(1)).toBe(420);
    expect(t.toY(0)).toBe(t.height - 20);
    expect(t.toY(0.5)).toBe(20);
  });

  it('ticks every step up to the end, with a readable step', () => {
    expect(getAxisTicks(0.35, 0.1)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(getAxisTicks(0.6, 0.2)).toEqual([0, 0.2, 0.4, 0.6]);
    expect(chooseAxisStep(0.6)).toBe(0.1);
    expect(chooseAxisStep(3)).toBe(0.5);
  });
});
