/**
 * Automatic matching of parallel and perpendicular scans (or area-scan groups) into dual-orientation pairs,
 * as seed 001 §4 says: sorted by scan date, then name; paired two by two in that order (the first of a pair
 * is the parallel one); a leftover stays single. The user can then swap a pair, move items up or down (which
 * re-forms the pairs), unpair, and pair two unmatched items. Pure functions: the dialog keeps the state.
 */

/** A scan or area scan that may be paired. */
export interface PairCandidate {
  id: string;
  name: string;
  /** ISO 8601 acquisition date; unknown dates sort after known ones. */
  scanDate: string | null;
}

/** `[parallel, perpendicular]` ids. */
export type Pair = readonly [string, string];

export interface MatchState {
  pairs: Pair[];
  /** Items that stay single, in sorted order. */
  unmatched: string[];
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function dateValue(date: string | null): number {
  if (!date) return Number.POSITIVE_INFINITY;
  const time = Date.parse(date);
  return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time;
}

/** Candidates by scan date (unknown last), then name (numbers in names in numeric order), then id. */
export function sortCandidates<T extends PairCandidate>(candidates: readonly T[]): T[] {
  return [...candidates].sort(
    (a, b) =>
      dateValue(a.scanDate) - dateValue(b.scanDate) ||
      collator.compare(a.name, b.name) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** Pair consecutive ids two by two; an odd last one is left over. */
function chunk(ids: readonly string[]): MatchState {
  const pairs: Pair[] = [];
  for (let i = 0; i + 1 < ids.length; i += 2) pairs.push([ids[i]!, ids[i + 1]!]);
  return { pairs, unmatched: ids.length % 2 ? [ids[ids.length - 1]!] : [] };
}

/**
 * The automatic matching of seed 001 §4: in sorted order, each item is paired with the next free one that
 * `isPair` accepts (by default any: two by two). Items without such a partner stay single.
 */
export function matchAutomatically<T extends PairCandidate>(
  candidates: readonly T[],
  isPair: (parallel: T, perpendicular: T) => boolean = () => true,
): MatchState {
  const sorted = sortCandidates(candidates);
  const used = new Set<string>();
  const pairs: Pair[] = [];
  sorted.forEach((a, i) => {
    if (used.has(a.id)) return;
    const b = sorted.slice(i + 1).find((c) => !used.has(c.id) && isPair(a, c));
    if (!b) return;
    used.add(a.id).add(b.id);
    pairs.push([a.id, b.id]);
  });
  return { pairs, unmatched: sorted.filter((c) => !used.has(c.id)).map((c) => c.id) };
}

/** Swap the roles of pair `index` (parallel ↔ perpendicular). */
export function swapPair(state: MatchState, index: number): MatchState {
  const pair = state.pairs[index];
  if (!pair) return state;
  const pairs = [...state.pairs];
  pairs[index] = [pair[1], pair[0]];
  return { ...state, pairs };
}

/**
 * Move a paired item one place up (`-1`) or down (`+1`) in the paired sequence, exchanging it with its
 * neighbour: within a pair that swaps roles, across pairs it changes partners.
 */
export function moveItem(state: MatchState, id: string, direction: -1 | 1): MatchState {
  const sequence = state.pairs.flat();
  const from = sequence.indexOf(id);
  const to = from + direction;
  if (from < 0 || to < 0 || to >= sequence.length) return state;
  [sequence[from], sequence[to]] = [sequence[to]!, sequence[from]!];
  return { pairs: chunk(sequence).pairs, unmatched: state.unmatched };
}

/** Whether `moveItem(state, id, direction)` would change anything. */
export function canMoveItem(state: MatchState, id: string, direction: -1 | 1): boolean {
  const sequence = state.pairs.flat();
  const from = sequence.indexOf(id);
  const to = from + direction;
  return from >= 0 && to >= 0 && to < sequence.length;
}

/** Break pair `index`: both items become unmatched (kept in `order`, the sorted ids). */
export function unpair(state: MatchState, index: number, order: readonly string[]): MatchState {
  const pair = state.pairs[index];
  if (!pair) return state;
  const unmatched = new Set([...state.unmatched, ...pair]);
  return {
    pairs: state.pairs.filter((_, i) => i !== index),
    unmatched: order.filter((id) => unmatched.has(id)),
  };
}

/** Pair two unmatched items, `parallel` first; appended after the existing pairs. */
export function pairUnmatched(state: MatchState, parallel: string, perpendicular: string): MatchState {
  if (parallel === perpendicular) return state;
  if (!state.unmatched.includes(parallel) || !state.unmatched.includes(perpendicular)) return state;
  return {
    pairs: [...state.pairs, [parallel, perpendicular]],
    unmatched: state.unmatched.filter((id) => id !== parallel && id !== perpendicular),
  };
}

/** The pairs to submit: only those with both ids present and different. */
export function pairsToSubmit(state: MatchState): Pair[] {
  return state.pairs.filter(([a, b]) => Boolean(a) && Boolean(b) && a !== b);
}
