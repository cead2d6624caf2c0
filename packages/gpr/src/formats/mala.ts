import type { HeaderField, TraceGps } from '../model/radargram';
import { finishRadargram, reportTruncation } from './build';
import { checkGridSize, GprFormatError } from './errors';
import { parseKeyValueText } from './key-value';
import { extensionOf, fileNameOf, findSidecar } from './sidecars';
import { decodeLatin1, rejectNulCharacters } from './text';
import type { GprFileInput, GprReadResult } from './types';
import { parseFrequencyHz, parseLooseDate, parseLooseNumber } from './values';

/** Relative difference above which the two MALA time axes are reported as disagreeing. */
const TIME_AXIS_TOLERANCE = 0.05;

/**
 * Reads a MALA RAMAC `.rd3` (int16) or `.rd7` (int32) file with its `.rad` header (required) and optional
 * `.cor` GPS file. Samples are little-endian, trace after trace, no trace headers.
 *
 * Time axis: the `.rad` has both `FREQUENCY` (sampling frequency, MHz) and `TIMEWINDOW` (ns), and files
 * exist where they disagree (the ImpDAR sample: 512 samples at 2426.19 MHz = 211 ns, but TIMEWINDOW 422 ns).
 * We use dt = 1 / FREQUENCY (as ImpDAR does): it is the per-sample quantity and survives files cut to fewer
 * samples, while TIMEWINDOW is only used when FREQUENCY is missing. A disagreement over 5 % adds a warning
 * and both values are kept in the header.
 *
 * Trace spacing is `DISTANCE INTERVAL` when `DISTANCE FLAG` is 1 (distance-triggered), otherwise 0.
 *
 * @param input - the data file's name and bytes, with the `.rad` (and `.cor`) as sidecars.
 * @returns one radargram and warnings.
 * @throws {@link GprFormatError} for a missing/invalid `.rad` or a damaged or truncated data file.
 * @example
 * ```ts
 * const { radargrams } = readRd3({ name: 'ten_col.rd3', bytes, sidecars: { 'ten_col.rad': rad } });
 * radargrams[0].traces; // 10
 * ```
 */
