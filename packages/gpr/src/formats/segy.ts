import type { HeaderField } from '../model/radargram';
import { ByteReader } from './binary';
import { finishRadargram, reportTruncation } from './build';
import { checkGridSize, GprFormatError } from './errors';
import { segyGeometry } from './segy-coordinates';
import type { SegyGeometry } from './segy-coordinates';
import {
  readSegyBinaryHeader,
  readSegyTextHeader,
  SEGY_BINARY_BYTES,
  SEGY_TEXT_BYTES,
  SEGY_TRACE_HEADER_BYTES,
} from './segy-header';
import type { SegyBinaryHeader } from './segy-header';
import { decodeSegySamples, guessSampleInterval, SEGY_FORMAT_NAMES, SEGY_SAMPLE_BYTES } from './segy-samples';
import type { SampleIntervalGuess } from './segy-samples';
import { fileNameOf } from './sidecars';
import type { GprFileInput, GprReadResult } from './types';
import { toIsoDateTime } from './values';

/** Options for {@link readSegy}. */
export interface SegyReadOptions {
  /** Sample interval (s) to use when neither the binary nor the trace headers hold one. */
  fallbackSampleIntervalS?: number;
}

interface TraceLayout {
  dataStart: number;
  offsets: number[];
  samplesPerTrace: number[];
  maxSamples: number;
  extraHeaderBytes: number;
}

const MAX_EXTENDED_TEXT_HEADERS = 100;

/**
 * Reads a SEG-Y file (rev 0, 1 or 2) as GPR software writes it: one B-scan of consecutive traces.
 * Handles big- or little-endian files (detected), EBCDIC or ASCII text headers, IBM/IEEE floats and
 * integer formats, extended textual headers and (rev ≥ 1, non-fixed-length) per-trace sample counts
 * (shorter traces are zero-padded). The sample-interval integer is read as ps, ns or µs, whichever gives a
 * plausible GPR window (see `guessSampleInterval`); coordinates become the trace spacing with a
 * sanity-checked scalar.
 *
 * @param input - the file's name and bytes.
 * @param options - fallback sample interval for files that store none.
 * @returns one radargram and warnings.
 * @throws {@link GprFormatError} for a damaged, truncated or unsupported file.
 * @example
 * ```ts
 * const { radargrams } = readSegy({ name: 'test.sgy', bytes });
 * radargrams[0].sampleIntervalS; // 4e-10 (400 stored as ps)
 * ```
 */
export function readSegy(input: GprFileInput, options: SegyReadOptions = {}): GprReadResult {
  const fileName = fileNameOf(input.name);
  const warnings: string[] = [];
  const reader = new ByteReader(fileName, input.bytes);
  const bh = readSegyBinaryHeader(reader);
  const textInfo = readSegyTextHeader(input.bytes.subarray(0, SEGY_TEXT_BYTES));
  const layout = locateTraces(reader, bh, input.allowTruncated, warnings);
  const traces = layout.offsets.length;
  const ns = layout.maxSamples;
  checkGridSize(fileName, traces, ns);
  const samples = new Float32Array(traces * ns);
  for (let t = 0; t < traces; t++) {
    const start = layout.offsets[t] + SEGY_TRACE_HEADER_BYTES + layout.extraHeaderBytes;
    decodeSegySamples(
      reader.view,
      start,
      layout.samplesPerTrace[t],
      bh.formatCode,
      bh.littleEndian,
      samples,
      t * ns,
    );
  }
  if (layout.samplesPerTrace.some((n) => n !== ns)) {
    warnings.push(
      `${fileName}: traces have different lengths; shorter ones were padded with zeros to ${ns} samples`,
    );
  }
  const interval = sampleInterval(reader, bh, layout, ns, options);
  const first = layout.offsets[0];
  const delay = reader.i16(first + 108);
  const timeOffsetS = delay !== 0 && interval.guess ? delay * interval.guess.secondsPerUnit : 0;
  const geometry = readGeometry(reader, bh, layout);
  if (geometry.warning) warnings.push(`${fileName}: ${geometry.warning}`);
  const header = headerFields(bh, textInfo.encoding, interval.note, geometry, textInfo.text);
  const radargram = finishRadargram(
    fileName,
    {
      samples,
      traces,
      samplesPerTrace: ns,
      sampleIntervalS: interval.seconds,
      timeOffsetS: Math.abs(timeOffsetS) < interval.seconds * ns ? timeOffsetS : 0,
      traceSpacingM: geometry.traceSpacingM,
      antennaSeparationM: 0,
      centreFrequencyHz: textInfo.frequencyHz,
      permittivity: textInfo.permittivity,
      scanDate: traceDate(reader, first) ?? textInfo.date,
      marks: [],
      gps: geometry.gps,
      positionsM: geometry.positionsM,
      format: 'segy',
      name: fileName,
      header,
    },
    warnings,
  );
  return { format: 'segy', radargrams: [radargram], warnings };
}

