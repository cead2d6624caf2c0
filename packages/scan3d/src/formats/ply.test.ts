import { describe, expect, it } from 'vitest';
import { readPlyHeader } from './ply';
import { readPlyPoints } from './ply-points';

const enc = (s: string) => new TextEncoder().encode(s);

function binaryPly(points: [number, number, number, number, number, number][], little = true): Uint8Array {
  const head = enc(
    `ply\nformat binary_${little ? 'little' : 'big'}_endian 1.0\ncomment test\nelement vertex ${points.length}\n` +
      'property float x\nproperty float y\nproperty float z\nproperty uchar red\nproperty uchar green\nproperty uchar blue\nend_header\n',
  );
  const body = new DataView(new ArrayBuffer(points.length * 15));
  points.forEach((p, i) => {
    for (let a = 0; a < 3; a++) body.setFloat32(i * 15 + a * 4, p[a]!, little);
    for (let a = 0; a < 3; a++) body.setUint8(i * 15 + 12 + a, p[3 + a]!);
  });
  const out = new Uint8Array(head.length + body.byteLength);
  out.set(head);
  out.set(new Uint8Array(body.buffer), head.length);
  return out;
}

describe('PLY', () => {
  it('reads an ascii header with colours and faces', () => {
    const h = readPlyHeader(
      enc('ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\nproperty uchar red\nproperty uchar green\nproperty uchar blue\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n0 0 0 255 0 0\n1 0 0 0 255 0\n0 1 0 0 0 255\n3 0 1 2\n'),
    );
    expect(h).toMatchObject({ format: 'ascii', vertexCount: 3, faceCount: 1, hasColours: true, hasNormals: false });
  });

  it('refuses what is not a PLY with the reason', () => {
    expect(() => readPlyHeader(enc('solid cube\nfacet normal 0 0 1\n'))).toThrow('is not a PLY file (it does not start with "ply")');
    expect(() => readPlyHeader(enc('ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\n'))).toThrow('no "end_header"');
    expect(() => readPlyHeader(enc('ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\nend_header\n'))).toThrow('without x, y and z');
    expect(() => readPlyHeader(enc('ply\nformat weird 1.0\nend_header\n'))).toThrow('unknown PLY format');
  });

  it('reads binary points in both byte orders, and ascii points', () => {
    const pts: [number, number, number, number, number, number][] = [
      [0.5, 1.5, -2, 10, 20, 30],
      [3, 4, 5, 40, 50, 60],
    ];
    for (const little of [true, false]) {
      const bytes = binaryPly(pts, little);
      const cloud = readPlyPoints(bytes, readPlyHeader(bytes));
      expect(Array.from(cloud.positions)).toEqual([0.5, 1.5, -2, 3, 4, 5]);
      expect(Array.from(cloud.colours!)).toEqual([10, 20, 30, 40, 50, 60]);
    }
    const ascii = enc('ply\nformat ascii 1.0\nelement vertex 2\nproperty double x\nproperty double y\nproperty double z\nend_header\n1 2 3\n4 5 6\n');
    const cloud = readPlyPoints(ascii, readPlyHeader(ascii));
    expect(Array.from(cloud.positions)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(cloud.colours).toBeNull();
  });

  it('keeps at most the budget, evenly spread through the file', () => {
    const pts = Array.from({ length: 10 }, (_, i) => [i, 0, 0, 0, 0, 0] as [number, number, number, number, number, number]);
    const bytes = binaryPly(pts);
    const cloud = readPlyPoints(bytes, readPlyHeader(bytes), 5);
    expect(cloud).toMatchObject({ count: 5, total: 10 });
    expect(Array.from(cloud.positions).filter((_, i) => i % 3 === 0)).toEqual([0, 2, 4, 6, 8]);
  });

  it('refuses a binary body shorter than its header says', () => {
    const bytes = binaryPly([[0, 0, 0, 0, 0, 0]]).subarray(0, -4);
    expect(() => readPlyPoints(bytes, readPlyHeader(bytes))).toThrow('is shorter than its 1 vertices');
  });
});
