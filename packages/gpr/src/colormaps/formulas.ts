/**
 * The colour maps matplotlib 3.6 defines by formula in `_cm.py`: the gnuplot palette functions (gnuplot,
 * afmhot, ocean, rainbow) and D. A. Green's cubehelix with matplotlib's defaults (γ = 1, s = 0.5, r = −1.5,
 * h = 1). Each channel is a function of x in [0, 1]; results are clipped to [0, 1] when tabulated.
 */

/** One channel of a formula colour map. */
export type ChannelFormula = (x: number) => number;

// gnuplot's numbered palette formulas (matplotlib's `_g0` … `_g36`), the ones our maps use.
const g3: ChannelFormula = (x) => x;
const g5: ChannelFormula = (x) => x ** 3;
const g7: ChannelFormula = (x) => Math.sqrt(x);
const g10: ChannelFormula = (x) => Math.cos((x * Math.PI) / 2);
const g13: ChannelFormula = (x) => Math.sin(x * Math.PI);
const g15: ChannelFormula = (x) => Math.sin(x * 2 * Math.PI);
const g23: ChannelFormula = (x) => 3 * x - 2;
const g28: ChannelFormula = (x) => Math.abs((3 * x - 1) / 2);
const g33: ChannelFormula = (x) => Math.abs(2 * x - 0.5);
const g34: ChannelFormula = (x) => 2 * x;
const g35: ChannelFormula = (x) => 2 * x - 0.5;
const g36: ChannelFormula = (x) => 2 * x - 1;

function cubehelixChannel(p0: number, p1: number): ChannelFormula {
  const gamma = 1;
  const start = 0.5;
  const rotations = -1.5;
  const hue = 1;
  return (x) => {
    const xg = x ** gamma;
    const amplitude = (hue * xg * (1 - xg)) / 2;
    const phi = 2 * Math.PI * (start / 3 + rotations * x);
    return xg + amplitude * (p0 * Math.cos(phi) + p1 * Math.sin(phi));
  };
}

/** Red, green and blue formulas of each formula colour map, by matplotlib name. */
export const FORMULA_COLORMAPS: Readonly<
  Record<string, readonly [ChannelFormula, ChannelFormula, ChannelFormula]>
> = {
  gnuplot: [g7, g5, g15],
  afmhot: [g34, g35, g36],
  ocean: [g23, g28, g3],
  rainbow: [g33, g13, g10],
  cubehelix: [
    cubehelixChannel(-0.14861, 1.78277),
    cubehelixChannel(-0.29227, -0.90649),
    cubehelixChannel(1.97294, 0),
  ],
};
