/** One detection on one line of an area scan, in grid coordinates. */
export interface LineHit {
  /** Index of the line in the area scan's line list. */
  line: number;
  /** Index of the detection within its line. */
  detection: number;
  /** Position along the line's direction on the grid, metres. */
  alongM: number;
  /** The line's position across its direction on the grid, metres. */
  acrossM: number;
  /** Cover, metres. */
  coverM: number;
  /** Confidence 0–1. */
  confidence: number;
}

/** A straight bar built from hits on several parallel lines. */
export interface LinkedBar {
  hits: LineHit[];
  /** along = intercept + slope × across (robust line fit). */
  intercept: number;
  slope: number;
  /** sin²θ of the angle θ between the bar and the scan lines (1 when the bar crosses them at 90°). */
  obliquity: number;
}

/** Options of {@link linkHitsIntoBars}. */
export interface LinkOptions {
  /** Largest jump along the line between hits on adjacent lines, metres. Default 0.04. */
  maxAlongJumpM?: number;
  /** Largest cover difference between linked hits, metres. Default 0.012. */
  maxCoverJumpM?: number;
  /** Lines a chain may skip (missed detections). Default 1. */
  maxGap?: number;
  /** Fewest hits of a bar; shorter chains are dropped when the scan has at least this many lines. Default 2. */
  minHits?: number;
}

/**
 * Links detections on adjacent parallel lines into straight bars (algorithms.md §4.4 step 8): lines are
 * visited in order across the grid; each open chain predicts where its bar crosses the next line (from its
 * robust line fit once it has two hits) and takes the nearest unclaimed hit within the along-line and cover
 * gates — the globally cheapest pairs first (greedy assignment). A chain survives up to `maxGap` missed lines;
 * every chain is refitted with a Theil–Sen line (robust to a wrong hit), and hits more than two gates from the
 * line are dropped. The bar's angle to the lines gives the obliquity factor sin²θ used to correct the
 * permittivity (apparent εr = εr·sin²θ, §4.3).
 *
 * @param hits - every detection of every line of one direction.
 * @param lineCount - number of lines in that direction.
 * @param options - gates, allowed gap and minimum length.
 * @returns the linked bars, sorted by position.
 * @example
 * ```ts
 * const bars = linkHitsIntoBars(hits, 10);
 * bars[0].slope; // along-line drift per metre across
 * ```
 */
export function linkHitsIntoBars(hits: LineHit[], lineCount: number, options: LinkOptions = {}): LinkedBar[] {
  const maxAlong = options.maxAlongJumpM ?? 0.04;
  const maxCover = options.maxCoverJumpM ?? 0.012;
  const maxGap = options.maxGap ?? 1;
  const lines = [...new Set(hits.map((h) => h.line))].sort((a, b) => acrossOf(hits, a) - acrossOf(hits, b));
  const chains: { hits: LineHit[]; lastLine: number }[] = [];
  for (let k = 0; k < lines.length; k++) {
    const current = hits.filter((h) => h.line === lines[k]);
    const open = chains.filter((c) => k - c.lastLine - 1 <= maxGap);
    const pairs: { chain: (typeof chains)[number]; hit: LineHit; cost: number }[] = [];
    for (const chain of open) {
      const fit = fitLine(chain.hits);
      for (const hit of current) {
        const along = Math.abs(fit.intercept + fit.slope * hit.acrossM - hit.alongM);
        const cover = Math.abs(median(chain.hits.map((h) => h.coverM)) - hit.coverM);
        if (along <= maxAlong && cover <= maxCover)
          pairs.push({ chain, hit, cost: along / maxAlong + cover / maxCover });
      }
    }
    pairs.sort((a, b) => a.cost - b.cost);
    const usedChains = new Set<object>();
    const usedHits = new Set<LineHit>();
    for (const { chain, hit } of pairs) {
      if (usedChains.has(chain) || usedHits.has(hit)) continue;
      chain.hits.push(hit);
      chain.lastLine = k;
      usedChains.add(chain);
      usedHits.add(hit);
    }
    for (const hit of current) if (!usedHits.has(hit)) chains.push({ hits: [hit], lastLine: k });
  }
  const minHits = lineCount >= (options.minHits ?? 2) ? (options.minHits ?? 2) : 1;
  return chains
    .map((c) => {
      const first = fitLine(c.hits);
      const kept = c.hits.filter(
        (h) => Math.abs(first.intercept + first.slope * h.acrossM - h.alongM) <= 2 * maxAlong,
      );
      const fit = fitLine(kept);
      return {
        hits: kept,
        intercept: fit.intercept,
        slope: fit.slope,
        obliquity: 1 / (1 + fit.slope * fit.slope),
      };
    })
    .filter((b) => b.hits.length >= minHits)
    .sort((a, b) => a.intercept - b.intercept);
}

function acrossOf(hits: LineHit[], line: number): number {
  return hits.find((h) => h.line === line)?.acrossM ?? 0;
}

/** Theil–Sen line along = intercept + slope·across (slope 0 for a single hit or a single line). */
function fitLine(hits: LineHit[]): { intercept: number; slope: number } {
  const slopes: number[] = [];
  for (let i = 0; i < hits.length; i++) {
    for (let j = i + 1; j < hits.length; j++) {
      const dw = hits[j].acrossM - hits[i].acrossM;
      if (Math.abs(dw) > 1e-9) slopes.push((hits[j].alongM - hits[i].alongM) / dw);
    }
  }
  const slope = slopes.length > 0 ? median(slopes) : 0;
  const intercept = median(hits.map((h) => h.alongM - slope * h.acrossM));
  return { intercept, slope };
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : 0.5 * (sorted[mid - 1] + sorted[mid]);
}
