/**
 * A sparse voxel grid that merges points: each occupied voxel keeps the sum of its points' positions and
 * colours and their count, so a voxel's point is the centroid of what fell in it, with the mean colour.
 * Keys pack three 17-bit voxel indexes (±65,536 voxels: ±655 m at 1 cm) into one exact double.
 */
export class VoxelGrid {
  private readonly index = new Map<number, number>();
  private sums = new Float64Array(0);
  private colours = new Float64Array(0);
  private counts = new Uint32Array(0);
  private size = 0;
  private readonly inverse: number;

  constructor(readonly voxelSize: number) {
    if (!(voxelSize > 0)) throw new Error('The voxel size must be positive');
    this.inverse = 1 / voxelSize;
    this.grow(1 << 16);
  }

  get count(): number {
    return this.size;
  }

  private grow(capacity: number): void {
    const sums = new Float64Array(capacity * 3);
    sums.set(this.sums);
    const colours = new Float64Array(capacity * 3);
    colours.set(this.colours);
    const counts = new Uint32Array(capacity);
    counts.set(this.counts);
    this.sums = sums;
    this.colours = colours;
    this.counts = counts;
  }

  /** Add one point (metres) with its colour (0–255). Points beyond ±655 voxels·100 are refused. */
  add(x: number, y: number, z: number, r: number, g: number, b: number): void {
    const ix = Math.floor(x * this.inverse) + 65536;
    const iy = Math.floor(y * this.inverse) + 65536;
    const iz = Math.floor(z * this.inverse) + 65536;
    if (ix < 0 || iy < 0 || iz < 0 || ix >= 131072 || iy >= 131072 || iz >= 131072) return;
    const key = (ix * 131072 + iy) * 131072 + iz;
    let k = this.index.get(key);
    if (k === undefined) {
      k = this.size++;
      if (k >= this.counts.length) this.grow(this.counts.length * 2);
      this.index.set(key, k);
    }
    const s = k * 3;
    this.sums[s] += x;
    this.sums[s + 1] += y;
    this.sums[s + 2] += z;
    this.colours[s] += r;
    this.colours[s + 1] += g;
    this.colours[s + 2] += b;
    this.counts[k]!++;
  }

  /** One point per voxel: centroid positions and mean colours, in insertion order. */
  points(): { positions: Float32Array; colours: Uint8Array } {
    const positions = new Float32Array(this.size * 3);
    const colours = new Uint8Array(this.size * 3);
    for (let k = 0; k < this.size; k++) {
      const n = this.counts[k]!;
      for (let a = 0; a < 3; a++) {
        positions[k * 3 + a] = this.sums[k * 3 + a]! / n;
        colours[k * 3 + a] = Math.round(this.colours[k * 3 + a]! / n);
      }
    }
    return { positions, colours };
  }
}
