import { bistaticTravelTimeS } from '../fitting/bistatic-cylinder';
import type { CandidateFit } from '../fitting/fit-candidate';
import type { PreparedScan } from './prepare-scan';

/** A fitted candidate on its way to becoming a detection. */
export interface FittedCandidate {
  /** Stack score of the candidate. */
  score: number;
  result: CandidateFit;
  /** Radius used in the fit, metres. */
  radiusM: number;
  /**
   * Only one limb could be picked (the other is hidden by a neighbour's hyperbola right next to the apex): the
   * position and cover are usable, the curvature — and so the permittivity — is not.
   */
  isOneSided?: boolean;
}

/** Plausibility limits of {@link isPlausibleFit}. */
export interface PlausibilityLimits {
  /** Permittivity range of concrete accepted for a single hyperbola. Default [3, 25]. */
  permittivityRange?: [number, number];
  /** Deepest cover, metres. Default 0.4. */
  maxCoverM?: number;
  /** Shallowest cover, metres. Default 0.005 (shallower "apexes" are the direct wave's own wobble). */
  minCoverM?: number;
  /** Largest RMS misfit, in wavelet periods. Default 0.12. */
  maxRmsPeriods?: number;
  /** Accept a single limb of at least eight picks (the other is hidden by a neighbour's hyperbola). */
  isOneSideBlocked?: boolean;
  /**
   * How far outside its picked span a one-limbed fit's apex may lie, traces (with `isOneSideBlocked`): up to
   * where the neighbour's curve blocks the hidden limb. Default 6 mm.
   */
  apexSlackTraces?: number;
}

/**
 * Whether a fit looks like a bar: enough picks on both limbs (or many on one at the end of the line), a small
 * misfit, a concrete-like permittivity, a plausible cover and the apex inside the picked span.
 *
 * @param scan - the prepared scan.
 * @param candidate - the fitted candidate.
 * @param limits - plausibility limits.
 * @returns true when the fit is acceptable.
 * @example
 * ```ts
 * const kept = fitted.filter((c) => isPlausibleFit(scan, c));
 * ```
 */
export function isPlausibleFit(
  scan: PreparedScan,
  candidate: FittedCandidate,
  limits: PlausibilityLimits = {},
): boolean {
  const { fit, picks, leftCount, rightCount } = candidate.result;
  const [epsMin, epsMax] = limits.permittivityRange ?? [3, 25];
  const dx = scan.traceSpacingM;
  const apexTrace = fit.x0M / dx;
  const nearEnd = Math.min(apexTrace, scan.traces - 1 - apexTrace) * dx < 0.03;
  // Coarse scans (over 5 mm between traces) have few traces on a limb: one pick per side is enough there.
  const perSide = dx > 0.005 ? 1 : 2;
  const hasLimbs =
    (leftCount >= perSide && rightCount >= perSide) ||
    (nearEnd && Math.max(leftCount, rightCount) >= 4) ||
    (limits.isOneSideBlocked === true && Math.max(leftCount, rightCount) >= 8);
  // A single limb may end a few millimetres short of the apex its curvature implies.
  const slack = limits.isOneSideBlocked ? (limits.apexSlackTraces ?? Math.max(1, 0.006 / dx)) : 1;
  const first = picks[0]?.traceIndex ?? 0;
  const last = picks[picks.length - 1]?.traceIndex ?? 0;
  return (
    picks.length >= 6 &&
    hasLimbs &&
    fit.rmsSamples <= (limits.maxRmsPeriods ?? 0.12) * scan.periodSamples &&
    fit.permittivity >= epsMin &&
    fit.permittivity <= epsMax &&
    fit.coverM <= (limits.maxCoverM ?? 0.4) &&
    fit.coverM >= (limits.minCoverM ?? 0.005) &&
    apexTrace >= first - slack &&
    apexTrace <= last + slack &&
    Number.isFinite(fit.coverSdM) &&
    fit.coverSdM < 0.02
  );
}

/**
 * Merges candidates that converged to the same bar (axes within 12 mm and covers within 8 mm — or, given the
 * scan, apex times within a quarter period: two fits of one bar share the apex time even when their
 * permittivities, and so their covers, differ, as a one-limbed and a two-limbed fit do), keeping the fit with more
 * picks and a smaller misfit and the best stack score of the group.
 *
 * @param candidates - plausible fitted candidates.
 * @param scan - the prepared scan, to compare apex times. Optional.
 * @returns one candidate per bar.
 * @example
 * ```ts
 * const unique = mergeDuplicates(plausible, scan);
 * ```
 */
