import { describe, expect, it } from 'vitest';
import type { MatchState, PairCandidate } from './pairing';
import {
  canMoveItem,
  matchAutomatically,
  moveItem,
  pairsToSubmit,
  pairUnmatched,
  sortCandidates,
  swapPair,
  unpair,
} from './pairing';

const scan = (id: string, name: string, scanDate: string | null = null): PairCandidate => ({
  id,
  name,
  scanDate,
});

describe('automatic matching (seed 001 §4)', () => {
  it('sorts by scan date, then name, and pairs two by two; the leftover stays single', () => {
    const candidates = [
      scan('e', 'L010', '2026-03-02T08:00:00Z'),
      scan('b', 'L002', '2026-03-01T08:00:00Z'),
      scan('d', 'L001', '2026-03-02T08:00:00Z'),
      scan('a', 'L009', '2026-03-01T07:00:00Z'),
      scan('c', 'L003', '2026-03-01T08:00:00Z'),
    ];
    expect(matchAutomatically(candidates)).toEqual({
      pairs: [
        ['a', 'b'],
        ['c', 'd'],
      ],
      unmatched: ['e'],
    });
  });

  it('orders names with numbers numerically and puts unknown dates last', () => {
    const sorted = sortCandidates([
      scan('x', 'Line 10'),
      scan('y', 'Line 9'),
      scan('z', 'Line 11', '2020-01-01'),
      scan('w', 'Line 2', 'not a date'),
    ]);
    expect(sorted.map((c) => c.name)).toEqual(['Line 11', 'Line 2', 'Line 9', 'Line 10']);
  });

  it('leaves a single candidate unmatched and submits nothing', () => {
    const state = matchAutomatically([scan('a', 'L001')]);
    expect(state).toEqual({ pairs: [], unmatched: ['a'] });
    expect(pairsToSubmit(state)).toEqual([]);
  });
});

describe('editing the pairs', () => {
  const start: MatchState = {
    pairs: [
      ['a', 'b'],
      ['c', 'd'],
    ],
    unmatched: ['e'],
  };

  it('swaps the roles of one pair', () => {
    expect(swapPair(start, 1).pairs).toEqual([
      ['a', 'b'],
      ['d', 'c'],
    ]);
    expect(swapPair(start, 5)).toBe(start);
  });

  it('moves an item across pairs, changing partners', () => {
    expect(moveItem(start, 'c', -1).pairs).toEqual([
      ['a', 'c'],
      ['b', 'd'],
    ]);
    expect(moveItem(start, 'b', 1).pairs).toEqual([
      ['a', 'c'],
      ['b', 'd'],
    ]);
  });

  it('does not move past either end', () => {
    expect(canMoveItem(start, 'a', -1)).toBe(false);
    expect(canMoveItem(start, 'd', 1)).toBe(false);
    expect(canMoveItem(start, 'e', 1)).toBe(false);
    expect(moveItem(start, 'a', -1)).toBe(start);
    expect(canMoveItem(start, 'b', 1)).toBe(true);
  });

  it('unpairs into the unmatched list in sorted order, and pairs two unmatched items again', () => {
    const order = ['a', 'b', 'c', 'd', 'e'];
    const broken = unpair(start, 0, order);
    expect(broken).toEqual({ pairs: [['c', 'd']], unmatched: ['a', 'b', 'e'] });
    const paired = pairUnmatched(broken, 'e', 'a');
    expect(paired).toEqual({
      pairs: [
        ['c', 'd'],
        ['e', 'a'],
      ],
      unmatched: ['b'],
    });
    expect(pairUnmatched(paired, 'b', 'b')).toBe(paired);
    expect(pairUnmatched(paired, 'b', 'c')).toBe(paired);
  });

  it('submits only pairs with both ids', () => {
    const state: MatchState = {
      pairs: [
        ['a', 'b'],
        ['c', ''],
        ['d', 'd'],
      ],
      unmatched: [],
    };
    expect(pairsToSubmit(state)).toEqual([['a', 'b']]);
  });
});
