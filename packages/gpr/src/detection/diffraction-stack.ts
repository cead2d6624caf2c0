import { bistaticTravelTimeS, coverFromApexTimeM } from '../fitting/bistatic-cylinder';
import type { PreparedScan } from './prepare-scan';

/** Options of {@link computeDiffractionStack}. */
export interface DiffractionStackOptions {
  /** Trial permittivities. Default [4, 5.5, 7.5, 10.3, 14]. */
  permittivities?: number[];
  /** Widest half-aperture, metres. Default 0.1. */
  maxApertureM?: number;
  /** Longest limb delay used, in wavelet periods. Default 2. */
  maxDelayPeriods?: number;
  /** Bar radius of the stacking curves, metres. Default 0.006. */
  radiusM?: number;
  /** Deepest cover searched, metres. Default 0.4. */
  maxCoverM?: number;
  /** Cells whose own envelope is below this many noise floors are skipped (an apex is bright). Default 3. */
  minApexLevel?: number;
}

/** Stack score on a decimated (trace, sample) grid. */
export interface DiffractionStack {
  /** Score per grid cell (coherent amplitude along the best curve ÷ clutter level), [column][row]. */
  score: Float32Array;
  /** Index into `permittivities` of the best curve per cell. */
  bestPermittivity: Uint8Array;
  /** Trace index of every grid column. */
  traceIndices: Int32Array;
  /** Sample index of every grid row. */
  sampleIndices: Int32Array;
  /** The trial permittivities. */
  permittivities: number[];
}

/**
 * Velocity-scanned, phase-coherent diffraction stack (a Kirchhoff-style summation, algorithms.md §4.4 step 2):
 * for every trial permittivity and every apex (trace, sample), the analytic signal (data + i·Hilbert) is summed
 * along the exact bistatic curve of a bar whose apex would be there, each side separately; the score is the
 * geometric mean of the two sides' coherent amplitudes, divided by the per-time clutter level. Coherent
 * summation focuses a hyperbola's energy at its apex, while the crossing of two neighbours' limbs, flat layers
 * and random clutter add up incoherently; needing both limbs rejects dipping layers and single edges (at the
 * ends of the line the one available side counts at a discount). Taking the magnitude makes the score
 * independent of the wavelet's phase and polarity. Evaluated on a grid decimated to about 4 mm and an eighth of
 * a period; cells whose own envelope is dim are skipped.
 *
 * @param scan - the prepared scan.
 * @param options - trial permittivities, aperture, radius and depth range.
 * @returns the best score per grid cell and which permittivity gave it.
 * @example
 * ```ts
 * const stack = computeDiffractionStack(prepareScan(rg));
 * ```
 */
