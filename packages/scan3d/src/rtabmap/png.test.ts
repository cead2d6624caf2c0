import { unzlibSync, zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { decodePng } from './png';

/** A PNG whose rows use filters 0–4 in turn (CRCs left zero: the decoder does not read them). */
function filteredPng(width: number, height: number, channels: number, pixels: Uint8Array): Uint8Array {
  const stride = width * channels;
  const raw = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const filter = y % 5;
    raw[y * (stride + 1)] = filter;
    for (let x = 0; x < stride; x++) {
      const v = pixels[y * stride + x]!;
      const a = x >= channels ? pixels[y * stride + x - channels]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels]! : 0;
      const p = a + b - c;
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter]!;
      raw[y * (stride + 1) + 1 + x] = (v - predictor) & 0xff;
    }
  }
  const idat = zlibSync(raw);
  const chunk = (type: string, body: Uint8Array) => {
    const out = new Uint8Array(12 + body.length);
    new DataView(out.buffer).setUint32(0, body.length);
    for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
    out.set(body, 8);
    return out;
  };
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, width);
  new DataView(ihdr.buffer).setUint32(4, height);
  ihdr.set([8, channels === 3 ? 2 : channels === 4 ? 6 : 0, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

describe('PNG decoder', () => {
  it('undoes every row filter (none, sub, up, average, Paeth)', () => {
    const width = 7;
    const height = 10;
    const pixels = new Uint8Array(width * height * 3);
    let s = 12345;
    for (let i = 0; i < pixels.length; i++) {
      s = (s * 1103515245 + 12345) >>> 0;
      pixels[i] = s >>> 24;
    }
    const png = decodePng(filteredPng(width, height, 3, pixels));
    expect([png.width, png.height, png.channels, png.depth]).toEqual([7, 10, 3, 8]);
    expect(Array.from(png.data)).toEqual(Array.from(pixels));
  });

  it('says so when the image data is short', () => {
    const png = filteredPng(4, 4, 1, new Uint8Array(16).fill(9));
    const ihdr = new DataView(png.buffer, 16, 8);
    ihdr.setUint32(4, 8); // claim 8 rows
    expect(() => decodePng(png)).toThrow(/shorter than its size/);
  });

  it("uses the host's inflate when given one (the job passes node:zlib), with the same result", () => {
    const pixels = new Uint8Array(5 * 6 * 4).map((_, i) => (i * 37) & 255);
    const bytes = filteredPng(5, 6, 4, pixels);
    const seen: number[] = [];
    const png = decodePng(bytes, (stream) => {
      seen.push(stream.length);
      return unzlibSync(stream);
    });
    expect(seen).toHaveLength(1);
    expect(Array.from(png.data)).toEqual(Array.from(pixels));
    expect(() =>
      decodePng(bytes, () => {
        throw new Error('incorrect header check');
      }),
    ).toThrow(/incorrect header check/);
    // A host inflate that returns too little is caught as short image data.
    expect(() => decodePng(bytes, (stream) => unzlibSync(stream).subarray(0, 10))).toThrow(
      /shorter than its size/,
    );
  });
});
