import { describe, expect, it } from 'vitest';
import { getColormap, listColormaps, sampleColormap } from './colormaps';

/**
 * RGB (0–1) at x = 0, 0.5 and 1 of every map, printed by matplotlib 3.6.3 (`matplotlib.colormaps[name](x)`),
 * rounded to 4 decimals.
 */
const MATPLOTLIB_REFERENCE: Record<string, number[][]> = {
  viridis: [
    [0.267, 0.0049, 0.3294],
    [0.1276, 0.5669, 0.5506],
    [0.9932, 0.9062, 0.1439],
  ],
  plasma: [
    [0.0504, 0.0298, 0.528],
    [0.7982, 0.2802, 0.4695],
    [0.94, 0.9752, 0.1313],
  ],
  inferno: [
    [0.0015, 0.0005, 0.0139],
    [0.7357, 0.2159, 0.3302],
    [0.9884, 0.9984, 0.6449],
  ],
  magma: [
    [0.0015, 0.0005, 0.0139],
    [0.7164, 0.215, 0.4753],
    [0.9871, 0.9914, 0.7495],
  ],
  cividis: [
    [0, 0.1351, 0.3048],
    [0.4887, 0.4853, 0.471],
    [0.9957, 0.9093, 0.2178],
  ],
  Greys: [
    [1, 1, 1],
    [0.5861, 0.5861, 0.5861],
    [0, 0, 0],
  ],
  gray: [
    [0, 0, 0],
    [0.502, 0.502, 0.502],
    [1, 1, 1],
  ],
  binary: [
    [1, 1, 1],
    [0.498, 0.498, 0.498],
    [0, 0, 0],
  ],
  bone: [
    [0, 0, 0],
    [0.4392, 0.4841, 0.5642],
    [1, 1, 1],
  ],
  pink: [
    [0.1178, 0, 0],
    [0.8173, 0.674, 0.5785],
    [1, 1, 1],
  ],
  spring: [
    [1, 0, 1],
    [1, 0.502, 0.498],
    [1, 1, 0],
  ],
  summer: [
    [0, 0.5, 0.4],
    [0.502, 0.751, 0.4],
    [1, 1, 0.4],
  ],
  autumn: [
    [1, 0, 0],
    [1, 0.502, 0],
    [1, 1, 0],
  ],
  winter: [
    [0, 0, 1],
    [0, 0.502, 0.749],
    [0, 1, 0.5],
  ],
  cool: [
    [0, 1, 1],
    [0.502, 0.498, 1],
    [1, 0, 1],
  ],
  hot: [
    [0.0416, 0, 0],
    [1, 0.3593, 0],
    [1, 1, 1],
  ],
  afmhot: [
    [0, 0, 0],
    [1, 0.5039, 0.0039],
    [1, 1, 1],
  ],
  copper: [
    [0, 0, 0],
    [0.6201, 0.3921, 0.2497],
    [1, 0.7812, 0.4975],
  ],
  seismic: [
    [0, 0, 0.3],
    [1, 0.9922, 0.9922],
    [0.5, 0, 0],
  ],
  RdBu: [
    [0.4039, 0, 0.1216],
    [0.9657, 0.9672, 0.9681],
    [0.0196, 0.1882, 0.3804],
  ],
  bwr: [
    [0, 0, 1],
    [1, 0.9961, 0.9961],
    [1, 0, 0],
  ],
  coolwarm: [
    [0.2298, 0.2987, 0.7537],
    [0.8674, 0.8644, 0.8626],
    [0.7057, 0.0156, 0.1502],
  ],
  jet: [
    [0, 0, 0.5],
    [0.4902, 1, 0.4775],
    [0.5, 0, 0],
  ],
  turbo: [
    [0.19, 0.0718, 0.2322],
    [0.6436, 0.99, 0.2336],
    [0.4796, 0.0158, 0.0106],
  ],
  rainbow: [
    [0.5, 0, 1],
    [0.5039, 1, 0.7049],
    [1, 0, 0],
  ],
  hsv: [
    [1, 0, 0],
    [0, 1, 0.9647],
    [1, 0, 0.0938],
  ],
  Spectral: [
    [0.6196, 0.0039, 0.2588],
    [0.9981, 0.9992, 0.746],
    [0.3686, 0.3098, 0.6353],
  ],
  PiYG: [
    [0.5569, 0.0039, 0.3216],
    [0.9673, 0.9685, 0.9656],
    [0.1529, 0.3922, 0.098],
  ],
  PRGn: [
    [0.251, 0, 0.2941],
    [0.9663, 0.9681, 0.9659],
    [0, 0.2667, 0.1059],
  ],
  BrBG: [
    [0.3294, 0.1882, 0.0196],
    [0.9572, 0.9599, 0.9596],
    [0, 0.2353, 0.1882],
  ],
  PuOr: [
    [0.498, 0.2314, 0.0314],
    [0.9662, 0.9664, 0.9677],
    [0.1765, 0, 0.2941],
  ],
  RdGy: [
    [0.4039, 0, 0.1216],
    [0.9976, 0.9976, 0.9976],
    [0.102, 0.102, 0.102],
  ],
  RdYlBu: [
    [0.6471, 0, 0.149],
    [0.9976, 0.9991, 0.7534],
    [0.1922, 0.2118, 0.5843],
  ],
  RdYlGn: [
    [0.6471, 0, 0.149],
    [0.9971, 0.9988, 0.745],
    [0, 0.4078, 0.2157],
  ],
  twilight: [
    [0.8858, 0.85, 0.888],
    [0.1849, 0.0794, 0.2131],
    [0.8857, 0.85, 0.8857],
  ],
  ocean: [
    [0, 0.5, 0],
    [0, 0.2529, 0.502],
    [1, 1, 1],
  ],
  terrain: [
    [0.2, 0.2, 0.6],
    [0.9961, 0.995, 0.5979],
    [1, 1, 1],
  ],
  gnuplot: [
    [0, 0, 0],
    [0.7085, 0.1265, 0],
    [1, 1, 0],
  ],
  cubehelix: [
    [0, 0, 0],
    [0.6328, 0.4748, 0.2907],
    [1, 1, 1],
  ],
  Blues: [
    [0.9686, 0.9843, 1],
    [0.4171, 0.6806, 0.8382],
    [0.0314, 0.1882, 0.4196],
  ],
  Greens: [
    [0.9686, 0.9882, 0.9608],
    [0.4518, 0.7671, 0.4612],
    [0, 0.2667, 0.1059],
  ],
  Oranges: [
    [1, 0.9608, 0.9216],
    [0.9914, 0.5507, 0.2328],
    [0.498, 0.1529, 0.0157],
  ],
  Reds: [
    [1, 0.9608, 0.9412],
    [0.9836, 0.4128, 0.2884],
    [0.4039, 0, 0.051],
  ],
};

