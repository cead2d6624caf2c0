import type { HeaderField, Radargram, TraceGps, TraceMark } from '../model/radargram';
import { checkGridSize, GprFormatError } from './errors';

/** A radargram before its invariants are checked. */
export type RadargramDraft = Omit<Radargram, 'marks' | 'header'> & {
  marks?: TraceMark[];
  header?: HeaderField[];
};

/** Longest sample interval we accept: 1 µs (1 MHz sampling) is already far below any GPR. */
const MAX_SAMPLE_INTERVAL_S = 1e-6;
/** Shortest: 0.01 ps. */
const MIN_SAMPLE_INTERVAL_S = 1e-14;

/**
 * Checks a reader's draft and returns a well-formed {@link Radargram}: sizes match, the sample interval is
 * finite and plausible, optional numbers are finite, marks and GPS fixes point at existing traces, and
 * non-finite amplitudes (from corrupt float data) are replaced by 0 with a warning.
 *
 * @param fileName - file name for errors and warnings.
 * @param draft - the reader's result.
 * @param warnings - list the function appends its warnings to.
 * @param options - `samplesAreIntegers`: the amplitudes were converted from integers (always finite), so the
 *   scan for non-finite values is skipped.
 * @returns the checked radargram (the same sample array, possibly cleaned in place).
 * @example
 * ```ts
 * const radargram = finishRadargram('line.sgy', { ...draft }, warnings);
 * ```
 */
export function finishRadargram(
  fileName: string,
  draft: RadargramDraft,
  warnings: string[],
  options: { samplesAreIntegers?: boolean } = {},
): Radargram {
  const { traces, samplesPerTrace, samples } = draft;
  checkGridSize(fileName, traces, samplesPerTrace);
  if (samples.length !== traces * samplesPerTrace) {
    throw new GprFormatError(
      fileName,
      `internal size mismatch: ${samples.length} samples for ${traces} × ${samplesPerTrace}`,
    );
  }
  const dt = draft.sampleIntervalS;
  if (!Number.isFinite(dt) || dt < MIN_SAMPLE_INTERVAL_S || dt > MAX_SAMPLE_INTERVAL_S) {
    throw new GprFormatError(fileName, `implausible sample interval: ${dt} s`);
  }
  let nonFinite = 0;
  for (let i = 0; i < (options.samplesAreIntegers ? 0 : samples.length); i++) {
    const value = samples[i];
    // x − x is 0 for every finite x and NaN for ±∞ and NaN.
    if (value - value !== 0) {
      samples[i] = 0;
      nonFinite++;
    }
  }
  if (nonFinite > 0) warnings.push(`${fileName}: ${nonFinite} non-finite sample values replaced by 0`);
  const finiteOr = (value: number, fallback: number): number => (Number.isFinite(value) ? value : fallback);
  const positive = (value: number | undefined): number | undefined =>
    value !== undefined && Number.isFinite(value) && value > 0 ? value : undefined;
  const result: Radargram = {
    ...draft,
    sampleIntervalS: dt,
    timeOffsetS: finiteOr(draft.timeOffsetS, 0),
    traceSpacingM: Math.max(0, finiteOr(draft.traceSpacingM, 0)),
    antennaSeparationM: Math.max(0, finiteOr(draft.antennaSeparationM, 0)),
    centreFrequencyHz: positive(draft.centreFrequencyHz),
    permittivity: positive(draft.permittivity),
    marks: (draft.marks ?? []).filter(
      (m) => Number.isInteger(m.traceIndex) && m.traceIndex >= 0 && m.traceIndex < traces,
    ),
    header: draft.header ?? [],
  };
  if (draft.gps) result.gps = cleanGps(draft.gps, traces);
  if (draft.positionsM && (draft.positionsM.length !== traces || !draft.positionsM.every(Number.isFinite))) {
    delete result.positionsM;
    warnings.push(`${fileName}: per-trace positions are damaged (not finite) and were ignored`);
  }
  for (const key of ['centreFrequencyHz', 'permittivity', 'scanDate', 'antennaName', 'gps'] as const) {
    if (result[key] === undefined) delete result[key];
  }
  return result;
}

function cleanGps(fixes: TraceGps[], traces: number): TraceGps[] {
  return fixes.filter(
    (g) =>
      Number.isInteger(g.traceIndex) &&
      g.traceIndex >= 0 &&
      g.traceIndex < traces &&
      Number.isFinite(g.latitudeDeg) &&
      Math.abs(g.latitudeDeg) <= 90 &&
      Number.isFinite(g.longitudeDeg) &&
      Math.abs(g.longitudeDeg) <= 180 &&
      (g.altitudeM === undefined || Number.isFinite(g.altitudeM)),
  );
}

/**
 * Ends a read whose data section does not split into whole traces: throws, or with `allowTruncated`
 * returns quietly after adding a warning.
 *
 * @param fileName - file name.
 * @param detail - what is incomplete, e.g. `"the last trace has 1200 of 2048 bytes"`.
 * @param allowTruncated - whether a partial read is acceptable.
 * @param warnings - warning list.
 * @returns nothing.
 * @example
 * ```ts
 * reportTruncation('a.DZT', 'the last trace has 12 of 1024 bytes', false, warnings); // throws
 * ```
 */
export function reportTruncation(
  fileName: string,
  detail: string,
  allowTruncated: boolean | undefined,
  warnings: string[],
): void {
  if (!allowTruncated) throw new GprFormatError(fileName, `truncated: ${detail}`);
  warnings.push(`${fileName}: truncated: ${detail}; read the complete traces only`);
}
