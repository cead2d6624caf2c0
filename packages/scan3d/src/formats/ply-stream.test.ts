import { describe, expect, it } from 'vitest';
import { pointCloudFiles } from '../cloud/point-cloud';
import { evenSubsample } from '../point-order';
import { writePlyPoints } from '../writers';
import { readPlyHeader } from './ply';
import { readPlyPoints } from './ply-points';
import { PlyPointStream } from './ply-stream';

function cloud(count: number): { positions: Float32Array; colours: Uint8Array } {
  const positions = new Float32Array(count * 3);
  const colours = new Uint8Array(count * 3);
  for (let i = 0; i < count * 3; i++) {
    positions[i] = i * 0.25 - 7;
    colours[i] = (i * 7) % 256;
  }
  return { positions, colours };
}

/** Feed the bytes in chunks of the given sizes (repeated). */
function streamed(bytes: Uint8Array, chunkSizes: number[], maxPoints?: number): PlyPointStream {
  const stream = new PlyPointStream(maxPoints);
  let offset = 0;
  for (let k = 0; offset < bytes.length; k++) {
    const size = chunkSizes[k % chunkSizes.length]!;
    stream.push(bytes.subarray(offset, offset + size));
    offset += size;
  }
  return stream;
}

describe('PlyPointStream', () => {
  it('reads a binary cloud fed in chunks that split the header and the vertices, as the whole-file reader does', () => {
    const { positions, colours } = cloud(1000);
    const bytes = writePlyPoints(positions, colours);
    for (const sizes of [[1], [7, 3, 50], [4096], [bytes.length]]) {
      const result = streamed(bytes, sizes).finish();
      expect(result.count).toBe(1000);
      expect(result.total).toBe(1000);
      expect(Array.from(result.positions)).toEqual(Array.from(positions));
      expect(Array.from(result.colours!)).toEqual(Array.from(colours));
    }
  });

  it('has the first points while the rest is still downloading', () => {
    const { positions, colours } = cloud(100);
    const bytes = writePlyPoints(positions, colours);
    const stream = new PlyPointStream();
    const header = readPlyHeader(bytes);
    stream.push(bytes.subarray(0, header.bodyOffset + 15 * 10 + 4));
    expect(stream.totalPoints).toBe(100);
    expect(stream.count).toBe(10);
    expect(Array.from(stream.positions.subarray(0, 30))).toEqual(Array.from(positions.subarray(0, 30)));
  });

  it('keeps an even subsample within the budget, the same points as readPlyPoints', () => {
    const { positions, colours } = cloud(1001);
    const bytes = writePlyPoints(positions, colours);
    const whole = readPlyPoints(bytes, readPlyHeader(bytes), 300);
    const result = streamed(bytes, [333, 17]).finish();
    expect(result.count).toBe(1001);
    const budgeted = streamed(bytes, [333, 17], 300).finish();
    expect(budgeted.count).toBe(300);
    expect(Array.from(budgeted.positions)).toEqual(Array.from(whole.positions));
    expect(Array.from(budgeted.colours!)).toEqual(Array.from(whole.colours!));
  });

  it('reads big-endian and colourless files, and ascii ones whole', () => {
    const big = new TextEncoder().encode('ply\nformat binary_big_endian 1.0\nelement vertex 2\nproperty float x\nproperty float y\nproperty float z\nend_header\n');
    const body = new DataView(new ArrayBuffer(24));
    [1, 2, 3, -4, 5.5, 6].forEach((v, i) => body.setFloat32(i * 4, v, false));
    const bytes = new Uint8Array(big.length + 24);
    bytes.set(big);
    bytes.set(new Uint8Array(body.buffer), big.length);
    const result = streamed(bytes, [5]).finish();
    expect(Array.from(result.positions)).toEqual([1, 2, 3, -4, 5.5, 6]);
    expect(result.colours).toBeNull();
    const ascii = new TextEncoder().encode('ply\nformat ascii 1.0\nelement vertex 2\nproperty float x\nproperty float y\nproperty float z\nend_header\n1 2 3\n4 5 6\n');
    expect(Array.from(streamed(ascii, [3]).finish().positions)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('rejects a file shorter than its header says, and a file that is not a PLY', () => {
    const { positions, colours } = cloud(10);
    const bytes = writePlyPoints(positions, colours);
    expect(() => streamed(bytes.subarray(0, bytes.length - 3), [64]).finish()).toThrow(/shorter than its 10 vertices/);
    expect(() => streamed(new TextEncoder().encode('solid cube\nfacet normal 0 0 1\n'), [8]).finish()).toThrow(/not a PLY/);
  });
});

describe('LOD-ordered clouds', () => {
  it('the generated PLY is shuffled and says so; its first points spread over the whole cloud', () => {
    // A cloud in scan order: x grows with the index.
    const count = 20_000;
    const positions = new Float32Array(count * 3);
    const colours = new Uint8Array(count * 3);
    for (let i = 0; i < count; i++) positions[i * 3] = i / count;
    const sorted = Array.from({ length: count }, (_, i) => i / count);
    const stats = { rtabmapVersion: '', poseSource: 'optimized' as const, frames: 0, framesUsed: 0, pointsBackProjected: 0, points: count, voxelSizeM: 0.01, maxRangeM: 4, decimation: 1, warnings: [] };
    const { ply } = pointCloudFiles({ positions, colours, stats });
    const header = readPlyHeader(ply);
    expect(header.lodOrder).toBe('shuffled');
    expect(readPlyHeader(writePlyPoints(positions, colours)).lodOrder).toBeNull();
    const read = readPlyPoints(ply, header);
    // The same points, in another order.
    expect(Array.from(read.positions.filter((_, k) => k % 3 === 0)).sort((a, b) => a - b)).toEqual(sorted.map((v) => Math.fround(v)));
    // The first 1,000 cover every tenth of the cloud's extent about equally (100 each; a scan-order prefix would fill one).
    const tenths = new Array(10).fill(0);
    for (let k = 0; k < 1000; k++) tenths[Math.floor(read.positions[k * 3]! * 10)]++;
    for (const n of tenths) expect(n).toBeGreaterThan(60);
  });
});

describe('evenSubsample', () => {
  it('picks points at an even stride through the prefix, colours with their points', () => {
    const positions = Float32Array.from({ length: 30 }, (_, i) => i);
    const colours = Uint8Array.from({ length: 30 }, (_, i) => 100 + i);
    const picked = evenSubsample(positions, colours, 8, 4);
    expect(Array.from(picked.positions)).toEqual([0, 1, 2, 6, 7, 8, 12, 13, 14, 18, 19, 20]);
    expect(Array.from(picked.colours!)).toEqual([100, 101, 102, 106, 107, 108, 112, 113, 114, 118, 119, 120]);
    expect(evenSubsample(positions, null, 3, 10).positions.length).toBe(9);
    expect(evenSubsample(positions, null, 3, 10).colours).toBeNull();
  });
});