export function mergeDuplicates(candidates: FittedCandidate[], scan?: PreparedScan): FittedCandidate[] {
  const quality = (c: FittedCandidate): number => c.result.picks.length / (1 + c.result.fit.rmsSamples);
  const sorted = [...candidates].sort((a, b) => quality(b) - quality(a));
  const apex = (c: FittedCandidate): number =>
    scan ? predictedSample(scan, c, c.result.fit.x0M / scan.traceSpacingM) : Number.NaN;
  const isSame = (k: FittedCandidate, c: FittedCandidate): boolean =>
    Math.abs(k.result.fit.x0M - c.result.fit.x0M) < 0.012 &&
    (Math.abs(k.result.fit.coverM - c.result.fit.coverM) < 0.008 ||
      (scan !== undefined && Math.abs(apex(k) - apex(c)) < scan.periodSamples / 4));
  const kept: FittedCandidate[] = [];
  for (const c of sorted) {
    const index = kept.findIndex((k) => isSame(k, c));
    if (index < 0) kept.push(c);
    else if (c.score > kept[index].score) kept[index] = { ...kept[index], score: c.score };
  }
  return kept.sort((a, b) => a.result.fit.x0M - b.result.fit.x0M);
}

/**
 * Removes echoes of a bar found just below it: a weak hyperbola (under 35 % of the amplitude) within 15 mm of a
 * stronger one's axis and less than two wavelet periods later is the stronger one's ringing or side lobe, not a
 * second bar.
 *
 * @param scan - the prepared scan.
 * @param candidates - merged candidates.
 * @returns the candidates without such echoes.
 * @example
 * ```ts
 * const bars = removeEchoes(scan, mergeDuplicates(plausible));
 * ```
 */
export function removeEchoes(scan: PreparedScan, candidates: FittedCandidate[]): FittedCandidate[] {
  return candidates.filter((c) => {
    const trace = c.result.fit.x0M / scan.traceSpacingM;
    const apex = predictedSample(scan, c, trace);
    return !candidates.some((o) => {
      if (o === c || Math.abs(o.result.fit.x0M - c.result.fit.x0M) > 0.015) return false;
      const delay = apex - predictedSample(scan, o, trace);
      return (
        delay > 0 &&
        delay < 2 * scan.periodSamples &&
        c.result.apex.amplitude < 0.35 * o.result.apex.amplitude
      );
    });
  });
}

/** Two-way time in samples of a fitted bar's hyperbola at a trace (on the scan's sample axis). */
export function predictedSample(
  scan: Pick<PreparedScan, 'traceSpacingM' | 'antennaSeparationM' | 'sampleIntervalS' | 'timeZeroSample'>,
  candidate: Pick<FittedCandidate, 'radiusM'> & {
    result: {
      fit: Pick<FittedCandidate['result']['fit'], 'x0M' | 'coverM' | 'permittivity'>;
      offsetSamples: number;
    };
  },
  trace: number,
): number {
  const { fit, offsetSamples } = candidate.result;
  const bar = { x0M: fit.x0M, coverM: fit.coverM, radiusM: candidate.radiusM };
  const time = bistaticTravelTimeS(
    trace * scan.traceSpacingM,
    bar,
    fit.permittivity,
    scan.antennaSeparationM,
  );
  return time / scan.sampleIntervalS + scan.timeZeroSample - offsetSamples;
}

/**
 * Removes apparent apexes that are the crossing of two stronger neighbours' limbs (an "X" between two bars
 * looks like a sharp hyperbola): a candidate is dropped when a stronger bar on each side predicts its limb
 * within a third of a period of the candidate's apex, and the candidate's picks on the far side of its apex lie
 * on that neighbour's limb (the left half of an "X" is the right neighbour's limb, and the other way round). A
 * bar whose apex only happens to lie where two limbs cross (a deep bar midway between two shallow ones) has limbs
 * of its own, flatter than the neighbours', and is kept.
 *
 * @param scan - the prepared scan.
 * @param candidates - merged candidates.
 * @returns the candidates that are not limb crossings.
 * @example
 * ```ts
 * const bars = removeLimbCrossings(scan, mergeDuplicates(plausible));
 * ```
 */
