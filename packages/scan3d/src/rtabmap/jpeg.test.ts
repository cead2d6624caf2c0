import { decode as jpegJsDecode, encode as jpegJsEncode } from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { colourScaleFor, decodeColour, encodeJpeg } from './images';
import { decodeJpeg, JpegCorruptError, JpegUnsupportedError, readJpegHeader, type JpegScale } from './jpeg';
import { encodeTestJpeg, type TestJpegOptions } from './jpeg-test-encoder';

/** A textured test image: gradients, a checker, fine stripes and seeded noise (every frequency band used). */
function testImage(width: number, height: number, seed = 1): Uint8Array {
  let s = seed;
  const rand = () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const checker = ((x >> 3) + (y >> 3)) & 1 ? 40 : 0;
      const stripes = x % 5 < 2 ? 30 : 0;
      const i = (y * width + x) * 3;
      rgb[i] = Math.min(255, (x * 255) / width + checker * 0.5 + rand() * 20);
      rgb[i + 1] = Math.min(255, (y * 255) / height + stripes + rand() * 20);
      rgb[i + 2] = Math.min(255, 128 + checker - stripes + rand() * 30);
    }
  return rgb;
}

/** jpeg-js's full-size decode as RGB. */
function reference(bytes: Uint8Array): { width: number; height: number; rgb: Uint8Array } {
  const img = jpegJsDecode(bytes, { useTArray: true, formatAsRGBA: false });
  return { width: img.width, height: img.height, rgb: img.data };
}

/** Mean of each scale × scale box of a full-size image (boxes cut by the image's edge use what is inside). */
function boxFilter(img: { width: number; height: number; rgb: Uint8Array }, scale: number): Uint8Array {
  const w = Math.ceil(img.width / scale);
  const h = Math.ceil(img.height / scale);
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        let n = 0;
        for (let j = y * scale; j < Math.min(img.height, (y + 1) * scale); j++)
          for (let i = x * scale; i < Math.min(img.width, (x + 1) * scale); i++) {
            sum += img.rgb[(j * img.width + i) * 3 + c]!;
            n++;
          }
        out[(y * w + x) * 3 + c] = Math.round(sum / n);
      }
  return out;
}

function differences(a: Uint8Array, b: Uint8Array): { mean: number; max: number } {
  expect(a.length).toBe(b.length);
  let sum = 0;
  let max = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i]! - b[i]!);
    sum += d;
    max = Math.max(max, d);
  }
  return { mean: sum / a.length, max };
}

const SCALES: JpegScale[] = [1, 2, 4, 8];

/**
 * Ours at every scale against jpeg-js's full decode, box-filtered to the same size. Scaled, ours clamps the
 * mean (to 0–255) where the reference means clamped pixels, so saturated colours may differ a little more.
 */
function expectLikeReference(
  bytes: Uint8Array,
  label: string,
  tolerance = { mean: 0.8, max: 4, maxScaled: 6 },
): void {
  const ref = reference(bytes);
  for (const scale of SCALES) {
    const ours = decodeJpeg(bytes, scale);
    expect([ours.width, ours.height], `${label} 1/${scale}`).toEqual([
      Math.ceil(ref.width / scale),
      Math.ceil(ref.height / scale),
    ]);
    const d = differences(ours.rgb, scale === 1 ? ref.rgb : boxFilter(ref, scale));
    expect(d.mean, `${label} 1/${scale} mean`).toBeLessThan(tolerance.mean);
    expect(d.max, `${label} 1/${scale} max`).toBeLessThanOrEqual(
      scale === 1 ? tolerance.max : tolerance.maxScaled,
    );
  }
}

