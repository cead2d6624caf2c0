import type { HeaderField, TraceMark } from '../model/radargram';
import { ByteReader } from './binary';
import { finishRadargram, reportTruncation } from './build';
import { checkGridSize, GprFormatError } from './errors';
import { parseKeyValueText } from './key-value';
import { fileNameOf, findSidecar } from './sidecars';
import { decodeLatin1, rejectNulCharacters } from './text';
import type { GprFileInput, GprReadResult } from './types';
import { median, metresPerUnit, parseLooseDate, parseLooseNumber } from './values';

const TRACE_HEADER_BYTES = 128;

/**
 * Reads a Sensors & Software pulseEKKO/Noggin `.DT1` with its `.HD` header (required, as a sidecar).
 *
 * - Each trace: a 128-byte header (f32 words; word 5 = bytes per point) then `NUMBER OF PTS/TRC` samples,
 *   int16 for 2 bytes per point, float32 for 4.
 * - dt = `TOTAL TIME WINDOW` / `NUMBER OF PTS/TRC`; the first sample is at −`TIMEZERO AT POINT` × dt.
 * - Positions (trace-header word 1), `STEP SIZE USED` and `ANTENNA SEPARATION` are converted from
 *   `POSITION UNITS` (m or ft) to metres.
 * - A trace header's comment flag (word 24) makes a mark labelled with its 28-character comment.
 * - The `.HD`'s trace count must not exceed the traces in the file (see `allowTruncated`).
 *
 * @param input - the DT1 bytes, name and sidecars (the `.HD`).
 * @returns one radargram and warnings.
 * @throws {@link GprFormatError} for a missing/invalid `.HD`, or a damaged or truncated `.DT1`.
 * @example
 * ```ts
 * const { radargrams } = readDt1({ name: 'XLINE00.DT1', bytes, sidecars: { 'XLINE00.HD': hd } });
 * radargrams[0].traceSpacingM; // 0.6096 (2 ft)
 * ```
 */
export function readDt1(input: GprFileInput): GprReadResult {
  const fileName = fileNameOf(input.name);
  const warnings: string[] = [];
  const hdFile = findSidecar(input, ['hd'], warnings);
  if (!hdFile) throw new GprFormatError(fileName, 'missing the .HD header file (it holds the time window)');
  const hdName = fileNameOf(hdFile.name);
  const hd = parseKeyValueText(rejectNulCharacters(decodeLatin1(hdFile.bytes.subarray(0, 1_000_000)), hdName), '=');
  const get = (key: string): number | undefined => parseLooseNumber(hd.values.get(key));
  const reader = new ByteReader(fileName, input.bytes);
  const hdPoints = get('NUMBER OF PTS/TRC');
  const firstPoints = reader.f32(8, 'the first trace header');
  const bytesPerPoint = reader.f32(20, 'the first trace header');
  if (bytesPerPoint !== 2 && bytesPerPoint !== 4) {
    throw new GprFormatError(
      fileName,
      `invalid trace header: ${bytesPerPoint} bytes per point (expected 2 or 4)`,
    );
  }
  const points = choosePoints(fileName, hdPoints, firstPoints, bytesPerPoint, reader.length);
  const traceBytes = TRACE_HEADER_BYTES + points * bytesPerPoint;
  const traces = Math.floor(reader.length / traceBytes);
  const rest = reader.length - traces * traceBytes;
  if (rest > 0)
    reportTruncation(
      fileName,
      `the last trace has ${rest} of ${traceBytes} bytes`,
      input.allowTruncated,
      warnings,
    );
  const hdTraces = get('NUMBER OF TRACES');
  if (hdTraces !== undefined && hdTraces > traces) {
    reportTruncation(
      fileName,
      `${hdName} says ${hdTraces} traces but the file holds ${traces}`,
      input.allowTruncated,
      warnings,
    );
  } else if (hdTraces !== undefined && hdTraces > 0 && hdTraces < traces) {
    warnings.push(`${fileName}: ${hdName} says ${hdTraces} traces; the file holds ${traces}, all read`);
  }
  checkGridSize(fileName, traces, points);
  const windowNs = get('TOTAL TIME WINDOW');
  if (windowNs === undefined || !(windowNs > 0)) {
    throw new GprFormatError(
      fileName,
      `${hdName} has no valid TOTAL TIME WINDOW (got ${hd.values.get('TOTAL TIME WINDOW') ?? 'none'})`,
    );
  }
  const unitName = hd.values.get('POSITION UNITS') ?? 'm';
  const unitM = metresPerUnit(unitName) ?? 1;
  if (metresPerUnit(unitName) === undefined)
    warnings.push(`${fileName}: unknown POSITION UNITS "${unitName}", metres assumed`);
  const samples = new Float32Array(traces * points);
  const positionsM = new Float64Array(traces);
  const marks: TraceMark[] = [];
  readTraces(reader, traces, points, bytesPerPoint, unitM, samples, positionsM, marks);
  const dt = (windowNs * 1e-9) / points;
  const step = (get('STEP SIZE USED') ?? 0) * unitM;
  const steps = Array.from({ length: traces - 1 }, (_, i) => positionsM[i + 1] - positionsM[i]);
  const firstTimeOfDay = reader.f32(92);
  const date = parseLooseDate(hd.lines[2]);
  const frequency = get('NOMINAL FREQUENCY');
  const radargram = finishRadargram(
    fileName,
    {
      samples,
      traces,
      samplesPerTrace: points,
      sampleIntervalS: dt,
      timeOffsetS: -(get('TIMEZERO AT POINT') ?? 0) * dt,
      traceSpacingM: step > 0 ? step : Math.abs(median(steps)),
      antennaSeparationM: (get('ANTENNA SEPARATION') ?? 0) * unitM,
      centreFrequencyHz: frequency !== undefined ? frequency * 1e6 : undefined,
      scanDate: withTimeOfDay(date, firstTimeOfDay),
      marks,
      positionsM: positionsM.some((p) => p !== 0) ? positionsM.map((p) => p - positionsM[0]) : undefined,
      format: 'dt1',
      name: fileName,
      header: headerFields(hd.lines, hd.values),
    },
    warnings,
  );
  return { format: 'dt1', radargrams: [radargram], warnings };
}

