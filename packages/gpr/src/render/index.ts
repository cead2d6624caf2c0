export { crc32, encodePng } from './png';
export type { PngOptions } from './png';
export {
  buildShadePalette,
  indexedToRgba,
  PREVIEW_COLOR_SCALE,
  renderRadargramIndexed,
  renderRadargramRgba,
  SIGNAL_COLOR_SCALE,
} from './render';
export type { ColorScale, IndexedImage, RenderOptions, RgbaImage } from './render';
export { renderScanPreview, renderScanPreviewPng, renderSignalPng } from './preview';
export { renderSignalDepthImage } from './depth-image';
export type { DepthConversion, DepthImage, DepthSignal } from './depth-image';
