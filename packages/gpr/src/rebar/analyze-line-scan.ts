import { findTimeZero } from '../detection/time-zero-estimate';
import { toHyperbolaLabel } from '../detection/detect-hyperbolas';
import { coverFromApexTimeM } from '../fitting/bistatic-cylinder';
import { surfaceCouplingCorrections } from '../fitting/surface-coupling';
import { SPEED_OF_LIGHT_M_PER_S, type Radargram } from '../model/radargram';
import { coverSdM, MARGINAL_RADII_M, offsetFor, refitDetection, timesFromPicks } from './bar-fits';
import { claimDiameterFromPosterior, decideDiameter, DIAMETER_PERMITTIVITY_FLOOR } from './diameter';
import { createId } from './ids';
import {
  detectLine,
  linePermittivities,
  type LineDetectionOptions,
  type LineDetections,
  type LineDetectionsCore,
} from './line-detections';
import { estimateMaterialProperties } from './material-properties';
import {
  calibratePermittivity,
  permittivityPlausibilityNote,
  poolPermittivity,
  type PooledPermittivity,
} from './pool-permittivity';
import {
  DEFAULT_REBAR_RADIUS_M,
  REBAR_ORIENTATION,
  type HyperbolaLabel,
  type MaterialProperties,
  type RebarOrientation,
  type RebarResult,
} from './types';

/** Options of {@link analyzeLineScan}. */
export interface LineScanAnalysisOptions extends LineDetectionOptions {
  /** The concrete's permittivity, when the user knows it: used as is, nothing is pooled. */
  permittivity?: number;
  /** A bar of known cover (e.g. from a cover meter or a core) that calibrates the permittivity. */
  knownCover?: { xM: number; coverM: number };
  /** Orientation written on the bars. Default HORIZONTAL (the spec's default for new rebars). */
  orientation?: RebarOrientation;
  /** Try to decide each bar's nominal diameter. Default true. */
  shouldDecideDiameter?: boolean;
}

/** LINE_SCAN_REBAR_2 result for one line scan. */
export interface LineScanAnalysis {
  /** Name of the line (file or channel). */
  name: string;
  traces: number;
  /** Trace spacing used, metres. */
  traceSpacingM: number;
  /** Antenna separation used, metres. */
  antennaSeparationM: number;
  /** Time zero (transmit instant) on the radargram's time axis, seconds. */
  timeZeroS: number;
  /** The permittivity used for every cover, with its 1-σ and provenance. */
  permittivity: PooledPermittivity;
  /** Set when that permittivity lies outside concrete's 4–16 ({@link permittivityPlausibilityNote}). */
  permittivityNote?: string;
  /** The bar of known cover the permittivity was calibrated on (`permittivity.source` 'calibrated'). */
  calibration?: { xM: number; coverM: number };
  /** Bars along the line, in order. */
  rebars: RebarResult[];
  /** The hyperbolas the bars were fitted on (spec's hyperbola labels). */
  hyperbolas: HyperbolaLabel[];
  materialProperties: MaterialProperties;
  warnings: string[];
}

/**
 * LINE_SCAN_REBAR_2: finds every bar of a line scan with its position, cover and their uncertainties
 * (README "Rebar engine"): detection, per-hyperbola fits with the exact bistatic finite-radius model, the
 * permittivity pooled over the scan's bars (or the user's value, or a calibration on a known cover), covers
 * refitted with that permittivity, and a diameter only where the evidence is decisive.
 *
 * @param rg - the radargram.
 * @param options - detection options, the user's labels, permittivity or known cover, orientation, progress.
 * @returns the bars, hyperbolas, permittivity and material properties.
 * @example
 * ```ts
 * const result = analyzeLineScan(rg, { knownCover: { xM: 0.42, coverM: 0.035 } });
 * result.rebars.map((r) => [r.xM, r.coverM, r.coverSdM]);
 * ```
 */
