import { DEFAULT_PREVIEW_COLORMAP, DEFAULT_SIGNAL_COLORMAP } from '../colormaps/colormaps';
import type { Radargram } from '../model/radargram';
import { processRadargram } from '../processing/chain';
import { SIGNAL_BASED_VIEWER_PRESET, type ProcessingOptions } from '../processing/options';
import { encodePng } from './png';
import { PREVIEW_COLOR_SCALE, renderRadargramIndexed, SIGNAL_COLOR_SCALE, type IndexedImage } from './render';

/**
 * The scan preview (analysis GPR_SCAN_PREVIEW): the signal-based viewer's preset (start offset 41, length 450,
 * 2 dB/ns, 0.1 dB, ×0.4), greys, −0.01…0.01 in 100 shades.
 *
 * @param rg - the radargram as read.
 * @param options - processing overrides (default none).
 * @returns a palette image, traces wide and up to 450 samples high.
 * @example
 * ```ts
 * const preview = renderScanPreview(readGprFile(input).radargrams[0]);
 * ```
 */
export function renderScanPreview(rg: Radargram, options: ProcessingOptions = {}): IndexedImage {
  const processed = processRadargram(rg, options, SIGNAL_BASED_VIEWER_PRESET);
  return renderRadargramIndexed(processed, {
    colormap: DEFAULT_PREVIEW_COLORMAP,
    scale: PREVIEW_COLOR_SCALE,
  });
}

/**
 * The scan preview as PNG bytes (see {@link renderScanPreview}).
 *
 * @param rg - the radargram as read.
 * @param options - processing overrides (default none).
 * @returns the PNG file's bytes.
 * @example
 * ```ts
 * await storage.put(`${nodeId}/preview.png`, renderScanPreviewPng(radargram));
 * ```
 */
export function renderScanPreviewPng(rg: Radargram, options: ProcessingOptions = {}): Uint8Array {
  return encodePng(renderScanPreview(rg, options));
}

/**
 * The GPR scan page's signal image as PNG bytes: the signal viewer's default chain (or the given options),
 * viridis (or the given map), −20…20 in 255 shades.
 *
 * @param rg - the radargram as read.
 * @param options - processing overrides.
 * @param colormap - colour map name. Default viridis.
 * @returns the PNG file's bytes.
 * @example
 * ```ts
 * const png = renderSignalPng(radargram, { linearGainDb: 20 }, 'seismic');
 * ```
 */
export function renderSignalPng(
  rg: Radargram,
  options: ProcessingOptions = {},
  colormap: string = DEFAULT_SIGNAL_COLORMAP,
): Uint8Array {
  return encodePng(
    renderRadargramIndexed(processRadargram(rg, options), { colormap, scale: SIGNAL_COLOR_SCALE }),
  );
}
