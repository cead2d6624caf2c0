import type { Radargram } from '../model/radargram';
import { bistaticTravelTimeS } from '../fitting/bistatic-cylinder';
import { fitCandidate } from '../fitting/fit-candidate';
import { fitBarToTravelTimes } from '../fitting/fit-hyperbola';
import { surfaceCouplingCorrections } from '../fitting/surface-coupling';
import { findApexLobe } from '../fitting/pick-limbs';
import { DETECTION_RADIUS_M, type HyperbolaLabel, type ProgressCallback } from '../rebar/types';
import { createId } from '../rebar/ids';
import { computeDiffractionStack } from './diffraction-stack';
import { prepareScan, type PrepareScanOptions, type PreparedScan } from './prepare-scan';
import {
  modelReflections,
  reflectionExtent,
  subtractionScratch,
  subtractReflections,
  type SubtractionScratch,
  type ModelledReflection,
  type ModelledScan,
  type ReflectionModel,
} from './modelled-background';
import { findStackPeaks, type StackPeak } from './stack-peaks';
import {
  interferenceLimits,
  isMostlyOnCurve,
  isPlausibleFit,
  mergeDuplicates,
  predictedSample,
  removeEchoes,
  removeLimbCrossings,
  type FittedCandidate,
} from './validate-hyperbolas';

/** Options of {@link findHyperbolas} and {@link detectHyperbolas}. */
export interface HyperbolaDetectionOptions extends PrepareScanOptions {
  /** Bar radius of the stacking and fitting curves, metres. Default 0.006. */
  radiusM?: number;
  /** Deepest cover searched, metres. Default 0.4. */
  maxCoverM?: number;
  /** Smallest stack score turned into a candidate. Default 3. */
  minScore?: number;
  /** Candidates fitted at most. Default: one per 15 mm of line, at least 40. */
  maxCandidates?: number;
  /** Detections below this confidence are dropped. Default 0.3. */
  minConfidence?: number;
  /**
   * Re-estimate the background without the found bars' reflections ({@link removeModelledBackground}), then refit
   * them. Default true (whole-line backgrounds only; long lines use a moving window): the plain mean trace holds
   * the reflections of dense or deep bars and reads εr 10–20 % high under them.
   */
  shouldRefineBackground?: boolean;
  /**
   * Screen again what the found bars' modelled reflections leave (bars hidden under their limbs). Default true.
   */
  shouldSearchResidual?: boolean;
  /**
   * Smallest reflection strength of a bar ({@link reflectionStrength}: apex envelope over the direct wave's main
   * lobe, spreading removed). Default {@link MIN_REFLECTION_STRENGTH}; 0 keeps weak scatterers (stones, voids).
   */
  minReflectionStrength?: number;
  /** Progress, 0–1. */
  onProgress?: ProgressCallback;
}

/**
 * Default {@link HyperbolaDetectionOptions.minReflectionStrength}. Steel reflects all the energy that reaches it
 * and aggregate a tenth or less (εr 2 lower than the paste: |Γ| ≈ 0.1). Measured strengths: bars 0.34–1.7 on the
 * 28 gprMax scenes (thin, deep bars in lossy concrete at the low end) and 0.5–1.5 on the real scans (FHWA, both
 * StructureScan files, the gprMax cylinder); fitted stones 0.13 on the gprMax scenes and at most 0.15 with the
 * synthetic model's scatterers. The threshold lies between, a factor 1.7 below the weakest bar.
 */
export const MIN_REFLECTION_STRENGTH = 0.2;

/** A detected hyperbola with its fit, before it becomes a rebar. */
export interface DetectedHyperbola extends FittedCandidate {
  /** Confidence 0–1. */
  confidence: number;
}

/** What {@link findHyperbolas} returns: the detections and the scan their picks refer to. */
export interface HyperbolaSearch {
  /** The scan the detections' picks refer to. */
  scan: PreparedScan;
  detections: DetectedHyperbola[];
}

/**
 * Finds the rebar hyperbolas of a prepared scan: stack peaks become candidates (strongest first), each is
 * picked and fitted with its permittivity free; implausible fits, duplicates and limb crossings are removed;
 * optionally the background is re-estimated without the survivors' reflections
 * ({@link removeModelledBackground}); they are re-picked within their interference limits and scored.
 *
 * @param scan - the prepared scan.
 * @param options - radius, depth range, thresholds and progress.
 * @returns the detections, sorted along the line, and the scan they were picked on.
 * @example
 * ```ts
 * const { detections } = findHyperbolas(prepareScan(rg));
 * detections.map((d) => d.result.fit.x0M);
 * ```
 */
