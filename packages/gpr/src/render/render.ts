import { getColormap, sampleColormap, type Colormap } from '../colormaps/colormaps';
import type { Radargram } from '../model/radargram';

/** How amplitudes map to colours: values from `min` to `max` are split into `shades` equal bins. */
export interface ColorScale {
  /** Amplitude shown with the first shade (anything lower is clipped to it). */
  min: number;
  /** Amplitude shown with the last shade (anything higher is clipped to it). */
  max: number;
  /** Number of colours, 2–256. */
  shades: number;
}

/** The signal viewer's colour scale (spec §9): −20 to 20 in 255 shades. */
export const SIGNAL_COLOR_SCALE: Readonly<ColorScale> = { min: -20, max: 20, shades: 255 };
/** The scan preview's colour scale (spec §9): −0.01 to 0.01 in 100 shades. */
export const PREVIEW_COLOR_SCALE: Readonly<ColorScale> = { min: -0.01, max: 0.01, shades: 100 };

/** An RGBA image, rows top to bottom, 4 bytes per pixel. */
export interface RgbaImage {
  width: number;
  height: number;
  /** `width × height × 4` bytes. */
  data: Uint8ClampedArray;
}

/** A palette image: one byte per pixel indexing an RGBA palette (what a PNG stores as colour type 3). */
export interface IndexedImage {
  width: number;
  height: number;
  /** `width × height` palette indices, rows top to bottom. */
  indices: Uint8Array;
  /** RGBA palette, 4 bytes per entry (at most 256 entries). */
  palette: Uint8ClampedArray;
}

/** What to render with. */
export interface RenderOptions {
  /** A colour map or its name (case-insensitive). Default `viridis`. */
  colormap?: Colormap | string;
  /** The colour scale. Default {@link SIGNAL_COLOR_SCALE}. */
  scale?: ColorScale;
}

/**
 * The colours of a scale's shades: shade k of S takes the colour map's colour at k/(S−1).
 *
 * @param colormap - a colour map.
 * @param shades - number of shades (clamped to 2–256).
 * @returns an RGBA palette of `shades × 4` bytes.
 * @example
 * ```ts
 * buildShadePalette(getColormap('gray'), 3); // black, mid grey (128), white
 * ```
 */
export function buildShadePalette(colormap: Colormap, shades: number): Uint8ClampedArray {
  const count = clampShades(shades);
  const palette = new Uint8ClampedArray(count * 4);
  for (let k = 0; k < count; k++) {
    const [r, g, b] = sampleColormap(colormap, k / (count - 1));
    palette.set([r, g, b, 255], 4 * k);
  }
  return palette;
}

/**
 * Renders a radargram as a palette image: pixel (x = trace, y = sample) gets shade
 * `floor((v − min) / (max − min) × shades)`, clipped to the first and last shade (NaN takes the first).
 *
 * @param rg - the (processed) radargram.
 * @param options - colour map and scale.
 * @returns an image `traces` wide and `samplesPerTrace` high.
 * @example
 * ```ts
 * const image = renderRadargramIndexed(processed, { colormap: 'viridis', scale: SIGNAL_COLOR_SCALE });
 * ```
 */
export function renderRadargramIndexed(rg: Radargram, options: RenderOptions = {}): IndexedImage {
  const { palette, min, factor, last } = prepare(options);
  const width = rg.traces;
  const height = rg.samplesPerTrace;
  const indices = new Uint8Array(width * height);
  const samples = rg.samples;
  for (let x = 0; x < width; x++) {
    const base = x * height;
    for (let y = 0, p = x; y < height; y++, p += width) {
      const v = (samples[base + y] - min) * factor;
      // Truncate in int32 range (NaN and huge values take the guarded branch), then clamp without branches.
      let k = v > -1e9 && v < 1e9 ? v | 0 : v > 0 ? last : 0;
      k &= ~(k >> 31);
      const over = k - last;
      indices[p] = last + (over & (over >> 31));
    }
  }
  return { width, height, indices, palette };
}

/**
 * Renders a radargram to RGBA pixels (see {@link renderRadargramIndexed} for the mapping).
 *
 * @param rg - the (processed) radargram.
 * @param options - colour map and scale.
 * @returns an RGBA image `traces` wide and `samplesPerTrace` high.
 * @example
 * ```ts
 * const { width, height, data } = renderRadargramRgba(processed, {
 *   colormap: 'viridis',
 *   scale: { min: -20, max: 20, shades: 255 },
 * });
 * ```
 */
export function renderRadargramRgba(rg: Radargram, options: RenderOptions = {}): RgbaImage {
  const { palette, min, factor, last } = prepare(options);
  const colors = new Uint32Array(palette.slice().buffer); // one packed pixel per shade, in memory byte order
  const width = rg.traces;
  const height = rg.samplesPerTrace;
  const data = new Uint8ClampedArray(width * height * 4);
  const pixels = new Uint32Array(data.buffer);
  const samples = rg.samples;
  for (let x = 0; x < width; x++) {
    const base = x * height;
    for (let y = 0, p = x; y < height; y++, p += width) {
      const v = (samples[base + y] - min) * factor;
      let k = v > -1e9 && v < 1e9 ? v | 0 : v > 0 ? last : 0;
      k &= ~(k >> 31);
      const over = k - last;
      pixels[p] = colors[last + (over & (over >> 31))];
    }
  }
  return { width, height, data };
}

/**
 * Expands a palette image to RGBA.
 *
 * @param image - the palette image.
 * @returns the same picture as RGBA.
 * @example
 * ```ts
 * indexedToRgba({ width: 1, height: 1, indices: Uint8Array.of(0), palette: Uint8ClampedArray.of(1, 2, 3, 255) });
 * // { width: 1, height: 1, data: [1, 2, 3, 255] }
 * ```
 */
export function indexedToRgba(image: IndexedImage): RgbaImage {
  const { width, height, indices, palette } = image;
  const data = new Uint8ClampedArray(width * height * 4);
  const packed = new Uint32Array(data.buffer);
  const colors = new Uint32Array(palette.slice().buffer);
  for (let i = 0; i < indices.length; i++) packed[i] = colors[indices[i]];
  return { width, height, data };
}

/** The palette and the affine map from amplitude to (fractional) shade. */
function prepare(options: RenderOptions): {
  palette: Uint8ClampedArray;
  min: number;
  factor: number;
  last: number;
} {
  const colormap = resolveColormap(options.colormap);
  const scale = options.scale ?? SIGNAL_COLOR_SCALE;
  const shades = clampShades(scale.shades);
  const span = scale.max - scale.min;
  if (!(span > 0)) throw new RangeError(`colour scale max (${scale.max}) must exceed min (${scale.min})`);
  return {
    palette: buildShadePalette(colormap, shades),
    min: scale.min,
    factor: shades / span,
    last: shades - 1,
  };
}

function resolveColormap(colormap: Colormap | string | undefined): Colormap {
  if (colormap === undefined) return getColormap('viridis');
  return typeof colormap === 'string' ? getColormap(colormap) : colormap;
}

function clampShades(shades: number): number {
  return Math.min(256, Math.max(2, Math.round(shades)));
}
