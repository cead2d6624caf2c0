import { decode as decodePngFallback } from 'fast-png';
import { Unzlib } from 'fflate';

/** A decoded PNG: samples row-major, `channels` per pixel, 8- or 16-bit. */
export interface DecodedPng {
  width: number;
  height: number;
  channels: number;
  depth: 8 | 16;
  data: Uint8Array | Uint16Array;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/** Inflates a zlib stream (RFC 1950), e.g. node:zlib's inflateSync: a host's faster codec (decision 0059). */
export type Inflate = (zlibStream: Uint8Array) => Uint8Array;

/**
 * Decode a PNG. The common case of RTAB-Map's images (non-interlaced grey, grey + alpha, RGB or RGBA at 8 or 16
 * bits) is decoded here with fflate's inflate, about twice as fast as the general decoder; anything else
 * (palettes, interlacing, other depths) goes to fast-png. With `inflate` (the host's zlib, e.g. node:zlib, much
 * faster than a cold JS inflate) the image data is inflated by it instead of fflate.
 */
export function decodePng(bytes: Uint8Array, inflate?: Inflate): DecodedPng {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 33) throw new Error('The PNG is truncated');
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const bitDepth = bytes[24]!;
  const colourType = bytes[25]!;
  const interlace = bytes[28]!;
  const channels = CHANNELS[colourType];
  if (!channels || (bitDepth !== 8 && bitDepth !== 16) || interlace !== 0) {
    const png = decodePngFallback(bytes);
    return {
      width: png.width,
      height: png.height,
      channels: png.channels,
      depth: png.depth === 16 ? 16 : 8,
      data: png.data as Uint8Array | Uint16Array,
    };
  }
  const bpp = (channels * bitDepth) / 8;
  const stride = width * bpp;
  const raw = new Uint8Array((stride + 1) * height);
  let written = 0;
  const take = (chunk: Uint8Array) => {
    const n = Math.min(chunk.length, raw.length - written);
    raw.set(chunk.subarray(0, n), written);
    written += n;
  };
  const inflater = inflate ? null : new Unzlib(take);
  const idat: Uint8Array[] = [];
  let offset = 8;
  while (offset + 8 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(
      bytes[offset + 4]!,
      bytes[offset + 5]!,
      bytes[offset + 6]!,
      bytes[offset + 7]!,
    );
    if (offset + 12 + length > bytes.length) throw new Error('The PNG is truncated');
    if (type === 'IDAT') {
      const chunk = bytes.subarray(offset + 8, offset + 8 + length);
      if (inflater) inflater.push(chunk);
      else idat.push(chunk);
    }
    if (type === 'IEND') break;
    offset += 12 + length;
  }
  if (inflater) inflater.push(new Uint8Array(0), true);
  else {
    let stream = idat[0] ?? new Uint8Array(0);
    if (idat.length > 1) {
      stream = new Uint8Array(idat.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const c of idat) {
        stream.set(c, at);
        at += c.length;
      }
    }
    take(inflate!(stream));
  }
  if (written !== raw.length) throw new Error('The PNG image data is shorter than its size says');
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const src = y * (stride + 1) + 1;
    const dst = y * stride;
    const prev = dst - stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? out[dst + x - bpp]! : 0;
      const b = y > 0 ? out[prev + x]! : 0;
      const c = x >= bpp && y > 0 ? out[prev + x - bpp]! : 0;
      let v = raw[src + x]!;
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      } else if (filter !== 0) throw new Error(`The PNG has an unknown row filter ${filter}`);
      out[dst + x] = v & 0xff;
    }
  }
  if (bitDepth === 8) return { width, height, channels, depth: 8, data: out };
  const data = new Uint16Array(width * height * channels);
  for (let i = 0; i < data.length; i++) data[i] = (out[i * 2]! << 8) | out[i * 2 + 1]!;
  return { width, height, channels, depth: 16, data };
}