export function findHyperbolas(scan: PreparedScan, options: HyperbolaDetectionOptions = {}): HyperbolaSearch {
  const radiusM = options.radiusM ?? DETECTION_RADIUS_M;
  const stack = computeDiffractionStack(scan, { radiusM, maxCoverM: options.maxCoverM });
  options.onProgress?.(0.3, 'stack');
  const lineLength = scan.traces * scan.traceSpacingM;
  const peaks = findStackPeaks(stack, {
    minScore: options.minScore ?? 3,
    minSeparationM: STACK_PEAK_SEPARATION_M,
    minSeparationSamples: scan.periodSamples / 2,
    traceSpacingM: scan.traceSpacingM,
    maxPeaks: options.maxCandidates ?? Math.max(40, Math.ceil(lineLength / 0.015)),
  });
  const polarity = reflectionPolarity(scan, peaks.slice(0, 8));
  const screen = (picked: PreparedScan, found: StackPeak[], known: FittedCandidate[]): FittedCandidate[] => {
    const fitted: FittedCandidate[] = [];
    found.forEach((peak, i) => {
      if (i % 10 === 0) options.onProgress?.(0.3 + (0.5 * i) / Math.max(1, found.length), 'fitting');
      const isExplained = [...known, ...fitted].some(
        (f) =>
          Math.abs(f.result.fit.x0M / scan.traceSpacingM - peak.xIdx) * scan.traceSpacingM < 0.008 &&
          Math.abs(predictedSample(scan, f, peak.xIdx) - peak.tIdx) < scan.periodSamples / 2,
      );
      if (isExplained) return;
      const result = fitCandidate(picked, peak.xIdx, peak.tIdx, {
        permittivity: peak.permittivity,
        radiusM,
        polarity,
        isOffsetAtNearestPeak: true,
      });
      if (!result) return;
      const candidate = { score: peak.score, result, radiusM };
      const farSide = farSideFit(picked, peak, candidate, [...known, ...fitted]);
      if (farSide) fitted.push(farSide);
      if (isPlausibleFit(picked, candidate, { maxCoverM: options.maxCoverM })) fitted.push(candidate);
      else if (known.length > 0) {
        const hidden = hiddenSideFit(picked, peak, candidate, [...known, ...fitted]);
        if (hidden) fitted.push(hidden);
      }
    });
    return fitted;
  };
  // A deep bar whose apex lies on a shallower found neighbour's limb: the screening fit from its stack peak follows
  // that limb and slides onto the neighbour (a copy of it, merged away). The bar is found only if another peak of
  // its ridge, farther from the neighbour, seeds a fit — and whether the ridge has a second strict local maximum
  // 20 mm out hinged on a few ps of time zero (dev-random-09's 106/108 mm bar, decision 0073). So a fit that slid
  // beyond the peaks' separation onto a bar already found is seeded again one separation farther from it, on the
  // bar's free limb, and kept if it stays by the peak and is plausible.
  const farSideFit = (
    picked: PreparedScan,
    peak: StackPeak,
    candidate: FittedCandidate,
    found: FittedCandidate[],
  ): FittedCandidate | undefined => {
    const dx = scan.traceSpacingM;
    const { fit } = candidate.result;
    const slid = fit.x0M / dx - peak.xIdx;
    if (Math.abs(slid) * dx <= STACK_PEAK_SEPARATION_M) return undefined;
    const isOntoFound = found.some(
      (f) =>
        Math.abs(f.result.fit.x0M - fit.x0M) < 0.008 && Math.abs(f.result.fit.coverM - fit.coverM) < 0.01,
    );
    if (!isOntoFound) return undefined;
    const seed = peak.xIdx - Math.sign(slid) * Math.round(STACK_PEAK_SEPARATION_M / dx);
    if (seed < 0 || seed >= scan.traces) return undefined;
    const result = fitCandidate(picked, seed, peak.tIdx, {
      permittivity: peak.permittivity,
      radiusM,
      polarity,
      isOffsetAtNearestPeak: true,
    });
    if (!result || Math.abs(result.fit.x0M / dx - peak.xIdx) * dx > STACK_PEAK_SEPARATION_M) return undefined;
    const again = { score: peak.score, result, radiusM };
    return isPlausibleFit(picked, again, { maxCoverM: options.maxCoverM }) ? again : undefined;
  };
  // A bar beside a shallower found one, whose limb hides one of this bar's limbs right at its apex (a deep bar
  // 70–100 mm from a shallow neighbour): the screening fit picks one limb, and the other side's picks — the
  // neighbour's limb — are not this bar's, so the fit is rejected as one-limbed with its apex beyond its picks.
  // In the residual rounds, where the found bars' modelled curves (their interference limits) block the missing
  // side within a few millimetres of the fitted apex and leave the picked side free, such a fit is accepted on one
  // limb of at least eight picks, its apex up to where the neighbour's curve blocks the limb, if it stays by its
  // stack peak (decision 0067). The final refit picks it again within its interference limits.
  const hiddenSideFit = (
    picked: PreparedScan,
    peak: StackPeak,
    candidate: FittedCandidate,
    known: FittedCandidate[],
  ): FittedCandidate | undefined => {
    const { leftCount, rightCount } = candidate.result;
    if (Math.min(leftCount, rightCount) > 0 || Math.max(leftCount, rightCount) < 8) return undefined;
    const all = [...known, candidate];
    const limits = interferenceLimits(scan, all, all.length - 1);
    const trace = Math.round(candidate.result.fit.x0M / scan.traceSpacingM);
    const blocked = Math.max(1, 0.006 / scan.traceSpacingM);
    const missing = leftCount === 0 ? trace - limits.minTrace : limits.maxTrace - trace;
    // Only the missing side is hidden: a picked side that a found bar's curve also crosses at the apex may be
    // that bar's limb (a one-limbed fit beside a found bar's own apex).
    const free = leftCount === 0 ? limits.maxTrace - trace : trace - limits.minTrace;
    if (missing > blocked || free <= blocked) return undefined;
    // The limb ends where the neighbour's curve begins: the apex may lie up to there, and no more than another
    // 6 mm beyond the last pick (a limb that stops far short of the block is not this kind).
    const { picks } = candidate.result;
    const reach =
      leftCount === 0
        ? (picks[0]?.traceIndex ?? 0) - limits.minTrace
        : limits.maxTrace - (picks[picks.length - 1]?.traceIndex ?? 0);
    const isNearPeak =
      Math.abs(candidate.result.fit.x0M - peak.xIdx * scan.traceSpacingM) <= HIDDEN_SIDE_MAX_SLIDE_M;
    return isNearPeak &&
      isPlausibleFit(picked, candidate, {
        maxCoverM: options.maxCoverM,
        isOneSideBlocked: true,
        apexSlackTraces: blocked + Math.min(blocked, Math.max(0, reach)),
      })
      ? candidate
      : undefined;
  };
  const fitted = screen(scan, peaks, []);
  let bars = removeLimbCrossings(scan, removeEchoes(scan, mergeDuplicates(fitted, scan)));
  const shouldRefine = options.shouldRefineBackground !== false;
  const reflectionsOf = (current: FittedCandidate[]): ModelledReflection[] =>
    current.map((b) => ({ predict: coupledPrediction(scan, b), wavelet: b.result.wavelet }));
  const model = (current: FittedCandidate[]): ModelledScan => {
    if (current.length === 0) return { scan, models: [] };
    // The background (the whole line's, or a drifting line's moving window) is re-estimated around the modelled
    // reflections; a steady long line's moving window, which the bars' reflections barely enter, is kept.
    const modelled = modelReflections(scan, reflectionsOf(current));
    return scan.hasModelledBackground && shouldRefine ? modelled : { scan, models: modelled.models };
  };
  // The fits of the bars found in the residual (merging keeps a bar's result, not always its candidate object).
  const residualFound = new Set<FittedCandidate['result']>();
  const modelled = model(bars);
  let { models } = modelled;
  // Bars hidden under the found ones' limbs (deep bars beside shallow ones, close pairs): what the found bars'
  // modelled reflections leave is stacked and screened again — and again while that finds more (a row of deep
  // bars whose limbs cross each other comes out one or two at a time).
  for (
    let round = 0;
    round < RESIDUAL_ROUNDS && bars.length > 0 && options.shouldSearchResidual !== false;
    round++
  ) {
    const residual = subtractReflections(modelled.scan, models);
    const residualStack = computeDiffractionStack(residual, { radiusM, maxCoverM: options.maxCoverM });
    const residualPeaks = findStackPeaks(residualStack, {
      minScore: options.minScore ?? 3,
      minSeparationM: STACK_PEAK_SEPARATION_M,
      minSeparationSamples: scan.periodSamples / 2,
      traceSpacingM: scan.traceSpacingM,
      maxPeaks: options.maxCandidates ?? Math.max(40, Math.ceil(lineLength / 0.015)),
    });
    // A hidden bar does not lie under a found one (what is left there is the found bar's ringing or the model's
    // imperfection).
    const apart = (x: number): boolean =>
      bars.every((b) => Math.abs(b.result.fit.x0M - x) > HIDDEN_BAR_MIN_OFFSET_M);
    const candidates = residualPeaks.filter((p) => apart(p.xIdx * scan.traceSpacingM));
    const hidden = screen(residual, candidates, bars).filter((h) => apart(h.result.fit.x0M));
    hidden.forEach((h) => residualFound.add(h.result));
    if (hidden.length === 0) break;
    const before = bars.length;
    bars = removeLimbCrossings(scan, removeEchoes(scan, mergeDuplicates([...bars, ...hidden], scan)));
    // The background stays the first pass's (a doubtful hidden bar must not move the others' picks); the
    // reflections are refitted with the hidden bars among them, for subtraction.
    models = modelReflections(modelled.scan, reflectionsOf(bars)).models;
    if (bars.length <= before) break;
  }
  const refined = modelled.scan;
  let scratch: SubtractionScratch | undefined;
  // The neighbours subtracted around a bar are fitted deepest apex first (decision 0062): where a shallow bar's
  // limb crosses a deeper bar's apex, a limb fitted first takes most of that apex, and the deeper bar, re-picked
  // with it subtracted, reads a fraction of its amplitude. Fitted once, when a bar first needs them.
  let neighbours: ReflectionModel[] | undefined;
  const refit = (current: FittedCandidate[]): FittedCandidate[] =>
    current
      .map((bar, index) => {
        const limits = interferenceLimits(scan, current, index);
        const trace = Math.round(bar.result.fit.x0M / scan.traceSpacingM);
        const plain = refitOn(refined, bar, limits);
        if (models.length !== current.length) return plain;
        // Only when a neighbour's hyperbola overlaps this one's does subtracting it change the picks.
        const [from, to] = reflectionExtent(models[index], scan.periodSamples);
        const isOverlapped = models.some((m, i) => {
          if (i === index) return false;
          const [lo, hi] = reflectionExtent(m, scan.periodSamples);
          return lo <= to && hi >= from;
        });
        if (!isOverlapped) return plain;
        // Re-picked again with the neighbours' modelled reflections subtracted around the bar; the better of the
        // two fits is kept (a neighbour's model may have taken part of a weak bar's own reflection).
        // The window the fit can pick in: the widest aperture (0.12 m) and a template's reach.
        const reach = Math.ceil(0.14 / scan.traceSpacingM);
        scratch ??= subtractionScratch(refined);
        neighbours ??= modelReflections(modelled.scan, reflectionsOf(current), {
          isDeepestFirst: true,
        }).models;
        const cleaned = subtractReflections(refined, neighbours, {
          keep: index,
          firstTrace: trace - reach,
          lastTrace: trace + reach,
          scratch,
        });
        // Where the neighbours' limbs block both of this bar's limbs at its apex (a deep bar midway between two
        // shallow ones, whose limbs cross at its apex), the limits leave nothing to pick: with the neighbours
        // subtracted, the bar is picked over its whole aperture.
        const blocked = Math.max(1, 0.006 / scan.traceSpacingM);
        const isBoxedIn = trace - limits.minTrace <= blocked && limits.maxTrace - trace <= blocked;
        const alone = refitOn(
          cleaned,
          bar,
          isBoxedIn ? { minTrace: 0, maxTrace: scan.traces - 1, excluded: [] } : limits,
        );
        // A bar found in the residual whose refits both fail or slide onto a found neighbour's position, where that
        // neighbour is shallower and its curve crosses this bar's apex while this bar's own picks keep off it: the
        // refit's apex lobe and picks were the neighbour's limb, not evidence against the bar (decision 0072).
        if (residualFound.has(bar.result)) {
          const lostTo = (f: FittedCandidate | undefined): FittedCandidate | undefined =>
            f && Math.abs(f.result.fit.x0M - bar.result.fit.x0M) > REFIT_MAX_SLIDE_M
              ? current.find(
                  (o, i) =>
                    i !== index && Math.abs(o.result.fit.x0M - f.result.fit.x0M) <= HIDDEN_BAR_MIN_OFFSET_M,
                )
              : undefined;
          const onto = [plain, alone].map(lostTo);
          const isLost = [plain, alone].every((f, i) => !f || onto[i]);
          const neighbours = onto.filter((o): o is FittedCandidate => o !== undefined);
          if (isLost && neighbours.length > 0 && neighbours.every((o) => isHiddenUnder(scan, bar, o))) {
            const kept = keepScreening(bar);
            if (kept) return kept;
          }
        }
        if (!plain || !alone) return plain ?? alone;
        return fitQuality(alone) > fitQuality(plain) ? alone : plain;
      })
      .filter((b): b is FittedCandidate => b !== undefined);
  // The screening fit kept, its apex lobe measured again on the refined scan (a bar found in the residual was
  // measured there, with part of its reflection subtracted).
  const keepScreening = (bar: FittedCandidate): FittedCandidate | undefined => {
    const trace = Math.round(bar.result.fit.x0M / scan.traceSpacingM);
    const apex = findApexLobe(refined, trace, predictedSample(scan, bar, trace), true, polarity);
    return apex && { ...bar, result: { ...bar.result, apex }, isOneSided: true };
  };
  const refitOn = (
    picked: PreparedScan,
    bar: FittedCandidate,
    limits: ReturnType<typeof interferenceLimits>,
  ): FittedCandidate | undefined => {
    const trace = Math.round(bar.result.fit.x0M / scan.traceSpacingM);
    const refitted = refitWithin(picked, bar, limits);
    if (refitted) return refitted;
    // A failed refit whose apex lobe was another, stronger reflection — where two neighbours' limbs cross within a
    // period below the bar's apex and 12 mm aside — is retried with the lobe searched within half a period of the
    // predicted apex (decision 0077). Its limbs run under those crossings: its curvature is left out of the
    // line's εr (marked one-sided, as decision 0072's kept screening fits).
    const peak = { xIdx: trace, tIdx: predictedSample(scan, bar, trace) };
    const near = isApexLobeElsewhere(picked, peak, polarity)
      ? refitWithin(picked, bar, limits, NEAR_APEX_WINDOW_PERIODS)
      : undefined;
    return near && { ...near, isOneSided: true };
  };
  const refitWithin = (
    picked: PreparedScan,
    bar: FittedCandidate,
    limits: ReturnType<typeof interferenceLimits>,
    apexWindowPeriods?: number,
  ): FittedCandidate | undefined => {
    const { fit } = bar.result;
    const trace = Math.round(fit.x0M / scan.traceSpacingM);
    const result = fitCandidate(picked, trace, predictedSample(scan, bar, trace), {
      permittivity: fit.permittivity,
      radiusM,
      polarity,
      ...limits,
      isSurfaceCoupled: true,
      apexWindowPeriods,
    });
    if (!result) return undefined;
    const refitted = { ...bar, result };
    // A limb is blocked when a neighbour's curve comes within reach of it at the apex: within one trace or
    // 6 mm (a few traces of a densely sampled scan — counting traces alone rejected such bars at 1.25 mm).
    const blockedTraces = Math.min(trace - limits.minTrace, limits.maxTrace - trace);
    const isOneSideBlocked = blockedTraces <= Math.max(1, 0.006 / scan.traceSpacingM);
    if (!isPlausibleFit(picked, refitted, { maxCoverM: options.maxCoverM, isOneSideBlocked }))
      return undefined;
    const perSide = scan.traceSpacingM > 0.005 ? 1 : 2;
    const isOneSided = Math.min(result.leftCount, result.rightCount) < perSide;
    return isOneSided ? { ...refitted, isOneSided } : refitted;
  };
  bars = refit(bars);
  bars = removeLimbCrossings(refined, removeEchoes(refined, mergeDuplicates(bars, refined)));
  const strongest = Math.max(0, ...bars.map((b) => b.result.apex.amplitude));
  options.onProgress?.(0.9, 'scoring');
  const direct = directWaveAmplitude(scan);
  const minStrength = options.minReflectionStrength ?? MIN_REFLECTION_STRENGTH;
  const detections = bars
    .map((bar) => ({ ...bar, confidence: hyperbolaConfidence(refined, bar, strongest) }))
    .filter(
      (bar) =>
        bar.confidence >= (options.minConfidence ?? 0.3) &&
        reflectionStrength(scan, bar, direct) >= minStrength,
    );
  return { scan: refined, detections };
}

