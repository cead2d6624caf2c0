import type { Radargram } from '../model/radargram';
import {
  analyzeAreaScan,
  type AreaScanAnalysis,
  type AreaScanAnalysisOptions,
  type AreaScanLineInput,
} from './analyze-area-scan';
import {
  calibrateOnKnownCover,
  finishLine,
  type LineScanAnalysis,
  type LineScanAnalysisOptions,
} from './analyze-line-scan';
import { detectLine, linePermittivities } from './line-detections';
import { estimateMaterialProperties } from './material-properties';
import { permittivityPlausibilityNote, poolPermittivity, type PooledPermittivity } from './pool-permittivity';
import { REBAR_ORIENTATION, type HyperbolaLabel, type MaterialProperties, type RebarResult } from './types';

/** Options of {@link analyzeDualOrientationLineScan}. */
export interface DualLineScanOptions extends Omit<
  LineScanAnalysisOptions,
  'hyperbolas' | 'orientation' | 'knownCover'
> {
  /** User-corrected labels of the parallel scan. */
  parallelHyperbolas?: HyperbolaLabel[];
  /** User-corrected labels of the perpendicular scan. */
  perpendicularHyperbolas?: HyperbolaLabel[];
  /**
   * A cover measured on site on one bar of one of the two scans (cover meter, drill hole): that scan's bar detected
   * nearest `xM` along it (within 50 mm) calibrates the pair's one permittivity. Ignored when `permittivity` is given.
   */
  knownCover?: DualKnownCover;
}

/** A cover measured on a bar of one scan of a dual-orientation pair, at `xM` along that scan, metres. */
export interface DualKnownCover {
  scan: 'parallel' | 'perpendicular';
  xM: number;
  coverM: number;
}

/** LINE_SCAN_DUAL_ORIENTATION_REBAR_2 result. */
export interface DualLineScanAnalysis {
  /** One permittivity for both scans. */
  permittivity: PooledPermittivity;
  /** Set when that permittivity lies outside concrete's 4–16 ({@link permittivityPlausibilityNote}). */
  permittivityNote?: string;
  /** The measured cover the permittivity was calibrated on (`permittivity.source` 'calibrated'). */
  calibration?: DualKnownCover;
  /** The parallel scan (runs along x; its bars are VERTICAL; depthCoords [[x, 0, depth]]). */
  parallel: LineScanAnalysis;
  /** The perpendicular scan (runs along y; its bars are HORIZONTAL; depthCoords [[0, y, depth]]). */
  perpendicular: LineScanAnalysis;
  /** Both layers together. */
  rebars: RebarResult[];
  materialProperties: MaterialProperties;
}

/**
 * LINE_SCAN_DUAL_ORIENTATION_REBAR_2: two crossing line scans over the same spot, one per layer direction. Both
 * are detected, their hyperbolas pooled into one permittivity (the same concrete), and both finished with it,
 * so the two layers' covers are consistent.
 *
 * @param parallel - the parallel line scan.
 * @param perpendicular - the perpendicular line scan.
 * @param options - detection options, permittivity, labels per scan.
 * @returns both scans' bars with one permittivity.
 * @example
 * ```ts
 * const dual = analyzeDualOrientationLineScan(rgA, rgB);
 * dual.rebars.filter((r) => r.orientation === 1); // the perpendicular scan's bars
 * ```
 */