describe('colour maps', () => {
  it('ships 43 distinct matplotlib maps', () => {
    const names = listColormaps();
    expect(names).toHaveLength(43);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(43);
    expect(names.slice().sort()).toEqual(Object.keys(MATPLOTLIB_REFERENCE).sort());
  });

  it.each(Object.entries(MATPLOTLIB_REFERENCE))('%s matches matplotlib at 0, 0.5 and 1', (name, expected) => {
    const map = getColormap(name);
    [0, 0.5, 1].forEach((x, i) => {
      const rgb = sampleColormap(map, x);
      for (let c = 0; c < 3; c++)
        expect(Math.abs(rgb[c] / 255 - expected[i][c])).toBeLessThanOrEqual(1 / 255 + 1e-4);
    });
  });

  it('tabulates 256 opaque RGBA entries', () => {
    const lut = getColormap('viridis').lut;
    expect(lut).toHaveLength(1024);
    expect(Array.from(lut.slice(0, 4))).toEqual([68, 1, 84, 255]); // #440154
    expect(Array.from(lut.slice(1020))).toEqual([253, 231, 37, 255]); // #fde725
    for (let i = 3; i < 1024; i += 4) expect(lut[i]).toBe(255);
  });

  it('interpolates segment data as matplotlib does', () => {
    // gray: y = x, so entry i is round(255 · i/255) = i.
    const gray = getColormap('gray').lut;
    for (const i of [0, 1, 100, 254, 255]) expect(gray[4 * i]).toBe(i);
    // jet's red is 0 up to 0.35, 1 from 0.66 to 0.89, 0.5 at 1: at x = 0.505 (entry 128.8 ≈ 129/255 = 0.50588)
    // red = (0.50588 − 0.35) / 0.31 = 0.5028 → 128.
    expect(getColormap('jet').lut[4 * 129]).toBe(128);
  });

  it('finds names case-insensitively and lists valid names for unknown ones', () => {
    expect(getColormap('GREYS').name).toBe('Greys');
    expect(getColormap(' rdbu ').name).toBe('RdBu');
    expect(getColormap('viridis')).toBe(getColormap('Viridis'));
    expect(() => getColormap('nope')).toThrow(/Unknown colour map "nope".*viridis.*terrain/);
  });
});
