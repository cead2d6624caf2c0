import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, decodePointCloud2, encodePointCloud2, PointCloud2Error } from './point-cloud2';

describe('PointCloud2', () => {
  const positions = new Float32Array([0, 1, 2, -1.5, 2.25, 3.125, 10, 20, 30]);
  const colours = new Uint8Array([255, 0, 0, 0, 128, 0, 1, 2, 3]);

  it('round-trips points and packed colours as bytes (CBOR) and as base64 (JSON)', () => {
    const message = encodePointCloud2(positions, colours, 'map');
    expect(message).toMatchObject({ width: 3, height: 1, point_step: 16, row_step: 48 });
    for (const data of [message.data, bytesToBase64(message.data as Uint8Array)]) {
      const decoded = decodePointCloud2({ ...message, data });
      expect([...decoded.positions]).toEqual([...positions]);
      expect([...decoded.colours!]).toEqual([...colours]);
    }
  });

  it('encodes and decodes base64 as the platform does', () => {
    for (const length of [0, 1, 2, 3, 4, 5, 100]) {
      const bytes = new Uint8Array(length).map((_, i) => (i * 37 + 11) & 255);
      expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
      expect([...base64ToBytes(Buffer.from(bytes).toString('base64'))]).toEqual([...bytes]);
    }
    expect(() => base64ToBytes('ab$d')).toThrow(PointCloud2Error);
  });

  it('drops points with no return and reads big-endian float64 fields', () => {
    const data = new Uint8Array(2 * 24);
    const view = new DataView(data.buffer);
    [1, 2, 3, Number.NaN, 0, 0].forEach((v, i) => view.setFloat64(i * 8, v, false));
    const decoded = decodePointCloud2({
      header: { frame_id: 'map' },
      height: 1,
      width: 2,
      fields: ['x', 'y', 'z'].map((name, i) => ({ name, offset: i * 8, datatype: 8, count: 1 })),
      is_bigendian: true,
      point_step: 24,
      row_step: 48,
      data,
      is_dense: false,
    });
    expect([...decoded.positions]).toEqual([1, 2, 3]);
    expect(decoded.colours).toBeNull();
  });

  it('refuses a cloud without coordinates or with too few bytes', () => {
    const message = encodePointCloud2(positions, null, 'map');
    expect(() => decodePointCloud2({ ...message, fields: message.fields.slice(1) })).toThrow(PointCloud2Error);
    expect(() => decodePointCloud2({ ...message, width: 4 })).toThrow(/holds 48 bytes, not 4 points/);
  });
});
