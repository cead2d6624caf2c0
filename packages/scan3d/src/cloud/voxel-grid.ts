/** Voxel indexes are kept within ±65,536 per axis (±655 m at 1 cm): 17 bits each. */
const OFFSET = 65536;
const SPAN = OFFSET * 2;
/** An empty table entry (a real key's high word never has its top bit set). */
const EMPTY = -1;

/**
 * A sparse voxel grid that merges points: each occupied voxel keeps the sum of its points' positions and
 * colours and their count, so a voxel's point is the centroid of what fell in it, with the mean colour.
 *
 * The voxels are found through an open-addressing hash table of typed arrays (linear probing, at most half
 * full) keyed by the three 17-bit voxel indexes packed into two int32 (`hi` = ix·2¹⁴ + iy ÷ 8, `lo` = the rest of
 * iy and iz): no object per voxel, and growing the table rehashes the packed keys without unpacking them. Each
 * voxel holds its points' summed offsets from the voxel's corner (float32 is exact enough for offsets below one
 * voxel), colours, count and indexes: 40 B, plus 12 B for each of at least two table entries. The previous
 * point's voxel is remembered, since neighbouring pixels often fall in the same one.
 */
export class VoxelGrid {
  private hi = new Int32Array(0);
  private lo = new Int32Array(0);
  private slots = new Int32Array(0);
  private mask = 0;
  private offsets = new Float32Array(0);
  private colours = new Float32Array(0);
  private counts = new Uint32Array(0);
  /** Voxel indexes per voxel (to turn offsets back into positions). */
  private cells = new Int32Array(0);
  private size = 0;
  private readonly inverse: number;
  private lastHi = EMPTY;
  private lastLo = EMPTY;
  private lastSlot = 0;

  constructor(readonly voxelSize: number) {
    if (!(voxelSize > 0)) throw new Error('The voxel size must be positive');
    this.inverse = 1 / voxelSize;
    this.growVoxels(1 << 16);
    this.rehash(1 << 17);
  }

  get count(): number {
    return this.size;
  }

  private growVoxels(capacity: number): void {
    const grow = <T extends Float32Array | Uint32Array | Int32Array>(old: T, size: number): T => {
      const next = new (old.constructor as new (n: number) => T)(size);
      next.set(old);
      return next;
    };
    this.offsets = grow(this.offsets, capacity * 3);
    this.colours = grow(this.colours, capacity * 3);
    this.counts = grow(this.counts, capacity);
    this.cells = grow(this.cells, capacity * 3);
  }

  /** A table of `capacity` entries (a power of two) holding the voxels so far. */
  private rehash(capacity: number): void {
    const { hi: oldHi, lo: oldLo, slots: oldSlots } = this;
    this.hi = new Int32Array(capacity).fill(EMPTY);
    this.lo = new Int32Array(capacity);
    this.slots = new Int32Array(capacity);
    this.mask = capacity - 1;
    for (let i = 0; i < oldHi.length; i++) {
      const hi = oldHi[i]!;
      if (hi === EMPTY) continue;
      const lo = oldLo[i]!;
      let h = hash(hi, lo) & this.mask;
      while (this.hi[h] !== EMPTY) h = (h + 1) & this.mask;
      this.hi[h] = hi;
      this.lo[h] = lo;
      this.slots[h] = oldSlots[i]!;
    }
  }

  /**
   * Add many points at once (a frame's): `count` xyz (metres) and rgb (0–255) triples.
   */
  addPoints(positions: Float64Array | Float32Array, colours: Uint8Array, count: number): void {
    for (let i = 0; i < count; i++) {
      const p = i * 3;
      this.add(positions[p]!, positions[p + 1]!, positions[p + 2]!, colours[p]!, colours[p + 1]!, colours[p + 2]!);
    }
  }

  /** Add one point (metres) with its colour (0–255). Points beyond ±65,536 voxels are refused. */
  add(x: number, y: number, z: number, r: number, g: number, b: number): void {
    const fx = Math.floor(x * this.inverse);
    const fy = Math.floor(y * this.inverse);
    const fz = Math.floor(z * this.inverse);
    const ix = fx + OFFSET;
    const iy = fy + OFFSET;
    const iz = fz + OFFSET;
    if (!(ix >= 0 && iy >= 0 && iz >= 0 && ix < SPAN && iy < SPAN && iz < SPAN)) return;
    const hi = (ix << 14) | (iy >>> 3);
    const lo = ((iy & 7) << 17) | iz;
    let k: number;
    if (hi === this.lastHi && lo === this.lastLo) k = this.lastSlot;
    else {
      k = this.slotOf(hi, lo, fx, fy, fz);
      this.lastHi = hi;
      this.lastLo = lo;
      this.lastSlot = k;
    }
    const s = k * 3;
    const v = this.voxelSize;
    this.offsets[s] += x - fx * v;
    this.offsets[s + 1] += y - fy * v;
    this.offsets[s + 2] += z - fz * v;
    this.colours[s] += r;
    this.colours[s + 1] += g;
    this.colours[s + 2] += b;
    this.counts[k]!++;
  }

  /** The voxel's index, a new one when the voxel is new. */
  private slotOf(hi: number, lo: number, fx: number, fy: number, fz: number): number {
    const keys = this.hi;
    const mask = this.mask;
    let h = hash(hi, lo) & mask;
    for (;;) {
      const found = keys[h]!;
      if (found === hi && this.lo[h] === lo) return this.slots[h]!;
      if (found === EMPTY) break;
      h = (h + 1) & mask;
    }
    const k = this.size++;
    if (k >= this.counts.length) this.growVoxels(this.counts.length * 2);
    keys[h] = hi;
    this.lo[h] = lo;
    this.slots[h] = k;
    this.cells[k * 3] = fx;
    this.cells[k * 3 + 1] = fy;
    this.cells[k * 3 + 2] = fz;
    if (this.size * 2 > keys.length) this.rehash(keys.length * 2);
    return k;
  }

  /** One point per voxel: centroid positions and mean colours, in insertion order. */
  points(): { positions: Float32Array; colours: Uint8Array } {
    const positions = new Float32Array(this.size * 3);
    const colours = new Uint8Array(this.size * 3);
    const v = this.voxelSize;
    for (let k = 0; k < this.size; k++) {
      const n = this.counts[k]!;
      for (let a = 0; a < 3; a++) {
        positions[k * 3 + a] = this.cells[k * 3 + a]! * v + this.offsets[k * 3 + a]! / n;
        colours[k * 3 + a] = Math.round(this.colours[k * 3 + a]! / n);
      }
    }
    return { positions, colours };
  }
}

/** A mix of the packed key's two words (multiplicative hashing, then a scramble of the high bits down). */
function hash(hi: number, lo: number): number {
  const h = Math.imul(hi, 0x9e3779b1) ^ Math.imul(lo, 0x85ebca77);
  return (h ^ (h >>> 16)) >>> 0;
}
