/** A true bar of a benchmark scan. */
export interface TruthBar {
  /** Position along the line from the first trace, metres. */
  xM: number;
  /** Cover, metres (undefined when only the position is known, e.g. apex picks on real data). */
  coverM?: number;
  /** Radius, metres, when known. */
  radiusM?: number;
}

/** A found bar, as the benchmark sees it. */
export interface FoundBar {
  xM: number;
  coverM: number;
  /** Claimed nominal diameter in mm, undefined for "undetermined". */
  nominalDiameterMm?: number;
  confidence: number;
}

/** Outcome of {@link matchBars}. */
export interface MatchResult {
  /** Pairs [truth index, found index] that satisfy both tolerances. */
  matches: [number, number][];
  /** Pairs that satisfy the position tolerance (cover errors measured on these, so large ones show). */
  positionMatches: [number, number][];
  precision: number;
  recall: number;
  f1: number;
}

/** Options of {@link matchBars}. */
export interface MatchOptions {
  /** Largest position error, metres. Default 0.01 (algorithms.md §5). */
  maxDxM?: number;
  /** Fraction of the local spacing that also caps the position error. Default 0.25. */
  spacingFraction?: number;
  /** Largest cover error, metres. Default 0.005. */
  maxDcoverM?: number;
}

/**
 * Matches found bars to true bars one-to-one (algorithms.md §5): a pair counts when |Δx| ≤ min(10 mm, a quarter
 * of the local spacing — the distance to the nearest other true bar) and |Δcover| ≤ 5 mm (cover ignored when
 * the truth has none); the closest pairs are taken first. Returns precision, recall and F1 (1 for an empty scan
 * with nothing found).
 *
 * @param truth - the true bars.
 * @param found - the found bars.
 * @param options - tolerances.
 * @returns the matches and the scores.
 * @example
 * ```ts
 * matchBars([{ xM: 0.1, coverM: 0.04 }], [{ xM: 0.102, coverM: 0.041, confidence: 0.9 }]).f1; // 1
 * ```
 */
export function matchBars(truth: TruthBar[], found: FoundBar[], options: MatchOptions = {}): MatchResult {
  const maxDx = options.maxDxM ?? 0.01;
  const fraction = options.spacingFraction ?? 0.25;
  const maxDcover = options.maxDcoverM ?? 0.005;
  const tolerance = truth.map((t, i) => {
    const spacing = Math.min(Infinity, ...truth.filter((_, j) => j !== i).map((o) => Math.abs(o.xM - t.xM)));
    return Math.min(maxDx, fraction * spacing);
  });
  const pick = (useCover: boolean): [number, number][] => {
    const pairs: { i: number; j: number; cost: number }[] = [];
    truth.forEach((t, i) =>
      found.forEach((f, j) => {
        const dx = Math.abs(f.xM - t.xM);
        const dc = t.coverM === undefined ? 0 : Math.abs(f.coverM - t.coverM);
        if (dx <= tolerance[i] && (!useCover || dc <= maxDcover))
          pairs.push({ i, j, cost: dx / tolerance[i] + dc / maxDcover });
      }),
    );
    pairs.sort((a, b) => a.cost - b.cost);
    const usedT = new Set<number>();
    const usedF = new Set<number>();
    const out: [number, number][] = [];
    for (const { i, j } of pairs) {
      if (usedT.has(i) || usedF.has(j)) continue;
      usedT.add(i);
      usedF.add(j);
      out.push([i, j]);
    }
    return out;
  };
  const matches = pick(true);
  const precision = found.length === 0 ? (truth.length === 0 ? 1 : 0) : matches.length / found.length;
  const recall = truth.length === 0 ? 1 : matches.length / truth.length;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { matches, positionMatches: pick(false), precision, recall, f1 };
}

/**
 * Mean absolute value and 95th percentile (nearest rank) of a list.
 *
 * @param values - the values (any sign).
 * @returns { mae, p95 } (NaN for an empty list).
 * @example
 * ```ts
 * absoluteErrorStats([1, -2, 3]); // { mae: 2, p95: 3 }
 * ```
 */
export function absoluteErrorStats(values: number[]): { mae: number; p95: number } {
  if (values.length === 0) return { mae: Number.NaN, p95: Number.NaN };
  const abs = values.map(Math.abs).sort((a, b) => a - b);
  return {
    mae: abs.reduce((a, b) => a + b, 0) / abs.length,
    p95: abs[Math.min(abs.length - 1, Math.ceil(0.95 * abs.length) - 1)],
  };
}

/**
 * Effective permittivity of a single-pole Debye medium at a frequency: ε' = ε∞ + (εs − ε∞)/(1 + (2πfτ)²), the
 * value a hyperbola fit near the antenna's centre frequency measures.
 *
 * @param epsilonStatic - εs.
 * @param epsilonInf - ε∞.
 * @param tauS - relaxation time, seconds.
 * @param frequencyHz - frequency, Hz.
 * @returns ε'(f).
 * @example
 * ```ts
 * debyeRealPermittivity(8, 5, 8e-12, 1.6e9); // ≈ 7.98
 * ```
 */
export function debyeRealPermittivity(
  epsilonStatic: number,
  epsilonInf: number,
  tauS: number,
  frequencyHz: number,
): number {
  const wt = 2 * Math.PI * frequencyHz * tauS;
  return epsilonInf + (epsilonStatic - epsilonInf) / (1 + wt * wt);
}