/**
 * Amplitude of the direct wave: its main lobe on the dewowed mean trace (the scan's own amplitude reference, in
 * data units; 0 when there is none).
 *
 * @param scan - the prepared scan.
 * @returns |mean trace| at the main lobe.
 * @example
 * ```ts
 * directWaveAmplitude(prepareScan(rg)); // e.g. 3.9
 * ```
 */
export function directWaveAmplitude(scan: PreparedScan): number {
  const { traces, samplesPerTrace: n, dewowed } = scan;
  const sample = Math.min(n - 1, Math.max(0, Math.round(scan.directWave.mainLobeSample)));
  let sum = 0;
  for (let t = 0; t < traces; t++) sum += dewowed[t * n + sample];
  return Math.abs(sum / Math.max(1, traces));
}

/**
 * How strongly a hyperbola's scatterer reflects: its apex envelope over the direct wave's amplitude, times
 * √(two-way path / 0.1 m) to remove the cylindrical spreading of a bar's echo. Steel reads 0.3–1.7, aggregate
 * stones about 0.15 or less ({@link MIN_REFLECTION_STRENGTH}). Infinite when the scan has no direct wave.
 *
 * @param scan - the prepared scan.
 * @param candidate - the fitted hyperbola.
 * @param direct - {@link directWaveAmplitude} of the scan.
 * @returns the strength (dimensionless).
 * @example
 * ```ts
 * reflectionStrength(scan, bar, directWaveAmplitude(scan)); // e.g. 0.8
 * ```
 */
