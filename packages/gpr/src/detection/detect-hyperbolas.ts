import type { Radargram } from '../model/radargram';
import { bistaticTravelTimeS } from '../fitting/bistatic-cylinder';
import { fitCandidate } from '../fitting/fit-candidate';
import { fitBarToTravelTimes } from '../fitting/fit-hyperbola';
import { surfaceCouplingCorrections } from '../fitting/surface-coupling';
import { findApexLobe } from '../fitting/pick-limbs';
import { DEFAULT_REBAR_RADIUS_M, type HyperbolaLabel, type ProgressCallback } from '../rebar/types';
import { createId } from '../rebar/ids';
import { computeDiffractionStack } from './diffraction-stack';
import { prepareScan, type PrepareScanOptions, type PreparedScan } from './prepare-scan';
import { removeModelledBackground } from './modelled-background';
import { findStackPeaks } from './stack-peaks';
import {
  interferenceLimits,
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
  /** Progress, 0–1. */
  onProgress?: ProgressCallback;
}

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
  const radiusM = options.radiusM ?? DEFAULT_REBAR_RADIUS_M;
  const stack = computeDiffractionStack(scan, { radiusM, maxCoverM: options.maxCoverM });
  options.onProgress?.(0.3, 'stack');
  const lineLength = scan.traces * scan.traceSpacingM;
  const peaks = findStackPeaks(stack, {
    minScore: options.minScore ?? 3,
    minSeparationM: 0.02,
    minSeparationSamples: scan.periodSamples / 2,
    traceSpacingM: scan.traceSpacingM,
    maxPeaks: options.maxCandidates ?? Math.max(40, Math.ceil(lineLength / 0.015)),
  });
  const polarity = reflectionPolarity(scan, peaks.slice(0, 8));
  const fitted: FittedCandidate[] = [];
  peaks.forEach((peak, i) => {
    if (i % 10 === 0) options.onProgress?.(0.3 + (0.5 * i) / Math.max(1, peaks.length), 'fitting');
    const isExplained = fitted.some(
      (f) =>
        Math.abs(f.result.fit.x0M / scan.traceSpacingM - peak.xIdx) * scan.traceSpacingM < 0.008 &&
        Math.abs(predictedSample(scan, f, peak.xIdx) - peak.tIdx) < scan.periodSamples / 2,
    );
    if (isExplained) return;
    const result = fitCandidate(scan, peak.xIdx, peak.tIdx, {
      permittivity: peak.permittivity,
      radiusM,
      polarity,
    });
    if (!result) return;
    const candidate = { score: peak.score, result, radiusM };
    if (isPlausibleFit(scan, candidate, { maxCoverM: options.maxCoverM })) fitted.push(candidate);
  });
  let bars = removeLimbCrossings(scan, removeEchoes(scan, mergeDuplicates(fitted, scan)));
  const refit = (picked: PreparedScan, current: FittedCandidate[]): FittedCandidate[] =>
    current
      .map((bar, index) => {
        const limits = interferenceLimits(scan, current, index);
        const { fit } = bar.result;
        const trace = Math.round(fit.x0M / scan.traceSpacingM);
        const result = fitCandidate(picked, trace, predictedSample(scan, bar, trace), {
          permittivity: fit.permittivity,
          radiusM,
          polarity,
          ...limits,
          isSurfaceCoupled: true,
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
      })
      .filter((b): b is FittedCandidate => b !== undefined);
  // Long lines use a moving-window background, which the bars' reflections barely enter: no re-estimate there.
  const refined =
    options.shouldRefineBackground === false || scan.backgroundWindowTraces > 0
      ? scan
      : removeModelledBackground(
          scan,
          bars.map((b) => ({ predict: coupledPrediction(scan, b), wavelet: b.result.wavelet })),
        );
  bars = refit(refined, bars);
  bars = removeLimbCrossings(refined, removeEchoes(refined, mergeDuplicates(bars, refined)));
  const strongest = Math.max(0, ...bars.map((b) => b.result.apex.amplitude));
  options.onProgress?.(0.9, 'scoring');
  const detections = bars
    .map((bar) => ({ ...bar, confidence: hyperbolaConfidence(refined, bar, strongest) }))
    .filter((bar) => bar.confidence >= (options.minConfidence ?? 0.3));
  return { scan: refined, detections };
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
  const positions = Float64Array.from({ length: scan.traces }, (_, t) => t * dx);
  const near = positions.map((x) => Math.min(bar.x0M + 0.2, Math.max(bar.x0M - 0.2, x)));
  const corrections = surfaceCouplingCorrections(near, bar, refit.permittivity, s, coupling);
  const samples = positions.map(
    (x, t) =>
      (bistaticTravelTimeS(x, bar, refit.permittivity, s) + corrections[t]) / dt +
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
 * The spec's hyperbola label of a detection: apex trace = the fitted axis position, apex sample = the tracked
 * lobe's time there.
 *
 * @param scan - the prepared scan.
 * @param detection - the detection.
 * @returns the label (new UUID; no radius, since detection uses the default).
 * @example
 * ```ts
 * const label = toHyperbolaLabel(scan, detection);
 * ```
 */
export function toHyperbolaLabel(scan: PreparedScan, detection: DetectedHyperbola): HyperbolaLabel {
  const trace = detection.result.fit.x0M / scan.traceSpacingM;
  const clampIndex = (v: number, n: number): number => Math.min(n - 1, Math.max(0, Math.round(v)));
  return {
    id: createId(),
    xIdx: clampIndex(trace, scan.traces),
    tIdx: clampIndex(predictedSample(scan, detection, trace), scan.samplesPerTrace),
    classification: 'rebar',
    confidence: Math.round(detection.confidence * 1000) / 1000,
  };
}
