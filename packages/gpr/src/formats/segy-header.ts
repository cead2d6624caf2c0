import type { ByteReader } from './binary';
import { GprFormatError } from './errors';
import { SEGY_SAMPLE_BYTES } from './segy-samples';
import { decodeEbcdic, decodeLatin1 } from './text';
import { parseFrequencyHz, parseLooseDate, parseLooseNumber } from './values';

/** Sizes fixed by the SEG-Y standard. */
export const SEGY_TEXT_BYTES = 3200;
export const SEGY_BINARY_BYTES = 400;
export const SEGY_TRACE_HEADER_BYTES = 240;

/** The binary-header fields a GPR reader needs (byte order already resolved). */
export interface SegyBinaryHeader {
  littleEndian: boolean;
  /** How the byte order was decided, for the header display. */
  byteOrderEvidence: string;
  sampleIntervalRaw: number;
  samplesPerTrace: number;
  formatCode: number;
  measurementSystem: number;
  revisionMajor: number;
  revisionMinor: number;
  fixedLengthTraces: boolean;
  extendedTextHeaders: number;
  /** rev 2 extended sample interval (f64), 0 when absent. */
  extendedSampleInterval: number;
  /** rev 2 declared number of traces, 0 when absent. */
  declaredTraces: number;
  /** rev 2 additional 240-byte trace headers per trace. */
  additionalTraceHeaders: number;
  /** rev 2 byte offset of the first trace, 0 when absent. */
  firstTraceOffset: number;
}

interface Candidate {
  header: SegyBinaryHeader;
  score: number;
}

function readBinaryHeader(reader: ByteReader, littleEndian: boolean): SegyBinaryHeader {
  reader.littleEndian = littleEndian;
  const b = SEGY_TEXT_BYTES;
  const revisionMajor = reader.u8(b + 300);
  const rev2 = revisionMajor >= 2 && revisionMajor < 10;
  const samples = reader.u16(b + 20);
  const extendedSamples = rev2 ? reader.i32(b + 68) : 0;
  return {
    littleEndian,
    byteOrderEvidence: '',
    sampleIntervalRaw: reader.u16(b + 16),
    samplesPerTrace: samples === 0 && extendedSamples > 0 ? extendedSamples : samples,
    formatCode: reader.i16(b + 24),
    measurementSystem: reader.i16(b + 54),
    revisionMajor,
    revisionMinor: reader.u8(b + 301),
    fixedLengthTraces: reader.i16(b + 302) !== 0,
    extendedTextHeaders: reader.i16(b + 304),
    extendedSampleInterval: rev2 ? reader.f64(b + 72) : 0,
    declaredTraces: rev2 ? reader.u64(b + 312) : 0,
    additionalTraceHeaders: rev2 ? reader.i32(b + 306) : 0,
    firstTraceOffset: rev2 ? reader.u64(b + 320) : 0,
  };
}

/**
 * Reads the binary header and decides the byte order. A rev 2 file says it outright (the constant
 * 16909060 at byte 3256). Otherwise both orders are scored: a known format code, a sane sample count and
 * traces that tile the file exactly; the better one wins (big-endian, the standard, on a tie).
 *
 * @param reader - the file.
 * @returns the header, with `reader.littleEndian` set to the chosen order.
 * @throws {@link GprFormatError} when neither byte order gives a known format code.
 * @example
 * ```ts
 * readSegyBinaryHeader(new ByteReader('test.sgy', bytes)).littleEndian; // true for RGPR's file
 * ```
 */
export function readSegyBinaryHeader(reader: ByteReader): SegyBinaryHeader {
  reader.need(0, SEGY_TEXT_BYTES + SEGY_BINARY_BYTES, 'the SEG-Y textual and binary headers');
  const constant = reader.view.getUint32(SEGY_TEXT_BYTES + 56, false);
  if (constant === 0x01020304 || constant === 0x04030201) {
    const header = readBinaryHeader(reader, constant === 0x04030201);
    header.byteOrderEvidence = 'byte-order constant (rev 2)';
    checkFormatCode(reader.fileName, header.formatCode);
    return header;
  }
  const candidates: Candidate[] = [false, true].map((le) => {
    const header = readBinaryHeader(reader, le);
    return { header, score: scoreHeader(header, reader.length) };
  });
  const best = candidates[1].score > candidates[0].score ? candidates[1] : candidates[0];
  reader.littleEndian = best.header.littleEndian;
  best.header.byteOrderEvidence = `format code and trace sizes fit ${best.header.littleEndian ? 'little' : 'big'}-endian`;
  checkFormatCode(reader.fileName, best.header.formatCode);
  return best.header;
}

