/**
 * Gauss–Legendre quadrature on [−1, 1]: the rule of the half-space plane-wave integrals (the surface coupling's legs,
 * the direct wave's lobe).
 */

/**
 * Gauss–Legendre nodes and weights on [−1, 1], by Newton iteration on Pₙ; cached per order.
 *
 * @param order - number of nodes.
 * @returns the nodes and their weights.
 * @example
 * ```ts
 * const { nodes, weights } = gaussLegendre(8); // ∑ weights = 2
 * ```
 */
const GAUSS_CACHE = new Map<number, { nodes: Float64Array; weights: Float64Array }>();

export function gaussLegendre(order: number): { nodes: Float64Array; weights: Float64Array } {
  const cached = GAUSS_CACHE.get(order);
  if (cached) return cached;
  const nodes = new Float64Array(order);
  const weights = new Float64Array(order);
  for (let i = 0; i < order; i++) {
    let x = Math.cos((Math.PI * (i + 0.75)) / (order + 0.5));
    let derivative = 1;
    for (let iteration = 0; iteration < 100; iteration++) {
      let p0 = 1;
      let p1 = x;
      for (let k = 2; k <= order; k++) {
        const p2 = ((2 * k - 1) * x * p1 - (k - 1) * p0) / k;
        p0 = p1;
        p1 = p2;
      }
      derivative = (order * (x * p1 - p0)) / (x * x - 1);
      const step = p1 / derivative;
      x -= step;
      if (Math.abs(step) < 1e-15) break;
    }
    nodes[i] = x;
    weights[i] = 2 / ((1 - x * x) * derivative * derivative);
  }
  const rule = { nodes, weights };
  GAUSS_CACHE.set(order, rule);
  return rule;
}