describe('JPEG decoder (full and scaled)', () => {
  it('baseline 4:4:4 from jpeg-js: full size as jpeg-js decodes it, scaled as its box-filtered decode', () => {
    const rgba = new Uint8Array(64 * 48 * 4);
    const rgb = testImage(64, 48);
    for (let i = 0; i < 64 * 48; i++) rgba.set([rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!, 255], i * 4);
    const bytes = new Uint8Array(jpegJsEncode({ width: 64, height: 48, data: rgba }, 90).data);
    expect(readJpegHeader(bytes)).toMatchObject({ width: 64, height: 48, components: 3, progressive: false });
    expectLikeReference(bytes, 'jpeg-js 4:4:4');
  });

  it('the box filter is exact: a flat 16 × 16 block decodes to its colour at every scale', () => {
    const rgb = new Uint8Array(16 * 16 * 3);
    for (let i = 0; i < 256; i++) rgb.set([200, 40, 90], i * 3);
    for (const scale of SCALES) {
      const img = decodeJpeg(encodeTestJpeg(16, 16, rgb, { quality: 100 }), scale);
      for (let i = 0; i < img.width * img.height; i++) {
        expect(Math.abs(img.rgb[i * 3]! - 200)).toBeLessThanOrEqual(2);
        expect(Math.abs(img.rgb[i * 3 + 1]! - 40)).toBeLessThanOrEqual(2);
        expect(Math.abs(img.rgb[i * 3 + 2]! - 90)).toBeLessThanOrEqual(2);
      }
    }
  });

  const modes: [string, TestJpegOptions][] = [
    ['baseline 4:2:0 (RTAB-Map / OpenCV)', { sampling: [2, 2] }],
    ['baseline 4:2:2', { sampling: [2, 1] }],
    ['baseline 4:4:0', { sampling: [1, 2] }],
    ['baseline 4:4:4', { sampling: [1, 1] }],
    ['baseline 4:1:1', { sampling: [4, 1] }],
    ['baseline grey', { grey: true }],
    ['baseline 4:2:0, one scan per component', { sampling: [2, 2], separateScans: true }],
    ['baseline 4:2:0, restart interval 3', { sampling: [2, 2], restartInterval: 3 }],
    ['progressive 4:2:0', { sampling: [2, 2], progressive: true }],
    ['progressive 4:4:4', { sampling: [1, 1], progressive: true }],
    ['progressive 4:2:2', { sampling: [2, 1], progressive: true }],
    ['progressive grey', { grey: true, progressive: true }],
    ['progressive 4:2:0, restart interval 2', { sampling: [2, 2], progressive: true, restartInterval: 2 }],
  ];
  for (const [label, options] of modes)
    it(`${label}: as jpeg-js decodes it, at every scale`, () => {
      const rgb = testImage(64, 48, 7);
      const bytes = encodeTestJpeg(64, 48, rgb, options);
      expect(readJpegHeader(bytes).progressive).toBe(options.progressive === true);
      expectLikeReference(bytes, label);
    });

  it('progressive and baseline files of the same coefficients decode identically', () => {
    const rgb = testImage(48, 40, 3);
    for (const sampling of [
      [2, 2],
      [1, 1],
    ] as [number, number][]) {
      const a = encodeTestJpeg(48, 40, rgb, { sampling });
      const b = encodeTestJpeg(48, 40, rgb, { sampling, progressive: true });
      expect(b).not.toEqual(a);
      for (const scale of SCALES) expect(decodeJpeg(b, scale).rgb).toEqual(decodeJpeg(a, scale).rgb);
    }
  });

  it('sizes that are not whole MCUs: the partial edge blocks are decoded and cropped', () => {
    const rgb = testImage(37, 21, 5);
    for (const options of [
      { sampling: [2, 2] },
      { sampling: [2, 2], progressive: true },
    ] as TestJpegOptions[]) {
      const bytes = encodeTestJpeg(37, 21, rgb, options);
      const ref = reference(bytes);
      expect(differences(decodeJpeg(bytes, 1).rgb, ref.rgb).max).toBeLessThanOrEqual(4);
      // Scaled: the inside boxes as the box filter; edge boxes reach into the encoder's padding, so only sizes.
      for (const scale of [2, 4, 8] as JpegScale[]) {
        const ours = decodeJpeg(bytes, scale);
        expect([ours.width, ours.height]).toEqual([Math.ceil(37 / scale), Math.ceil(21 / scale)]);
        const box = boxFilter(ref, scale);
        for (let y = 0; y < Math.floor(21 / scale); y++)
          for (let x = 0; x < Math.floor(37 / scale); x++)
            for (let c = 0; c < 3; c++) {
              const i = (y * ours.width + x) * 3 + c;
              expect(Math.abs(ours.rgb[i]! - box[i]!)).toBeLessThanOrEqual(4);
            }
      }
    }
  });

  it('long Huffman codes (beyond the 9-bit lookup) and large images', () => {
    // A noisy 256 × 192 image at quality 98 uses many rare symbols: optimal tables give them long codes.
    // (Everything kept within 64–191, so clamping does not blur the comparison.)
    const rgb = testImage(256, 192, 11);
    for (let i = 0; i < rgb.length; i++) rgb[i] = 64 + (i % 7 === 0 ? (rgb[i]! * 31) & 127 : rgb[i]! >> 1);
    const bytes = encodeTestJpeg(256, 192, rgb, { sampling: [2, 2], quality: 98 });
    let longest = 0;
    for (let p = findMarker(bytes, 0xc4); bytes[p + 1] === 0xc4;) {
      const length = (bytes[p + 2]! << 8) | bytes[p + 3]!;
      for (let q = p + 4; q < p + 2 + length;) {
        const counts = bytes.subarray(q + 1, q + 17);
        counts.forEach((n, i) => {
          if (n > 0) longest = Math.max(longest, i + 1);
        });
        q += 17 + counts.reduce((a, b) => a + b, 0);
      }
      p += 2 + length;
    }
    expect(longest).toBeGreaterThan(9);
    expectLikeReference(bytes, 'noisy q98');
  });

  it('refuses damaged files clearly', () => {
    const bytes = encodeTestJpeg(64, 48, testImage(64, 48, 2), { sampling: [2, 2] });
    expect(() => decodeJpeg(bytes.subarray(0, Math.floor(bytes.length * 0.6)), 4)).toThrow(JpegCorruptError);
    expect(() => decodeJpeg(bytes.subarray(0, Math.floor(bytes.length * 0.6)), 4)).toThrow(/ends early/);
    expect(() => decodeJpeg(new Uint8Array([0xff, 0xd8, 0x12, 0x34, 0x56]))).toThrow(/damaged/);
    expect(() => decodeJpeg(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toThrow(/Not a JPEG/);
    expect(() => decodeJpeg(bytes.subarray(0, 200))).toThrow(JpegCorruptError);
    // A scan whose Huffman table is gone.
    const noTables = stripSegments(bytes, 0xc4);
    expect(() => decodeJpeg(noTables)).toThrow(/missing Huffman table/);
    // Scrambled entropy-coded data: a bad code, a coefficient past the block, or data that runs out.
    const scrambled = bytes.slice();
    const sos = findMarker(scrambled, 0xda);
    for (let i = sos + 20; i < scrambled.length - 2; i += 3) scrambled[i] = 0xfe;
    expect(() => decodeJpeg(scrambled)).toThrow(JpegCorruptError);
    // Through the reader's entry point: a message that says it is the colour JPEG.
    expect(() => decodeColour(bytes.subarray(0, 300))).toThrow(
      /The colour JPEG cannot be read \(The JPEG data is damaged/,
    );
  });

  it('refuses what it does not handle as unsupported (decodeColour then falls back to jpeg-js)', () => {
    const bytes = encodeTestJpeg(32, 16, testImage(32, 16), { sampling: [1, 1] });
    const sof = findMarker(bytes, 0xc0);
    const arithmetic = bytes.slice();
    arithmetic[sof + 1] = 0xc9;
    expect(() => decodeJpeg(arithmetic)).toThrow(JpegUnsupportedError);
    expect(() => decodeJpeg(arithmetic)).toThrow(/arithmetic coding/);
    const twelveBit = bytes.slice();
    twelveBit[sof + 4] = 12;
    expect(() => decodeJpeg(twelveBit)).toThrow(/12-bit samples/);
    // Sampling factors 3 × 1 with 1 × 1 chroma: not a power of two.
    const odd = encodeTestJpeg(48, 16, testImage(48, 16), { sampling: [3, 1] });
    expect(() => decodeJpeg(odd)).toThrow(/sampling factors 3×1/);
    // jpeg-js reads 3 × 1 sampling: decodeColour falls back to it at full size.
    const img = decodeColour(odd, 4);
    expect(img.scale).toBe(1);
    expect(img.width).toBe(48);
    expect(differences(img.rgb, reference(odd).rgb).max).toBe(0);
  });
});

describe('colour images decoded no finer than the depth', () => {
  it('picks the largest scale that keeps a colour pixel per depth pixel and whole camera parts', () => {
    expect(colourScaleFor({ width: 640, height: 480 }, { width: 160, height: 120 })).toBe(4);
    expect(colourScaleFor({ width: 640, height: 480 }, { width: 320, height: 240 })).toBe(2);
    expect(colourScaleFor({ width: 320, height: 240 }, { width: 320, height: 240 })).toBe(1);
    expect(colourScaleFor({ width: 1280, height: 960 }, { width: 160, height: 120 })).toBe(8);
    // 1/8 of 1920 × 1440 is 240 × 180, smaller than the depth: 1/4 (480 × 360) it is.
    expect(colourScaleFor({ width: 1920, height: 1440 }, { width: 256, height: 192 })).toBe(4);
    // Two cameras side by side: each one's part must divide by the scale too.
    expect(colourScaleFor({ width: 2604, height: 960 }, { width: 640, height: 240 }, 1)).toBe(4);
    expect(colourScaleFor({ width: 2604, height: 960 }, { width: 640, height: 240 }, 2)).toBe(2);
    // Not dividing evenly: full size.
    expect(colourScaleFor({ width: 641, height: 480 }, { width: 160, height: 120 })).toBe(1);
  });

  it('decodeColour scales JPEGs, not PNGs, and says by how much', () => {
    const rgb = testImage(64, 48);
    const jpeg = decodeColour(encodeJpeg(64, 48, rgb, 90), 4);
    expect([jpeg.width, jpeg.height, jpeg.scale]).toEqual([16, 12, 4]);
    const full = decodeColour(encodeJpeg(64, 48, rgb, 90));
    expect([full.width, full.height, full.scale]).toEqual([64, 48, 1]);
  });
});

function findMarker(bytes: Uint8Array, marker: number): number {
  for (let i = 2; i + 1 < bytes.length; i++) if (bytes[i] === 0xff && bytes[i + 1] === marker) return i;
  throw new Error(`no marker ${marker.toString(16)}`);
}

/** The file without its marker segments of one kind (before the first scan's data). */
function stripSegments(bytes: Uint8Array, marker: number): Uint8Array {
  const out: number[] = [0xff, 0xd8];
  let p = 2;
  while (p < bytes.length) {
    const m = bytes[p + 1]!;
    const length = (bytes[p + 2]! << 8) | bytes[p + 3]!;
    if (m === 0xda) {
      out.push(...bytes.subarray(p));
      break;
    }
    if (m !== marker) out.push(...bytes.subarray(p, p + 2 + length));
    p += 2 + length;
  }
  return new Uint8Array(out);
}
