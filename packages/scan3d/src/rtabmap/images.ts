import { encode as encodePng } from 'fast-png';
import { decodePng, type Inflate } from './png';
import { decode as decodeJpegBytes, encode as encodeJpegBytes } from 'jpeg-js';
import { decodeJpeg, JpegUnsupportedError, readJpegHeader, type JpegScale } from './jpeg';
import { decodeRvl, encodeRvl } from './rvl';

/** A depth image in metres (0 = no depth), row-major. */
export interface DepthImage {
  width: number;
  height: number;
  metres: Float32Array;
  /** How it was stored: 16-bit PNG in millimetres, RVL in millimetres, or float32 metres in a 4-channel PNG. */
  format: 'png16' | 'rvl' | 'float';
}

/** An 8-bit RGB image, row-major. */
export interface ColourImage {
  width: number;
  height: number;
  rgb: Uint8Array;
  /**
   * How many times smaller than stored it is each way: 1 at full size; 2, 4 or 8 for a JPEG decoded at
   * reduced scale (each pixel the mean of scale × scale stored pixels; see {@link colourScaleFor}).
   */
  scale: number;
}

const RVL_MAGIC = 'DEPTHRVL';
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47];

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

function isRvl(bytes: Uint8Array): boolean {
  if (bytes.length < 16) return false;
  for (let i = 0; i < 8; i++) if (bytes[i] !== RVL_MAGIC.charCodeAt(i)) return false;
  return true;
}

/** Which of RTAB-Map's depth encodings the blob holds (Compression.cpp `compressedDepthFormat`). */
export function depthFormat(bytes: Uint8Array): 'rvl' | 'png' | 'unknown' {
  if (isRvl(bytes)) return 'rvl';
  if (startsWith(bytes, PNG_MAGIC)) return 'png';
  return 'unknown';
}

/**
 * Decode a `Data.depth` blob: RVL (`DEPTHRVL`, uint32 cols, rows, then the RVL words) or PNG, either 16-bit
 * grey in millimetres or 8-bit 4-channel holding float32 metres (OpenCV wrote the float's bytes as B, G, R,
 * A). Depth 0 and 65535 (16-bit) and non-finite or non-positive floats are "no depth" (0).
 */