export function readRd3(input: GprFileInput): GprReadResult {
  const fileName = fileNameOf(input.name);
  const warnings: string[] = [];
  const isRd7 = extensionOf(input.name) === 'rd7';
  const radFile = findSidecar(input, ['rad'], warnings);
  if (!radFile)
    throw new GprFormatError(fileName, 'missing the .rad header file (it holds the samples per trace)');
  const radName = fileNameOf(radFile.name);
  const rad = parseKeyValueText(rejectNulCharacters(decodeLatin1(radFile.bytes.subarray(0, 1_000_000)), radName), ':');
  const get = (key: string): number | undefined => parseLooseNumber(rad.values.get(key));
  const ns = get('SAMPLES');
  if (ns === undefined || !Number.isInteger(ns) || ns < 1) {
    throw new GprFormatError(
      fileName,
      `${radName} has no valid SAMPLES value (got ${rad.values.get('SAMPLES') ?? 'none'})`,
    );
  }
  const bytesPerSample = isRd7 ? 4 : 2;
  const traceBytes = ns * bytesPerSample;
  const traces = Math.floor(input.bytes.length / traceBytes);
  const rest = input.bytes.length - traces * traceBytes;
  if (traces === 0) {
    throw new GprFormatError(
      fileName,
      `truncated: ${radName} says ${ns} samples × ${bytesPerSample} bytes per trace but the file has only ${input.bytes.length} bytes`,
    );
  }
  if (rest > 0)
    reportTruncation(
      fileName,
      `the last trace has ${rest} of ${traceBytes} bytes`,
      input.allowTruncated,
      warnings,
    );
  checkGridSize(fileName, traces, ns);
  const lastTrace = get('LAST TRACE');
  if (lastTrace !== undefined && lastTrace !== traces) {
    warnings.push(
      `${fileName}: ${radName} says LAST TRACE ${lastTrace}; the file holds ${traces} traces, all read`,
    );
  }
  const view = new DataView(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  const samples = new Float32Array(traces * ns);
  for (let i = 0; i < samples.length; i++) {
    samples[i] = isRd7 ? view.getInt32(4 * i, true) : view.getInt16(2 * i, true);
  }
  const dt = malaSampleInterval(fileName, get('FREQUENCY'), get('TIMEWINDOW'), ns, warnings);
  const distanceTriggered = get('DISTANCE FLAG') === 1;
  const corFile = findSidecar(input, ['cor'], warnings);
  const gps = corFile ? parseCor(rejectNulCharacters(decodeLatin1(corFile.bytes.subarray(0, 10_000_000)), fileNameOf(corFile.name))) : undefined;
  if (gps && gps.fixes.some((g) => g.traceIndex >= traces)) {
    warnings.push(`${fileName}: GPS fixes for traces beyond the ${traces} in the file were dropped`);
  }
  const radargram = finishRadargram(
    fileName,
    {
      samples,
      traces,
      samplesPerTrace: ns,
      sampleIntervalS: dt,
      timeOffsetS: 0,
      traceSpacingM: distanceTriggered ? (get('DISTANCE INTERVAL') ?? 0) : 0,
      antennaSeparationM: get('ANTENNA SEPARATION') ?? 0,
      centreFrequencyHz: parseFrequencyHz(rad.values.get('ANTENNAS')),
      antennaName: rad.values.get('ANTENNAS') || undefined,
      scanDate: parseLooseDate(rad.values.get('DATE')) ?? gps?.firstDate,
      marks: [],
      gps: gps?.fixes,
      format: isRd7 ? 'rd7' : 'rd3',
      name: fileName,
      header: [...rad.values].map(([name, value]): HeaderField => ({ name, value })),
    },
    warnings,
  );
  return { format: isRd7 ? 'rd7' : 'rd3', radargrams: [radargram], warnings };
}

/**
 * dt from a MALA `.rad`: 1 / FREQUENCY (MHz) when present, else TIMEWINDOW / SAMPLES; warns when both exist
 * and differ by more than 5 %.
 *
 * @param fileName - for messages.
 * @param frequencyMHz - `FREQUENCY`, the sampling frequency in MHz.
 * @param timeWindowNs - `TIMEWINDOW`, ns.
 * @param samples - `SAMPLES`.
 * @param warnings - receives the disagreement note.
 * @returns the sample interval, seconds.
 * @example
 * ```ts
 * malaSampleInterval('a.rd3', 2426.19, 422.06, 512, []); // 4.1217e-10
 * ```
 */
export function malaSampleInterval(
  fileName: string,
  frequencyMHz: number | undefined,
  timeWindowNs: number | undefined,
  samples: number,
  warnings: string[],
): number {
  const fromFrequency = frequencyMHz !== undefined && frequencyMHz > 0 ? 1 / (frequencyMHz * 1e6) : undefined;
  const fromWindow =
    timeWindowNs !== undefined && timeWindowNs > 0 ? (timeWindowNs * 1e-9) / samples : undefined;
  if (fromFrequency !== undefined && fromWindow !== undefined) {
    const ratio = fromWindow / fromFrequency;
    if (Math.abs(ratio - 1) > TIME_AXIS_TOLERANCE) {
      warnings.push(
        `${fileName}: the .rad's FREQUENCY (${frequencyMHz} MHz → ${(samples * fromFrequency * 1e9).toFixed(1)} ns window) ` +
          `and TIMEWINDOW (${timeWindowNs} ns) disagree by a factor ${ratio.toFixed(2)}; using FREQUENCY`,
      );
    }
  }
  const dt = fromFrequency ?? fromWindow;
  if (dt === undefined)
    throw new GprFormatError(fileName, 'the .rad has neither a valid FREQUENCY nor a valid TIMEWINDOW');
  return dt;
}

/**
 * Parses a MALA `.cor` GPS file: one row per fix, tab/space separated: trace number, date, time, latitude,
 * N/S, longitude, E/W, elevation, unit, PDOP. Trace numbers are taken as 1-based (an assumption).
 *
 * @param text - the `.cor` text.
 * @returns the fixes and the first fix's date-time.
 * @example
 * ```ts
 * parseCor('7\t2019-07-26\t16:58:43\t75.632\tN\t35.987\tW\t2663.6\tM\t0.8').fixes[0].latitudeDeg; // 75.632
 * ```
 */
export function parseCor(text: string): { fixes: TraceGps[]; firstDate?: string } {
  const fixes: TraceGps[] = [];
  let firstDate: string | undefined;
  for (const line of text.split(/\r\n|\r|\n/)) {
    const f = line.trim().split(/[\t ]+/);
    if (f.length < 7) continue;
    const trace = parseLooseNumber(f[0]);
    const lat = parseLooseNumber(f[3]);
    const lon = parseLooseNumber(f[5]);
    if (trace === undefined || !Number.isInteger(trace) || lat === undefined || lon === undefined) continue;
    const time = parseLooseDate(`${f[1]} ${f[2]}`);
    firstDate ??= time;
    const fix: TraceGps = {
      traceIndex: trace - 1,
      latitudeDeg: /^S$/i.test(f[4]) ? -lat : lat,
      longitudeDeg: /^W$/i.test(f[6]) ? -lon : lon,
    };
    const altitude = parseLooseNumber(f[7]);
    if (altitude !== undefined) fix.altitudeM = altitude;
    if (time) fix.time = `${time}Z`;
    fixes.push(fix);
  }
  return { fixes, firstDate };
}