export function computeDiffractionStack(
  scan: PreparedScan,
  options: DiffractionStackOptions = {},
): DiffractionStack {
  const permittivities = options.permittivities ?? [4, 5.5, 7.5, 10.3, 14];
  const {
    traces,
    samplesPerTrace: n,
    traceSpacingM: dx,
    sampleIntervalS: dt,
    data,
    hilbert,
    envelope,
    level,
  } = scan;
  const traceStride = Math.max(1, Math.round(0.004 / dx));
  const sampleStride = Math.max(1, Math.round(scan.periodSamples / 8));
  const traceIndices = Int32Array.from(
    { length: Math.ceil(traces / traceStride) },
    (_, i) => i * traceStride,
  );
  const first = scan.firstUsableSample;
  const rows = Math.max(0, Math.ceil((n - first) / sampleStride));
  const sampleIndices = Int32Array.from({ length: rows }, (_, i) => first + i * sampleStride);
  const score = new Float32Array(traceIndices.length * rows);
  const best = new Uint8Array(traceIndices.length * rows);
  const maxAperture = options.maxApertureM ?? 0.1;
  const maxCover = options.maxCoverM ?? 0.4;
  const minApex = options.minApexLevel ?? 3;
  const maxDelay = (options.maxDelayPeriods ?? 2) * scan.periodSamples;
  const tapStride = Math.max(1, Math.round(maxAperture / dx / 16));
  let tapSample = new Int32Array(0);
  let tapFraction = new Float64Array(0);
  let tapWeight = new Float64Array(0);
  let tapTraces = new Int32Array(0);
  // The columns whose apex is strong enough, per row (the test depends on the row and column alone, not on εr):
  // found once, trace by trace (the envelope's samples of one trace lie together), instead of once per εr with a
  // trace's stride between consecutive reads. Row r's columns, in order, are passing[rowStart[r] … rowStart[r+1]).
  const rowStart = new Int32Array(rows + 1);
  const inverseLevels = new Float64Array(rows);
  for (let r = 0; r < rows; r++) inverseLevels[r] = 1 / level[sampleIndices[r]];
  const isStrong = new Uint8Array(traceIndices.length * rows);
  for (let c = 0; c < traceIndices.length; c++) {
    const base = traceIndices[c] * n;
    for (let r = 0; r < rows; r++) {
      if (envelope[base + sampleIndices[r]] * inverseLevels[r] < minApex) continue;
      isStrong[c * rows + r] = 1;
      rowStart[r + 1]++;
    }
  }
  for (let r = 0; r < rows; r++) rowStart[r + 1] += rowStart[r];
  const passing = new Int32Array(rowStart[rows]);
  const filled = rowStart.slice(0, rows);
  for (let c = 0; c < traceIndices.length; c++)
    for (let r = 0; r < rows; r++) if (isStrong[c * rows + r]) passing[filled[r]++] = c;
  for (let e = 0; e < permittivities.length; e++) {
    const eps = permittivities[e];
    for (let r = 0; r < rows; r++) {
      const apex = sampleIndices[r];
      const cover = coverFromApexTimeM((apex - scan.timeZeroSample) * dt, eps, scan.antennaSeparationM);
      if (cover > maxCover) continue;
      const bar = { x0M: 0, coverM: cover, radiusM: options.radiusM ?? 0.006 };
      const apexTime = bistaticTravelTimeS(0, bar, eps, scan.antennaSeparationM);
      const taps: number[] = [];
      const delays: number[] = [];
      const weights: number[] = [];
      for (let k = tapStride; k * dx <= maxAperture; k += tapStride) {
        const delay = (bistaticTravelTimeS(k * dx, bar, eps, scan.antennaSeparationM) - apexTime) / dt;
        if (delay > maxDelay) break;
        taps.push(k);
        delays.push(delay);
      }
      if (taps.length < 2) continue;
      for (let i = 0; i < taps.length; i++) weights.push(1 - (0.5 * i) / taps.length);
      const sideWeight = weights.reduce((a, b) => a + b, 0);
      const inverseLevel = inverseLevels[r];
      // What depends on the row only, out of the column loop: each tap's sample, interpolation fraction and
      // trace distance (the taps past the end of the trace are dropped, as the loop's break did).
      if (taps.length > tapSample.length) {
        tapSample = new Int32Array(taps.length);
        tapFraction = new Float64Array(taps.length);
        tapWeight = new Float64Array(taps.length);
        tapTraces = new Int32Array(taps.length);
      }
      let usedTaps = 0;
      while (usedTaps < taps.length && Math.floor(apex + delays[usedTaps]) < n - 1) usedTaps++;
      for (let i = 0; i < usedTaps; i++) {
        const time = apex + delays[i];
        tapSample[i] = Math.floor(time);
        tapFraction[i] = time - tapSample[i];
        tapWeight[i] = weights[i];
        tapTraces[i] = taps[i];
      }
      const firstTap = taps[0];
      const lastTap = taps[taps.length - 1];
      for (let p = rowStart[r]; p < rowStart[r + 1]; p++) {
        const c = passing[p];
        const x = traceIndices[c];
        const centre = x * n + apex;
        let leftRe = 0.5 * data[centre];
        let leftIm = 0.5 * hilbert[centre];
        let rightRe = leftRe;
        let rightIm = leftIm;
        const hasLeft = x - lastTap >= 0 || x - firstTap >= 0;
        const hasRight = x + firstTap < traces;
        for (let i = 0; i < usedTaps; i++) {
          const s0 = tapSample[i];
          const f = tapFraction[i];
          const w = tapWeight[i];
          const lt = x - tapTraces[i];
          const rt = x + tapTraces[i];
          if (lt >= 0) {
            const j = lt * n + s0;
            leftRe += w * (data[j] + f * (data[j + 1] - data[j]));
            leftIm += w * (hilbert[j] + f * (hilbert[j + 1] - hilbert[j]));
          }
          if (rt < traces) {
            const j = rt * n + s0;
            rightRe += w * (data[j] + f * (data[j + 1] - data[j]));
            rightIm += w * (hilbert[j] + f * (hilbert[j + 1] - hilbert[j]));
          }
        }
        const left = Math.sqrt(leftRe * leftRe + leftIm * leftIm) / (0.5 + sideWeight);
        const right = Math.sqrt(rightRe * rightRe + rightIm * rightIm) / (0.5 + sideWeight);
        const value =
          (hasLeft && hasRight ? Math.sqrt(left * right) : 0.7 * (hasLeft ? left : right)) * inverseLevel;
        const cell = c * rows + r;
        if (value > score[cell]) {
          score[cell] = value;
          best[cell] = e;
        }
      }
    }
  }
  return { score, bestPermittivity: best, traceIndices, sampleIndices, permittivities };
}
