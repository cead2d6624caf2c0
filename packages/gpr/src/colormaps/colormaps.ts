import { FORMULA_COLORMAPS } from './formulas';
import { LISTED_COLORMAP_TABLES } from './listed-data';
import { BREWER_COLORMAPS } from './segment-data-brewer';
import { CLASSIC_COLORMAPS } from './segment-data-classic';
import type { SegmentedColormapData } from './segment-types';

/** Entries in every colour map's lookup table (as matplotlib's default `N`). */
export const COLORMAP_LUT_SIZE = 256;

/** A colour map, tabulated. */
export interface Colormap {
  /** matplotlib's name, e.g. `viridis`, `RdBu`. */
  name: string;
  /** 256 RGBA entries (`lut[4i … 4i+3]`), alpha always 255; entry i is the colour at x = i/255. */
  lut: Uint8ClampedArray;
}

/** The 43 colour maps we ship, in the order a picker shows them. */
export const COLORMAP_NAMES: readonly string[] = [
  'viridis', 'plasma', 'inferno', 'magma', 'cividis', 'turbo', 'twilight', 'cubehelix',
  'Greys', 'gray', 'binary', 'bone', 'pink', 'copper', 'hot', 'afmhot', 'gnuplot',
  'spring', 'summer', 'autumn', 'winter', 'cool', 'Blues', 'Greens', 'Oranges', 'Reds',
  'seismic', 'RdBu', 'bwr', 'coolwarm', 'Spectral', 'PiYG', 'PRGn', 'BrBG', 'PuOr', 'RdGy', 'RdYlBu', 'RdYlGn',
  'jet', 'rainbow', 'hsv', 'ocean', 'terrain',
]; // prettier-ignore

/** The signal viewer's default colour map (spec §9). */
export const DEFAULT_SIGNAL_COLORMAP = 'viridis';
/** The scan preview's colour map (spec §9: greys). */
export const DEFAULT_PREVIEW_COLORMAP = 'Greys';

const cache = new Map<string, Colormap>();
const byLowerName = new Map(COLORMAP_NAMES.map((name) => [name.toLowerCase(), name]));

/**
 * Names of every colour map, in picker order.
 *
 * @returns a fresh array of the 43 matplotlib names.
 * @example
 * ```ts
 * listColormaps().length; // 43
 * listColormaps()[0];     // 'viridis'
 * ```
 */
export function listColormaps(): string[] {
  return [...COLORMAP_NAMES];
}

/**
 * Looks a colour map up by name, case-insensitively, and tabulates it (cached).
 *
 * @param name - a matplotlib name such as `viridis`, `greys` or `RdBu`.
 * @returns the colour map with its 256-entry RGBA table.
 * @throws RangeError naming the valid maps when the name is unknown.
 * @example
 * ```ts
 * getColormap('VIRIDIS').lut.slice(0, 4); // [68, 1, 84, 255]
 * ```
 */
export function getColormap(name: string): Colormap {
  const canonical = byLowerName.get(name.trim().toLowerCase());
  if (canonical === undefined) {
    throw new RangeError(`Unknown colour map "${name}". Valid names: ${COLORMAP_NAMES.join(', ')}`);
  }
  let map = cache.get(canonical);
  if (!map) {
    map = { name: canonical, lut: tabulate(canonical) };
    cache.set(canonical, map);
  }
  return map;
}

/**
 * The colour of a map at a position, as matplotlib picks it: entry `floor(x × 256)` of the table
 * (x clipped to [0, 1]; x = 1 gives the last entry).
 *
 * @param colormap - a colour map from {@link getColormap}.
 * @param x - position in [0, 1].
 * @returns `[r, g, b]` bytes.
 * @example
 * ```ts
 * sampleColormap(getColormap('gray'), 0.5); // [128, 128, 128]
 * ```
 */
export function sampleColormap(colormap: Colormap, x: number): [number, number, number] {
  const clipped = x > 0 ? (x < 1 ? x : 1) : 0;
  const i = Math.min(COLORMAP_LUT_SIZE - 1, Math.floor(clipped * COLORMAP_LUT_SIZE)) * 4;
  return [colormap.lut[i], colormap.lut[i + 1], colormap.lut[i + 2]];
}

function tabulate(name: string): Uint8ClampedArray {
  const lut = new Uint8ClampedArray(COLORMAP_LUT_SIZE * 4);
  const hex = LISTED_COLORMAP_TABLES[name];
  const formula = FORMULA_COLORMAPS[name];
  const segments = CLASSIC_COLORMAPS[name] ?? BREWER_COLORMAPS[name];
  for (let i = 0; i < COLORMAP_LUT_SIZE; i++) {
    const x = i / (COLORMAP_LUT_SIZE - 1);
    for (let c = 0; c < 3; c++) {
      let value: number;
      if (hex !== undefined) value = parseInt(hex.slice(6 * i + 2 * c, 6 * i + 2 * c + 2), 16) / 255;
      else if (formula !== undefined) value = formula[c](x);
      else value = interpolateSegments(channelOf(segments, c), i);
      lut[4 * i + c] = Math.round(Math.min(1, Math.max(0, value)) * 255);
    }
    lut[4 * i + 3] = 255;
  }
  return lut;
}

function channelOf(data: SegmentedColormapData | undefined, c: number): readonly number[] {
  if (!data) throw new Error('colour map data missing');
  return c === 0 ? data.red : c === 1 ? data.green : data.blue;
}

/**
 * matplotlib's `_create_lookup_table`: entry i (of N) at x = i/(N−1) interpolates linearly between the break
 * points on either side; the first entry is the first break's value, the last the last break's.
 */
function interpolateSegments(pairs: readonly number[], i: number): number {
  const count = pairs.length / 2;
  if (i === 0) return pairs[1];
  if (i === COLORMAP_LUT_SIZE - 1) return pairs[2 * count - 1];
  const x = i / (COLORMAP_LUT_SIZE - 1);
  let k = 1;
  while (k < count - 1 && pairs[2 * k] < x) k++;
  const x0 = pairs[2 * (k - 1)];
  const x1 = pairs[2 * k];
  const y0 = pairs[2 * (k - 1) + 1];
  const y1 = pairs[2 * k + 1];
  return x1 === x0 ? y1 : y0 + ((x - x0) / (x1 - x0)) * (y1 - y0);
}
