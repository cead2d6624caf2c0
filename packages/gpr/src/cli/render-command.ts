import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  encodePng,
  getColormap,
  PREVIEW_COLOR_SCALE,
  processRadargramDetailed,
  renderRadargramIndexed,
  SIGNAL_BASED_VIEWER_PRESET,
  SIGNAL_COLOR_SCALE,
  SIGNAL_VIEWER_PRESET,
  type ColorScale,
  type ProcessingOptions,
} from '../index';
import { numberOption, stringOption, UsageError, type ParsedArgs } from './args';
import { lineLabel } from './info';
import type { LoadedFile } from './read-input';

/** Boolean options of `render`. */
export const RENDER_FLAGS = ['mean-removal', 'time-scaling', 'dewow', 'migrate', 'envelope'] as const;

/**
 * Renders the file's lines to PNG: one file for a single line (or `--line N`), else `OUT-L001.png`, ….
 *
 * @param file - the loaded file.
 * @param args - the parsed command line.
 * @param log - progress messages (stderr).
 * @returns the paths written.
 * @example
 * ```ts
 * renderCommand(file, parseArgs(['render', 'a.DZT', '--out', 'a.png'], flags), console.error); // ['a.png']
 * ```
 */
export function renderCommand(file: LoadedFile, args: ParsedArgs, log: (message: string) => void): string[] {
  const { options } = args;
  const radargrams = file.result.radargrams;
  if (radargrams.length === 0) throw new UsageError(`${file.filePath}: holds no radargram to render`);
  const isPreview = stringOption(options, 'preset') === 'preview';
  const presetName = stringOption(options, 'preset') ?? 'viewer';
  if (presetName !== 'viewer' && presetName !== 'preview') {
    throw new UsageError(`--preset must be "viewer" or "preview", got "${presetName}"`);
  }
  const colormap = getColormap(stringOption(options, 'colormap') ?? (isPreview ? 'Greys' : 'viridis'));
  const scale = readScale(args, isPreview ? PREVIEW_COLOR_SCALE : SIGNAL_COLOR_SCALE);
  const processing = readProcessingOptions(args);
  const level = numberOption(options, 'level') ?? 6;
  const lineOption = numberOption(options, 'line');
  if (
    lineOption !== undefined &&
    (!Number.isInteger(lineOption) || lineOption < 1 || lineOption > radargrams.length)
  ) {
    throw new UsageError(`--line must be 1–${radargrams.length}, got ${lineOption}`);
  }
  const indices = lineOption !== undefined ? [lineOption - 1] : radargrams.map((_, i) => i);
  const out = stringOption(options, 'out') ?? `${path.basename(file.filePath).replace(/\.[^.]+$/, '')}.png`;
  const written: string[] = [];
  for (const index of indices) {
    if (indices.length > 1) log(`Rendering ${lineLabel(index)} (${index + 1}/${radargrams.length})…`);
    const { radargram, startSample } = processRadargramDetailed(
      radargrams[index],
      processing,
      isPreview ? SIGNAL_BASED_VIEWER_PRESET : SIGNAL_VIEWER_PRESET,
    );
    const image = renderRadargramIndexed(radargram, { colormap, scale });
    const target = indices.length > 1 ? out.replace(/(\.png)?$/i, `-${lineLabel(index)}.png`) : out;
    writeFileSync(target, encodePng(image, { level: Math.min(9, Math.max(0, Math.round(level))) as 6 }));
    written.push(target);
    log(
      `Wrote ${target}: ${image.width} × ${image.height} px, time zero at sample ${startSample}, ${colormap.name}`,
    );
  }
  return written;
}

function readScale(args: ParsedArgs, fallback: Readonly<ColorScale>): ColorScale {
  const min = numberOption(args.options, 'scale-min') ?? fallback.min;
  const max = numberOption(args.options, 'scale-max') ?? fallback.max;
  const shades = numberOption(args.options, 'shades') ?? fallback.shades;
  if (!(max > min)) throw new UsageError(`--scale-max (${max}) must exceed --scale-min (${min})`);
  return { min, max, shades };
}

function readProcessingOptions(args: ParsedArgs): ProcessingOptions {
  const { options } = args;
  const timeZero = stringOption(options, 'time-zero');
  if (timeZero !== undefined && timeZero !== 'direct-wave' && timeZero !== 'start-offset') {
    throw new UsageError(`--time-zero must be "direct-wave" or "start-offset", got "${timeZero}"`);
  }
  const startOffset = numberOption(options, 'start-offset');
  const length = stringOption(options, 'signal-length');
  const bandPass = stringOption(options, 'bandpass-mhz');
  let band: ProcessingOptions['bandPass'];
  if (bandPass !== undefined) {
    const [low, high] = bandPass.split(/[,:]/).map(Number);
    if (!Number.isFinite(low) || !(high > low))
      throw new UsageError('--bandpass-mhz expects LOW,HIGH in MHz');
    band = { lowHz: low * 1e6, highHz: high * 1e6 };
  }
  return {
    timeZero:
      (timeZero as ProcessingOptions['timeZero']) ?? (startOffset !== undefined ? 'start-offset' : undefined),
    startOffset,
    signalLength:
      length === undefined ? undefined : length === 'all' ? 'all' : numberOption(options, 'signal-length'),
    linearGainDb: numberOption(options, 'linear-gain'),
    timeGainDbPerNs: numberOption(options, 'time-gain'),
    constantGain: numberOption(options, 'constant-gain'),
    permittivity: numberOption(options, 'permittivity'),
    smoothing: numberOption(options, 'smoothing'),
    meanRemoval: options.get('mean-removal') as boolean | undefined,
    meanRemovalWindow: numberOption(options, 'mean-removal-window'),
    timeScaling: options.get('time-scaling') as boolean | undefined,
    dewow: numberOption(options, 'dewow-window') ?? (options.get('dewow') as boolean | undefined),
    bandPass: band,
    migrate: options.get('migrate') as boolean | undefined,
    envelope: options.get('envelope') as boolean | undefined,
  };
}
