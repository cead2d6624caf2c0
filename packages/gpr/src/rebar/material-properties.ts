import type { PooledPermittivity } from './pool-permittivity';
import type { MaterialProperties, MaterialValue } from './types';

/** Impedance of free space, ohms. */
const FREE_SPACE_IMPEDANCE_OHM = 376.730313;

/** A bar's apex amplitude and two-way path, the input of the conductivity estimate. */
export interface AmplitudeSample {
  /** Apex envelope amplitude, data units. */
  amplitude: number;
  /** Two-way path length in the concrete at the apex, metres. */
  pathM: number;
}

/**
 * Effective conductivity from the decay of bar amplitudes with depth (algorithms.md §4.6 (ii)): after a
 * 1/√path spreading correction (a line target under a small antenna), ln(A·√L) falls linearly with the two-way
 * path L at the attenuation rate α; σ = 2α·√εr / Z₀ (low-loss approximation). Needs at least three bars whose
 * paths span 40 mm; bar radius and antenna pattern also change amplitudes, so the uncertainty is large.
 *
 * @param samples - apex amplitudes and two-way paths of the bars.
 * @param permittivity - the scan's permittivity.
 * @returns σ in S/m with its 1-σ (a negative slope gives 0), or undefined when the data cannot say.
 * @example
 * ```ts
 * conductivityFromAmplitudes([{ amplitude: 1, pathM: 0.1 }, { amplitude: 0.8, pathM: 0.2 }, { amplitude: 0.62, pathM: 0.3 }], 7);
 * ```
 */
export function conductivityFromAmplitudes(
  samples: AmplitudeSample[],
  permittivity: number,
): { value: number; sd: number } | undefined {
  const valid = samples.filter((s) => s.amplitude > 0 && s.pathM > 0);
  if (valid.length < 3) return undefined;
  const paths = valid.map((s) => s.pathM);
  if (Math.max(...paths) - Math.min(...paths) < 0.04) return undefined;
  const ys = valid.map((s) => Math.log(s.amplitude * Math.sqrt(s.pathM)));
  const n = valid.length;
  const mx = paths.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  const sxx = paths.reduce((a, x) => a + (x - mx) ** 2, 0);
  const slope = paths.reduce((a, x, i) => a + (x - mx) * (ys[i] - my), 0) / sxx;
  const residual = ys.reduce((a, y, i) => a + (y - my - slope * (paths[i] - mx)) ** 2, 0);
  const slopeSd = Math.sqrt(residual / Math.max(1, n - 2) / sxx);
  const scale = (2 * Math.sqrt(permittivity)) / FREE_SPACE_IMPEDANCE_OHM;
  // Amplitude also varies with bar size and pattern: at least 30 % scatter in ln A is assumed.
  const sd = scale * Math.max(slopeSd, 0.3 / Math.sqrt(sxx));
  return { value: Math.max(0, -slope * scale), sd };
}

/**
 * The spec's four material properties (Epsilon 0, Epsilon inf, Conductivity, Tau), first entry the permittivity
 * used, each flagged as estimated from the data, a prior, or the user's. Single-offset GPR measures the
 * effective permittivity near the centre frequency and, with bars at several depths, an effective conductivity;
 * εs and τ of a Debye model are outside its band and stay prior-dominated (algorithms.md §4.6), so they are
 * reported as priors with wide uncertainties rather than invented precision.
 *
 * @param permittivity - the scan's pooled (or user / calibrated) permittivity.
 * @param amplitudes - bars' apex amplitudes and paths, for the conductivity.
 * @returns the four values with their provenance.
 * @example
 * ```ts
 * estimateMaterialProperties({ value: 7, sd: 0.2, source: 'estimated', count: 4 }, []).values; // [7, 5.25, 0.01, 1e-11]
 * ```
 */
export function estimateMaterialProperties(
  permittivity: PooledPermittivity,
  amplitudes: AmplitudeSample[],
): MaterialProperties {
  const eps = permittivity.value;
  const epsilon0: MaterialValue = {
    value: eps,
    sd: permittivity.sd,
    source: permittivity.source === 'user' ? 'user' : permittivity.source === 'prior' ? 'prior' : 'estimated',
    note:
      permittivity.source === 'estimated'
        ? `effective permittivity near the centre frequency, pooled over ${permittivity.count} hyperbola fit(s)`
        : permittivity.source === 'calibrated'
          ? 'calibrated on a bar of known cover'
          : permittivity.source === 'user'
            ? 'given by the user'
            : 'no hyperbola to fit: default concrete value',
  };
  const epsilonInf: MaterialValue = {
    value: Math.max(1, 0.75 * eps),
    sd: 0.25 * eps,
    source: 'prior',
    note: 'prior: concrete relaxes above the antenna band; single-offset data do not constrain it',
  };
  const measured = conductivityFromAmplitudes(amplitudes, eps);
  const conductivity: MaterialValue = measured
    ? {
        value: measured.value,
        sd: measured.sd,
        source: 'estimated',
        note: `effective conductivity from the amplitude decay of ${amplitudes.length} bars with depth`,
      }
    : {
        value: 0.01,
        sd: 0.01,
        source: 'prior',
        note: 'prior: needs at least three bars whose paths span 40 mm',
      };
  const tau: MaterialValue = {
    value: 1e-11,
    sd: 1e-11,
    source: 'prior',
    note: 'prior: relaxation time is outside what single-offset GPR can measure',
  };
  return {
    values: [epsilon0.value, epsilonInf.value, conductivity.value, tau.value],
    details: [epsilon0, epsilonInf, conductivity, tau],
  };
}
