import { fitBarToTravelTimes, type TravelTimes } from '../fitting/fit-hyperbola';

/** Nominal bar diameters tried, mm (metric and imperial sizes merged). */
export const NOMINAL_DIAMETERS_MM = [8, 10, 12, 16, 20, 25, 32] as const;

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