export function analyzeLineScan(rg: Radargram, options: LineScanAnalysisOptions = {}): LineScanAnalysis {
  const progress = options.onProgress;
  const firstPermittivity = options.directWavePermittivity ?? options.permittivity;
  let line = detectLine(rg, {
    ...options,
    directWavePermittivity: firstPermittivity,
    onProgress: progress ? (f, m) => progress(0.85 * f, m) : undefined,
  });
  let permittivity = choosePermittivity(line, options);
  // Time zero's lobe model depends on εr (decision 0070): where the antenna height is stated and the line's own εr
  // moves the modelled lobe by more than 1 ps, the line is read once more with time zero at that εr.
  if (
    line.scan.directWave.lobeDelayS !== 0 &&
    options.timeZeroS === undefined &&
    firstPermittivity === undefined
  ) {
    const again = findTimeZero(rg, {
      antennaSeparationM: line.scan.antennaSeparationM,
      antennaHeightM: options.antennaHeightM,
      permittivity: permittivity.value,
    });
    if (Math.abs(again.lobeDelayS - line.scan.directWave.lobeDelayS) > 1e-12) {
      line = detectLine(rg, {
        ...options,
        directWavePermittivity: permittivity.value,
        onProgress: progress ? (f, m) => progress(0.85 + 0.1 * f, m) : undefined,
      });
      permittivity = choosePermittivity(line, options);
    }
  }
  const result = finishLine(line, permittivity, options);
  progress?.(1, 'done');
  if (permittivity.source === 'calibrated' && options.knownCover)
    return { ...result, calibration: { ...options.knownCover } };
  return result;
}

/**
 * The permittivity a line's covers are computed with: the user's value, else a calibration on a bar of known
 * cover, else the pool of the line's own hyperbolas (else the prior).
 *
 * @param line - the line's detections.
 * @param options - user permittivity or known cover.
 * @returns the permittivity with provenance.
 * @example
 * ```ts
 * choosePermittivity(detectLine(rg), { permittivity: 8 }); // { value: 8, sd: 0, source: 'user', count: 0 }
 * ```
 */
export function choosePermittivity(
  line: LineDetections,
  options: Pick<LineScanAnalysisOptions, 'permittivity' | 'knownCover'>,
): PooledPermittivity {
  if (options.permittivity !== undefined && options.permittivity >= 1) {
    return { value: options.permittivity, sd: 0, source: 'user', count: 0 };
  }
  if (options.knownCover) {
    const calibrated = calibrateOnKnownCover(line, options.knownCover);
    if (calibrated) return calibrated;
    line.warnings.push(`no bar found within 50 mm of x = ${options.knownCover.xM} m to calibrate on`);
  }
  return poolPermittivity(linePermittivities(line));
}

/**
 * A bar's radius sd with the scan's permittivity held, widened by the permittivity's uncertainty (decision 0057):
 * the radius posterior is refitted at εr ± its 1-σ (at least {@link DIAMETER_PERMITTIVITY_FLOOR} of εr) and half
 * the shift of its mean is added in quadrature. Skipped (Infinity) where no claim could follow anyway.
 */
function radiusSdWithPermittivity(
  line: LineDetectionsCore,
  index: number,
  fit: { radiusM: number; radiusSdM: number },
  eps: number,
  epsSd: number,
  range: readonly [number, number],
  trackedRadiusM: number | undefined,
): number {
  if (fit.radiusSdM > 0.003 || fit.radiusM < range[0] + 0.001 || fit.radiusM > range[1] - 0.001)
    return Infinity;
  // The widened sd is never below the fit's own (a hypot of it and a finite shift), and a wider finite band never
  // turns a refused claim into one ({@link claimDiameterFromPosterior}): when the fit's own sd already refuses,
  // the two refits cannot change the outcome, and that sd (refused as well) is returned. Not Infinity: an infinite
  // sd maps both ends of the band to the smallest size and is claimed when the radius is 5–5.5 mm.
  if (
    claimDiameterFromPosterior({ value: fit.radiusM, sd: fit.radiusSdM }, range, trackedRadiusM) === undefined
  )
    return fit.radiusSdM;
  const step = Math.max(epsSd, DIAMETER_PERMITTIVITY_FLOOR * eps);
  const { scan, detections, offset } = line;
  const { offsetSamples } = offsetFor(offset, detections[index]);
  const below = refitDetection(scan, detections[index], offsetSamples, undefined, eps - step);
  const above = refitDetection(scan, detections[index], offsetSamples, undefined, eps + step);
  if (!below || !above) return Infinity;
  return Math.hypot(fit.radiusSdM, 0.5 * (above.radiusM - below.radiusM));
}