/** Samples per trace: the HD's value when it tiles the file, else the first trace header's. */
function choosePoints(
  fileName: string,
  hdPoints: number | undefined,
  headerPoints: number,
  bytesPerPoint: number,
  fileBytes: number,
): number {
  const fits = (p: number | undefined): p is number =>
    p !== undefined &&
    Number.isInteger(p) &&
    p > 0 &&
    p <= 262_144 &&
    fileBytes % (TRACE_HEADER_BYTES + p * bytesPerPoint) === 0;
  if (fits(hdPoints)) return hdPoints;
  if (fits(headerPoints)) return headerPoints;
  const candidate = hdPoints ?? headerPoints;
  if (Number.isInteger(candidate) && candidate > 0 && candidate <= 262_144) return candidate;
  throw new GprFormatError(
    fileName,
    `invalid samples per trace: .HD says ${hdPoints ?? 'nothing'}, trace header says ${headerPoints}`,
  );
}

function readTraces(
  reader: ByteReader,
  traces: number,
  points: number,
  bytesPerPoint: number,
  unitM: number,
  samples: Float32Array,
  positionsM: Float64Array,
  marks: TraceMark[],
): void {
  const view = reader.view;
  const traceBytes = TRACE_HEADER_BYTES + points * bytesPerPoint;
  for (let t = 0; t < traces; t++) {
    const base = t * traceBytes;
    positionsM[t] = view.getFloat32(base + 4, true) * unitM;
    if (view.getFloat32(base + 96, true) !== 0) {
      const comment = decodeLatin1(reader.bytes.subarray(base + 100, base + 128))
        .replace(/[^\x20-\x7e]/g, '')
        .trim();
      marks.push({ traceIndex: t, label: comment || 'comment' });
    }
    const data = base + TRACE_HEADER_BYTES;
    for (let s = 0; s < points; s++) {
      samples[t * points + s] =
        bytesPerPoint === 2 ? view.getInt16(data + 2 * s, true) : view.getFloat32(data + 4 * s, true);
    }
  }
}

function withTimeOfDay(date: string | undefined, secondsAfterMidnight: number): string | undefined {
  if (!date || !(secondsAfterMidnight > 0 && secondsAfterMidnight < 86_400)) return date;
  const s = Math.floor(secondsAfterMidnight);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.slice(0, 10)}T${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

function headerFields(lines: string[], values: Map<string, string>): HeaderField[] {
  const fields: HeaderField[] = [];
  if (lines[1]) fields.push({ name: 'system', value: lines[1] });
  if (lines[2]) fields.push({ name: 'date', value: lines[2] });
  for (const [name, value] of values) fields.push({ name, value });
  return fields;
}
