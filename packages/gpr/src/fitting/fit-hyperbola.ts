import { SPEED_OF_LIGHT_M_PER_S } from '../model/radargram';
import { reflectedPathWithGradient, type PathWithGradient } from './bistatic-cylinder';
import { solveLeastSquares } from './levenberg-marquardt';
import { surfaceCouplingCorrections, type SurfaceCoupling } from './surface-coupling';

/** Travel times to fit: positions along the line and two-way times from the transmit instant. */
export interface TravelTimes {
  /** Antenna midpoint of each pick, metres. */
  positionsM: Float64Array;
  /** Two-way time of each pick from the transmit instant, seconds. */
  timesS: Float64Array;
  /** Weight of each pick (0–1). */
  weights: Float64Array;
}

/** Options of {@link fitBarToTravelTimes}. */
export interface BarFitOptions {
  /** Transmitter–receiver separation, metres. */
  antennaSeparationM: number;
  /** Bar radius held fixed in the fit, metres. */
  radiusM: number;
  /** Sample interval, seconds: residuals and the robust threshold are measured in samples. */
  sampleIntervalS: number;
  /** Hold the permittivity at this value instead of fitting it. */
  fixedPermittivity?: number;
  /** Starting values. */
  start: { x0M: number; coverM: number; permittivity: number };
  /**
   * Prior on the permittivity, as (value, standard deviation): adds one residual (ε − value)/sd, compared with
   * pick residuals in samples — so give sd divided by the pick noise in samples for a proper χ² — e.g. the
   * scan's pooled value when profiling the radius.
   */
  permittivityPrior?: { value: number; sd: number };
  /** Permittivity bounds. Default [2, 40]. */
  permittivityRange?: [number, number];
  /** Huber threshold, samples. Default 1. */
  huberSamples?: number;
  /**
   * Model the antennas' coupling to the surface ({@link surfaceCouplingCorrections}): the limbs' times are
   * corrected for the half-space field at the model's current bar, and the fit repeated until the correction
   * settles. Without it the straight-ray model is fitted.
   */
  surfaceCoupling?: SurfaceCoupling;
}

/** A fitted bar with 1-σ uncertainties from the fit's covariance. */
export interface BarFit {
  x0M: number;
  coverM: number;
  permittivity: number;
  x0SdM: number;
  coverSdM: number;
  /** Standard deviation of the permittivity (0 when held fixed). */
  permittivitySd: number;
  /** Weighted RMS residual, samples. */
  rmsSamples: number;
  /** Sum of weighted squared residuals, samples² (the prior's residual included). */
  chiSquare: number;
  /** Number of picks. */
  count: number;
  /** Residual per pick, samples (model − pick). */
  residualsSamples: Float64Array;
}

/**
 * Fits position, cover and (unless held fixed) permittivity of a bar of fixed radius to travel-time picks with
 * the exact bistatic Fermat model, time zero fixed (algorithms.md §4.4 step 4): robust Levenberg–Marquardt
 * (Huber, threshold 1 sample) in the parameters (x0, cover, √εr), in which the time is linear in √εr. With
 * `surfaceCoupling`, the antennas' coupling to the air–concrete interface is modelled as well (limbs early).
 *
 * @param data - positions, times and weights of the picks.
 * @param options - separation, radius, sample interval, start values and what is fixed.
 * @returns the fitted bar and its uncertainties, or undefined with fewer picks than parameters + 2.
 * @example
 * ```ts
 * const fit = fitBarToTravelTimes(times, {
 *   antennaSeparationM: 0.03565, radiusM: 0.006, sampleIntervalS: 2.44e-11,
 *   start: { x0M: 0.4, coverM: 0.05, permittivity: 7 },
 * });
 * fit?.coverM; // metres
 * ```
 */
export function fitBarToTravelTimes(data: TravelTimes, options: BarFitOptions): BarFit | undefined {
  // The same fit is asked again (a bar re-picked with its neighbours subtracted, where the subtraction left its
  // picks unchanged; 60 of the synthetic line's 1,011 fits): the last fits are kept by their exact inputs.
  const inputs = fitInputs(data, options);
  for (let i = 0; i < FIT_MEMO.length; i++) {
    if (sameValues(FIT_MEMO[i].inputs, inputs)) return copyFit(FIT_MEMO[i].fit);
  }
  const fit = computeBarFit(data, options);
  FIT_MEMO.unshift({ inputs, fit: copyFit(fit) });
  if (FIT_MEMO.length > FIT_MEMO_KEPT) FIT_MEMO.pop();
  return fit;
}

