import type { PreparedScan } from '../detection/prepare-scan';
import { bistaticTravelTimeS, coverFromApexTimeM } from './bistatic-cylinder';
import { fitBarToTravelTimes, type BarFit, type BarFitOptions, type TravelTimes } from './fit-hyperbola';
import { traceEnvelope } from '../detection/analytic-signal';
import {
  envelopePeakOffset,
  findApexLobe,
  pickAlongCurve,
  stackOnPicks,
  type ApexLobe,
  type LimbPick,
} from './pick-limbs';

/**
 * Longest gap a limb is picked across, metres: where a neighbour's limb crosses this one (close pairs, deep bars
 * beside shallow ones, long low-frequency wavelets) the correlation drops for a few traces and the limb resumes
 * beyond; ending the limb at the first two misses left deep bars with one limb, and their fits slid sideways.
 */
const LIMB_GAP_M = 0.016;

/** How far a limb may resume from where it left off across a gap, periods ({@link pickAlongCurve}). */
const LIMB_RESUME_PERIODS = 0.125;

/** Options of {@link fitCandidate}. */
export interface CandidateFitOptions {
  /** Permittivity to start from (e.g. the stack's best curve). */
  permittivity: number;
  /** Bar radius held fixed, metres. */
  radiusM: number;
  /** Hold the permittivity fixed at `permittivity`. */
  isPermittivityFixed?: boolean;
  /** Keep the apex trace (a user's label). */
  isApexFixed?: boolean;
  /** Sign of the lobe to track (one per scan, so that all hyperbolas share a phase); default the stronger. */
  polarity?: 1 | -1;
  /** Outermost traces the picks may use (interference limits). */
  minTrace?: number;
  maxTrace?: number;
  /** Traces to skip (a neighbour's limb crosses there). */
  excluded?: number[];
  /** Widest half-aperture, metres. Default 0.12. */
  maxApertureM?: number;
  /** Envelope offset to use instead of this hyperbola's own (e.g. the scan's pooled value), samples. */
  offsetSamples?: number;
  /**
   * Take this hyperbola's envelope offset at the envelope peak nearest the tracked lobe, not the strongest within
   * a period ({@link nearestEnvelopePeakOffset}). For screening, where a neighbour's reflection may lie within a
   * period of a weak bar's lobe. Default false.
   */
  isOffsetAtNearestPeak?: boolean;
  /**
   * How far from `tIdx` the apex lobe's envelope peak is searched, periods ({@link findApexLobe}). Default 1; half
   * a period keeps a stronger reflection just beyond the bar's own lobe out (decision 0077).
   */
  apexWindowPeriods?: number;
  /** Largest limb delay picked, in wavelet periods. Default 0.8. */
  maxDelayPeriods?: number;
  /** Fit with the scan's surface-coupling model (`scan.surfaceCoupling`), not straight rays. Default false. */
  isSurfaceCoupled?: boolean;
}

/** A candidate's picks and fit. */
export interface CandidateFit {
  apex: ApexLobe;
  picks: LimbPick[];
  /** Envelope offset added to the picks, samples. */
  offsetSamples: number;
  /** The picks' stacked wavelet ({@link stackOnPicks}). */
  wavelet: Float64Array;
  /** Travel times that were fitted. */
  times: TravelTimes;
  fit: BarFit;
  /** Picks left and right of the fitted apex. */
  leftCount: number;
  rightCount: number;
}

/**
 * Picks and fits one hyperbola in three passes of shrinking tolerance: the inner limbs are picked around the
 * candidate's curve and fitted; then the limbs are re-picked around the fitted curve (absolute predictions, so
 * picks cannot drift onto a neighbour) out to the largest delay and refitted twice. Times are phase picks plus
 * the envelope offset, measured from the scan's time zero.
 *
 * @param scan - the prepared scan.
 * @param xIdx - candidate apex trace.
 * @param tIdx - candidate apex sample.
 * @param options - starting permittivity, radius, what is fixed and trace limits.
 * @returns the fit, or undefined when too few picks were found.
 * @example
 * ```ts
 * const result = fitCandidate(scan, 120, 85, { permittivity: 7, radiusM: 0.006 });
 * result?.fit.coverM;
 * ```
 */