export function decodeDepth(bytes: Uint8Array, inflate?: Inflate): DepthImage {
  if (isRvl(bytes)) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const width = view.getUint32(8, true);
    const height = view.getUint32(12, true);
    if (width === 0 || height === 0 || width * height > 100_000_000)
      throw new Error(`The RVL depth image has an impossible size ${width} × ${height}`);
    const mm = decodeRvl(bytes.subarray(16), width * height);
    return { width, height, metres: millimetresToMetres(mm), format: 'rvl' };
  }
  if (!startsWith(bytes, PNG_MAGIC)) throw new Error('The depth image is neither PNG nor RVL');
  let png;
  try {
    png = decodePng(bytes, inflate);
  } catch (error) {
    throw new Error(
      `The depth PNG cannot be read (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
  const { width, height } = png;
  if (png.channels === 1 && png.depth === 16) {
    return { width, height, metres: millimetresToMetres(png.data as Uint16Array), format: 'png16' };
  }
  if (png.channels === 4 && png.depth === 8) {
    const src = png.data as Uint8Array;
    const raw = new Uint8Array(width * height * 4);
    // PNG holds R, G, B, A = the float's bytes 2, 1, 0, 3.
    for (let i = 0; i < width * height; i++) {
      raw[i * 4] = src[i * 4 + 2]!;
      raw[i * 4 + 1] = src[i * 4 + 1]!;
      raw[i * 4 + 2] = src[i * 4]!;
      raw[i * 4 + 3] = src[i * 4 + 3]!;
    }
    const f = new Float32Array(raw.buffer);
    for (let i = 0; i < f.length; i++) if (!(f[i]! > 0) || !Number.isFinite(f[i]!)) f[i] = 0;
    return { width, height, metres: f, format: 'float' };
  }
  throw new Error(
    `The depth PNG is ${png.channels}-channel ${png.depth}-bit; expected 16-bit grey (millimetres) or 8-bit 4-channel (float metres)`,
  );
}

function millimetresToMetres(mm: Uint16Array): Float32Array {
  const out = new Float32Array(mm.length);
  for (let i = 0; i < mm.length; i++) {
    const v = mm[i]!;
    out[i] = v === 0 || v === 65535 ? 0 : v / 1000;
  }
  return out;
}

/**
 * The largest JPEG scale (8, 4, 2, else 1) at which a colour image still has at least one pixel for each
 * depth pixel, and its cameras' parts (side by side) stay whole pixels: the back-projection and the TSDF
 * sample colour only at depth pixels, so a colour image larger than the depth (an iPhone's 640 × 480 for
 * 160 × 120 depth) need not be decoded at full size (decision 0059).
 *
 * @param colour - The stored colour image's size.
 * @param depth - The depth image's size.
 * @param cameras - How many cameras share the images side by side.
 * @returns 1, 2, 4 or 8.
 * @example colourScaleFor({ width: 640, height: 480 }, { width: 160, height: 120 }, 1) // 4
 */
export function colourScaleFor(
  colour: { width: number; height: number },
  depth: { width: number; height: number },
  cameras = 1,
): JpegScale {
  for (const s of [8, 4, 2] as const)
    if (
      colour.width % (s * cameras) === 0 &&
      colour.height % s === 0 &&
      colour.width / s >= depth.width &&
      colour.height / s >= depth.height
    )
      return s;
  return 1;
}

/** Width and height of a `Data.image` blob (JPEG or PNG) from its header, or null when neither. */
export function colourSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    try {
      const { width, height } = readJpegHeader(bytes);
      return { width, height };
    } catch {
      return null;
    }
  }
  if (startsWith(bytes, PNG_MAGIC) && bytes.length >= 24) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  return null;
}

/**
 * Decode a `Data.image` blob: JPEG or PNG (grey, grey + alpha, RGB or RGBA; 8 or 16 bits), as 8-bit RGB.
 * A JPEG is decoded by the package's own decoder (jpeg.ts), at 1/scale of its size when asked (a PNG is
 * always full size: the result's `scale` says which); JPEG features it does not handle (arithmetic coding,
 * CMYK, …) fall back to jpeg-js at full size.
 *
 * @param bytes - The blob.
 * @param scale - Decode a JPEG this many times smaller each way (1, 2, 4 or 8).
 * @example decodeColour(jpegBytes, 4) // { width: 160, height: 120, scale: 4, rgb }
 */
export function decodeColour(bytes: Uint8Array, scale: JpegScale = 1): ColourImage {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    try {
      return { ...decodeJpeg(bytes, scale), scale };
    } catch (error) {
      if (!(error instanceof JpegUnsupportedError))
        throw new Error(
          `The colour JPEG cannot be read (${error instanceof Error ? error.message : String(error)})`,
          { cause: error },
        );
    }
    return decodeJpegGeneral(bytes);
  }
  if (startsWith(bytes, PNG_MAGIC)) {
    const png = decodePng(bytes);
    const { width, height, channels } = png;
    const shift = png.depth === 16 ? 8 : 0;
    const rgb = new Uint8Array(width * height * 3);
    const src = png.data;
    const colourChannels = channels >= 3 ? 3 : 1;
    for (let i = 0; i < width * height; i++)
      for (let c = 0; c < 3; c++)
        rgb[i * 3 + c] = src[i * channels + (colourChannels === 3 ? c : 0)]! >> shift;
    return { width, height, rgb, scale: 1 };
  }
  throw new Error('The colour image is neither JPEG nor PNG');
}

/** jpeg-js (every JPEG it reads, at full size): the fallback for what jpeg.ts refuses. */
function decodeJpegGeneral(bytes: Uint8Array): ColourImage {
  let img;
  try {
    img = decodeJpegBytes(bytes, { useTArray: true, formatAsRGBA: false, maxMemoryUsageInMB: 1024 });
  } catch (error) {
    throw new Error(
      `The colour JPEG cannot be read (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
  // jpeg-js gives RGB for colour images and RGB-expanded grey with formatAsRGBA false.
  if (img.data.length === img.width * img.height * 3)
    return { width: img.width, height: img.height, rgb: img.data, scale: 1 };
  const rgb = new Uint8Array(img.width * img.height * 3);
  const ch = img.data.length / (img.width * img.height);
  for (let i = 0; i < img.width * img.height; i++)
    for (let c = 0; c < 3; c++) rgb[i * 3 + c] = img.data[i * ch + Math.min(c, ch - 1)]!;
  return { width: img.width, height: img.height, rgb, scale: 1 };
}

function metresToMillimetres(depth: Float32Array): Uint16Array {
  const mm = new Uint16Array(depth.length);
  for (let i = 0; i < depth.length; i++) {
    const v = Math.round(depth[i]! * 1000);
    mm[i] = v > 0 && v < 65535 ? v : 0;
  }
  return mm;
}

/** Encoders in RTAB-Map's layouts (the synthetic recordings and tests write with them). */
export function encodeDepthPng16(width: number, height: number, metres: Float32Array): Uint8Array {
  return encodePng({ width, height, data: metresToMillimetres(metres), depth: 16, channels: 1 });
}

export function encodeDepthRvl(width: number, height: number, metres: Float32Array): Uint8Array {
  const body = encodeRvl(metresToMillimetres(metres));
  const out = new Uint8Array(16 + body.length);
  for (let i = 0; i < 8; i++) out[i] = RVL_MAGIC.charCodeAt(i);
  const view = new DataView(out.buffer);
  view.setUint32(8, width, true);
  view.setUint32(12, height, true);
  out.set(body, 16);
  return out;
}

export function encodeDepthFloatPng(width: number, height: number, metres: Float32Array): Uint8Array {
  const raw = new Uint8Array(new Float32Array(metres).buffer);
  const png = new Uint8Array(raw.length);
  for (let i = 0; i < width * height; i++) {
    png[i * 4] = raw[i * 4 + 2]!;
    png[i * 4 + 1] = raw[i * 4 + 1]!;
    png[i * 4 + 2] = raw[i * 4]!;
    png[i * 4 + 3] = raw[i * 4 + 3]!;
  }
  return encodePng({ width, height, data: png, depth: 8, channels: 4 });
}

export function encodeJpeg(width: number, height: number, rgb: Uint8Array, quality = 90): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba[i * 4] = rgb[i * 3]!;
    rgba[i * 4 + 1] = rgb[i * 3 + 1]!;
    rgba[i * 4 + 2] = rgb[i * 3 + 2]!;
    rgba[i * 4 + 3] = 255;
  }
  return new Uint8Array(encodeJpegBytes({ width, height, data: rgba }, quality).data);
}
