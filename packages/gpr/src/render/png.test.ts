import { unzlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { crc32, encodePng } from './png';
import type { IndexedImage, RgbaImage } from './render';

interface Chunk {
  type: string;
  data: Uint8Array;
}

function readChunks(png: Uint8Array): Chunk[] {
  expect(Array.from(png.slice(0, 8))).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks: Chunk[] = [];
  for (let offset = 8; offset < png.length;) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...png.slice(offset + 4, offset + 8));
    const data = png.slice(offset + 8, offset + 8 + length);
    expect(view.getUint32(offset + 8 + length)).toBe(crc32(png, offset + 4, offset + 8 + length));
    chunks.push({ type, data });
    offset += 12 + length;
  }
  return chunks;
}

describe('PNG encoder', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new TextEncoder().encode('IEND'))).toBe(0xae426082);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });

  it('writes an RGBA image that decodes to the same pixels', () => {
    const data = Uint8ClampedArray.from({ length: 3 * 2 * 4 }, (_, i) => (i * 37) % 256);
    const image: RgbaImage = { width: 3, height: 2, data };
    const chunks = readChunks(encodePng(image, { level: 6 }));
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const ihdr = new DataView(chunks[0].data.buffer);
    expect([ihdr.getUint32(0), ihdr.getUint32(4)]).toEqual([3, 2]);
    expect(Array.from(chunks[0].data.slice(8))).toEqual([8, 6, 0, 0, 0]); // 8-bit RGBA, no interlace
    const raw = unzlibSync(chunks[1].data);
    expect(raw).toHaveLength(2 * (1 + 3 * 4));
    expect([raw[0], raw[13]]).toEqual([0, 0]); // filter None on both rows
    expect(Array.from(raw.slice(1, 13))).toEqual(Array.from(data.slice(0, 12)));
    expect(Array.from(raw.slice(14))).toEqual(Array.from(data.slice(12)));
    expect(chunks[2].data).toHaveLength(0);
  });

  it('writes a palette image with PLTE, and tRNS only when needed', () => {
    const image: IndexedImage = {
      width: 2,
      height: 2,
      indices: Uint8Array.of(0, 1, 1, 0),
      palette: Uint8ClampedArray.of(10, 20, 30, 255, 40, 50, 60, 255),
    };
    const chunks = readChunks(encodePng(image));
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'PLTE', 'IDAT', 'IEND']);
    expect(chunks[0].data[9]).toBe(3); // colour type 3
    expect(Array.from(chunks[1].data)).toEqual([10, 20, 30, 40, 50, 60]);
    expect(Array.from(unzlibSync(chunks[2].data))).toEqual([0, 0, 1, 0, 1, 0]);
    const translucent = { ...image, palette: Uint8ClampedArray.of(10, 20, 30, 0, 40, 50, 60, 255) };
    const withAlpha = readChunks(encodePng(translucent));
    expect(withAlpha.map((c) => c.type)).toEqual(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND']);
    expect(Array.from(withAlpha[2].data)).toEqual([0, 255]);
  });

  it('stores without compression at level 0 and rejects bad sizes', () => {
    const image: RgbaImage = { width: 1, height: 1, data: Uint8ClampedArray.of(1, 2, 3, 4) };
    const idat = readChunks(encodePng(image, { level: 0 }))[1].data;
    expect(Array.from(unzlibSync(idat))).toEqual([0, 1, 2, 3, 4]);
    expect(() => encodePng({ width: 0, height: 1, data: new Uint8ClampedArray(0) })).toThrow(
      /at least 1 × 1/,
    );
    expect(() => encodePng({ width: 2, height: 1, data: new Uint8ClampedArray(4) })).toThrow(/expected 8/);
  });
});