/**
 * The permittivity calibrated on the line's bar detected nearest a position of known cover (within
 * {@link KNOWN_COVER_REACH_M} along the line), or undefined when no bar is that near.
 *
 * @param line - the line's detections.
 * @param known - where along the line the cover was measured, and the cover, metres.
 * @returns the calibrated permittivity, or undefined.
 * @example
 * ```ts
 * calibrateOnKnownCover(detectLine(rg), { xM: 0.42, coverM: 0.035 })?.source; // 'calibrated'
 * ```
 */
export function calibrateOnKnownCover(
  line: LineDetectionsCore,
  known: { xM: number; coverM: number },
): PooledPermittivity | undefined {
  let best = -1;
  line.detections.forEach((d, i) => {
    const distance = Math.abs(d.result.fit.x0M - known.xM);
    if (
      distance <= KNOWN_COVER_REACH_M &&
      (best < 0 || distance < Math.abs(line.detections[best].result.fit.x0M - known.xM))
    )
      best = i;
  });
  return best < 0 ? undefined : calibrateOnDetection(line, best, known.coverM);
}

/** How far along a line a bar of known cover may lie from the position given for it, metres. */
export const KNOWN_COVER_REACH_M = 0.05;

/**
 * The permittivity that puts one detected bar at a cover measured on site (cover meter, drill hole): the bar's
 * apex time (its own fit, at its radius) converted with the measured cover ({@link calibratePermittivity}). Its sd
 * carries the apex time's uncertainty (the fit's cover sd as time, and the pooled envelope offset's sd).
 *
 * @param line - the line's detections.
 * @param index - the detection measured.
 * @param coverM - the measured cover, metres.
 * @param lateralScale - sin θ of a bar crossing the line obliquely (area scans), 1 across it.
 * @returns the calibrated permittivity, or undefined when the bar cannot be refitted.
 * @example
 * ```ts
 * calibrateOnDetection(detectLine(rg), 1, 0.05); // { value: 7.02, sd: 0.11, source: 'calibrated', count: 1 }
 * ```
 */
export function calibrateOnDetection(
  line: LineDetectionsCore,
  index: number,
  coverM: number,
  lateralScale = 1,
): PooledPermittivity | undefined {
  const { scan, detections } = line;
  const offset = offsetFor(line.offset, detections[index]);
  const fit = refitDetection(
    scan,
    detections[index],
    offset.offsetSamples,
    line.radii[index],
    undefined,
    lateralScale,
  );
  if (!fit) return undefined;
  const s = scan.antennaSeparationM;
  const oneWay = Math.sqrt(fit.coverM ** 2 + (s * s) / 4);
  const apexTime = (2 * oneWay * Math.sqrt(fit.permittivity)) / SPEED_OF_LIGHT_M_PER_S;
  const timeFromCover = ((2 * fit.coverM) / oneWay) * (Math.sqrt(fit.permittivity) / SPEED_OF_LIGHT_M_PER_S);
  const timeSd = Math.hypot(timeFromCover * fit.coverSdM, (offset.sdSamples + 0.3) * scan.sampleIntervalS);
  return calibratePermittivity(apexTime, timeSd, coverM, s);
}