/** The last fits of {@link fitBarToTravelTimes}, most recent first, with every input they depend on. */
const FIT_MEMO: { inputs: Float64Array; fit: BarFit | undefined }[] = [];
const FIT_MEMO_KEPT = 64;

/**
 * Every input of a fit as one vector (options first: they differ most often between fits of the same picks);
 * an absent option is a 0 flag, a present one a 1 and its values.
 */
function fitInputs(data: TravelTimes, options: BarFitOptions): Float64Array {
  const { positionsM, timesS, weights } = data;
  const out = new Float64Array(32 + positionsM.length + timesS.length + weights.length);
  let k = 0;
  const put = (value: number): void => {
    out[k++] = value;
  };
  const { start, fixedPermittivity, permittivityPrior, permittivityRange, huberSamples } = options;
  put(start.x0M);
  put(start.coverM);
  put(start.permittivity);
  put(options.antennaSeparationM);
  put(options.radiusM);
  put(options.sampleIntervalS);
  put(fixedPermittivity === undefined ? 0 : 1);
  put(fixedPermittivity ?? 0);
  put(permittivityPrior ? 1 : 0);
  put(permittivityPrior?.value ?? 0);
  put(permittivityPrior?.sd ?? 0);
  put(permittivityRange ? 1 : 0);
  put(permittivityRange?.[0] ?? 0);
  put(permittivityRange?.[1] ?? 0);
  put(huberSamples === undefined ? 0 : 1);
  put(huberSamples ?? 0);
  const coupling = options.surfaceCoupling;
  const flag = (value: boolean | undefined): number => (value === undefined ? 0 : value ? 1 : 2);
  put(coupling ? 1 : 0);
  put(coupling?.frequencyHz ?? 0);
  put(coupling?.antennaHeightM ?? 0);
  put(flag(coupling?.shouldModelScattering));
  put(flag(coupling?.shouldUseStationaryPoint));
  put(positionsM.length);
  put(timesS.length);
  put(weights.length);
  out.set(positionsM, 32);
  out.set(timesS, 32 + positionsM.length);
  out.set(weights, 32 + positionsM.length + timesS.length);
  return out;
}