export function analyzeDualOrientationLineScan(
  parallel: Radargram,
  perpendicular: Radargram,
  options: DualLineScanOptions = {},
): DualLineScanAnalysis {
  const a = detectLine(parallel, {
    ...options,
    hyperbolas: options.parallelHyperbolas,
    onProgress: undefined,
  });
  options.onProgress?.(0.45, 'parallel scan');
  const b = detectLine(perpendicular, {
    ...options,
    hyperbolas: options.perpendicularHyperbolas,
    onProgress: undefined,
  });
  options.onProgress?.(0.9, 'perpendicular scan');
  const known = options.knownCover;
  const calibrated =
    options.permittivity === undefined && known
      ? calibrateOnKnownCover(known.scan === 'parallel' ? a : b, known)
      : undefined;
  if (options.permittivity === undefined && known && !calibrated)
    (known.scan === 'parallel' ? a : b).warnings.push(
      `no bar found within 50 mm of x = ${known.xM} m of the ${known.scan} scan to calibrate on`,
    );
  const permittivity: PooledPermittivity =
    options.permittivity !== undefined
      ? { value: options.permittivity, sd: 0, source: 'user', count: 0 }
      : (calibrated ?? poolPermittivity([...linePermittivities(a), ...linePermittivities(b)]));
  const parallelResult = finishLine(a, permittivity, { ...options, orientation: REBAR_ORIENTATION.VERTICAL });
  const perpendicularResult = finishLine(b, permittivity, {
    ...options,
    orientation: REBAR_ORIENTATION.HORIZONTAL,
  });
  for (const rebar of perpendicularResult.rebars) {
    rebar.depthCoords = rebar.depthCoords.map(([x, y, depth]) => [y, x, depth]);
  }
  options.onProgress?.(1, 'done');
  const note =
    permittivity.source === 'user'
      ? undefined
      : permittivityPlausibilityNote(permittivity.value, permittivity.source);
  return {
    permittivity,
    ...(note !== undefined && { permittivityNote: note }),
    ...(calibrated && known && { calibration: { ...known } }),
    parallel: parallelResult,
    perpendicular: perpendicularResult,
    rebars: [...parallelResult.rebars, ...perpendicularResult.rebars],
    materialProperties: estimateMaterialProperties(
      permittivity,
      [a, b].flatMap((line) =>
        line.detections.map((d) => ({
          amplitude: d.result.apex.amplitude,
          pathM: 2 * Math.hypot(d.result.fit.coverM, line.scan.antennaSeparationM / 2),
        })),
      ),
    ),
  };
}

/** AREA_SCAN_DUAL_ORIENTATION_REBAR_2 result. */
export interface DualAreaScanAnalysis {
  permittivity: PooledPermittivity;
  /** Set when that permittivity lies outside concrete's 4–16 ({@link permittivityPlausibilityNote}). */
  permittivityNote?: string;
  /** The measured cover (a point of the shared grid) the permittivity was calibrated on. */
  calibration?: AreaScanAnalysis['calibration'];
  /** Bars and lines of the parallel area scan (its lines run along x: VERTICAL bars). */
  parallel: Pick<AreaScanAnalysis, 'rebars' | 'lines'>;
  /** Bars and lines of the perpendicular area scan (lines along y: HORIZONTAL bars). */
  perpendicular: Pick<AreaScanAnalysis, 'rebars' | 'lines'>;
  rebars: RebarResult[];
  materialProperties: MaterialProperties;
  warnings: string[];
}

/**
 * AREA_SCAN_DUAL_ORIENTATION_REBAR_2: two area scans of the same grid, one per direction. The parallel scan's
 * lines are taken as running along x and the perpendicular scan's along y (whatever their own CSV says, since
 * the scanner is turned between them); both are analysed together, so linking works per direction and one
 * permittivity serves both layers.
 *
 * @param parallelLines - the parallel area scan's lines.
 * @param perpendicularLines - the perpendicular area scan's lines.
 * @param options - as for {@link analyzeAreaScan} (`onLine` indices count parallel lines first).
 * @returns both layers with one permittivity.
 * @example
 * ```ts
 * const dual = analyzeDualOrientationAreaScan(linesA, linesB);
 * ```
 */
export function analyzeDualOrientationAreaScan(
  parallelLines: AreaScanLineInput[],
  perpendicularLines: AreaScanLineInput[],
  options: AreaScanAnalysisOptions = {},
): DualAreaScanAnalysis {
  const lines: AreaScanLineInput[] = [
    ...parallelLines.map((l) => ({ ...l, direction: 'LEFT_TO_RIGHT' as const })),
    ...perpendicularLines.map((l) => ({ ...l, direction: 'BOTTOM_TO_TOP' as const })),
  ];
  const result = analyzeAreaScan(lines, options);
  const split = parallelLines.length;
  return {
    permittivity: result.permittivity,
    ...(result.permittivityNote !== undefined && { permittivityNote: result.permittivityNote }),
    ...(result.calibration !== undefined && { calibration: result.calibration }),
    parallel: {
      rebars: result.rebars.filter((r) => r.orientation === REBAR_ORIENTATION.VERTICAL),
      lines: result.lines.slice(0, split),
    },
    perpendicular: {
      rebars: result.rebars.filter((r) => r.orientation === REBAR_ORIENTATION.HORIZONTAL),
      lines: result.lines.slice(split),
    },
    rebars: result.rebars,
    materialProperties: result.materialProperties,
    warnings: result.warnings,
  };
}
