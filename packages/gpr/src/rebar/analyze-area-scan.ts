import type { AreaScanDirection } from '../formats/types';
import type { Radargram } from '../model/radargram';
import { toHyperbolaLabel } from '../detection/detect-hyperbolas';
import { coverSdM, offsetFor, refitDetection } from './bar-fits';
import { createId } from './ids';
import {
  calibrateOnDetection,
  finishLine,
  KNOWN_COVER_REACH_M,
  type LineScanAnalysis,
} from './analyze-line-scan';
import {
  detectLine,
  fromStoredLine,
  linePermittivities,
  toStoredLine,
  type LineDetectionOptions,
  type LineDetections,
  type LineDetectionsCore,
  type StoredLineDetections,
} from './line-detections';
import { linkHitsIntoBars, type LineHit, type LinkOptions } from './link-bars';
import { estimateMaterialProperties } from './material-properties';
import { permittivityPlausibilityNote, poolPermittivity, type PooledPermittivity } from './pool-permittivity';
import {
  DEFAULT_REBAR_RADIUS_M,
  DETECTION_RADIUS_M,
  REBAR_ORIENTATION,
  type Estimate,
  type MaterialProperties,
  type RebarOrientation,
  type RebarResult,
} from './types';

/** One line of an area scan, placed on the grid. */
export interface AreaScanLineInput {
  radargram: Radargram;
  /** LEFT_TO_RIGHT lines run along x (they see VERTICAL bars); BOTTOM_TO_TOP lines run along y (HORIZONTAL). */
  direction: AreaScanDirection;
  /** Position of the line across its direction: y for LEFT_TO_RIGHT lines, x for BOTTOM_TO_TOP, metres. */
  offsetM: number;
  /** Grid coordinate of the line's first trace along its direction, metres. Default 0. */
  startM?: number;
  /** User-corrected hyperbola labels of this line (fitted instead of detecting). */
  hyperbolas?: LineDetectionOptions['hyperbolas'];
}

/** Options of {@link analyzeAreaScan}. */
export interface AreaScanAnalysisOptions extends Omit<LineDetectionOptions, 'hyperbolas'> {
  /** The concrete's permittivity when the user knows it. */
  permittivity?: number;
  /**
   * A cover measured on site at a point of the grid (cover meter, drill hole): the bar detected nearest it (within
   * 50 mm along and across its line) calibrates the whole area's permittivity. Ignored when `permittivity` is given.
   */
  knownCover?: AreaKnownCover;
  /** Partial result of every line as soon as it is analysed (with that line's own permittivity). */
  onLine?: (result: LineScanAnalysis, lineIndex: number) => void;
  /** Linking gates. */
  link?: LinkOptions;
}

/** A cover measured at a point of an area's grid, metres. */
export interface AreaKnownCover {
  xM: number;
  yM: number;
  coverM: number;
}

/** AREA_SCAN_REBAR_2 result. */
export interface AreaScanAnalysis {
  /** One permittivity for the whole area (obliquity-corrected pool of every line's hyperbolas). */
  permittivity: PooledPermittivity;
  /** Set when that permittivity lies outside concrete's 4–16 ({@link permittivityPlausibilityNote}). */
  permittivityNote?: string;
  /** The measured cover the permittivity was calibrated on (`permittivity.source` 'calibrated'). */
  calibration?: AreaKnownCover;
  /**
   * Straight bars on the grid: depthCoords is a polyline of [x, y, centre depth] in metres (one point per line
   * that sees the bar); `xM` is the bar's mean grid coordinate along the lines that cross it.
   */
  rebars: RebarResult[];
  /** Every line's own analysis, recomputed with the area's permittivity. */
  lines: LineScanAnalysis[];
  materialProperties: MaterialProperties;
  warnings: string[];
}

/**
 * The orientation of the bars a line sees: lines along x (LEFT_TO_RIGHT) cross bars that run along y
 * (VERTICAL); lines along y (BOTTOM_TO_TOP) cross HORIZONTAL bars.
 *
 * @param direction - the line's scan direction.
 * @returns 0 VERTICAL or 1 HORIZONTAL.
 * @example
 * ```ts
 * orientationOfLine('LEFT_TO_RIGHT'); // 0
 * ```
 */
export function orientationOfLine(direction: AreaScanDirection): RebarOrientation {
  return direction === 'BOTTOM_TO_TOP' ? REBAR_ORIENTATION.HORIZONTAL : REBAR_ORIENTATION.VERTICAL;
}

