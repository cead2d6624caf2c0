import type { DiffractionStack } from './diffraction-stack';

/** A local maximum of the diffraction stack. */
export interface StackPeak {
  /** Trace index of the apex. */
  xIdx: number;
  /** Sample index of the apex. */
  tIdx: number;
  /** Stack score (mean normalised envelope along the curve; noise gives about 1–2). */
  score: number;
  /** Permittivity of the best curve. */
  permittivity: number;
}

/** Options of {@link findStackPeaks}. */
export interface StackPeakOptions {
  /** Smallest score kept. Default 3. */
  minScore?: number;
  /** Peaks closer than this along the line and within `minSeparationSamples` in time are merged. Metres. */
  minSeparationM: number;
  /** Time half-window of the merge, samples. */
  minSeparationSamples: number;
  /** Trace spacing, metres. */
  traceSpacingM: number;
  /** Most peaks returned. Default 200. */
  maxPeaks?: number;
}

/**
 * Local maxima of the stack score (3×3 on the stack grid) above a threshold, strongest first, with greedy
 * non-maximum suppression: a peak within the separation window of a stronger one is dropped.
 *
 * @param stack - the diffraction stack.
 * @param options - threshold and separation.
 * @returns peaks, strongest first.
 * @example
 * ```ts
 * const peaks = findStackPeaks(stack, { minSeparationM: 0.03, minSeparationSamples: 20, traceSpacingM: 0.004 });
 * ```
 */
export function findStackPeaks(stack: DiffractionStack, options: StackPeakOptions): StackPeak[] {
  const { score, traceIndices, sampleIndices } = stack;
  const columns = traceIndices.length;
  const rows = sampleIndices.length;
  const minScore = options.minScore ?? 3;
  const raw: StackPeak[] = [];
  for (let c = 0; c < columns; c++) {
    for (let r = 0; r < rows; r++) {
      const v = score[c * rows + r];
      if (v < minScore) continue;
      let isMax = true;
      for (let dc = -1; dc <= 1 && isMax; dc++) {
        for (let dr = -1; dr <= 1; dr++) {
          if (dc === 0 && dr === 0) continue;
          const cc = c + dc;
          const rr = r + dr;
          if (cc < 0 || rr < 0 || cc >= columns || rr >= rows) continue;
          const other = score[cc * rows + rr];
          if (other > v || (other === v && (dc < 0 || (dc === 0 && dr < 0)))) {
            isMax = false;
            break;
          }
        }
      }
      if (isMax) {
        raw.push({
          xIdx: traceIndices[c],
          tIdx: sampleIndices[r],
          score: v,
          permittivity: stack.permittivities[stack.bestPermittivity[c * rows + r]],
        });
      }
    }
  }
  raw.sort((a, b) => b.score - a.score);
  const kept: StackPeak[] = [];
  const separationTraces = options.minSeparationM / options.traceSpacingM;
  for (const peak of raw) {
    const isSuppressed = kept.some(
      (k) =>
        Math.abs(k.xIdx - peak.xIdx) < separationTraces &&
        Math.abs(k.tIdx - peak.tIdx) < options.minSeparationSamples,
    );
    if (!isSuppressed) kept.push(peak);
    if (kept.length >= (options.maxPeaks ?? 200)) break;
  }
  return kept;
}
