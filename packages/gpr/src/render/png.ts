import { zlibSync } from 'fflate';
import type { IndexedImage, RgbaImage } from './render';

/** PNG encoder settings. */
export interface PngOptions {
  /** zlib level 0 (stored) to 9 (smallest). Default 1: radargrams are noisy and higher levels cost much more time for little gain. */
  level?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/**
 * CRC-32 (ISO 3309, as PNG and zip use) of a byte range.
 *
 * @param bytes - the data.
 * @param start - first byte. Default 0.
 * @param end - one past the last byte. Default the length.
 * @returns the CRC as an unsigned 32-bit integer.
 * @example
 * ```ts
 * crc32(new TextEncoder().encode('IEND')); // 0xae426082
 * ```
 */
export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * Encodes an image as PNG: 8-bit RGBA (colour type 6) for an {@link RgbaImage}, or 8-bit palette
 * (colour type 3, with a tRNS chunk only when the palette has transparency) for an {@link IndexedImage}.
 * Every scanline uses filter 0 (None); the pixels are deflated with zlib.
 *
 * @param image - the image.
 * @param options - the compression level.
 * @returns the PNG file's bytes.
 * @example
 * ```ts
 * const png = encodePng(renderRadargramRgba(processed));
 * ```
 */
export function encodePng(image: RgbaImage | IndexedImage, options: PngOptions = {}): Uint8Array {
  const { width, height } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`PNG size must be at least 1 × 1 pixel, got ${width} × ${height}`);
  }
  const isIndexed = 'indices' in image;
  const pixelBytes = isIndexed ? 1 : 4;
  const pixels = isIndexed ? image.indices : image.data;
  if (pixels.length !== width * height * pixelBytes) {
    throw new RangeError(`image data hold ${pixels.length} bytes, expected ${width * height * pixelBytes}`);
  }
  const rowBytes = width * pixelBytes;
  const raw = new Uint8Array((rowBytes + 1) * height);
  for (let y = 0; y < height; y++) {
    raw.set(pixels.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
  }
  const chunks: Array<[string, Uint8Array]> = [['IHDR', header(width, height, isIndexed ? 3 : 6)]];
  if (isIndexed) chunks.push(...paletteChunks(image.palette));
  chunks.push(['IDAT', zlibSync(raw, { level: options.level ?? 1 })], ['IEND', new Uint8Array(0)]);
  let size = SIGNATURE.length;
  for (const [, data] of chunks) size += 12 + data.length;
  const png = new Uint8Array(size);
  png.set(SIGNATURE, 0);
  let offset = SIGNATURE.length;
  const view = new DataView(png.buffer);
  for (const [type, data] of chunks) {
    view.setUint32(offset, data.length);
    for (let i = 0; i < 4; i++) png[offset + 4 + i] = type.charCodeAt(i);
    png.set(data, offset + 8);
    view.setUint32(offset + 8 + data.length, crc32(png, offset + 4, offset + 8 + data.length));
    offset += 12 + data.length;
  }
  return png;
}

function header(width: number, height: number, colorType: number): Uint8Array {
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr[8] = 8; // bit depth
  ihdr[9] = colorType;
  return ihdr; // compression 0, filter 0, interlace 0
}

function paletteChunks(palette: Uint8ClampedArray): Array<[string, Uint8Array]> {
  const count = palette.length / 4;
  if (!Number.isInteger(count) || count < 1 || count > 256) {
    throw new RangeError(`a PNG palette holds 1–256 RGBA entries, got ${palette.length} bytes`);
  }
  const rgb = new Uint8Array(count * 3);
  const alpha = new Uint8Array(count);
  let hasAlpha = false;
  for (let i = 0; i < count; i++) {
    rgb.set(palette.subarray(4 * i, 4 * i + 3), 3 * i);
    alpha[i] = palette[4 * i + 3];
    if (alpha[i] !== 255) hasAlpha = true;
  }
  return hasAlpha
    ? [
        ['PLTE', rgb],
        ['tRNS', alpha],
      ]
    : [['PLTE', rgb]];
}