export function fitCandidate(
  scan: PreparedScan,
  xIdx: number,
  tIdx: number,
  options: CandidateFitOptions,
): CandidateFit | undefined {
  let apex = findApexLobe(
    scan,
    xIdx,
    tIdx,
    options.isApexFixed ?? false,
    options.polarity,
    options.apexWindowPeriods,
  );
  if (!apex) return undefined;
  const { traceSpacingM: dx, sampleIntervalS: dt, periodSamples: period, antennaSeparationM: s } = scan;
  const minTrace = Math.max(0, options.minTrace ?? 0);
  const maxTrace = Math.min(scan.traces - 1, options.maxTrace ?? scan.traces - 1);
  const apertureTraces = Math.round((options.maxApertureM ?? 0.12) / dx);
  const excluded = options.excluded ? new Set(options.excluded) : undefined;
  const minAmplitude = 3 * scan.level[Math.min(scan.samplesPerTrace - 1, Math.round(apex.sample))];
  let eps = options.permittivity;
  let bar = {
    x0M: apex.trace * dx,
    coverM: coverFromApexTimeM((apex.sample - scan.timeZeroSample) * dt, eps, s),
    radiusM: options.radiusM,
  };
  let shift = apex.sample - bistaticTravelTimeS(bar.x0M, bar, eps, s) / dt;
  let result: CandidateFit | undefined;
  const maxDelay = options.maxDelayPeriods ?? 0.8;
  const passes = [
    { delay: Math.min(0.4, maxDelay), tolerance: 0.25, isFinal: false },
    { delay: maxDelay, tolerance: 0.2, isFinal: true },
    { delay: maxDelay, tolerance: 0.17, isFinal: true },
  ];
  for (const pass of passes) {
    const apexModel = bistaticTravelTimeS(bar.x0M, bar, eps, s) / dt;
    const predict = (trace: number): number => bistaticTravelTimeS(trace * dx, bar, eps, s) / dt + shift;
    const reach = (direction: number): number => {
      let k = 0;
      const centre = Math.round(bar.x0M / dx);
      while (k < apertureTraces) {
        const trace = centre + direction * (k + 1);
        // Only the limit ahead stops a limb: an apex just outside the other limit (a neighbour's limb crossing
        // it) still has this side's limb.
        if (direction < 0 ? trace < minTrace : trace > maxTrace) break;
        if (predict(trace) - shift - apexModel > pass.delay * period) break;
        k++;
      }
      return centre + direction * k;
    };
    const stride = Math.max(1, Math.floor(0.003 / dx));
    const picks = pickAlongCurve(scan, apex, {
      predict,
      toleranceSamples: Math.max(1.5, pass.tolerance * period),
      minTrace: Math.max(minTrace, reach(-1)),
      maxTrace: Math.min(maxTrace, reach(1)),
      minAmplitude,
      traceStride: stride,
      maxMisses: Math.max(2, Math.round(LIMB_GAP_M / (stride * dx))),
      resumeToleranceSamples: LIMB_RESUME_PERIODS * period,
      excluded,
    });
    const trimmed = trimEarlyLimbs(scan, picks, bar, eps, options, pass.isFinal);
    const wavelet = stackOnPicks(scan, trimmed, apex.half);
    const offset =
      options.offsetSamples ??
      (options.isOffsetAtNearestPeak
        ? nearestEnvelopePeakOffset(wavelet, apex.half)
        : envelopePeakOffset(wavelet, apex.half));
    const times = timesOf(scan, trimmed, offset);
    // The first pass sees only the hyperbola's top, whose curvature says little about εr: hold it there.
    const fit = fitBarToTravelTimes(
      times,
      fitOptions(
        scan,
        pass.isFinal
          ? options
          : { ...options, isPermittivityFixed: true, permittivity: eps, isSurfaceCoupled: false },
        bar,
        eps,
      ),
    );
    if (!fit) return result;
    eps = fit.permittivity;
    bar = { x0M: fit.x0M, coverM: fit.coverM, radiusM: options.radiusM };
    shift = scan.timeZeroSample - offset;
    const apexTrace = fit.x0M / dx;
    // A candidate on a limb converges to the bar's axis: move the apex (and its wavelet) there.
    if (!options.isApexFixed && Math.abs(apexTrace - apex.trace) > Math.max(2, 0.006 / dx)) {
      const moved = findApexLobe(
        scan,
        Math.round(apexTrace),
        predict(Math.round(apexTrace)),
        true,
        apex.polarity,
      );
      if (moved) apex = moved;
    }
    result = {
      apex,
      picks: trimmed,
      offsetSamples: offset,
      wavelet,
      times,
      fit,
      leftCount: trimmed.filter((p) => p.traceIndex < apexTrace - 0.5).length,
      rightCount: trimmed.filter((p) => p.traceIndex > apexTrace + 0.5).length,
    };
  }
  return result;
}

