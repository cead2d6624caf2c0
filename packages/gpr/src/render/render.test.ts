import { describe, expect, it } from 'vitest';
import { getColormap } from '../colormaps/colormaps';
import { radargramFromTraces } from '../processing/test-radargram';
import {
  buildShadePalette,
  indexedToRgba,
  PREVIEW_COLOR_SCALE,
  renderRadargramIndexed,
  renderRadargramRgba,
  SIGNAL_COLOR_SCALE,
} from './render';

describe('rendering', () => {
  it('has the spec colour scales', () => {
    expect(SIGNAL_COLOR_SCALE).toEqual({ min: -20, max: 20, shades: 255 });
    expect(PREVIEW_COLOR_SCALE).toEqual({ min: -0.01, max: 0.01, shades: 100 });
  });

  it('bins amplitudes into shades, clipping and mapping NaN to the first', () => {
    // −20…20 in 255 shades: shade = floor((v + 20) / 40 × 255)
    const rg = radargramFromTraces([[-50, -20, 0, 19.99, 20, 1e12, NaN, -1e12, 0.1]]);
    const image = renderRadargramIndexed(rg, { scale: SIGNAL_COLOR_SCALE });
    expect(image.width).toBe(1);
    expect(image.height).toBe(9);
    // 0 → 127.5 → 127; 0.1 → 128.1 → 128
    expect(Array.from(image.indices)).toEqual([0, 0, 127, 254, 254, 254, 0, 0, 128]);
  });

  it('lays traces out as columns and samples as rows', () => {
    // 2 traces × 3 samples with a 0…1 scale in 2 shades: < 0.5 → 0, ≥ 0.5 → 1
    const rg = radargramFromTraces([
      [0, 1, 0],
      [1, 1, 0],
    ]);
    const image = renderRadargramIndexed(rg, { colormap: 'gray', scale: { min: 0, max: 1, shades: 2 } });
    expect(image.width).toBe(2);
    expect(image.height).toBe(3);
    expect(Array.from(image.indices)).toEqual([0, 1, 1, 1, 0, 0]); // row by row
    expect(Array.from(image.palette)).toEqual([0, 0, 0, 255, 255, 255, 255, 255]);
  });

  it('builds shade palettes from the colour map at k/(S−1)', () => {
    expect(Array.from(buildShadePalette(getColormap('gray'), 3))).toEqual([
      0, 0, 0, 255, 128, 128, 128, 255, 255, 255, 255, 255,
    ]);
    const viridis = buildShadePalette(getColormap('viridis'), 255);
    expect(viridis).toHaveLength(255 * 4);
    expect(Array.from(viridis.slice(0, 4))).toEqual([68, 1, 84, 255]);
    expect(Array.from(viridis.slice(254 * 4))).toEqual([253, 231, 37, 255]);
  });

  it('renders RGBA pixels (viridis by default)', () => {
    const rg = radargramFromTraces([[-20], [20]]);
    const { width, height, data } = renderRadargramRgba(rg);
    expect([width, height]).toEqual([2, 1]);
    expect(Array.from(data)).toEqual([68, 1, 84, 255, 253, 231, 37, 255]);
    const preview = renderRadargramRgba(radargramFromTraces([[-1], [0.01]]), {
      colormap: 'greys',
      scale: PREVIEW_COLOR_SCALE,
    });
    expect(Array.from(preview.data)).toEqual([255, 255, 255, 255, 0, 0, 0, 255]); // Greys: white → black
    expect(
      Array.from(
        indexedToRgba({
          width: 1,
          height: 1,
          indices: Uint8Array.of(0),
          palette: Uint8ClampedArray.of(1, 2, 3, 4),
        }).data,
      ),
    ).toEqual([1, 2, 3, 4]);
  });

  it('rejects an empty scale', () => {
    const rg = radargramFromTraces([[0]]);
    expect(() => renderRadargramIndexed(rg, { scale: { min: 1, max: 1, shades: 10 } })).toThrow(
      /must exceed/,
    );
  });
});
