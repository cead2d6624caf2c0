import { useMemo } from 'react';
import { useGprScanSignal } from './gpr-scans-api';
import { renderSignalDepthImage } from './signal-depth-image';
import { WORLD_HEIGHT_M } from './rebar-view-geometry';

const SPEED_OF_LIGHT_M_PER_S = 299_792_458;
/** Depth rows of the signal layer (finer than any screen shows the 1.1 m world). */
const SIGNAL_ROWS = 480;

/** The signal layer drawn under the bars: an image and the world extent it covers. */
export interface SignalLayer {
  image: CanvasImageSource;
  widthM: number;
  depthM: number;
}

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * The "GPR signal" layer of the Rebars view: the scan's signal converted to depth with the analysis' own
 * time zero, permittivity and antenna separation (so each bar sits on its hyperbola's apex). Null while
 * off, loading, or when the result lacks what the conversion needs.
 */
export function useSignalLayer(
  scanId: string,
  results: Record<string, unknown> | null,
  isEnabled: boolean,
): { layer: SignalLayer | null; isLoading: boolean; error: unknown } {
  const signal = useGprScanSignal(scanId, { enabled: isEnabled && results !== null });
  const layer = useMemo(() => {
    if (!isEnabled || !signal.data || !results) return null;
    const timeZeroS = num(results.timeZeroS);
    const permittivity = num((results.permittivity as { value?: unknown } | undefined)?.value);
    const antennaSeparationM = num(results.antennaSeparationM) ?? 0;
    const traceSpacingM = num(results.traceSpacingM) ?? signal.data.traceSpacingM;
    if (timeZeroS === null || permittivity === null || permittivity < 1 || !(traceSpacingM > 0)) return null;
    const image = renderSignalDepthImage(
      signal.data,
      { timeZeroS, velocityMPerS: SPEED_OF_LIGHT_M_PER_S / Math.sqrt(permittivity), antennaSeparationM },
      WORLD_HEIGHT_M,
      SIGNAL_ROWS,
    );
    if (!image) return null;
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    canvas.getContext('2d')?.putImageData(new ImageData(image.rgba, image.width, image.height), 0, 0);
    return {
      image: canvas,
      // Trace t is at t × spacing: the image spans the first to the last trace.
      widthM: Math.max(signal.data.traces - 1, 1) * traceSpacingM,
      depthM: image.depthM,
    };
  }, [isEnabled, signal.data, results]);
  return { layer, isLoading: signal.isLoading, error: signal.error };
}