export function reflectionStrength(scan: PreparedScan, candidate: FittedCandidate, direct: number): number {
  if (!(direct > 0)) return Infinity;
  const path = 2 * Math.hypot(candidate.result.fit.coverM, scan.antennaSeparationM / 2);
  return (candidate.result.apex.amplitude / direct) * Math.sqrt(path / 0.1);
}

/**
 * Residual searches at most, each only when the one before added a bar. On the random gprMax set a second round
 * found one more deep bar of a row whose limbs cross (dev-random-03); a third found no more there and added a
 * false bar on StructureScan File_001.
 */
const RESIDUAL_ROUNDS = 2;

/** Half-window of the apex lobe's search when a refit's strongest lobe is another reflection, periods. */
const NEAR_APEX_WINDOW_PERIODS = 0.5;

/**
 * Whether the lobe {@link findApexLobe} takes at a predicted apex (the strongest envelope within a period and
 * 12 mm) lies more than half a period from the one within half a period: it is then another reflection or its flank
 * (two neighbours' limbs crossing just beside the bar's apex), not the bar's own.
 */
function isApexLobeElsewhere(
  scan: PreparedScan,
  peak: Pick<StackPeak, 'xIdx' | 'tIdx'>,
  polarity: 1 | -1,
): boolean {
  const wide = findApexLobe(scan, peak.xIdx, peak.tIdx, false, polarity);
  const near = findApexLobe(scan, peak.xIdx, peak.tIdx, false, polarity, NEAR_APEX_WINDOW_PERIODS);
  return !!wide && !!near && Math.abs(wide.sample - near.sample) > scan.periodSamples / 2;
}