function timesOf(scan: PreparedScan, picks: LimbPick[], offset: number): TravelTimes {
  const dt = scan.sampleIntervalS;
  return {
    positionsM: Float64Array.from(picks, (p) => p.traceIndex * scan.traceSpacingM),
    timesS: Float64Array.from(picks, (p) => (p.sample + offset - scan.timeZeroSample) * dt),
    weights: Float64Array.from(picks, (p) => Math.max(0.05, p.correlation)),
  };
}

function fitOptions(
  scan: PreparedScan,
  options: CandidateFitOptions,
  start: { x0M: number; coverM: number },
  eps: number,
): BarFitOptions {
  return {
    antennaSeparationM: scan.antennaSeparationM,
    radiusM: options.radiusM,
    sampleIntervalS: scan.sampleIntervalS,
    fixedPermittivity: options.isPermittivityFixed ? options.permittivity : undefined,
    start: { x0M: start.x0M, coverM: start.coverM, permittivity: eps },
    permittivityRange: [2, 30],
    surfaceCoupling: options.isSurfaceCoupled ? scan.surfaceCoupling : undefined,
  };
}

/**
 * Cuts each limb where its picks start arriving early. Beyond some offset the limbs of shallow bars arrive
 * earlier than straight rays through the concrete predict (energy refracted along the surface, near-field
 * coupling) — never later — and the early picks flatten the fitted hyperbola, biasing εr low. The core of the
 * hyperbola (delay ≤ 0.3 period) is fitted alone, and each limb beyond that core is cut at the first of two
 * consecutive picks earlier than that fit predicts by more than their scatter (twice its RMS, at least 0.7
 * sample). Only for straight-ray fits (candidate screening): the
 * surface-coupling model (surface-coupling.ts) predicts the early limbs, so coupled fits keep them.
 */
