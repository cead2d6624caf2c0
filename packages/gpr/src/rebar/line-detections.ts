import {
  coupledPrediction,
  findHyperbolas,
  reflectionPolarity,
  type DetectedHyperbola,
  type HyperbolaDetectionOptions,
} from '../detection/detect-hyperbolas';
import { modelReflections } from '../detection/modelled-background';
import { prepareScan, type PreparedScan } from '../detection/prepare-scan';
import { fitCandidate } from '../fitting/fit-candidate';
import type { Radargram } from '../model/radargram';
import type { LimbPick } from '../fitting/pick-limbs';
import { offsetFor, poolEnvelopeOffset, radiusMixture, refitDetection, type PooledOffset } from './bar-fits';
import type { PermittivityEstimate } from './pool-permittivity';
import { DETECTION_RADIUS_M, type HyperbolaLabel } from './types';

/** Options of {@link detectLine}. */
export interface LineDetectionOptions extends HyperbolaDetectionOptions {
  /** User-corrected hyperbola labels: fitted instead of detecting. */
  hyperbolas?: HyperbolaLabel[];
  /**
   * The bars' radius when the user knows it (drawings, a drill hole), metres: every bar without a label's own R is
   * fitted with it, as a given radius (not marginalised over 4–14 mm, no diameter claimed); detection keeps its own
   * radius. Curvature cannot tell the radius (decisions 0080, 0081), and a thick bar fitted as an average one reads
   * εr low (decision 0084).
   */
  radiusM?: number;
}

/**
 * What the second half of an analysis reads of a prepared scan: its scalars, no sample arrays. A
 * {@link PreparedScan} is one; so is a stored line's {@link StoredLineDetections.scan}.
 */
export type ScanGeometry = Pick<
  PreparedScan,
  | 'traces'
  | 'samplesPerTrace'
  | 'sampleIntervalS'
  | 'traceSpacingM'
  | 'antennaSeparationM'
  | 'timeZeroSample'
  | 'surfaceCoupling'
> & { radargram: Pick<Radargram, 'name' | 'timeOffsetS'> };

/** What the second half of an analysis reads of a detection: its picks, first fit, apex and confidence. */
export interface DetectionCore {
  score: number;
  /** Radius of the detection's fit, metres. */
  radiusM: number;
  isOneSided?: boolean;
  /** Confidence 0–1. */
  confidence: number;
  result: {
    apex: Pick<DetectedHyperbola['result']['apex'], 'trace' | 'sample' | 'polarity' | 'amplitude'>;
    picks: LimbPick[];
    /** Envelope offset of this hyperbola, samples. */
    offsetSamples: number;
    fit: Pick<DetectedHyperbola['result']['fit'], 'x0M' | 'coverM' | 'permittivity'>;
  };
}

/** A line's detections as the pooling and the final fits read them (live or {@link fromStoredLine stored}). */
export interface LineDetectionsCore {
  scan: ScanGeometry;
  detections: DetectionCore[];
  /** The radius each detection is fitted with (a label's or the options' R), metres; undefined: marginalised. */
  radii: (number | undefined)[];
  /** Whether each detection's radius came from a label. */
  hasGivenRadius: boolean[];
  /** The user's label of each detection (label mode only), so its id and fields are kept. */
  labels?: HyperbolaLabel[];
  /** The labels that could not be fitted (kept so the user's bars are never dropped silently). */
  unfitted: HyperbolaLabel[];
  /** The scan's pooled envelope offset. */
  offset: PooledOffset;
  warnings: string[];
}

/**
 * A line's detections as plain JSON (no typed arrays, no undefined in arrays): what a per-line job stores so
 * that another process can pool and finish the area ({@link toStoredLine}, {@link fromStoredLine}).
 */
export interface StoredLineDetections extends Omit<LineDetectionsCore, 'radii'> {
  radii: (number | null)[];
}

/** A line's detections before the permittivity is pooled (first half of a line-scan analysis). */
export interface LineDetections extends LineDetectionsCore {
  scan: PreparedScan;
  detections: DetectedHyperbola[];
}

/**
 * First half of a line-scan analysis: prepares the scan, detects and fits its hyperbolas (or fits the user's
 * labels, apex trace held), and pools the envelope offset.
 *
 * @param rg - the radargram.
 * @param options - preparation and detection options, or the user's labels.
 * @returns the detections and the pooled offset.
 * @example
 * ```ts
 * const line = detectLine(rg);
 * line.detections.length;
 * ```
 */