/** Stack peaks closer than this along the line (and half a period in time) are one candidate, metres. */
const STACK_PEAK_SEPARATION_M = 0.02;

/** How far a one-limbed screening fit of a bar with a hidden side may lie from its stack peak, metres. */
const HIDDEN_SIDE_MAX_SLIDE_M = 0.015;

/** How far the final refit may move a bar found in the residual before it counts as slid away, metres. */
const REFIT_MAX_SLIDE_M = 0.015;

/** What {@link isHiddenUnder} reads of a bar: its fitted curve and its picks. */
type CurveOf = Parameters<typeof predictedSample>[1] & {
  result: { picks: readonly { traceIndex: number; sample: number }[] };
};

/**
 * Whether a bar lies hidden under a neighbour's limb: the neighbour is shallower, its curve comes within 0.6 period
 * of the bar's apex (the distance at which {@link interferenceLimits} stops a limb), and fewer than half of the
 * bar's own picks lie on the neighbour's curve (within a third of a period, as in {@link removeLimbCrossings}):
 * its picks are its own limb, not the neighbour's (decision 0072).
 *
 * @param scan - the prepared scan.
 * @param bar - the bar (a screening fit found in the residual).
 * @param neighbour - the found bar its refit slid onto.
 * @returns true when the refit's slide is the neighbour's limb taken for the bar's.
 * @example
 * ```ts
 * if (isHiddenUnder(scan, bar, neighbour)) keepScreening(bar);
 * ```
 */
