export {
  COLORMAP_LUT_SIZE,
  COLORMAP_NAMES,
  DEFAULT_PREVIEW_COLORMAP,
  DEFAULT_SIGNAL_COLORMAP,
  getColormap,
  listColormaps,
  sampleColormap,
} from './colormaps';
export type { Colormap } from './colormaps';