/** Where a line lies on the grid: what pooling and linking read of an {@link AreaScanLineInput}. */
export type AreaLinePlacement = Pick<AreaScanLineInput, 'direction' | 'offsetM' | 'startM'>;

/** One line's detections placed on the grid, as plain JSON: what a per-line job stores ({@link detectAreaLine}). */
export interface AreaLineDetections extends StoredLineDetections {
  direction: AreaScanDirection;
  offsetM: number;
  startM?: number;
}

/** Options of {@link combineAreaScan}. */
export type AreaScanCombineOptions = Pick<
  AreaScanAnalysisOptions,
  'permittivity' | 'knownCover' | 'link' | 'onProgress'
>;

/**
 * First half of AREA_SCAN_REBAR_2, one line at a time (a job per line): detects the line's hyperbolas, and
 * finishes the line with its own permittivity for the partial results shown while the area runs.
 *
 * @param input - the line with its grid position.
 * @param options - detection options (the user's permittivity is not used here: {@link combineAreaScan} applies it).
 * @returns the line's detections as plain JSON for {@link combineAreaScan}, and its own-permittivity result.
 * @example
 * ```ts
 * const { detections, result } = detectAreaLine(lines[3]);
 * store(JSON.stringify(detections)); publish(result);
 * ```
 */
export function detectAreaLine(
  input: AreaScanLineInput,
  options: Omit<AreaScanAnalysisOptions, 'onLine' | 'onProgress'> = {},
): { detections: AreaLineDetections; result: LineScanAnalysis } {
  const line = detectLine(input.radargram, {
    ...options,
    hyperbolas: input.hyperbolas,
    onProgress: undefined,
  });
  return {
    detections: { ...toStoredLine(line), ...placementOf(input) },
    result: ownResult(line, input.direction),
  };
}

/**
 * Second half of AREA_SCAN_REBAR_2 over every line's detections (from {@link detectAreaLine}, in the lines'
 * order): links the detections of adjacent parallel lines into straight bars, pools one permittivity over the
 * whole area with the obliquity correction, and refits every cover with it. `combineAreaScan(lines.map((l) =>
 * detectAreaLine(l).detections))` equals {@link analyzeAreaScan}`(lines)` (bar and hyperbola ids aside).
 *
 * @param lines - every line's stored detections with its grid position.
 * @param options - user permittivity, linking gates, progress.
 * @returns bars as polylines on the grid, per-line results, permittivity and material properties.
 * @example
 * ```ts
 * const area = combineAreaScan(storedLines.map((row) => row.detections));
 * ```
 */
export function combineAreaScan(
  lines: AreaLineDetections[],
  options: AreaScanCombineOptions = {},
): AreaScanAnalysis {
  return combineDetections(lines, lines.map(fromStoredLine), options);
}

/**
 * AREA_SCAN_REBAR_2 in one call: {@link detectAreaLine} on every line (reporting each through `onLine`), then
 * {@link combineAreaScan}. Lines of both directions may be mixed: each direction is linked on its own.
 *
 * @param lines - the lines with their grid positions.
 * @param options - detection options, user permittivity, linking gates, progress and per-line results.
 * @returns bars as polylines on the grid, per-line results, permittivity and material properties.
 * @example
 * ```ts
 * const area = analyzeAreaScan(lines, { onLine: (line, i) => publish(i, line) });
 * area.rebars[0].depthCoords; // [[0.21, 0, 0.046], [0.212, 0.1, 0.047], …]
 * ```
 */
export function analyzeAreaScan(
  lines: AreaScanLineInput[],
  options: AreaScanAnalysisOptions = {},
): AreaScanAnalysis {
  const detected: LineDetections[] = lines.map((input, i) => {
    const line = detectLine(input.radargram, {
      ...options,
      hyperbolas: input.hyperbolas,
      onProgress: undefined,
    });
    options.onLine?.(ownResult(line, input.direction), i);
    options.onProgress?.((0.85 * (i + 1)) / lines.length, `line ${i + 1} of ${lines.length}`);
    return line;
  });
  // The live detections (not a stored copy): the refits memoised on them while finishing each line are reused.
  return combineDetections(lines.map(placementOf), detected, options);
}

function placementOf(line: AreaLinePlacement): AreaLinePlacement {
  return {
    direction: line.direction,
    offsetM: line.offsetM,
    ...(line.startM !== undefined && { startM: line.startM }),
  };
}

/** A line finished with its own hyperbolas' permittivity (the partial result shown while the area runs). */
function ownResult(line: LineDetectionsCore, direction: AreaScanDirection): LineScanAnalysis {
  return finishLine(line, poolPermittivity(linePermittivities(line)), {
    orientation: orientationOfLine(direction),
  });
}