export function isHiddenUnder(
  scan: Parameters<typeof predictedSample>[0] & Pick<PreparedScan, 'periodSamples'>,
  bar: CurveOf,
  neighbour: CurveOf,
): boolean {
  if (neighbour.result.fit.coverM >= bar.result.fit.coverM) return false;
  const trace = bar.result.fit.x0M / scan.traceSpacingM;
  const gap = Math.abs(predictedSample(scan, neighbour, trace) - predictedSample(scan, bar, trace));
  if (gap >= 0.6 * scan.periodSamples) return false;
  const { picks } = bar.result;
  return picks.length > 0 && !isMostlyOnCurve(scan, picks, neighbour);
}

/** A bar found in the residual must lie at least this far along the line from every bar found before, metres. */
const HIDDEN_BAR_MIN_OFFSET_M = 0.015;

/** Picks per unit of misfit: how {@link mergeDuplicates} ranks two fits of one bar. */
function fitQuality(c: FittedCandidate): number {
  return c.result.picks.length / (1 + c.result.fit.rmsSamples);
}

/**
 * A screening fit's hyperbola as the background model needs it, limbs included: the bar's picks are refitted
 * with the surface-coupling model (screening fits straight rays to the top of the hyperbola only, whose limbs
 * arrive earlier than that curve by up to several samples), and the tracked lobe's sample is predicted for every
 * trace with it. Falls back to the screening curve when the refit fails or coupling is off.
 *
 * @param scan - the prepared scan.
 * @param candidate - a screening fit.
 * @returns the predicted sample of the tracked lobe per trace.
 * @example
 * ```ts
 * const predict = coupledPrediction(scan, bars[0]);
 * predict(120); // fractional sample
 * ```
 */
