import { describe, expect, it } from 'vitest';
import { solveLeastSquares } from './levenberg-marquardt';

describe('solveLeastSquares', () => {
  const xs = Array.from({ length: 20 }, (_, i) => i / 4);

  it('fits a straight line and reports its covariance', () => {
    const ys = xs.map((x, i) => 2 * x + 1 + (i % 2 ? 0.01 : -0.01));
    const fit = solveLeastSquares((p) => Float64Array.from(xs, (x, i) => p[0] * x + p[1] - ys[i]), [0, 0]);
    expect(fit.params[0]).toBeCloseTo(2, 2);
    expect(fit.params[1]).toBeCloseTo(1, 2);
    expect(fit.rms).toBeCloseTo(0.01, 3);
    expect(Math.sqrt(fit.covariance[0])).toBeGreaterThan(0);
    expect(Math.sqrt(fit.covariance[0])).toBeLessThan(0.01);
  });

  it('fits a non-linear model and respects bounds', () => {
    const ys = xs.map((x) => 3 * Math.exp(-0.7 * x));
    const residuals = (p: number[]) => Float64Array.from(xs, (x, i) => p[0] * Math.exp(-p[1] * x) - ys[i]);
    expect(solveLeastSquares(residuals, [1, 0.1]).params[1]).toBeCloseTo(0.7, 5);
    expect(solveLeastSquares(residuals, [1, 0.1], { upper: [10, 0.5] }).params[1]).toBeLessThanOrEqual(0.5);
  });

  it('with a Huber threshold resists an outlier that drags plain least squares', () => {
    const ys = xs.map((x) => 2 * x + 1);
    ys[5] += 30;
    const residuals = (p: number[]) => Float64Array.from(xs, (x, i) => p[0] * x + p[1] - ys[i]);
    const plain = solveLeastSquares(residuals, [0, 0]);
    const robust = solveLeastSquares(residuals, [0, 0], { huberThreshold: 0.1 });
    expect(Math.abs(robust.params[1] - 1)).toBeLessThan(0.1 * Math.abs(plain.params[1] - 1));
  });

  it('uses an analytic Jacobian when given one', () => {
    const ys = xs.map((x) => 0.5 * x);
    let calls = 0;
    const fit = solveLeastSquares((p) => Float64Array.from(xs, (x, i) => p[0] * x - ys[i]), [0], {
      jacobianOf: () => {
        calls++;
        return Float64Array.from(xs);
      },
    });
    expect(fit.params[0]).toBeCloseTo(0.5, 8);
    expect(calls).toBeGreaterThan(0);
  });
});