function locateTraces(
  reader: ByteReader,
  bh: SegyBinaryHeader,
  allowTruncated: boolean | undefined,
  warnings: string[],
): TraceLayout {
  const fileName = reader.fileName;
  const extended = countExtendedTextHeaders(reader, bh);
  let dataStart = SEGY_TEXT_BYTES + SEGY_BINARY_BYTES + extended * SEGY_TEXT_BYTES;
  if (bh.firstTraceOffset > 0 && bh.firstTraceOffset < reader.length) dataStart = bh.firstTraceOffset;
  if (bh.additionalTraceHeaders < 0 || bh.additionalTraceHeaders > 100) {
    throw new GprFormatError(
      fileName,
      `invalid header: ${bh.additionalTraceHeaders} additional trace headers`,
    );
  }
  const extraHeaderBytes = bh.additionalTraceHeaders * SEGY_TRACE_HEADER_BYTES;
  const bytesPerSample = SEGY_SAMPLE_BYTES[bh.formatCode];
  const variable = bh.revisionMajor >= 1 && bh.revisionMajor < 10 && !bh.fixedLengthTraces;
  const offsets: number[] = [];
  const counts: number[] = [];
  let pos = dataStart;
  let maxSamples = 0;
  while (pos < reader.length) {
    if (pos + SEGY_TRACE_HEADER_BYTES > reader.length) {
      reportTruncation(
        fileName,
        `the last trace header has ${reader.length - pos} of 240 bytes`,
        allowTruncated,
        warnings,
      );
      break;
    }
    const own = reader.u16(pos + 114);
    const ns = (variable || bh.samplesPerTrace === 0) && own > 0 ? own : bh.samplesPerTrace;
    if (ns === 0)
      throw new GprFormatError(fileName, 'invalid header: 0 samples per trace in binary and trace headers');
    const size = SEGY_TRACE_HEADER_BYTES + extraHeaderBytes + ns * bytesPerSample;
    if (pos + size > reader.length) {
      reportTruncation(
        fileName,
        `trace ${offsets.length + 1} needs ${size} bytes (${ns} samples × ${bytesPerSample} bytes + headers) but only ${reader.length - pos} remain`,
        allowTruncated,
        warnings,
      );
      break;
    }
    offsets.push(pos);
    counts.push(ns);
    maxSamples = Math.max(maxSamples, ns);
    pos += size;
  }
  if (bh.declaredTraces > offsets.length) {
    reportTruncation(
      fileName,
      `the header declares ${bh.declaredTraces} traces but only ${offsets.length} are present`,
      allowTruncated,
      warnings,
    );
  }
  if (offsets.length === 0) {
    throw new GprFormatError(
      fileName,
      `no traces: the file ends at byte ${reader.length}, where trace data should start`,
    );
  }
  return { dataStart, offsets, samplesPerTrace: counts, maxSamples, extraHeaderBytes };
}

function countExtendedTextHeaders(reader: ByteReader, bh: SegyBinaryHeader): number {
  const n = bh.extendedTextHeaders;
  if (n >= 0 && n <= MAX_EXTENDED_TEXT_HEADERS) return n;
  if (n === -1) {
    // rev 2 "variable": stanzas up to and including the one holding ((SEG: EndText)).
    const start = SEGY_TEXT_BYTES + SEGY_BINARY_BYTES;
    for (
      let k = 0;
      k < MAX_EXTENDED_TEXT_HEADERS && start + (k + 1) * SEGY_TEXT_BYTES <= reader.length;
      k++
    ) {
      const block = readSegyTextHeader(
        reader.bytes.subarray(start + k * SEGY_TEXT_BYTES, start + (k + 1) * SEGY_TEXT_BYTES),
      );
      if (/EndText/i.test(block.text)) return k + 1;
    }
  }
  throw new GprFormatError(reader.fileName, `invalid header: ${n} extended textual headers`);
}