export function coupledPrediction(scan: PreparedScan, candidate: FittedCandidate): (trace: number) => number {
  // Asked again for the same bars when the residual search adds hidden ones: memoised per scan and candidate
  // (neither is modified after screening).
  let memo = PREDICTIONS.get(scan);
  if (!memo) PREDICTIONS.set(scan, (memo = new WeakMap()));
  const known = memo.get(candidate);
  if (known) return known;
  const predict = computeCoupledPrediction(scan, candidate);
  memo.set(candidate, predict);
  return predict;
}

const PREDICTIONS = new WeakMap<PreparedScan, WeakMap<FittedCandidate, (trace: number) => number>>();

function computeCoupledPrediction(scan: PreparedScan, candidate: FittedCandidate): (trace: number) => number {
  const { fit, picks, offsetSamples } = candidate.result;
  const coupling = scan.surfaceCoupling;
  const straight = (t: number): number => predictedSample(scan, candidate, t);
  if (!coupling) return straight;
  const dx = scan.traceSpacingM;
  const dt = scan.sampleIntervalS;
  const s = scan.antennaSeparationM;
  const refit = fitBarToTravelTimes(
    {
      positionsM: Float64Array.from(picks, (p) => p.traceIndex * dx),
      timesS: Float64Array.from(picks, (p) => (p.sample + offsetSamples - scan.timeZeroSample) * dt),
      weights: Float64Array.from(picks, (p) => Math.max(0.05, p.correlation)),
    },
    {
      antennaSeparationM: s,
      radiusM: candidate.radiusM,
      sampleIntervalS: dt,
      start: { x0M: fit.x0M, coverM: fit.coverM, permittivity: fit.permittivity },
      permittivityRange: [2, 30],
      surfaceCoupling: coupling,
    },
  );
  if (!refit) return straight;
  const bar = { x0M: refit.x0M, coverM: refit.coverM, radiusM: candidate.radiusM };
  // The correction within ±0.2 m of the bar (held beyond, where the reflection is faint).
  // Evaluated once per distinct position: the traces within the window and its two edges.
  const lo = bar.x0M - 0.2;
  const hi = bar.x0M + 0.2;
  const first = Math.max(0, Math.ceil(lo / dx));
  const last = Math.min(scan.traces - 1, Math.floor(hi / dx));
  const inside = Math.max(0, last - first + 1);
  const near = new Float64Array(inside + 2);
  near[0] = Math.min(hi, Math.max(lo, 0));
  for (let k = 0; k < inside; k++) near[k + 1] = (first + k) * dx;
  near[inside + 1] = Math.min(hi, Math.max(lo, (scan.traces - 1) * dx));
  const corrections = surfaceCouplingCorrections(near, bar, refit.permittivity, s, coupling);
  const correctionAt = (t: number): number =>
    t < first ? corrections[0] : t > last ? corrections[inside + 1] : corrections[t - first + 1];
  const samples = Float64Array.from(
    { length: scan.traces },
    (_, t) =>
      (bistaticTravelTimeS(t * dx, bar, refit.permittivity, s) + correctionAt(t)) / dt +
      scan.timeZeroSample -
      offsetSamples,
  );
  return (t: number) => samples[Math.min(scan.traces - 1, Math.max(0, Math.round(t)))];
}

/**
 * The sign of the lobe every hyperbola of a scan is tracked on: a vote of the strongest apex lobes of the given
 * candidates, weighted by their amplitude. One sign per scan keeps all picks on the same phase of the (shared)
 * wavelet, so their envelope offsets can be pooled.
 *
 * @param scan - the prepared scan.
 * @param apexes - candidate apexes (trace and sample).
 * @returns +1 or −1 (+1 without candidates).
 * @example
 * ```ts
 * reflectionPolarity(scan, [{ xIdx: 25, tIdx: 80 }]); // 1
 * ```
 */