function trimEarlyLimbs(
  scan: PreparedScan,
  picks: LimbPick[],
  bar: { x0M: number; coverM: number; radiusM: number },
  eps: number,
  options: CandidateFitOptions,
  isActive: boolean,
): LimbPick[] {
  // With the surface-coupling model the early limbs are part of the model, not something to cut.
  if (!isActive || (options.isSurfaceCoupled && scan.surfaceCoupling)) return picks;
  const dt = scan.sampleIntervalS;
  const s = scan.antennaSeparationM;
  const apexTime = bistaticTravelTimeS(bar.x0M, bar, eps, s);
  const core = picks.filter(
    (p) =>
      (bistaticTravelTimeS(p.traceIndex * scan.traceSpacingM, bar, eps, s) - apexTime) / dt <=
      0.3 * scan.periodSamples,
  );
  const offset = envelopePeakOffset(
    stackOnPicks(scan, picks, Math.max(3, Math.round(scan.periodSamples))),
    Math.max(3, Math.round(scan.periodSamples)),
  );
  const coreFit = fitBarToTravelTimes(timesOf(scan, core, offset), fitOptions(scan, options, bar, eps));
  if (!coreFit || core.length < 7) return picks;
  const model = { x0M: coreFit.x0M, coverM: coreFit.coverM, radiusM: options.radiusM };
  const earliness = (p: LimbPick): number =>
    bistaticTravelTimeS(p.traceIndex * scan.traceSpacingM, model, coreFit.permittivity, s) / dt -
    (p.sample + offset - scan.timeZeroSample);
  const centre = coreFit.x0M / scan.traceSpacingM;
  // "Early" beyond the picks' own scatter: twice the core fit's RMS misfit, at least 0.7 sample.
  const threshold = Math.max(0.7, 2 * coreFit.rmsSamples);
  const coreDelay = (p: LimbPick): number =>
    (bistaticTravelTimeS(p.traceIndex * scan.traceSpacingM, model, coreFit.permittivity, s) -
      bistaticTravelTimeS(model.x0M, model, coreFit.permittivity, s)) /
    dt;
  // The core itself is never cut: its picks scatter about the fit by noise alone (an early pick there is noise or
  // a stone, not the surface's early arrival), and cutting there left a limb with no picks at all.
  const keep = (side: LimbPick[]): LimbPick[] => {
    for (let i = 0; i < side.length; i++) {
      if (coreDelay(side[i]) <= 0.3 * scan.periodSamples) continue;
      const isEarly =
        earliness(side[i]) > threshold && (i + 1 >= side.length || earliness(side[i + 1]) > threshold);
      if (isEarly) return side.slice(0, i);
    }
    return side;
  };
  const left = keep(picks.filter((p) => p.traceIndex < centre).reverse());
  const right = keep(picks.filter((p) => p.traceIndex >= centre));
  return [...left.reverse(), ...right];
}

/**
 * Like {@link envelopePeakOffset}, but to the envelope's local maximum nearest the tracked lobe (within ± `half`),
 * not the strongest: a deep bar's stacked wavelet can hold, within a period of its own lobe, a stronger
 * neighbour's limb or the ringing of a shallower bar (a long 1.6 GHz wavelet, bars 85–95 mm apart), whose
 * envelope peak would move the bar's every travel time by up to a period, and its screening fit sideways onto
 * the neighbour. Falls back to {@link envelopePeakOffset} when the window holds no local maximum.
 *
 * @param wavelet - a stacked wavelet from `stackOnPicks`.
 * @param half - half-length of the apex template, samples.
 * @returns the offset in samples.
 * @example
 * ```ts
 * nearestEnvelopePeakOffset(stackOnPicks(scan, picks, apex.half), apex.half); // e.g. 3.1
 * ```
 */
export function nearestEnvelopePeakOffset(wavelet: Float64Array, half: number): number {
  const width = (wavelet.length - 1) / 2;
  const envelope = traceEnvelope(wavelet);
  let best = -1;
  for (let i = Math.max(1, width - half); i <= Math.min(envelope.length - 2, width + half); i++) {
    const isPeak = envelope[i] > 0 && envelope[i] >= envelope[i - 1] && envelope[i] >= envelope[i + 1];
    if (isPeak && (best < 0 || Math.abs(i - width) < Math.abs(best - width))) best = i;
  }
  if (best < 0) return envelopePeakOffset(wavelet, half);
  const a = envelope[best - 1];
  const b = envelope[best];
  const c = envelope[best + 1];
  const curvature = a - 2 * b + c;
  const offset = curvature === 0 ? 0 : Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / curvature));
  return best + offset - width;
}