function sampleInterval(
  reader: ByteReader,
  bh: SegyBinaryHeader,
  layout: TraceLayout,
  ns: number,
  options: SegyReadOptions,
): { seconds: number; note: string; guess?: SampleIntervalGuess } {
  const raw = bh.sampleIntervalRaw || reader.u16(layout.offsets[0] + 116);
  if (raw > 0) {
    const guess = guessSampleInterval(raw, ns);
    return { seconds: guess.seconds, guess, note: `${raw} read as ${guess.unit}` };
  }
  const extended = bh.extendedSampleInterval * 1e-6;
  if (Number.isFinite(extended) && extended >= 1e-13 && extended <= 1e-6) {
    return { seconds: extended, note: `rev 2 extended interval ${bh.extendedSampleInterval} µs` };
  }
  if (options.fallbackSampleIntervalS !== undefined) {
    return { seconds: options.fallbackSampleIntervalS, note: 'not in the file: fallback used' };
  }
  throw new GprFormatError(
    reader.fileName,
    'invalid header: the sample interval is 0 in the binary and trace headers',
  );
}

function readGeometry(reader: ByteReader, bh: SegyBinaryHeader, layout: TraceLayout): SegyGeometry {
  const n = layout.offsets.length;
  const sets: [string, number, number][] = [
    ['group X/Y', 80, 84],
    ['source X/Y', 72, 76],
    ['CDP X/Y', 180, 184],
  ];
  for (const [source, xOff, yOff] of sets) {
    const x = new Float64Array(n);
    const y = new Float64Array(n);
    let nonZero = false;
    for (let t = 0; t < n; t++) {
      x[t] = reader.i32(layout.offsets[t] + xOff);
      y[t] = reader.i32(layout.offsets[t] + yOff);
      if (x[t] !== 0 || y[t] !== 0) nonZero = true;
    }
    if (!nonZero) continue;
    const first = layout.offsets[0];
    return segyGeometry({
      x,
      y,
      scalar: reader.i16(first + 70),
      units: reader.i16(first + 88),
      measurementSystem: bh.measurementSystem,
      source,
    });
  }
  return { traceSpacingM: 0, note: 'no trace coordinates' };
}

function traceDate(reader: ByteReader, offset: number): string | undefined {
  const year = reader.i16(offset + 156);
  const dayOfYear = reader.i16(offset + 158);
  if (year < 1970 || dayOfYear < 1 || dayOfYear > 366) return undefined;
  const date = new Date(Date.UTC(year, 0, dayOfYear));
  return toIsoDateTime(
    date.getUTCFullYear(),
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    reader.i16(offset + 160),
    reader.i16(offset + 162),
    reader.i16(offset + 164),
  );
}

function headerFields(
  bh: SegyBinaryHeader,
  encoding: string,
  intervalNote: string,
  geometry: SegyGeometry,
  text: string,
): HeaderField[] {
  return [
    { name: 'byte order', value: `${bh.littleEndian ? 'little' : 'big'}-endian (${bh.byteOrderEvidence})` },
    { name: 'revision', value: `${bh.revisionMajor}.${bh.revisionMinor}` },
    { name: 'sample format', value: `${bh.formatCode} (${SEGY_FORMAT_NAMES[bh.formatCode]})` },
    { name: 'sample interval', value: intervalNote },
    { name: 'samples per trace (binary header)', value: bh.samplesPerTrace },
    {
      name: 'measurement system',
      value: bh.measurementSystem === 2 ? 'feet' : bh.measurementSystem === 1 ? 'metres' : 'unset',
    },
    { name: 'coordinates', value: geometry.note },
    { name: 'text header encoding', value: encoding },
    { name: 'text header', value: text.slice(0, 3300) },
  ];
}
