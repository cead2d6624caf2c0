import { describe, expect, it } from 'vitest';
import { shufflePointsInPlace, shuffleRecordsInPlace } from '../point-order';
import { checkVersionFile } from '../version-files';
import { writePlyPoints } from '../writers';
import { readPlyHeader } from './ply';
import { lodCopyObstacle, lodOrderedPly } from './ply-lod';
import { readPlyPoints } from './ply-points';

const enc = (s: string) => new TextEncoder().encode(s);

/** A scan-order cloud: points along a line, each with its own colour. */
function scanOrder(count: number): { positions: Float32Array; colours: Uint8Array } {
  const positions = new Float32Array(count * 3);
  const colours = new Uint8Array(count * 3);
  for (let i = 0; i < count; i++) {
    positions.set([i * 0.01, Math.sin(i), 1 + (i % 7) * 0.125], i * 3);
    colours.set([i % 256, (i * 7) % 256, (i * 13) % 256], i * 3);
  }
  return { positions, colours };
}

function join(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Each point as one sortable string (xyz, rgb): a multiset comparison. */
function pointKeys(bytes: Uint8Array): string[] {
  const cloud = readPlyPoints(bytes, readPlyHeader(bytes));
  const keys: string[] = [];
  for (let i = 0; i < cloud.count; i++) {
    keys.push(
      [
        ...cloud.positions.subarray(i * 3, i * 3 + 3),
        ...(cloud.colours?.subarray(i * 3, i * 3 + 3) ?? []),
      ].join(' '),
    );
  }
  return keys;
}

describe('LOD-ordered copy of a PLY', () => {
  it('shuffles records as bytes in the order the generated clouds are shuffled in', () => {
    const { positions, colours } = scanOrder(1000);
    const records = new Uint8Array(writePlyPoints(positions, colours).slice(-1000 * 15));
    shuffleRecordsInPlace(records, 15, 1000);
    shufflePointsInPlace(positions, colours);
    expect(records).toEqual(new Uint8Array(writePlyPoints(positions, colours).slice(-1000 * 15)));
  });

  it('keeps every point of a binary scan-order file, reorders them and says so in the header', () => {
    const { positions, colours } = scanOrder(5000);
    const original = writePlyPoints(positions, colours);
    const before = pointKeys(original);
    const copy = lodOrderedPly(new Uint8Array(original));
    expect(copy.points).toBe(5000);
    const bytes = join([copy.header, copy.body]);
    const header = readPlyHeader(bytes);
    expect(header).toMatchObject({
      format: 'binary_little_endian',
      vertexCount: 5000,
      lodOrder: 'shuffled',
      hasColours: true,
    });
    const after = pointKeys(bytes);
    expect(after).not.toEqual(before);
    expect([...after].sort()).toEqual([...before].sort());
    // A prefix spreads over the whole cloud (scan order: the first 10 % of the file are the first 10 % along x).
    const firstXs = readPlyPoints(bytes, header)
      .positions.filter((_, i) => i % 3 === 0)
      .slice(0, 500);
    expect(Math.max(...firstXs)).toBeGreaterThan(45);
    expect(checkVersionFile('point_cloud_lod', bytes)).toBe(
      'PLY binary_little_endian, 5000 points with colours, LOD-ordered',
    );
    expect(lodCopyObstacle(header)).toBe('it is already LOD-ordered');
  });

  it('writes an ascii file as binary in its declared types, big-endian stays big-endian, faces are left out', () => {
    const ascii = enc(
      'ply\nformat ascii 1.0\ncomment from elsewhere\nelement vertex 4\nproperty float x\nproperty float y\nproperty float z\nproperty uchar red\nproperty uchar green\nproperty uchar blue\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n' +
        '0 0 0 255 0 0\n1 0 0 0 255 0\n0 1 0 0 0 255\n0.5 0.25 2 9 8 7\n3 0 1 2\n',
    );
    const copy = lodOrderedPly(ascii);
    const bytes = join([copy.header, copy.body]);
    const header = readPlyHeader(bytes);
    expect(header).toMatchObject({
      format: 'binary_little_endian',
      vertexCount: 4,
      faceCount: 0,
      lodOrder: 'shuffled',
    });
    expect(new TextDecoder().decode(copy.header)).toContain('comment from elsewhere\n');
    expect(pointKeys(bytes).sort()).toEqual(pointKeys(ascii).sort());

    const head = enc(
      'ply\nformat binary_big_endian 1.0\nelement vertex 3\nproperty double x\nproperty double y\nproperty double z\nend_header\n',
    );
    const body = new DataView(new ArrayBuffer(3 * 24));
    [1, 2, 3, 4, 5, 6, 7, 8, 9].forEach((v, i) => body.setFloat64(i * 8, v + 0.1, false));
    const bigFile = join([head, new Uint8Array(body.buffer)]);
    const bigCopy = lodOrderedPly(new Uint8Array(bigFile));
    const bigBytes = join([bigCopy.header, bigCopy.body]);
    expect(readPlyHeader(bigBytes)).toMatchObject({ format: 'binary_big_endian', lodOrder: 'shuffled' });
    expect(pointKeys(bigBytes).sort()).toEqual(pointKeys(bigFile).sort());
  });

  it('refuses what the viewer does not draw as a cloud, and a file shorter than its header says', () => {
    const { positions, colours } = scanOrder(10);
    const shuffled = writePlyPoints(positions, colours, { lodOrdered: true });
    expect(() => lodOrderedPly(shuffled)).toThrow('already LOD-ordered');
    const listVertices = enc(
      'ply\nformat ascii 1.0\nelement vertex 2\nproperty float x\nproperty float y\nproperty float z\nproperty list uchar int n\nend_header\n0 0 0 0\n1 1 1 0\n',
    );
    expect(() => lodOrderedPly(listVertices)).toThrow('list properties');
    const truncated = writePlyPoints(positions, colours).slice(0, -20);
    expect(() => lodOrderedPly(truncated)).toThrow('shorter than its 10 vertices');
    expect(() => checkVersionFile('point_cloud_lod', writePlyPoints(positions, colours))).toThrow(
      'is not LOD-ordered',
    );
  });
});
