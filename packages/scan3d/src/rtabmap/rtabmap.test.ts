import { zlibSync } from 'fflate';
import { encode as encodePng } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { readCalibration, writeCalibration, writeCalibrationFloats } from './calibration';
import { compressData, uncompressData, CV_32FC1 } from './compression';
import { decodeColour, decodeDepth, encodeDepthFloatPng, encodeDepthRvl, encodeJpeg } from './images';
import { decodeRvl, encodeRvl } from './rvl';
import { compareVersions } from './version';
import { invert, multiply, readTransform, writeTransform } from './transform';

function le32(values: number[], float = false): Uint8Array {
  const out = new Uint8Array(values.length * 4);
  const view = new DataView(out.buffer);
  values.forEach((v, i) => (float ? view.setFloat32(i * 4, v, true) : view.setInt32(i * 4, v, true)));
  return out;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

describe('compressed data (zlib + rows, cols, type trailer)', () => {
  it('reads a blob built by hand', () => {
    const floats = new Float32Array([1.5, -2, 3.25, 4, 5, 6]);
    const blob = concat(zlibSync(new Uint8Array(floats.buffer)), le32([2, 3, CV_32FC1]));
    const m = uncompressData(blob);
    expect([m.rows, m.cols, m.type]).toEqual([2, 3, CV_32FC1]);
    expect(Array.from(new Float32Array(m.bytes.slice().buffer))).toEqual([1.5, -2, 3.25, 4, 5, 6]);
  });

  it('round-trips through compressData', () => {
    const bytes = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(Array.from(uncompressData(compressData(bytes, 1, 2, 4)).bytes)).toEqual(Array.from(bytes));
  });

  it('refuses a trailer that does not match the inflated size, and garbage', () => {
    const blob = concat(zlibSync(new Uint8Array(8)), le32([3, 3, CV_32FC1]));
    expect(() => uncompressData(blob, 'opt_poses')).toThrow(/opt_poses inflates to 8 bytes/);
    expect(() => uncompressData(concat(new Uint8Array([1, 2, 3, 4]), le32([1, 1, 0])))).toThrow(
      /not valid zlib/,
    );
    expect(() => uncompressData(new Uint8Array(5))).toThrow(/too short/);
  });
});

describe('RVL', () => {
  it('decodes a stream built nibble by nibble', () => {
    // [0, 0, 5, 6]: zeros 2, non-zeros 2, deltas +5 (zig-zag 10 = nibbles A,1) and +1 (2) → 2,2,A,1,2.
    const word = 0x22a12000;
    const bytes = new Uint8Array([word & 0xff, (word >>> 8) & 0xff, (word >>> 16) & 0xff, word >>> 24]);
    expect(Array.from(decodeRvl(bytes, 4))).toEqual([0, 0, 5, 6]);
  });

  it('decodes negative deltas and long runs (round trip)', () => {
    const values = new Uint16Array(1000);
    for (let i = 0; i < values.length; i++) values[i] = i % 97 < 10 ? 0 : 65534 - ((i * 7919) % 60000);
    expect(Array.from(decodeRvl(encodeRvl(values), values.length))).toEqual(Array.from(values));
  });

  it('says so when the data ends early', () => {
    const encoded = encodeRvl(new Uint16Array([1, 2, 3, 4, 5, 6, 7, 8, 9]));
    expect(() => decodeRvl(encoded.subarray(0, 4), 9)).toThrow(/ends before/);
  });
});

describe('depth images', () => {
  it('reads 16-bit PNG millimetres; 0 and 65535 are no depth', () => {
    const png = encodePng({
      width: 2,
      height: 2,
      data: new Uint16Array([1000, 0, 65535, 2345]),
      depth: 16,
      channels: 1,
    });
    const d = decodeDepth(png);
    expect(d.format).toBe('png16');
    expect(Array.from(d.metres)).toEqual([1, 0, 0, Math.fround(2.345)]);
  });

  it('reads RVL with its DEPTHRVL header', () => {
    const d = decodeDepth(encodeDepthRvl(3, 1, new Float32Array([1.5, 0, 0.25])));
    expect(d.format).toBe('rvl');
    expect([d.width, d.height]).toEqual([3, 1]);
    expect(Array.from(d.metres)).toEqual([1.5, 0, 0.25]);
  });

  it('reads float32 metres stored as 4-channel PNG bytes B, G, R, A', () => {
    const floats = new Float32Array([1.25, 3.5]);
    const raw = new Uint8Array(floats.buffer);
    // OpenCV wrote the float's bytes as B, G, R, A; PNG keeps R, G, B, A, i.e. bytes 2, 1, 0, 3.
    const rgba = new Uint8Array([raw[2]!, raw[1]!, raw[0]!, raw[3]!, raw[6]!, raw[5]!, raw[4]!, raw[7]!]);
    const d = decodeDepth(encodePng({ width: 2, height: 1, data: rgba, depth: 8, channels: 4 }));
    expect(d.format).toBe('float');
    expect(Array.from(d.metres)).toEqual([1.25, 3.5]);
    expect(Array.from(decodeDepth(encodeDepthFloatPng(2, 1, floats)).metres)).toEqual([1.25, 3.5]);
  });

  it('refuses other images clearly', () => {
    expect(() => decodeDepth(new Uint8Array([1, 2, 3, 4, 5]))).toThrow(/neither PNG nor RVL/);
    const rgb = encodePng({ width: 1, height: 1, data: new Uint8Array([1, 2, 3]), depth: 8, channels: 3 });
    expect(() => decodeDepth(rgb)).toThrow(/3-channel 8-bit/);
  });
});

describe('colour images', () => {
  it('decodes JPEG to RGB', () => {
    const rgb = new Uint8Array(16 * 8 * 3);
    for (let i = 0; i < 16 * 8; i++) rgb.set([200, 40, 90], i * 3);
    const img = decodeColour(encodeJpeg(16, 8, rgb, 95));
    expect([img.width, img.height]).toEqual([16, 8]);
    expect(Math.abs(img.rgb[0]! - 200)).toBeLessThan(6);
    expect(Math.abs(img.rgb[1]! - 40)).toBeLessThan(6);
    expect(Math.abs(img.rgb[2]! - 90)).toBeLessThan(6);
  });

  it('refuses what is not an image', () => {
    expect(() => decodeColour(new Uint8Array([0, 1, 2, 3]))).toThrow(/neither JPEG nor PNG/);
  });
});

describe('calibration', () => {
  const local = [0, 0, 1, 0.1, -1, 0, 0, 0.2, 0, -1, 0, 0.3];

  it('reads the serialised layout built by hand (K, D, R, P, local transform: 372 bytes)', () => {
    const header = le32([0, 23, 8, 0, 320, 240, 9, 5, 9, 12, 12]);
    const doubles = new Float64Array([
      ...[281, 0, 158, 0, 282, 118, 0, 0, 1],
      ...[0, 0, 0, 0, 0],
      ...[1, 0, 0, 0, 1, 0, 0, 0, 1],
      ...[290, 0, 160, 0, 0, 291, 120, 0, 0, 0, 1, 0],
    ]);
    const bytes = concat(header, new Uint8Array(doubles.buffer), le32(local, true));
    expect(bytes.length).toBe(372);
    const [cam] = readCalibration(bytes, '0.23.8');
    // P wins over K, as in CameraModel::fx().
    expect([cam!.fx, cam!.fy, cam!.cx, cam!.cy, cam!.width, cam!.height]).toEqual([
      290, 291, 160, 120, 320, 240,
    ]);
    expect(Array.from(cam!.localTransform).map((v) => Math.round(v * 1e6) / 1e6)).toEqual(local);
  });

  it('reads K only (164 bytes) and two cameras in a row', () => {
    const one = concat(
      le32([0, 22, 1, 0, 640, 480, 9, 0, 0, 0, 12]),
      new Uint8Array(new Float64Array([537, 0, 316, 0, 536, 242, 0, 0, 1]).buffer),
      le32(local, true),
    );
    expect(one.length).toBe(164);
    const cams = readCalibration(concat(one, one), '0.22.1');
    expect(cams).toHaveLength(2);
    expect([cams[1]!.fx, cams[1]!.fy, cams[1]!.cx, cams[1]!.cy]).toEqual([537, 536, 316, 242]);
    expect(
      writeCalibration({ fx: 1, fy: 2, cx: 3, cy: 4, width: 5, height: 6, localTransform: local }).length,
    ).toBe(372);
  });

  it('reads the old float layouts by version (with the image size since 0.11.2)', () => {
    const withSize = le32([300, 301, 159, 119, 320, 240, ...local], true);
    const [a] = readCalibration(withSize, '0.17.6');
    expect([a!.fx, a!.fy, a!.cx, a!.cy, a!.width, a!.height, a!.layout]).toEqual([
      300,
      301,
      159,
      119,
      320,
      240,
      'floats-with-size',
    ]);
    const withoutSize = le32([300, 301, 159, 119, ...local], true);
    const [b] = readCalibration(withoutSize, '0.11.0');
    expect([b!.fx, b!.width, b!.layout]).toEqual([300, 0, 'floats']);
    expect(Math.round(b!.localTransform[3]! * 1e6) / 1e6).toBe(0.1);
    expect(
      Array.from(
        writeCalibrationFloats(
          { fx: 300, fy: 301, cx: 159, cy: 119, width: 320, height: 240, localTransform: local },
          true,
        ),
      ),
    ).toEqual(Array.from(withSize));
  });

  it('refuses stereo, unknown and truncated calibrations with a message', () => {
    expect(() => readCalibration(le32([0, 23, 8, 1, 320, 240, 0, 0, 0, 0, 0]), '0.23.8')).toThrow(
      /stereo camera/,
    );
    expect(() => readCalibration(le32([0, 23, 8, 0, 320, 240, 9, 5, 9, 12, 12]), '0.23.8')).toThrow(
      /needs 372/,
    );
    expect(() => readCalibration(le32([1, 2, 3], true), '0.17.0')).toThrow(/matches no layout/);
    expect(() => readCalibration(le32(new Array(17).fill(1), true), '0.17.0')).toThrow(/stereo camera/);
  });
});

describe('poses and versions', () => {
  it('reads 3 × 4 row-major float32 poses; all zeros is no pose', () => {
    const t = [0, -1, 0, 1, 1, 0, 0, 2, 0, 0, 1, 3];
    expect(Array.from(readTransform(writeTransform(t))!)).toEqual(t);
    expect(readTransform(new Uint8Array(48))).toBeNull();
    expect(() => readTransform(new Uint8Array(20))).toThrow(/needs 48/);
    const back = multiply(t, invert(t));
    expect(Array.from(back).map((v) => Math.round(v * 1e9) / 1e9 + 0)).toEqual([
      1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0,
    ]);
  });

  it('compares versions numerically', () => {
    expect(compareVersions('0.22.1', '0.22.0')).toBe(1);
    expect(compareVersions('0.9.0', '0.18.0')).toBe(-1);
    expect(compareVersions('0.18', '0.18.0')).toBe(0);
  });
});