function combineDetections(
  lines: AreaLinePlacement[],
  detected: LineDetectionsCore[],
  options: AreaScanCombineOptions,
): AreaScanAnalysis {
  const first = poolPermittivity(detected.flatMap((line) => linePermittivities(line)));
  const provisional = options.permittivity ?? first.value;
  const groups = linkDirections(lines, detected, provisional, options.link);
  const estimates: Estimate[] = [];
  detected.forEach((line, i) =>
    estimates.push(...linePermittivities(line, (d) => groups.obliquity.get(`${i}:${d}`) ?? 1)),
  );
  const warnings = detected.flatMap((line) => line.warnings);
  const calibrated =
    options.permittivity === undefined && options.knownCover
      ? calibrateArea(lines, detected, options.knownCover, groups.obliquity)
      : undefined;
  if (options.permittivity === undefined && options.knownCover && !calibrated) {
    const { xM, yM } = options.knownCover;
    warnings.push(`no bar found within 50 mm of x = ${xM} m, y = ${yM} m to calibrate on`);
  }
  const permittivity: PooledPermittivity =
    options.permittivity !== undefined
      ? { value: options.permittivity, sd: 0, source: 'user', count: 0 }
      : (calibrated ?? poolPermittivity(estimates));
  const results = detected.map((line, i) =>
    finishLine(line, permittivity, { orientation: orientationOfLine(lines[i].direction) }),
  );
  const rebars = groups.bars.map((bar) => buildBar(bar, lines, detected, permittivity));
  options.onProgress?.(1, 'done');
  const note =
    permittivity.source === 'user'
      ? undefined
      : permittivityPlausibilityNote(permittivity.value, permittivity.source);
  return {
    permittivity,
    ...(note !== undefined && { permittivityNote: note }),
    ...(calibrated && options.knownCover && { calibration: { ...options.knownCover } }),
    rebars: rebars.filter((r): r is RebarResult => r !== undefined),
    lines: results,
    materialProperties: estimateMaterialProperties(
      permittivity,
      detected.flatMap((line) =>
        line.detections.map((d) => ({
          amplitude: d.result.apex.amplitude,
          pathM: 2 * Math.hypot(d.result.fit.coverM, line.scan.antennaSeparationM / 2),
        })),
      ),
    ),
    warnings,
  };
}

/**
 * The area's permittivity calibrated on a cover measured at a grid point: the detection nearest the point among
 * the lines that pass within {@link KNOWN_COVER_REACH_M} of it, and no further along its line than that.
 */
function calibrateArea(
  lines: AreaLinePlacement[],
  detected: LineDetectionsCore[],
  known: AreaKnownCover,
  obliquity: Map<string, number>,
): PooledPermittivity | undefined {
  let best: { line: number; detection: number; distance: number } | undefined;
  lines.forEach((placement, i) => {
    const isAlongX = placement.direction === 'LEFT_TO_RIGHT';
    const across = Math.abs((isAlongX ? known.yM : known.xM) - placement.offsetM);
    if (across > KNOWN_COVER_REACH_M) return;
    const pointAlong = isAlongX ? known.xM : known.yM;
    detected[i].detections.forEach((d, j) => {
      const along = Math.abs((placement.startM ?? 0) + d.result.fit.x0M - pointAlong);
      const distance = Math.hypot(along, across);
      if (along <= KNOWN_COVER_REACH_M && (!best || distance < best.distance))
        best = { line: i, detection: j, distance };
    });
  });
  if (!best) return undefined;
  const sinTheta = Math.sqrt(obliquity.get(`${best.line}:${best.detection}`) ?? 1);
  return calibrateOnDetection(detected[best.line], best.detection, known.coverM, sinTheta);
}

interface LinkedGroups {
  bars: {
    hits: LineHit[];
    intercept: number;
    slope: number;
    obliquity: number;
    direction: AreaScanDirection;
  }[];
  /** sin²θ per "line:detection". */
  obliquity: Map<string, number>;
}