function checkFormatCode(fileName: string, code: number): void {
  if (SEGY_SAMPLE_BYTES[code] === undefined) {
    throw new GprFormatError(
      fileName,
      `not a readable SEG-Y file: sample format code ${code} is unknown or unsupported in either byte order`,
    );
  }
}

function scoreHeader(h: SegyBinaryHeader, fileBytes: number): number {
  const bytes = SEGY_SAMPLE_BYTES[h.formatCode];
  if (bytes === undefined) return 0;
  let score = 4;
  if (h.samplesPerTrace > 0 && h.samplesPerTrace <= 65535) score += 2;
  if (h.extendedTextHeaders >= 0 && h.extendedTextHeaders < 100) score += 1;
  const traceBytes = SEGY_TRACE_HEADER_BYTES + h.samplesPerTrace * bytes;
  const data =
    fileBytes - SEGY_TEXT_BYTES - SEGY_BINARY_BYTES - Math.max(0, h.extendedTextHeaders) * SEGY_TEXT_BYTES;
  if (h.samplesPerTrace > 0 && data > 0 && data % traceBytes === 0) score += 4;
  return score;
}

/** What the free-text header says, for GPR writers that put parameters there. */
export interface SegyTextInfo {
  text: string;
  encoding: 'EBCDIC' | 'ASCII';
  frequencyHz?: number;
  permittivity?: number;
  date?: string;
}

/**
 * Decodes the 3200-byte textual header (EBCDIC when EBCDIC spaces/letters dominate, else ASCII) and greps
 * it for an antenna frequency ("… MHz"), a dielectric value and a date.
 *
 * @param bytes - the 3200 header bytes.
 * @returns the text (NULs removed, 80-column cards on separate lines) and any values found.
 * @example
 * ```ts
 * readSegyTextHeader(bytes.subarray(0, 3200)).encoding; // "ASCII" for RGPR's file
 * ```
 */
export function readSegyTextHeader(bytes: Uint8Array): SegyTextInfo {
  let ebcdicHints = 0;
  let asciiHints = 0;
  for (const b of bytes) {
    if (b === 0x40 || (b >= 0xc1 && b <= 0xf9)) ebcdicHints++;
    else if (b === 0x20 || (b >= 0x41 && b <= 0x7a)) asciiHints++;
  }
  const isEbcdic = ebcdicHints > asciiHints;
  const decoded = isEbcdic ? decodeEbcdic(bytes) : decodeLatin1(bytes);
  let raw = '';
  for (const ch of decoded) {
    const code = ch.charCodeAt(0);
    raw += code === 10 || (code >= 0x20 && code < 0x7f) || code >= 0xa0 ? ch : ' ';
  }
  const cards = raw.includes('\n') ? raw : (raw.match(/.{1,80}/g) ?? []).join('\n');
  const text = cards
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .join('\n');
  const info: SegyTextInfo = { text, encoding: isEbcdic ? 'EBCDIC' : 'ASCII' };
  const frequencyHz = parseFrequencyHz(/\d+(?:\.\d+)?\s*[MG]Hz/i.exec(text)?.[0]);
  if (frequencyHz) info.frequencyHz = frequencyHz;
  const epsilon = /(?:dielectric|permittivity|epsilon|eps_?r)[^0-9\n]{0,20}(\d+(?:[.,]\d+)?)/i.exec(text);
  const permittivity = parseLooseNumber(epsilon?.[1]);
  if (permittivity !== undefined && permittivity >= 1 && permittivity <= 100)
    info.permittivity = permittivity;
  const dateText =
    /\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?|\d{1,2}[/.]\d{1,2}[/.]\d{4}(?: \d{1,2}:\d{2}(?::\d{2})?)?/.exec(
      text,
    )?.[0];
  const date = parseLooseDate(dateText);
  if (date) info.date = date;
  return info;
}
