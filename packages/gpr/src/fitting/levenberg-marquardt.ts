/** Options of {@link solveLeastSquares}. */
export interface LeastSquaresOptions {
  /** Lower bounds per parameter (steps are clamped into the box). */
  lower?: number[];
  /** Upper bounds per parameter. */
  upper?: number[];
  /** Finite-difference step per parameter, in parameter units. Default 1e-6·max(1, |p|). */
  steps?: number[];
  /**
   * Huber threshold in residual units: residuals beyond it get weight threshold/|r| (iteratively reweighted).
   * Omit for plain least squares.
   */
  huberThreshold?: number;
  /** Per-residual base weights (e.g. pick quality), default 1. */
  weights?: Float64Array;
  /** Maximum outer iterations. Default 50. */
  maxIterations?: number;
  /** Stop when an iteration lowers the cost by less than this fraction. Default 1e-7. */
  tolerance?: number;
  /** Analytic Jacobian (row-major, residuals × parameters); default forward differences. */
  jacobianOf?: (params: number[]) => Float64Array;
}

/** What {@link solveLeastSquares} returns. */
export interface LeastSquaresResult {
  /** Best parameters. */
  params: number[];
  /**
   * Covariance of the parameters, row-major n×n: (JᵀWJ)⁻¹ scaled by the weighted residual variance
   * σ² = Σw·r² / (m − n). NaN entries when the problem is singular.
   */
  covariance: number[];
  /** Weighted root-mean-square residual, residual units. */
  rms: number;
  /** Final robust weights times base weights, one per residual. */
  finalWeights: Float64Array;
  /** Final residuals. */
  residuals: Float64Array;
  /** Outer iterations used. */
  iterations: number;
}

/**
 * Small dense Levenberg–Marquardt solver with forward-difference Jacobians, box bounds and optional Huber
 * reweighting; meant for the 2–4 parameter hyperbola fits (a few dozen residuals).
 *
 * @param residualsOf - maps parameters to residuals (model − data), any units.
 * @param start - starting parameters.
 * @param options - bounds, steps, robust threshold and weights.
 * @returns the parameters, their covariance and the residual statistics.
 * @example
 * ```ts
 * // Fit y = a·x + b to three points
 * const xs = [0, 1, 2], ys = [1, 3, 5];
 * const fit = solveLeastSquares((p) => Float64Array.from(xs, (x, i) => p[0] * x + p[1] - ys[i]), [0, 0]);
 * fit.params; // ≈ [2, 1]
 * ```
 */
export function solveLeastSquares(
  residualsOf: (params: number[]) => Float64Array,
  start: number[],
  options: LeastSquaresOptions = {},
): LeastSquaresResult {
  const n = start.length;
  const clamp = (p: number[]): number[] =>
    p.map((v, i) => Math.min(options.upper?.[i] ?? Infinity, Math.max(options.lower?.[i] ?? -Infinity, v)));
  let params = clamp(start.slice());
  let residuals = residualsOf(params);
  const m = residuals.length;
  const base = options.weights ?? new Float64Array(m).fill(1);
  const weights = new Float64Array(m);
  const reweight = (r: Float64Array): void => {
    const h = options.huberThreshold;
    for (let i = 0; i < m; i++) {
      const a = Math.abs(r[i]);
      weights[i] = base[i] * (h !== undefined && a > h ? h / a : 1);
    }
  };
  const cost = (r: Float64Array): number => {
    let c = 0;
    for (let i = 0; i < m; i++) c += weights[i] * r[i] * r[i];
    return c;
  };
  reweight(residuals);
  let lambda = 1e-3;
  let iterations = 0;
  const maxIterations = options.maxIterations ?? 50;
  for (; iterations < maxIterations; iterations++) {
    const jacobian = options.jacobianOf
      ? options.jacobianOf(params)
      : jacobianOf(residualsOf, params, residuals, options.steps);
    const { jtj, jtr } = normalEquations(jacobian, residuals, weights, m, n);
    const current = cost(residuals);
    let improved = false;
    for (let attempt = 0; attempt < 12; attempt++) {
      const damped = jtj.slice();
      for (let i = 0; i < n; i++) damped[i * n + i] += lambda * (jtj[i * n + i] || 1e-12);
      const delta = solveSymmetric(
        damped,
        jtr.map((v) => -v),
        n,
      );
      if (!delta) {
        lambda *= 10;
        continue;
      }
      const trial = clamp(params.map((v, i) => v + delta[i]));
      const trialResiduals = residualsOf(trial);
      const trialCost = cost(trialResiduals);
      if (Number.isFinite(trialCost) && trialCost < current) {
        const relative = (current - trialCost) / Math.max(current, 1e-300);
        params = trial;
        residuals = trialResiduals;
        reweight(residuals);
        lambda = Math.max(lambda / 3, 1e-9);
        improved = relative > (options.tolerance ?? 1e-7);
        break;
      }
      lambda *= 10;
    }
    if (!improved) break;
  }
  const finalJacobian = options.jacobianOf
    ? options.jacobianOf(params)
    : jacobianOf(residualsOf, params, residuals, options.steps);
  const { jtj } = normalEquations(finalJacobian, residuals, weights, m, n);
  let weightedSquares = 0;
  let weightSum = 0;
  for (let i = 0; i < m; i++) {
    weightedSquares += weights[i] * residuals[i] * residuals[i];
    weightSum += weights[i];
  }
  const dof = Math.max(1, m - n);
  const variance = weightedSquares / dof;
  const inverse = invertSymmetric(jtj, n);
  const covariance = inverse ? inverse.map((v) => v * variance) : new Array<number>(n * n).fill(NaN);
  return {
    params,
    covariance,
    rms: Math.sqrt(weightedSquares / Math.max(weightSum, 1e-300)),
    finalWeights: weights.slice(),
    residuals,
    iterations,
  };
}

