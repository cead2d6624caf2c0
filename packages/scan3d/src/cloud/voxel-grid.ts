/** Voxel indexes are kept within ±65,536 per axis (±655 m at 1 cm), so a key packs into one exact double. */
const OFFSET = 65536;
const SPAN = OFFSET * 2;
const EMPTY = -1;

/**
 * A sparse voxel grid that merges points: each occupied voxel keeps the sum of its points' positions and
 * colours and their count, so a voxel's point is the centroid of what fell in it, with the mean colour.
 * Keys pack three 17-bit voxel indexes (±65,536 voxels: ±655 m at 1 cm) into one exact double, held in an
 * open-addressing hash table of typed arrays (linear probing, at most half full): no object per voxel, so a
 * few million points merge in a fraction of the time a `Map` takes, and memory is the arrays alone
 * (8 B of key and 4 B of slot per table entry, at least two entries and 52 B of sums per voxel).
 */
export class VoxelGrid {
  private keys = new Float64Array(0);
  private slots = new Int32Array(0);
  private mask = 0;
  private sums = new Float64Array(0);
  private colours = new Float64Array(0);
  private counts = new Uint32Array(0);
  private size = 0;
  private readonly inverse: number;

  constructor(readonly voxelSize: number) {
    if (!(voxelSize > 0)) throw new Error('The voxel size must be positive');
    this.inverse = 1 / voxelSize;
    this.growPoints(1 << 16);
    this.rehash(1 << 17);
  }

  get count(): number {
    return this.size;
  }

  private growPoints(capacity: number): void {
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

  /** A table of `capacity` entries (a power of two) holding the voxels so far. */
  private rehash(capacity: number): void {
    const oldKeys = this.keys;
    const oldSlots = this.slots;
    this.keys = new Float64Array(capacity).fill(EMPTY);
    this.slots = new Int32Array(capacity);
    this.mask = capacity - 1;
    for (let i = 0; i < oldKeys.length; i++) {
      const key = oldKeys[i]!;
      if (key === EMPTY) continue;
      const iz = key % SPAN;
      const rest = (key - iz) / SPAN;
      const iy = rest % SPAN;
      const ix = (rest - iy) / SPAN;
      let h = hash(ix, iy, iz) & this.mask;
      while (this.keys[h] !== EMPTY) h = (h + 1) & this.mask;
      this.keys[h] = key;
      this.slots[h] = oldSlots[i]!;
    }
  }

  /** Add one point (metres) with its colour (0–255). Points beyond ±65,536 voxels are refused. */
  add(x: number, y: number, z: number, r: number, g: number, b: number): void {
    const ix = Math.floor(x * this.inverse) + OFFSET;
    const iy = Math.floor(y * this.inverse) + OFFSET;
    const iz = Math.floor(z * this.inverse) + OFFSET;
    if (!(ix >= 0 && iy >= 0 && iz >= 0 && ix < SPAN && iy < SPAN && iz < SPAN)) return;
    const key = (ix * SPAN + iy) * SPAN + iz;
    const keys = this.keys;
    const mask = this.mask;
    let h = hash(ix, iy, iz) & mask;
    let k: number;
    for (;;) {
      const found = keys[h]!;
      if (found === key) {
        k = this.slots[h]!;
        break;
      }
      if (found === EMPTY) {
        k = this.size++;
        if (k >= this.counts.length) this.growPoints(this.counts.length * 2);
        keys[h] = key;
        this.slots[h] = k;
        if (this.size * 2 > keys.length) this.rehash(keys.length * 2);
        break;
      }
      h = (h + 1) & mask;
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

/** A mix of the three voxel indexes (Teschner et al.'s spatial hash primes, then a multiplicative scramble). */
function hash(ix: number, iy: number, iz: number): number {
  const h = Math.imul(ix, 73856093) ^ Math.imul(iy, 19349663) ^ Math.imul(iz, 83492791);
  return Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
}