export function removeLimbCrossings(scan: PreparedScan, candidates: FittedCandidate[]): FittedCandidate[] {
  const tolerance = scan.periodSamples / 3;
  return candidates.filter((c) => {
    const trace = c.result.fit.x0M / scan.traceSpacingM;
    const apex = predictedSample(scan, c, trace);
    // Whether the picks on one side of the apex follow the other bar's curve (most of them, within the tolerance).
    const followsLimb = (other: FittedCandidate, side: -1 | 1): boolean => {
      const picks = c.result.picks.filter((p) => Math.sign(p.traceIndex - trace) === side);
      if (picks.length === 0) return true;
      return isMostlyOnCurve(scan, picks, other);
    };
    const explains = (other: FittedCandidate): boolean =>
      other !== c &&
      other.result.apex.amplitude >= 0.8 * c.result.apex.amplitude &&
      Math.abs(predictedSample(scan, other, trace) - apex) < tolerance &&
      Math.abs(other.result.fit.x0M - c.result.fit.x0M) > 0.015 &&
      // A neighbour on the left explains the picks on the right, and the other way round.
      followsLimb(other, other.result.fit.x0M < c.result.fit.x0M ? 1 : -1);
    const left = candidates.some((o) => o.result.fit.x0M < c.result.fit.x0M && explains(o));
    const right = candidates.some((o) => o.result.fit.x0M > c.result.fit.x0M && explains(o));
    return !(left && right);
  });
}

/** Share of a side's picks on a neighbour's limb that makes the side that neighbour's ({@link removeLimbCrossings}). */
const LIMB_CROSSING_SHARE = 0.5;

/**
 * Whether most picks ({@link LIMB_CROSSING_SHARE} or more) lie on another bar's curve, within a third of a period:
 * the test by which picks are that bar's limb rather than their own ({@link removeLimbCrossings}, decision 0072).
 *
 * @param scan - the scan the curves are predicted on.
 * @param picks - the picks (at least one).
 * @param other - the other bar.
 * @returns true when the picks follow the other bar's curve.
 * @example
 * ```ts
 * isMostlyOnCurve(scan, bar.result.picks, neighbour); // false: the bar's picks are its own limb
 * ```
 */
export function isMostlyOnCurve(
  scan: Parameters<typeof predictedSample>[0] & Pick<PreparedScan, 'periodSamples'>,
  picks: readonly { traceIndex: number; sample: number }[],
  other: Parameters<typeof predictedSample>[1],
): boolean {
  const tolerance = scan.periodSamples / 3;
  const on = picks.filter(
    (p) => Math.abs(predictedSample(scan, other, p.traceIndex) - p.sample) < tolerance,
  ).length;
  return on >= LIMB_CROSSING_SHARE * picks.length;
}

/**
 * Where a bar's limbs may be picked without a neighbour's hyperbola in the way: each limb stops where a
 * neighbour's predicted time comes within 0.6 period of the bar's. A clash that starts within 20 mm of the apex
 * and clears within another 20 mm — a shallower neighbour's limb passing through a deeper bar's apex — is only
 * skipped, so the bar keeps the rest of that limb. Neighbours weaker than 40 % of the bar do not limit it (their
 * limbs barely move its picks).
 *
 * @param scan - the prepared scan.
 * @param candidates - the accepted bars.
 * @param index - which bar.
 * @returns the first and last trace the bar's picks may use, and the traces to skip.
 * @example
 * ```ts
 * const { minTrace, maxTrace, excluded } = interferenceLimits(scan, bars, 2);
 * ```
 */
export function interferenceLimits(
  scan: PreparedScan,
  candidates: FittedCandidate[],
  index: number,
): { minTrace: number; maxTrace: number; excluded: number[] } {
  const own = candidates[index];
  const centre = Math.round(own.result.fit.x0M / scan.traceSpacingM);
  const limitDistance = 0.6 * scan.periodSamples;
  const excluded: number[] = [];
  const limit = (direction: -1 | 1): number => {
    const others = candidates.filter(
      (o, i) =>
        i !== index &&
        Math.sign(o.result.fit.x0M - own.result.fit.x0M) !== -direction &&
        o.result.apex.amplitude >= 0.4 * own.result.apex.amplitude,
    );
    const distance = (trace: number): number => {
      const mine = predictedSample(scan, own, trace);
      return Math.min(Infinity, ...others.map((o) => Math.abs(predictedSample(scan, o, trace) - mine)));
    };
    let trace = centre;
    const reach = Math.ceil(0.15 / scan.traceSpacingM);
    const nearApex = Math.ceil(0.02 / scan.traceSpacingM);
    for (
      let next = centre + direction;
      next >= 0 && next < scan.traces && Math.abs(next - centre) <= reach;
      next += direction
    ) {
      if (distance(next) < limitDistance) {
        // A clash that starts near the apex and clears within 20 mm is a neighbour's limb passing through:
        // skip it. Any other clash ends the limb.
        let end = next;
        while (Math.abs(end - next) <= nearApex && distance(end) < limitDistance) end += direction;
        const isPassing = Math.abs(next - centre) <= nearApex && distance(end) >= limitDistance;
        if (!isPassing) break;
        for (let t = next; t !== end; t += direction) excluded.push(t);
        next = end;
      }
      trace = next;
    }
    return trace;
  };
  return { minTrace: limit(-1), maxTrace: limit(1), excluded };
}