export function reflectionPolarity(scan: PreparedScan, apexes: { xIdx: number; tIdx: number }[]): 1 | -1 {
  let vote = 0;
  for (const { xIdx, tIdx } of apexes) {
    const apex = findApexLobe(scan, xIdx, tIdx, false);
    if (apex) vote += apex.polarity * apex.amplitude;
  }
  return vote < 0 ? -1 : 1;
}

/**
 * Confidence that a fitted hyperbola is a bar (0–1): the product of four factors, each near 1 for a clean
 * bar — stack signal-to-noise, misfit relative to the wavelet period, number of picks, and apex amplitude
 * relative to the strongest bar of the scan (aggregate and voids scatter far less than steel).
 *
 * @param scan - the prepared scan.
 * @param candidate - the fitted candidate.
 * @param strongestAmplitude - apex envelope of the strongest accepted bar, data units.
 * @returns the confidence.
 * @example
 * ```ts
 * hyperbolaConfidence(scan, bar, 3.5e8); // e.g. 0.93
 * ```
 */
export function hyperbolaConfidence(
  scan: PreparedScan,
  candidate: FittedCandidate,
  strongestAmplitude: number,
): number {
  const { fit, picks, apex } = candidate.result;
  const snr = 1 - Math.exp(-Math.max(0, candidate.score - 2) / 3);
  const misfit = Math.exp(-((fit.rmsSamples / (0.06 * scan.periodSamples)) ** 2));
  const coverage = Math.min(1, picks.length / 10);
  const relative = Math.min(1, apex.amplitude / Math.max(1e-300, 0.3 * strongestAmplitude));
  return Math.max(0, Math.min(1, Math.sqrt(snr * misfit) * coverage * relative));
}

/**
 * HYPERBOLA_DETECTION: the rebar hyperbolas of a line scan as the spec's hyperbola labels (apex trace and
 * sample on the radargram's own axes, classification 'rebar', confidence 0–1). Scans without point reflectors
 * give an empty list.
 *
 * @param rg - the radargram.
 * @param options - preparation, detection thresholds and progress.
 * @returns the labels, sorted along the line.
 * @example
 * ```ts
 * const labels = detectHyperbolas(rg);
 * labels[0]; // { id, xIdx: 25, tIdx: 80, classification: 'rebar', confidence: 0.95 }
 * ```
 */
export function detectHyperbolas(rg: Radargram, options: HyperbolaDetectionOptions = {}): HyperbolaLabel[] {
  const { scan, detections } = findHyperbolas(prepareScan(rg, options), options);
  return detections.map((d) => toHyperbolaLabel(scan, d));
}

/**
 * The spec's hyperbola label of a detection: apex trace = the fitted axis position, apex sample = the
 * reflection's arrival there (the tracked lobe moved by the envelope offset), counted from the one time zero
 * (decision 0015). `tIdxFrac` carries that arrival below a sample (`tIdx` is its rounding, the spec's integer),
 * so the radargram's depth axis reads the bar's cover at the apex exactly, not to half a sample (decision 0034).
 *
 * @param scan - the prepared scan.
 * @param detection - the detection.
 * @returns the label (new UUID; no radius, since detection uses the default).
 * @example
 * ```ts
 * const label = toHyperbolaLabel(scan, detection);
 * ```
 */
export function toHyperbolaLabel(
  scan: Pick<
    PreparedScan,
    | 'traceSpacingM'
    | 'antennaSeparationM'
    | 'sampleIntervalS'
    | 'timeZeroSample'
    | 'traces'
    | 'samplesPerTrace'
  >,
  detection: Pick<DetectedHyperbola, 'radiusM' | 'confidence'> & {
    result: {
      fit: Pick<DetectedHyperbola['result']['fit'], 'x0M' | 'coverM' | 'permittivity'>;
      offsetSamples: number;
    };
  },
): HyperbolaLabel {
  const trace = detection.result.fit.x0M / scan.traceSpacingM;
  const clamp = (v: number, n: number): number => Math.min(n - 1, Math.max(0, v));
  const apexSample = clamp(
    predictedSample(scan, detection, trace) + detection.result.offsetSamples,
    scan.samplesPerTrace,
  );
  return {
    id: createId(),
    xIdx: Math.round(clamp(trace, scan.traces)),
    tIdx: Math.round(apexSample),
    tIdxFrac: Math.round(apexSample * 1000) / 1000,
    classification: 'rebar',
    confidence: Math.round(detection.confidence * 1000) / 1000,
  };
}