export function detectLine(rg: Radargram, options: LineDetectionOptions = {}): LineDetections {
  let scan = prepareScan(rg, options);
  const warnings = [...scan.warnings];
  const unfitted: HyperbolaLabel[] = [];
  let detections: DetectedHyperbola[];
  let radii: (number | undefined)[];
  let hasGivenRadius: boolean[];
  let labels: HyperbolaLabel[] | undefined;
  if (options.hyperbolas) {
    labels = [];
    detections = [];
    radii = [];
    hasGivenRadius = [];
    const polarity = reflectionPolarity(scan, options.hyperbolas);
    const fitLabel = (on: PreparedScan, label: HyperbolaLabel, radiusM: number) =>
      fitCandidate(on, label.xIdx, label.tIdx, {
        permittivity: 7,
        radiusM,
        isApexFixed: true,
        polarity,
        isSurfaceCoupled: true,
      });
    for (const label of options.hyperbolas) {
      const hasRadius = label.R !== undefined && label.R > 0;
      // A label without a radius is fitted as a detection is: at the detection radius, then marginalised.
      const radiusM = hasRadius ? label.R! : (options.radiusM ?? DETECTION_RADIUS_M);
      const result = fitLabel(scan, label, radiusM);
      if (!result || result.picks.length < 5) {
        unfitted.push(label);
        continue;
      }
      detections.push({ score: 0, result, radiusM, confidence: Math.min(1, Math.max(0, label.confidence)) });
      radii.push(hasRadius ? radiusM : options.radiusM);
      hasGivenRadius.push(hasRadius || options.radiusM !== undefined);
      labels.push(label);
    }
    if (unfitted.length > 0) warnings.push(`${unfitted.length} hyperbola label(s) had too few picks to fit`);
    // The detection's own clutter handling, so a correction round trip refits as the detection fitted: the
    // background re-estimated without the bars' modelled reflections (whole-line background only). With the
    // radius above, a round trip of the engine's own labels moves FHWA's εr 8.31 → 8.48, covers by ≤ 1.6 mm
    // (before: 8.57, 5.2 mm; decision 0034).
    const refined = refinedBackground(scan, detections, options);
    if (detections.length > 0) {
      detections = detections.map((d, i) => {
        const again = fitLabel(refined, labels![i], d.radiusM);
        return again && again.picks.length >= 5 ? { ...d, result: again } : d;
      });
      scan = refined;
    }
  } else {
    // Detected as always (the stack and screening curves of the detection radius); a given radius serves the fits.
    const search = findHyperbolas(scan, { ...options, radiusM: undefined });
    scan = search.scan;
    detections = search.detections;
    radii = detections.map(() => options.radiusM);
    hasGivenRadius = detections.map(() => options.radiusM !== undefined);
  }
  return {
    scan,
    detections,
    radii,
    hasGivenRadius,
    labels,
    unfitted,
    offset: poolEnvelopeOffset(detections, scan.periodSamples),
    warnings,
  };
}

/**
 * Per-hyperbola permittivities of a line (picks re-timed with the pooled offset, permittivity free), the input
 * of pooling. Hyperbolas whose fit fails are left out, and so are one-limbed ones (a neighbour hides the other
 * limb) unless the line has nothing better.
 *
 * @param line - the line's detections.
 * @param obliquityFactor - sin²θ per detection for bars crossing the line at θ ≠ 90° (apparent ε = ε·sin²θ,
 *   algorithms.md §4.3); the estimates are divided by it. Default 1.
 * @returns one estimate per usable detection.
 * @example
 * ```ts
 * poolPermittivity(linePermittivities(line));
 * ```
 */
