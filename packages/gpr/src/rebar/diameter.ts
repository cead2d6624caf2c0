import { fitBarToTravelTimes, type TravelTimes } from '../fitting/fit-hyperbola';

/** Nominal bar diameters, mm: the usual rebar sizes (issue #13), metric and imperial merged. */
export const NOMINAL_DIAMETERS_MM = [8, 10, 12, 14, 16, 20, 25, 28] as const;

/**
 * Relative 1-σ of the scan's pooled permittivity as an estimate of the true one, used as a floor when the radius
 * posterior (fitted with that εr held) is widened by the εr's uncertainty (decision 0057): the pooled εr's error
 * on the random development set is 3.6–4.7 % (median, per half), and radius and εr trade off along the curvature
 * (4 % of εr moves a 40 mm-deep bar's radius by ~1 mm, a 100 mm-deep one's by 2–6 mm).
 */
export const DIAMETER_PERMITTIVITY_FLOOR = 0.04;

/** Index of the nominal size nearest a diameter in mm. */
function nearestSizeIndex(diameterMm: number): number {
  let best = 0;
  NOMINAL_DIAMETERS_MM.forEach((size, i) => {
    if (Math.abs(size - diameterMm) < Math.abs(NOMINAL_DIAMETERS_MM[best] - diameterMm)) best = i;
  });
  return best;
}

/**
 * Claims a nominal diameter from the radius posterior of a bar fitted with the scan's permittivity held
 * (decisions 0016, 0057): only when the posterior's one-σ band, in diameter, stays within one nominal size of the
 * claim on both sides (the sd should include the permittivity's uncertainty: see
 * {@link DIAMETER_PERMITTIVITY_FLOOR}), and its mean lies at least a millimetre inside the radii tried (4–14 mm: a
 * posterior piled on an edge says "beyond the model", not "this size") and away from the radius the picks were
 * tracked with (within 0.5 mm of it the posterior may be the tracking's own curve: 12 mm bars of a synthetic scan
 * came out 8.0 ± 0.1 mm, tracked at 8 mm); the claim is the nominal size nearest twice the mean. Otherwise
 * undefined: "undetermined".
 *
 * @param radius - posterior mean and sd of the radius, metres.
 * @param range - the radii the posterior was computed over, metres.
 * @param trackedRadiusM - the radius the detection tracked the picks with, metres.
 * @returns the nominal diameter in mm, or undefined.
 * @example
 * ```ts
 * claimDiameterFromPosterior({ value: 0.0062, sd: 0.0004 }, [0.004, 0.014]); // 12
 * claimDiameterFromPosterior({ value: 0.009, sd: 0.003 }, [0.004, 0.014]); // undefined
 * ```
 */
export function claimDiameterFromPosterior(
  radius: { value: number; sd: number },
  range: readonly [number, number],
  trackedRadiusM?: number,
): number | undefined {
  if (!(radius.sd >= 0) || !Number.isFinite(radius.sd) || !Number.isFinite(radius.value)) return undefined;
  if (trackedRadiusM !== undefined && Math.abs(radius.value - trackedRadiusM) < 0.0005) return undefined;
  if (radius.value < range[0] + 0.001 || radius.value > range[1] - 0.001) return undefined;
  const claim = nearestSizeIndex(radius.value * 2000);
  const low = nearestSizeIndex((radius.value - radius.sd) * 2000);
  const high = nearestSizeIndex((radius.value + radius.sd) * 2000);
  return claim - low <= 1 && high - claim <= 1 ? NOMINAL_DIAMETERS_MM[claim] : undefined;
}

/** Outcome of {@link decideDiameter}. */
export interface DiameterDecision {
  /** The nominal diameter (mm) when the evidence is decisive, else undefined ("undetermined"). */
  nominalDiameterMm?: number;
  /** Δχ² of every size relative to the best, same order as {@link NOMINAL_DIAMETERS_MM}. */
  deltaChiSquare: number[];
}

/** Options of {@link decideDiameter}. */
export interface DiameterOptions {
  antennaSeparationM: number;
  sampleIntervalS: number;
  /** The scan's pooled permittivity: a prior on each size's fit (radius and εr trade off almost perfectly). */
  permittivity: { value: number; sd: number };
  /** Starting position and cover. */
  start: { x0M: number; coverM: number };
  /** Δχ² every size more than one step from the best must exceed. Default 16 (4 σ). */
  threshold?: number;
}

/**
 * Decides a bar's diameter only where the evidence is decisive (algorithms.md §4.4 step 6): the travel times
 * are refitted for every nominal size with the permittivity free but tied to the scan's pooled value by its
 * uncertainty; the misfit is scaled by the best fit's residual variance. A size is claimed only when every size
 * more than one nominal step away is worse by at least `threshold` in χ² and the best is not at the edge of the
 * list; otherwise the diameter is undetermined (the caller uses the default radius and says so). With time zero
 * fixed, radius is almost perfectly correlated with permittivity, so on real apertures this mostly (correctly)
 * answers "undetermined".
 *
 * @param times - the bar's travel times.
 * @param options - separation, sample interval, permittivity prior, start and threshold.
 * @returns the decision and the Δχ² profile.
 * @example
 * ```ts
 * decideDiameter(times, { antennaSeparationM: 0.036, sampleIntervalS: 1.76e-11, permittivity: { value: 7, sd: 0.2 }, start: { x0M: 0.2, coverM: 0.04 } });
 * ```
 */
export function decideDiameter(times: TravelTimes, options: DiameterOptions): DiameterDecision {
  const common = {
    antennaSeparationM: options.antennaSeparationM,
    sampleIntervalS: options.sampleIntervalS,
    start: { ...options.start, permittivity: options.permittivity.value },
    huberSamples: 1e9,
  };
  // Pick noise (samples) from a free fit, so that the prior's z-score and the picks share one χ² scale.
  const free = fitBarToTravelTimes(times, { ...common, radiusM: 0.006 });
  const noise = Math.max(0.1, free?.rmsSamples ?? 1);
  const chi: number[] = [];
  for (const diameter of NOMINAL_DIAMETERS_MM) {
    const fit = fitBarToTravelTimes(times, {
      ...common,
      radiusM: diameter / 2000,
      permittivityPrior: {
        value: options.permittivity.value,
        sd: Math.max(1e-6, options.permittivity.sd) / noise,
      },
    });
    chi.push(fit ? fit.chiSquare / (noise * noise) : Infinity);
  }
  const best = chi.indexOf(Math.min(...chi));
  const deltaChiSquare = chi.map((c) => c - chi[best]);
  const threshold = options.threshold ?? 16;
  const isEdge = best === 0 || best === chi.length - 1;
  const isDecisive = deltaChiSquare.every((d, i) => Math.abs(i - best) <= 1 || d >= threshold);
  return {
    nominalDiameterMm:
      isDecisive && !isEdge && Number.isFinite(chi[best]) ? NOMINAL_DIAMETERS_MM[best] : undefined,
    deltaChiSquare,
  };
}
