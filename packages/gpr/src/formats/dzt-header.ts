import type { ByteReader } from './binary';
import { GprFormatError } from './errors';
import { toIsoDateTime } from './values';

/** Size of one DZT header block (one per channel). */
export const DZT_BLOCK_BYTES = 1024;
/** Most channels we accept; GSSI units record at most a handful. */
export const DZT_MAX_CHANNELS = 16;

/** The fields of one DZT header block (all little-endian). Times in ns as stored. */
export interface DztHeaderBlock {
  tag: number;
  dataField: number;
  samplesPerTrace: number;
  bitsPerSample: number;
  zero: number;
  scansPerSecond: number;
  scansPerMetre: number;
  metresPerMark: number;
  positionNs: number;
  rangeNs: number;
  createdRaw: number;
  modifiedRaw: number;
  channels: number;
  permittivity: number;
  depthM: number;
  antennaName: string;
  systemCode: number;
  versionCode: number;
  internalName: string;
}

function readCString(bytes: Uint8Array, offset: number, length: number): string {
  let out = '';
  for (let i = offset; i < Math.min(bytes.length, offset + length); i++) {
    const b = bytes[i];
    if (b === 0) break;
    out += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : ' ';
  }
  return out.trim();
}

/**
 * Reads the header block at `base` (0 for channel 0, 1024·n for channel n).
 *
 * @param reader - the file.
 * @param base - byte offset of the block.
 * @returns the decoded fields (no plausibility checks beyond reading).
 * @example
 * ```ts
 * const h = readDztHeaderBlock(new ByteReader('a.DZT', bytes), 0); // h.samplesPerTrace === 512
 * ```
 */
export function readDztHeaderBlock(reader: ByteReader, base: number): DztHeaderBlock {
  reader.need(base, 128, 'the DZT header block');
  const version = reader.u8(base + 113);
  return {
    tag: reader.u16(base),
    dataField: reader.u16(base + 2),
    samplesPerTrace: reader.u16(base + 4),
    bitsPerSample: reader.u16(base + 6),
    zero: reader.i16(base + 8),
    scansPerSecond: reader.f32(base + 10),
    scansPerMetre: reader.f32(base + 14),
    metresPerMark: reader.f32(base + 18),
    positionNs: reader.f32(base + 22),
    rangeNs: reader.f32(base + 26),
    createdRaw: reader.u32(base + 32),
    modifiedRaw: reader.u32(base + 36),
    channels: reader.u16(base + 52),
    permittivity: reader.f32(base + 54),
    depthM: reader.f32(base + 62),
    antennaName: readCString(reader.bytes, base + 98, 14),
    systemCode: version >> 3,
    versionCode: version & 7,
    internalName: readCString(reader.bytes, base + 114, 12),
  };
}

/**
 * Decodes a DZT date bit-field (u32: bits 0–4 seconds/2, 5–10 minutes, 11–15 hours, 16–20 day,
 * 21–24 month, 25–31 year − 1980).
 *
 * @param raw - the u32 value (`rhb_cdt` or `rhb_mdt`).
 * @returns an ISO 8601 local date-time, or `undefined` for 0 or an impossible date.
 * @example
 * ```ts
 * decodeDztDate(0x3e216d0e); // "2011-01-01T13:40:28"
 * ```
 */
export function decodeDztDate(raw: number): string | undefined {
  if (raw === 0) return undefined;
  return toIsoDateTime(
    ((raw >>> 25) & 0x7f) + 1980,
    (raw >>> 21) & 0x0f,
    (raw >>> 16) & 0x1f,
    (raw >>> 11) & 0x1f,
    (raw >>> 5) & 0x3f,
    (raw & 0x1f) * 2,
  );
}

/** Where the samples start and how they are laid out, after checking the header against the file. */
export interface DztLayout {
  channels: number;
  dataOffset: number;
  samplesPerTrace: number;
  bytesPerSample: 1 | 2 | 4;
  /** Bytes per scan: all channels' samples for one trace position. */
  scanBytes: number;
}

/**
 * Validates channel 0's header and works out the data layout. Data start at `rh_data × 1024` when
 * `0 < rh_data < 1024` (large-header files such as the SIR-4000 sample), otherwise at `1024 × channels`.
 *
 * @param fileName - file name for errors.
 * @param h - channel 0's header block.
 * @param fileBytes - file size.
 * @returns the layout.
 * @example
 * ```ts
 * resolveDztLayout('a.DZT', header, bytes.length).dataOffset; // 131072 for rh_data = 128
 * ```
 */
export function resolveDztLayout(fileName: string, h: DztHeaderBlock, fileBytes: number): DztLayout {
  if (h.bitsPerSample !== 8 && h.bitsPerSample !== 16 && h.bitsPerSample !== 32) {
    throw new GprFormatError(
      fileName,
      `unsupported sample size: ${h.bitsPerSample} bits (expected 8, 16 or 32)`,
    );
  }
  if (h.samplesPerTrace < 3) {
    throw new GprFormatError(fileName, `invalid header: ${h.samplesPerTrace} samples per trace`);
  }
  const channels = Math.max(1, h.channels);
  if (channels > DZT_MAX_CHANNELS) {
    throw new GprFormatError(
      fileName,
      `invalid header: ${channels} channels (at most ${DZT_MAX_CHANNELS} supported)`,
    );
  }
  const dataOffset =
    h.dataField > 0 && h.dataField < DZT_BLOCK_BYTES
      ? h.dataField * DZT_BLOCK_BYTES
      : DZT_BLOCK_BYTES * channels;
  const bytesPerSample = (h.bitsPerSample / 8) as 1 | 2 | 4;
  const scanBytes = channels * h.samplesPerTrace * bytesPerSample;
  const remaining = fileBytes - dataOffset;
  if (remaining < scanBytes) {
    throw new GprFormatError(
      fileName,
      `truncated: header says ${channels > 1 ? `${channels} channels × ` : ''}${h.samplesPerTrace} samples × ` +
        `${bytesPerSample} bytes per trace but only ${Math.max(0, remaining)} bytes of data remain after the ` +
        `${dataOffset}-byte header`,
    );
  }
  return { channels, dataOffset, samplesPerTrace: h.samplesPerTrace, bytesPerSample, scanBytes };
}