/**
 * Second half of a line-scan analysis: every detection refitted with the chosen permittivity (cover, position,
 * uncertainty), the diameter decided where decisive, and the results shaped as the spec's Rebar v2.
 *
 * @param line - the line's detections.
 * @param permittivity - the permittivity to use.
 * @param options - orientation and diameter switch.
 * @returns the line's analysis.
 * @example
 * ```ts
 * const line = detectLine(rg);
 * finishLine(line, poolPermittivity(linePermittivities(line)));
 * ```
 */
export function finishLine(
  line: LineDetectionsCore,
  permittivity: PooledPermittivity,
  options: Pick<LineScanAnalysisOptions, 'orientation' | 'shouldDecideDiameter'> = {},
): LineScanAnalysis {
  const { scan, offset } = line;
  const eps = permittivity.value;
  const dt = scan.sampleIntervalS;
  const orientation = options.orientation ?? REBAR_ORIENTATION.HORIZONTAL;
  const rebars: RebarResult[] = [];
  const hyperbolas: HyperbolaLabel[] = [];
  const amplitudes: { amplitude: number; pathM: number }[] = [];
  line.detections.forEach((detection, i) => {
    let radius = line.radii[i];
    let nominalDiameterMm: number | undefined;
    const own = offsetFor(offset, detection);
    const timeSdS = Math.hypot(0.3, own.sdSamples) * dt;
    const times = timesFromPicks(scan, detection.result.picks, own.offsetSamples);
    if (scan.surfaceCoupling) {
      // The diameter profile fits straight rays to times already corrected for the surface coupling (at this
      // bar and the scan's εr; the correction hardly depends on the radius).
      const { x0M, coverM } = detection.result.fit;
      const corrections = surfaceCouplingCorrections(
        times.positionsM,
        { x0M, coverM, radiusM: radius ?? DEFAULT_REBAR_RADIUS_M },
        eps,
        scan.antennaSeparationM,
        scan.surfaceCoupling,
      );
      times.timesS = times.timesS.map((t, k) => t - corrections[k]);
    }
    const canDecide =
      !line.hasGivenRadius[i] && options.shouldDecideDiameter !== false && permittivity.source !== 'prior';
    if (canDecide) {
      const decision = decideDiameter(times, {
        antennaSeparationM: scan.antennaSeparationM,
        sampleIntervalS: dt,
        permittivity: { value: eps, sd: Math.max(permittivity.sd, 0.02 * eps) },
        start: { x0M: detection.result.fit.x0M, coverM: detection.result.fit.coverM },
      });
      nominalDiameterMm = decision.nominalDiameterMm;
      if (nominalDiameterMm !== undefined) radius = nominalDiameterMm / 2000;
    }
    const free = refitDetection(scan, detection, own.offsetSamples, radius);
    const fit = refitDetection(scan, detection, own.offsetSamples, radius, eps);
    if (!fit) return;
    if (radius === undefined && nominalDiameterMm === undefined && canDecide) {
      // The radius posterior with the scan's εr held (the curvature then speaks for the radius alone), widened by
      // how far it moves when that εr moves by its uncertainty (radius and εr trade off along the curvature).
      const range = [MARGINAL_RADII_M[0], MARGINAL_RADII_M[MARGINAL_RADII_M.length - 1]] as const;
      nominalDiameterMm = claimDiameterFromPosterior(
        {
          value: fit.radiusM,
          sd: radiusSdWithPermittivity(line, i, fit, eps, permittivity.sd, range, detection.radiusM),
        },
        range,
        detection.radiusM,
      );
      if (nominalDiameterMm !== undefined) radius = nominalDiameterMm / 2000;
    }
    const isLabelled = line.labels?.[i] !== undefined;
    // Automatic detections: implausible once refitted with the scan's permittivity (a "bar" at the surface or
    // with a cover known to ± a centimetre) are dropped; a user's label is always kept.
    if (!isLabelled && (fit.coverM < 0.003 || fit.coverSdM > 0.01)) return;
    const label =
      line.labels?.[i] ?? toHyperbolaLabel(scan, { ...detection, result: { ...detection.result, fit } });
    const reportedRadius =
      radius !== undefined && nominalDiameterMm !== undefined
        ? radius
        : (line.radii[i] ?? DEFAULT_REBAR_RADIUS_M);
    if (!isLabelled && nominalDiameterMm !== undefined) label.R = reportedRadius;
    hyperbolas.push(label);
    const sd = coverSdM({
      coverM: fit.coverM,
      fitSdM: fit.coverSdM,
      permittivity: eps,
      permittivitySd: permittivity.sd,
      timeSdS,
      antennaSeparationM: scan.antennaSeparationM,
    });
    amplitudes.push({
      amplitude: detection.result.apex.amplitude,
      pathM: 2 * Math.hypot(fit.coverM, scan.antennaSeparationM / 2),
    });
    rebars.push({
      id: createId(),
      depthCoords: [[fit.x0M, 0, fit.coverM + reportedRadius]],
      R: reportedRadius,
      orientation,
      usesDefaultRadius: !line.hasGivenRadius[i] && nominalDiameterMm === undefined,
      xM: fit.x0M,
      xSdM: fit.x0SdM,
      coverM: fit.coverM,
      coverSdM: sd,
      nominalDiameterMm,
      confidence: label.confidence,
      permittivityFit: { value: free?.permittivity ?? eps, sd: free?.permittivitySd ?? 0 },
      rmsSamples: fit.rmsSamples,
      pickCount: fit.count,
      hyperbola: label,
    });
  });
  for (const label of line.unfitted) rebars.push(unfittedRebar(line, label, eps, orientation));
  rebars.sort((a, b) => a.xM - b.xM);
  // A user's own value is not second-guessed; estimated, calibrated and prior ones are checked.
  const note =
    permittivity.source === 'user' ? undefined : permittivityPlausibilityNote(eps, permittivity.source);
  return {
    name: scan.radargram.name,
    traces: scan.traces,
    traceSpacingM: scan.traceSpacingM,
    antennaSeparationM: scan.antennaSeparationM,
    timeZeroS: scan.radargram.timeOffsetS + scan.timeZeroSample * dt,
    permittivity,
    ...(note !== undefined && { permittivityNote: note }),
    rebars,
    hyperbolas,
    materialProperties: estimateMaterialProperties(permittivity, amplitudes),
    warnings: note === undefined ? line.warnings : [...line.warnings, note],
  };
}

/** A user's label that could not be fitted: its cover comes from the apex time alone, flagged by a large sd. */
function unfittedRebar(
  line: LineDetectionsCore,
  label: HyperbolaLabel,
  eps: number,
  orientation: RebarOrientation,
): RebarResult {
  const { scan, offset } = line;
  const radius = label.R !== undefined && label.R > 0 ? label.R : DEFAULT_REBAR_RADIUS_M;
  const time =
    ((label.tIdxFrac ?? label.tIdx) + offset.offsetSamples - scan.timeZeroSample) * scan.sampleIntervalS;
  const cover = coverFromApexTimeM(time, eps, scan.antennaSeparationM);
  const xM = label.xIdx * scan.traceSpacingM;
  return {
    id: createId(),
    depthCoords: [[xM, 0, cover + radius]],
    R: radius,
    orientation,
    usesDefaultRadius: !(label.R !== undefined && label.R > 0),
    xM,
    xSdM: scan.traceSpacingM,
    coverM: cover,
    coverSdM: Math.max(0.005, 0.15 * cover),
    confidence: Math.min(1, label.confidence) * 0.5,
    permittivityFit: { value: eps, sd: 0 },
    rmsSamples: 0,
    pickCount: 0,
    hyperbola: label,
  };
}