function jacobianOf(
  residualsOf: (params: number[]) => Float64Array,
  params: number[],
  residuals: Float64Array,
  steps: number[] | undefined,
): Float64Array {
  const n = params.length;
  const m = residuals.length;
  const jacobian = new Float64Array(m * n);
  for (let j = 0; j < n; j++) {
    const h = steps?.[j] ?? 1e-6 * Math.max(1, Math.abs(params[j]));
    const shifted = params.slice();
    shifted[j] += h;
    const r = residualsOf(shifted);
    for (let i = 0; i < m; i++) jacobian[i * n + j] = (r[i] - residuals[i]) / h;
  }
  return jacobian;
}

function normalEquations(
  jacobian: Float64Array,
  residuals: Float64Array,
  weights: Float64Array,
  m: number,
  n: number,
): { jtj: number[]; jtr: number[] } {
  const jtj = new Array<number>(n * n).fill(0);
  const jtr = new Array<number>(n).fill(0);
  for (let i = 0; i < m; i++) {
    const w = weights[i];
    for (let a = 0; a < n; a++) {
      const ja = jacobian[i * n + a] * w;
      jtr[a] += ja * residuals[i];
      for (let b = 0; b < n; b++) jtj[a * n + b] += ja * jacobian[i * n + b];
    }
  }
  return { jtj, jtr };
}

/** Solves A·x = b for a small symmetric positive-definite A (Gaussian elimination with partial pivoting). */
function solveSymmetric(a: number[], b: number[], n: number): number[] | undefined {
  const m = a.slice();
  const x = b.slice();
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++)
      if (Math.abs(m[row * n + col]) > Math.abs(m[pivot * n + col])) pivot = row;
    if (!(Math.abs(m[pivot * n + col]) > 1e-300)) return undefined;
    if (pivot !== col) {
      for (let k = 0; k < n; k++) [m[col * n + k], m[pivot * n + k]] = [m[pivot * n + k], m[col * n + k]];
      [x[col], x[pivot]] = [x[pivot], x[col]];
    }
    for (let row = col + 1; row < n; row++) {
      const f = m[row * n + col] / m[col * n + col];
      for (let k = col; k < n; k++) m[row * n + k] -= f * m[col * n + k];
      x[row] -= f * x[col];
    }
  }
  for (let row = n - 1; row >= 0; row--) {
    let s = x[row];
    for (let k = row + 1; k < n; k++) s -= m[row * n + k] * x[k];
    x[row] = s / m[row * n + row];
  }
  return x.every(Number.isFinite) ? x : undefined;
}

function invertSymmetric(a: number[], n: number): number[] | undefined {
  const inverse = new Array<number>(n * n).fill(0);
  for (let col = 0; col < n; col++) {
    const unit = new Array<number>(n).fill(0);
    unit[col] = 1;
    const x = solveSymmetric(a, unit, n);
    if (!x) return undefined;
    for (let row = 0; row < n; row++) inverse[row * n + col] = x[row];
  }
  return inverse;
}
