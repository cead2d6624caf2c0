import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, makePoint, setLatestDiameter, toLabelValue, typeDigit } from './label-draft';

describe('typeDigit', () => {
  it('appends digits typed within 700 ms and starts again after', () => {
    const one = typeDigit(null, '1', 1000);
    expect(one.diameterMm).toBe(1);
    const two = typeDigit(one.buffer, '6', 1600);
    expect(two.diameterMm).toBe(16);
    const fresh = typeDigit(two.buffer, '8', 2301);
    expect(fresh.diameterMm).toBe(8);
    expect(typeDigit(typeDigit(null, '0', 0).buffer, '0', 10).diameterMm).toBeNull();
    expect(typeDigit(typeDigit(typeDigit(null, '1', 0).buffer, '2', 10).buffer, '0', 20).diameterMm).toBeNull();
  });
});

describe('label drafts', () => {
  const limits = { traces: 100, samples: 50 };
  it('ignores negative or outside positions and rounds to indices', () => {
    expect(makePoint({ trace: -0.2, sample: 3 }, 'REBAR_POSITION', 12, limits)).toBeNull();
    expect(makePoint({ trace: 3, sample: -1 }, 'REBAR_POSITION', 12, limits)).toBeNull();
    expect(makePoint({ trace: 100, sample: 1 }, 'REBAR_POSITION', 12, limits)).toBeNull();
    expect(makePoint({ trace: 3.6, sample: 7.2 }, 'REBAR_POSITION_WITH_DIAMETER', 12, limits)).toEqual({
      signalRowIndex: 4,
      timeColumnIndex: 7,
      type: 'REBAR_POSITION_WITH_DIAMETER',
      diameter: 12,
    });
  });

  it('gives the latest rebar label a typed diameter, and stores no confidence', () => {
    const draft = { ...EMPTY_DRAFT, points: [{ signalRowIndex: 1, timeColumnIndex: 2, type: 'REBAR_POSITION' as const, confidence: 0.9 }] };
    const sized = setLatestDiameter(draft, 16);
    expect(toLabelValue(sized)).toEqual({
      points: [{ signalRowIndex: 1, timeColumnIndex: 2, type: 'REBAR_POSITION_WITH_DIAMETER', diameter: 16 }],
      global: { depth: null },
    });
    const background = { ...EMPTY_DRAFT, points: [{ signalRowIndex: 1, timeColumnIndex: 2, type: 'BACKGROUND_REFLECTION' as const }] };
    expect(setLatestDiameter(background, 16)).toBe(background);
  });
});