function linkDirections(
  lines: AreaLinePlacement[],
  detected: LineDetectionsCore[],
  eps: number,
  link: LinkOptions | undefined,
): LinkedGroups {
  const bars: LinkedGroups['bars'] = [];
  const obliquity = new Map<string, number>();
  for (const direction of ['LEFT_TO_RIGHT', 'BOTTOM_TO_TOP'] as const) {
    const members = lines.map((l, i) => i).filter((i) => lines[i].direction === direction);
    if (members.length === 0) continue;
    const hits: LineHit[] = members.flatMap((i) =>
      detected[i].detections.map((d, j) => {
        const fit = refitDetection(
          detected[i].scan,
          d,
          offsetFor(detected[i].offset, d).offsetSamples,
          // Linking needs position and cover to its 12 mm gate only: one radius, not the marginal's six fits.
          detected[i].radii[j] ?? DETECTION_RADIUS_M,
          eps,
        );
        return {
          line: i,
          detection: j,
          alongM: (lines[i].startM ?? 0) + (fit?.x0M ?? d.result.fit.x0M),
          acrossM: lines[i].offsetM,
          coverM: fit?.coverM ?? d.result.fit.coverM,
          confidence: d.confidence,
        };
      }),
    );
    for (const bar of linkHitsIntoBars(hits, members.length, link)) {
      bars.push({ ...bar, direction });
      for (const hit of bar.hits) obliquity.set(`${hit.line}:${hit.detection}`, bar.obliquity);
    }
  }
  return { bars, obliquity };
}

function buildBar(
  bar: LinkedGroups['bars'][number],
  lines: AreaLinePlacement[],
  detected: LineDetectionsCore[],
  permittivity: PooledPermittivity,
): RebarResult | undefined {
  const sinTheta = Math.sqrt(bar.obliquity);
  const members = [...bar.hits]
    .sort((a, b) => a.acrossM - b.acrossM)
    .map((hit) => {
      const line = detected[hit.line];
      const detection = line.detections[hit.detection];
      const radius = line.radii[hit.detection];
      const fit = refitDetection(
        line.scan,
        detection,
        offsetFor(line.offset, detection).offsetSamples,
        radius,
        permittivity.value,
        sinTheta,
      );
      if (!fit) return undefined;
      const sd = coverSdM({
        coverM: fit.coverM,
        fitSdM: fit.coverSdM,
        permittivity: permittivity.value,
        permittivitySd: permittivity.sd,
        timeSdS: Math.hypot(0.3, offsetFor(line.offset, detection).sdSamples) * line.scan.sampleIntervalS,
        antennaSeparationM: line.scan.antennaSeparationM,
      });
      return { hit, fit, sd, radius, detection };
    })
    .filter((m): m is NonNullable<typeof m> => m !== undefined);
  if (members.length === 0) return undefined;
  const covers = members.map((m) => m.fit.coverM);
  const cover = median(covers);
  const spread = Math.sqrt(covers.reduce((a, c) => a + (c - cover) ** 2, 0) / Math.max(1, covers.length - 1));
  const radius = members[0].radius ?? DEFAULT_REBAR_RADIUS_M;
  const isVertical = bar.direction === 'LEFT_TO_RIGHT';
  const depthCoords = members.map(({ hit, fit }): [number, number, number] => {
    const along = bar.intercept + bar.slope * hit.acrossM;
    return isVertical ? [along, hit.acrossM, fit.coverM + radius] : [hit.acrossM, along, fit.coverM + radius];
  });
  const best = members.reduce((a, b) => (b.detection.confidence > a.detection.confidence ? b : a));
  const line = detected[best.hit.line];
  const meanConfidence = members.reduce((a, m) => a + m.detection.confidence, 0) / members.length;
  return {
    id: createId(),
    depthCoords,
    R: radius,
    orientation: orientationOfLine(bar.direction),
    usesDefaultRadius: !line.hasGivenRadius[best.hit.detection],
    xM: members.reduce((a, m) => a + bar.intercept + bar.slope * m.hit.acrossM, 0) / members.length,
    xSdM: median(members.map((m) => m.fit.x0SdM)),
    coverM: cover,
    coverSdM: Math.hypot(median(members.map((m) => m.sd)), spread / Math.sqrt(members.length)),
    confidence: Math.min(1, meanConfidence * Math.min(1, 0.5 + members.length / 6)),
    permittivityFit: { value: best.fit.permittivity, sd: 0 },
    rmsSamples: median(members.map((m) => m.fit.rmsSamples)),
    pickCount: members.reduce((a, m) => a + m.fit.count, 0),
    // The same apex as a line scan's label (the refitted bar's arrival, below a sample), not the tracked lobe's
    // peak, which sits 1–6 samples below the cover's sample.
    hyperbola: toHyperbolaLabel(line.scan, {
      ...best.detection,
      result: { ...best.detection.result, fit: best.fit },
    }),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : 0.5 * (sorted[mid - 1] + sorted[mid]);
}