/** Equal value for value (Object.is: NaN equals NaN, −0 differs from 0). */
function sameValues(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

function copyFit(fit: BarFit | undefined): BarFit | undefined {
  return fit && { ...fit, residualsSamples: fit.residualsSamples.slice() };
}

function computeBarFit(data: TravelTimes, options: BarFitOptions): BarFit | undefined {
  const coupling = options.surfaceCoupling;
  if (!coupling) return fitStraightRays(data, options);
  // The correction depends on the bar only weakly (it is a fraction of a period that varies slowly with cover
  // and εr), so a fixed point converges in two or three rounds: correct the times for the current bar, refit.
  let start = options.start;
  let fit: BarFit | undefined;
  for (let round = 0; round < 4; round++) {
    const eps = options.fixedPermittivity ?? start.permittivity;
    const bar = { x0M: start.x0M, coverM: Math.max(0.001, start.coverM), radiusM: options.radiusM };
    const corrections = surfaceCouplingCorrections(
      data.positionsM,
      bar,
      eps,
      options.antennaSeparationM,
      coupling,
    );
    const next = fitStraightRays(
      { ...data, timesS: data.timesS.map((t, i) => t - corrections[i]) },
      { ...options, start },
    );
    if (!next) return fit;
    fit = next;
    // Settled when the bar moved too little to change the correction (it varies on the scale of millimetres and
    // per cent of εr): a fraction of a millimetre and of a per cent.
    const isSettled =
      Math.abs(fit.x0M - start.x0M) < 2e-4 &&
      Math.abs(fit.coverM - start.coverM) < 2e-4 &&
      Math.abs(fit.permittivity - eps) < 0.005 * eps;
    if (isSettled) break;
    start = { x0M: fit.x0M, coverM: fit.coverM, permittivity: fit.permittivity };
  }
  return fit;
}

function fitStraightRays(data: TravelTimes, options: BarFitOptions): BarFit | undefined {
  const isFixed = options.fixedPermittivity !== undefined;
  const count = data.positionsM.length;
  const parameters = isFixed ? 2 : 3;
  if (count < parameters + 2) return undefined;
  const dt = options.sampleIntervalS;
  const half = options.antennaSeparationM / 2;
  const radius = options.radiusM;
  const [epsMin, epsMax] = options.permittivityRange ?? [2, 40];
  const prior = options.permittivityPrior;
  const extra = prior && !isFixed ? 1 : 0;
  const path: PathWithGradient = { lengthM: 0, dX0: 0, dCover: 0, pointXM: 0, pointDepthM: 0 };
  // The solver asks for the Jacobian at parameters whose residuals it has just evaluated (the start, then each
  // accepted step): the paths (length and gradient per pick) are kept per parameter vector and reused.
  const paths = new WeakMap<number[], Float64Array>();
  const residualsOf = (p: number[]): Float64Array => {
    const index = isFixed ? Math.sqrt(options.fixedPermittivity as number) : p[2];
    const bar = { x0M: p[0], coverM: p[1], radiusM: radius };
    const out = new Float64Array(count + extra);
    const kept = new Float64Array(3 * count);
    for (let i = 0; i < count; i++) {
      const x = data.positionsM[i];
      reflectedPathWithGradient(x - half, x + half, bar, path);
      out[i] = ((path.lengthM * index) / SPEED_OF_LIGHT_M_PER_S - data.timesS[i]) / dt;
      kept[3 * i] = path.lengthM;
      kept[3 * i + 1] = path.dX0;
      kept[3 * i + 2] = path.dCover;
    }
    paths.set(p, kept);
    if (extra)
      out[count] = (index * index - (prior as { value: number }).value) / (prior as { sd: number }).sd;
    return out;
  };
  const jacobianOf = (p: number[]): Float64Array => {
    const index = isFixed ? Math.sqrt(options.fixedPermittivity as number) : p[2];
    const bar = { x0M: p[0], coverM: p[1], radiusM: radius };
    const jacobian = new Float64Array((count + extra) * parameters);
    const scale = 1 / (SPEED_OF_LIGHT_M_PER_S * dt);
    const kept = paths.get(p);
    for (let i = 0; i < count; i++) {
      let lengthM: number;
      let dX0: number;
      let dCover: number;
      if (kept) {
        lengthM = kept[3 * i];
        dX0 = kept[3 * i + 1];
        dCover = kept[3 * i + 2];
      } else {
        const x = data.positionsM[i];
        reflectedPathWithGradient(x - half, x + half, bar, path);
        ({ lengthM, dX0, dCover } = path);
      }
      jacobian[i * parameters] = dX0 * index * scale;
      jacobian[i * parameters + 1] = dCover * index * scale;
      if (!isFixed) jacobian[i * parameters + 2] = lengthM * scale;
    }
    if (extra) jacobian[count * parameters + 2] = (2 * index) / (prior as { sd: number }).sd;
    return jacobian;
  };
  const start = [options.start.x0M, Math.max(0.001, options.start.coverM)];
  if (!isFixed) start.push(Math.sqrt(Math.min(epsMax, Math.max(epsMin, options.start.permittivity))));
  const weights = new Float64Array(count + extra).fill(1);
  weights.set(data.weights);
  const result = solveLeastSquares(residualsOf, start, {
    lower: [-Infinity, 0.0005, Math.sqrt(epsMin)].slice(0, parameters),
    upper: [Infinity, 2, Math.sqrt(epsMax)].slice(0, parameters),
    steps: [1e-6, 1e-6, 1e-5].slice(0, parameters),
    huberThreshold: options.huberSamples ?? 1,
    weights,
    jacobianOf,
  });
  const [x0, cover] = result.params;
  const index = isFixed ? Math.sqrt(options.fixedPermittivity as number) : result.params[2];
  const sd = (i: number): number => Math.sqrt(Math.max(0, result.covariance[i * parameters + i]));
  let chiSquare = 0;
  for (let i = 0; i < count + extra; i++) chiSquare += result.finalWeights[i] * result.residuals[i] ** 2;
  return {
    x0M: x0,
    coverM: cover,
    permittivity: index * index,
    x0SdM: sd(0),
    coverSdM: sd(1),
    permittivitySd: isFixed ? 0 : 2 * index * sd(2),
    rmsSamples: result.rms,
    chiSquare,
    count,
    residualsSamples: result.residuals.slice(0, count),
  };
}