export function linePermittivities(
  line: LineDetectionsCore,
  obliquityFactor?: (index: number) => number,
): PermittivityEstimate[] {
  const out: PermittivityEstimate[] = [];
  // A hyperbola with one limb has no usable curvature: it votes only when no bar of the line has two.
  const hasTwoSided = line.detections.some((d) => !d.isOneSided);
  line.detections.forEach((d, i) => {
    if (d.isOneSided && hasTwoSided) return;
    const offset = offsetFor(line.offset, d).offsetSamples;
    const fit = refitDetection(line.scan, d, offset, line.radii[i]);
    if (!fit || !(fit.permittivitySd > 0)) return;
    const factor = obliquityFactor?.(i) ?? 1;
    // Weak hyperbolas count less: their picks are less trustworthy than their formal errors say.
    const weakness = Math.max(0.2, d.confidence);
    const sd = fit.permittivitySd / weakness;
    // A bar of unknown radius also brings its εr at each radius, for the pool to marginalise jointly.
    const mixture = line.radii[i] === undefined ? radiusMixture(line.scan, d, offset) : undefined;
    out.push({
      value: fit.permittivity / factor,
      sd: sd / factor,
      ...(mixture && {
        mixture: mixture.map((m) => ({
          weight: m.weight,
          value: m.value / factor,
          sd: m.sd / weakness / factor,
        })),
      }),
    });
  });
  return out;
}

/**
 * A line's detections as plain JSON for storage: the scan's scalars and each detection's picks and first fit,
 * without the sample arrays (kilobytes instead of megabytes). {@link fromStoredLine} reads it back; pooling and
 * finishing a stored line give exactly what they give on the live one.
 *
 * @param line - the live detections.
 * @returns a JSON-safe copy of what pooling and the final fits read.
 * @example
 * ```ts
 * const stored = JSON.stringify(toStoredLine(detectLine(rg)));
 * ```
 */
export function toStoredLine(line: LineDetectionsCore): StoredLineDetections {
  const { scan } = line;
  return {
    scan: {
      radargram: { name: scan.radargram.name, timeOffsetS: scan.radargram.timeOffsetS },
      traces: scan.traces,
      samplesPerTrace: scan.samplesPerTrace,
      sampleIntervalS: scan.sampleIntervalS,
      traceSpacingM: scan.traceSpacingM,
      antennaSeparationM: scan.antennaSeparationM,
      timeZeroSample: scan.timeZeroSample,
      ...(scan.surfaceCoupling !== undefined && { surfaceCoupling: { ...scan.surfaceCoupling } }),
    },
    detections: line.detections.map((d) => ({
      score: d.score,
      radiusM: d.radiusM,
      ...(d.isOneSided !== undefined && { isOneSided: d.isOneSided }),
      confidence: d.confidence,
      result: {
        apex: {
          trace: d.result.apex.trace,
          sample: d.result.apex.sample,
          polarity: d.result.apex.polarity,
          amplitude: d.result.apex.amplitude,
        },
        picks: d.result.picks.map((p) => ({
          traceIndex: p.traceIndex,
          sample: p.sample,
          correlation: p.correlation,
        })),
        offsetSamples: d.result.offsetSamples,
        fit: { x0M: d.result.fit.x0M, coverM: d.result.fit.coverM, permittivity: d.result.fit.permittivity },
      },
    })),
    radii: line.radii.map((r) => r ?? null),
    hasGivenRadius: [...line.hasGivenRadius],
    ...(line.labels !== undefined && { labels: line.labels.map((l) => ({ ...l })) }),
    unfitted: line.unfitted.map((l) => ({ ...l })),
    offset: {
      ...line.offset,
      ...(line.offset.otherLobes && { otherLobes: line.offset.otherLobes.map((g) => ({ ...g })) }),
    },
    warnings: [...line.warnings],
  };
}

/**
 * Reads back what {@link toStoredLine} wrote (after a JSON round trip).
 *
 * @param stored - the stored detections.
 * @returns detections that {@link linePermittivities}, `finishLine` and the area's pooling accept.
 * @example
 * ```ts
 * const line = fromStoredLine(JSON.parse(text));
 * ```
 */
export function fromStoredLine(stored: StoredLineDetections): LineDetectionsCore {
  return { ...stored, radii: stored.radii.map((r) => (r === null ? undefined : r)) };
}

/**
 * The scan with its background (whole line or moving window) re-estimated around the bars' modelled reflections,
 * as `findHyperbolas` refines it before its final fits; the scan itself for a steady long line's moving window
 * (`hasModelledBackground` false) or when `shouldRefineBackground` is false.
 */
function refinedBackground(
  scan: PreparedScan,
  bars: DetectedHyperbola[],
  options: HyperbolaDetectionOptions,
): PreparedScan {
  if (bars.length === 0 || !scan.hasModelledBackground || options.shouldRefineBackground === false)
    return scan;
  return modelReflections(
    scan,
    bars.map((b) => ({ predict: coupledPrediction(scan, b), wavelet: b.result.wavelet })),
  ).scan;
}
