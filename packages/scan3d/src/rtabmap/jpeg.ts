/**
 * A JPEG decoder that can decode at 1/2, 1/4 or 1/8 of the stored size (decision 0059), as libjpeg's scaled
 * decoding does: each 8 × 8 block's inverse DCT produces only the pixels asked for, so a colour image four
 * times the depth's size costs a fraction of a full decode. Huffman coding, 8-bit samples, baseline, extended
 * sequential and progressive frames, one (grey) or three (YCbCr, or RGB) components with power-of-two chroma
 * sampling (4:4:4, 4:2:2, 4:4:0, 4:2:0, 4:1:1), restart intervals. Anything else (arithmetic coding,
 * lossless, 12-bit, CMYK, odd sampling factors) is refused with {@link JpegUnsupportedError}, so a caller can
 * fall back to a general decoder; a damaged image throws {@link JpegCorruptError}.
 *
 * A scaled output pixel is the mean of the (scale × scale) full-size pixels it covers, computed exactly from
 * all of a block's coefficients (the box filter commutes with the inverse DCT and the YCbCr → RGB conversion),
 * before rounding and clamping. Subsampled chroma is decoded straight at the output's resolution where it can
 * be (at 1/2 scale and below for 4:2:0) and repeated (nearest) where it cannot (full scale), as jpeg-js does.
 */

export type JpegScale = 1 | 2 | 4 | 8;

/** What a JPEG's frame header says. */
export interface JpegHeader {
  width: number;
  height: number;
  /** 1 (grey) or 3 (colour). */
  components: number;
  progressive: boolean;
  /** Horizontal and vertical sampling factor of each component, e.g. [[2, 2], [1, 1], [1, 1]] for 4:2:0. */
  sampling: [number, number][];
}

export interface DecodedJpeg {
  width: number;
  height: number;
  /** 8-bit RGB, row-major. */
  rgb: Uint8Array;
}

/** The image uses a JPEG feature this decoder does not handle (a general decoder may). */
export class JpegUnsupportedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JpegUnsupportedError';
  }
}

/** The bytes are not a well-formed JPEG image (truncated, damaged or not a JPEG at all). */
export class JpegCorruptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JpegCorruptError';
  }
}

/** Natural (row-major) index of the k-th coefficient in zig-zag order; 16 extra entries absorb overruns. */
const ZIGZAG = new Int32Array([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7,
  14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46,
  53, 60, 61, 54, 47, 55, 62, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63,
]);

const LOOKUP_BITS = 9;

interface HuffmanTable {
  /** Indexed by the next 9 bits: (code length << 8) | symbol, or 0 when the code is longer than 9 bits. */
  lookup: Uint16Array;
  /** Per code length 1–16: the largest code of that length (−1 when none), the first code, its symbol index. */
  maxCode: Int32Array;
  minCode: Int32Array;
  valueIndex: Int32Array;
  values: Uint8Array;
}

function buildHuffmanTable(counts: Uint8Array, values: Uint8Array): HuffmanTable {
  const lookup = new Uint16Array(1 << LOOKUP_BITS);
  const maxCode = new Int32Array(18).fill(-1);
  const minCode = new Int32Array(17);
  const valueIndex = new Int32Array(17);
  let code = 0;
  let k = 0;
  for (let len = 1; len <= 16; len++) {
    const n = counts[len - 1]!;
    valueIndex[len] = k;
    minCode[len] = code;
    for (let i = 0; i < n; i++) {
      if (len <= LOOKUP_BITS) {
        const shift = LOOKUP_BITS - len;
        const entry = (len << 8) | values[k]!;
        for (let j = 0; j < 1 << shift; j++) lookup[(code << shift) | j] = entry;
      }
      code++;
      k++;
    }
    if (n > 0) maxCode[len] = code - 1;
    if (code > 1 << len) throw new JpegCorruptError('The JPEG has an invalid Huffman table');
    code <<= 1;
  }
  maxCode[17] = 0x7fffffff; // a sentinel: no code is longer than 16 bits
  return { lookup, maxCode, minCode, valueIndex, values };
}

/** An empty table: a component's tables before a scan names them (keeps the field's type stable). */
const NO_TABLE = buildHuffmanTable(new Uint8Array(16), new Uint8Array(0));

/** Fixed point of the inverse DCT (integers stay small integers, fast before the JIT has optimised). */
const BASIS_BITS = 13;
const PASS1_SHIFT = 9; // the first pass keeps 4 fractional bits
const PASS2_SHIFT = 2 * BASIS_BITS - PASS1_SHIFT;

class Component {
  /** Blocks a row and a column, the frame's MCU padding included (storage). */
  blocksPerLine: number;
  blocksPerColumn: number;
  /** Blocks that hold image data (a non-interleaved scan codes only these). */
  codedPerLine: number;
  codedPerColumn: number;
  /** Output pixels a block gives each way, and how often each computed pixel is repeated (upsampling). */
  outX: number;
  outY: number;
  repeatX: number;
  repeatY: number;
  /** Only the DC coefficient matters (one output pixel a block). */
  dcOnly: boolean;
  /** Inverse-DCT weights, 8 per output row or column, scaled by 2^BASIS_BITS. */
  basisX: Int32Array;
  basisY: Int32Array;
  /** The component at the output's resolution, MCU padding included. */
  plane: Uint8ClampedArray;
  planeStride: number;
  /** Progressive frames: every block's coefficients, quantised, natural order (empty otherwise). */
  coefficients: Int16Array;
  dcPredictor = 0;
  dcTable: HuffmanTable = NO_TABLE;
  acTable: HuffmanTable = NO_TABLE;

  constructor(
    readonly id: number,
    readonly h: number,
    readonly v: number,
    readonly quantId: number,
    frame: {
      width: number;
      height: number;
      hMax: number;
      vMax: number;
      mcusPerLine: number;
      mcusPerColumn: number;
    },
    scale: JpegScale,
    progressive: boolean,
  ) {
    const { width, height, hMax, vMax, mcusPerLine, mcusPerColumn } = frame;
    // Output pixels one block of this component covers: 8 · (hMax / h) full-size pixels, divided by the scale.
    const spanX = (8 * hMax) / h / scale;
    const spanY = (8 * vMax) / v / scale;
    this.outX = Math.min(8, spanX);
    this.outY = Math.min(8, spanY);
    this.repeatX = spanX / this.outX;
    this.repeatY = spanY / this.outY;
    this.dcOnly = this.outX === 1 && this.outY === 1;
    this.basisX = BASES.get(this.outX)!;
    this.basisY = BASES.get(this.outY)!;
    this.blocksPerLine = mcusPerLine * h;
    this.blocksPerColumn = mcusPerColumn * v;
    this.codedPerLine = Math.ceil(Math.ceil((width * h) / hMax) / 8);
    this.codedPerColumn = Math.ceil(Math.ceil((height * v) / vMax) / 8);
    this.planeStride = mcusPerLine * ((8 * hMax) / scale);
    this.plane = new Uint8ClampedArray(this.planeStride * mcusPerColumn * ((8 * vMax) / scale));
    this.coefficients = new Int16Array(progressive ? this.blocksPerLine * this.blocksPerColumn * 64 : 0);
  }
}

/**
 * The weights of a reduced inverse DCT: row i of n outputs is the mean over the 8/n full-size samples it
 * covers of the 1-D basis (1/2)·c(u)·cos((2x + 1)uπ/16), c(0) = 1/√2, c(u > 0) = 1; scaled by 2^BASIS_BITS.
 */
function reducedBasis(n: number): Int32Array {
  const m = new Int32Array(n * 8);
  const k = 8 / n;
  for (let i = 0; i < n; i++)
    for (let u = 0; u < 8; u++) {
      let sum = 0;
      for (let x = i * k; x < (i + 1) * k; x++) sum += Math.cos(((2 * x + 1) * u * Math.PI) / 16);
      m[i * 8 + u] = Math.round(((u === 0 ? Math.SQRT1_2 : 1) / 2) * (sum / k) * (1 << BASIS_BITS));
    }
  return m;
}
const BASES = new Map([1, 2, 4, 8].map((n) => [n, reducedBasis(n)]));

function isPowerOfTwo(n: number): boolean {
  return n > 0 && (n & (n - 1)) === 0;
}

/**
 * Reads the entropy-coded bits of a scan: byte stuffing removed, zeros fed once a marker or the end is hit.
 * At most 24 bits are buffered, so every field stays a small integer.
 */
class BitReader {
  /** The buffered bits, the next bit highest; fewer than 2^bits. */
  acc = 0;
  bits = 0;
  /** Zero bytes fed after the data ran into a marker or the end. */
  phantom = 0;
  /** Blocks left in a progressive AC scan's end-of-band run. */
  eobrun = 0;
  constructor(
    readonly data: Uint8Array,
    public pos: number,
  ) {}

  fill(): void {
    const data = this.data;
    let acc = this.acc & ((1 << this.bits) - 1);
    let bits = this.bits;
    while (bits <= 16) {
      let byte = 0;
      if (this.phantom === 0 && this.pos < data.length) {
        byte = data[this.pos]!;
        if (byte === 0xff) {
          if (data[this.pos + 1] === 0) this.pos += 2;
          else {
            byte = 0;
            this.phantom++;
          }
        } else this.pos++;
      } else this.phantom++;
      acc = (acc << 8) | byte;
      bits += 8;
    }
    this.acc = acc;
    this.bits = bits;
  }

  /** Whether bits fed after the data's end were used: the scan is truncated or damaged. */
  overran(): boolean {
    return this.bits < this.phantom * 8;
  }

  /** Drops the buffered bits (at a restart marker or the end of a scan). */
  reset(): void {
    this.acc = 0;
    this.bits = 0;
    this.phantom = 0;
    this.eobrun = 0;
  }

  decode(table: HuffmanTable): number {
    if (this.bits < 16) this.fill();
    const entry = table.lookup[(this.acc >> (this.bits - LOOKUP_BITS)) & ((1 << LOOKUP_BITS) - 1)]!;
    if (entry !== 0) {
      this.bits -= entry >> 8;
      return entry & 0xff;
    }
    return this.decodeLong(table);
  }

  /** Codes longer than the lookup's 9 bits. */
  decodeLong(table: HuffmanTable): number {
    let len = LOOKUP_BITS + 1;
    let code = (this.acc >> (this.bits - len)) & ((1 << len) - 1);
    while (code > table.maxCode[len]!) {
      len++;
      if (len > 16) corrupt('a bad Huffman code');
      code = (this.acc >> (this.bits - len)) & ((1 << len) - 1);
    }
    this.bits -= len;
    return table.values[table.valueIndex[len]! + code - table.minCode[len]!]!;
  }

  /** The next n (≤ 16) bits as an unsigned number. */
  receive(n: number): number {
    if (this.bits < n) this.fill();
    this.bits -= n;
    return (this.acc >> this.bits) & ((1 << n) - 1);
  }

  /** The next n (1–16) bits as a signed coefficient (JPEG's EXTEND). */
  receiveExtend(n: number): number {
    if (this.bits < n) this.fill();
    this.bits -= n;
    const v = (this.acc >> this.bits) & ((1 << n) - 1);
    return v < 1 << (n - 1) ? v - (1 << n) + 1 : v;
  }

  skip(n: number): void {
    if (this.bits < n) this.fill();
    this.bits -= n;
  }
}

interface Frame {
  width: number;
  height: number;
  progressive: boolean;
  components: Component[];
  hMax: number;
  vMax: number;
  mcusPerLine: number;
  mcusPerColumn: number;
}

function unsupported(what: string): never {
  throw new JpegUnsupportedError(`The JPEG uses ${what}, which this decoder does not handle`);
}

function corrupt(what: string): never {
  throw new JpegCorruptError(`The JPEG data is damaged (${what})`);
}

/**
 * Reads the marker segments up to the first scan: the frame header (size, components, sampling).
 *
 * @param bytes - The JPEG file.
 * @returns Its size, component count, whether it is progressive and the sampling factors.
 * @example readJpegHeader(bytes) // { width: 640, height: 480, components: 3, progressive: false, ... }
 */
export function readJpegHeader(bytes: Uint8Array): JpegHeader {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8)
    throw new JpegCorruptError('Not a JPEG file (no SOI marker)');
  let pos = 2;
  while (pos + 4 <= bytes.length) {
    if (bytes[pos] !== 0xff) corrupt(`no marker at byte ${pos}`);
    const marker = bytes[pos + 1]!;
    if (marker === 0xff) {
      pos++;
      continue;
    }
    const length = (bytes[pos + 2]! << 8) | bytes[pos + 3]!;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (pos + 2 + length > bytes.length || length < 8) corrupt('the frame header is cut short');
      const n = bytes[pos + 9]!;
      const sampling: [number, number][] = [];
      for (let i = 0; i < n; i++) {
        const hv = bytes[pos + 11 + i * 3]!;
        sampling.push([hv >> 4, hv & 15]);
      }
      return {
        height: (bytes[pos + 5]! << 8) | bytes[pos + 6]!,
        width: (bytes[pos + 7]! << 8) | bytes[pos + 8]!,
        components: n,
        progressive: marker === 0xc2,
        sampling,
      };
    }
    if (marker === 0xda || marker === 0xd9) break;
    pos += 2 + length;
  }
  throw new JpegCorruptError('The JPEG has no frame header');
}

/**
 * Decodes a JPEG to 8-bit RGB at 1/scale of its size (rounded up, as libjpeg does).
 *
 * @param bytes - The JPEG file.
 * @param scale - 1, 2, 4 or 8.
 * @returns The image, `ceil(width / scale)` × `ceil(height / scale)`.
 * @throws JpegUnsupportedError for features outside the list above; JpegCorruptError for a damaged file.
 * @example decodeJpeg(bytes, 4) // a 640 × 480 image as 160 × 120
 */
export function decodeJpeg(bytes: Uint8Array, scale: JpegScale = 1): DecodedJpeg {
  if (!(scale === 1 || scale === 2 || scale === 4 || scale === 8))
    throw new Error(`JPEG scale ${String(scale)} is not 1, 2, 4 or 8`);
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8)
    throw new JpegCorruptError('Not a JPEG file (no SOI marker)');
  const quant: (Uint16Array | undefined)[] = [];
  const dcTables: (HuffmanTable | undefined)[] = [];
  const acTables: (HuffmanTable | undefined)[] = [];
  let frame: Frame | null = null;
  let restartInterval = 0;
  let adobeTransform: number | null = null;
  let scans = 0;
  let pos = 2;
  const end = bytes.length;
  for (;;) {
    if (pos >= end) {
      if (scans > 0) break; // no EOI: tolerated once image data was read
      corrupt('it ends before any image data');
    }
    if (bytes[pos] !== 0xff) corrupt(`no marker at byte ${pos}`);
    const marker = bytes[pos + 1]!;
    pos += 2;
    if (marker === 0xff) {
      pos--; // fill byte
      continue;
    }
    if (marker === 0xd9) break; // EOI
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (pos + 2 > end) corrupt('a marker segment is cut short');
    const length = (bytes[pos]! << 8) | bytes[pos + 1]!;
    const segEnd = pos + length;
    if (length < 2 || segEnd > end) corrupt('a marker segment is cut short');
    const seg = bytes.subarray(pos + 2, segEnd);
    switch (marker) {
      case 0xdb: {
        // DQT
        let p = 0;
        while (p < seg.length) {
          const pq = seg[p]! >> 4;
          const tq = seg[p]! & 15;
          if (tq > 3 || pq > 1) corrupt('a bad quantisation table');
          const table = new Uint16Array(64);
          p++;
          if (p + 64 * (pq + 1) > seg.length) corrupt('a quantisation table is cut short');
          for (let k = 0; k < 64; k++) {
            table[k] = pq === 0 ? seg[p]! : (seg[p]! << 8) | seg[p + 1]!;
            p += pq + 1;
          }
          quant[tq] = table;
        }
        break;
      }
      case 0xc4: {
        // DHT
        let p = 0;
        while (p < seg.length) {
          const tc = seg[p]! >> 4;
          const th = seg[p]! & 15;
          if (tc > 1 || th > 3 || p + 17 > seg.length) corrupt('a bad Huffman table');
          const counts = seg.subarray(p + 1, p + 17);
          let total = 0;
          for (let i = 0; i < 16; i++) total += counts[i]!;
          if (total > 256 || p + 17 + total > seg.length) corrupt('a Huffman table is cut short');
          const table = buildHuffmanTable(counts, seg.slice(p + 17, p + 17 + total));
          (tc === 0 ? dcTables : acTables)[th] = table;
          p += 17 + total;
        }
        break;
      }
      case 0xdd:
        if (seg.length < 2) corrupt('a bad restart interval');
        restartInterval = (seg[0]! << 8) | seg[1]!;
        break;
      case 0xee:
        // Adobe APP14: "Adobe", version, flags0, flags1, transform.
        if (seg.length >= 12 && String.fromCharCode(...seg.subarray(0, 5)) === 'Adobe')
          adobeTransform = seg[11]!;
        break;
      case 0xc0:
      case 0xc1:
      case 0xc2:
        if (frame) unsupported('more than one frame');
        frame = readFrame(seg, marker === 0xc2, scale);
        break;
      case 0xda: {
        if (!frame) corrupt('a scan before the frame header');
        pos = decodeScan(bytes, segEnd, seg, frame, dcTables, acTables, quant, restartInterval);
        scans++;
        continue;
      }
      default:
        if (marker >= 0xc3 && marker <= 0xcf && marker !== 0xc8 && marker !== 0xcc)
          unsupported(
            marker >= 0xc9
              ? 'arithmetic coding'
              : marker === 0xc3
                ? 'lossless coding'
                : 'hierarchical coding',
          );
        if (marker === 0xdc) unsupported('a DNL marker');
      // APPn, COM and the rest: skipped.
    }
    pos = segEnd;
  }
  if (!frame) corrupt('no frame header');
  if (scans === 0) corrupt('no image data');
  if (frame.progressive)
    for (const c of frame.components) {
      const q = quant[c.quantId];
      if (!q) corrupt(`no quantisation table ${c.quantId}`);
      inverseAllBlocks(c, q);
    }
  return toRgb(frame, scale, adobeTransform);
}

function readFrame(seg: Uint8Array, progressive: boolean, scale: JpegScale): Frame {
  if (seg.length < 6) corrupt('the frame header is cut short');
  if (seg[0] !== 8) unsupported(`${seg[0]}-bit samples`);
  const height = (seg[1]! << 8) | seg[2]!;
  const width = (seg[3]! << 8) | seg[4]!;
  const n = seg[5]!;
  if (width === 0 || height === 0) unsupported('a height given later (DNL) or an empty image');
  if (n !== 1 && n !== 3) unsupported(`${n} colour components`);
  if (seg.length < 6 + n * 3) corrupt('the frame header is cut short');
  const raw: { id: number; h: number; v: number; quantId: number }[] = [];
  for (let i = 0; i < n; i++) {
    const hv = seg[7 + i * 3]!;
    const h = n === 1 ? 1 : hv >> 4;
    const v = n === 1 ? 1 : hv & 15;
    if (h < 1 || h > 4 || v < 1 || v > 4) corrupt('bad sampling factors');
    raw.push({ id: seg[6 + i * 3]!, h, v, quantId: seg[8 + i * 3]! & 3 });
  }
  const hMax = Math.max(...raw.map((c) => c.h));
  const vMax = Math.max(...raw.map((c) => c.v));
  const mcusPerLine = Math.ceil(width / (8 * hMax));
  const mcusPerColumn = Math.ceil(height / (8 * vMax));
  if (mcusPerLine * mcusPerColumn * hMax * vMax * 64 * n > 1 << 28)
    unsupported(`a ${width} × ${height} image (too large)`);
  for (const c of raw)
    if (
      c.h > hMax ||
      c.v > vMax ||
      hMax % c.h !== 0 ||
      vMax % c.v !== 0 ||
      !isPowerOfTwo(hMax / c.h) ||
      !isPowerOfTwo(vMax / c.v)
    )
      unsupported(`sampling factors ${raw.map((r) => `${r.h}×${r.v}`).join(', ')}`);
  const geometry = { width, height, hMax, vMax, mcusPerLine, mcusPerColumn };
  const components = raw.map((c) => new Component(c.id, c.h, c.v, c.quantId, geometry, scale, progressive));
  return { width, height, progressive, components, hMax, vMax, mcusPerLine, mcusPerColumn };
}

/** Decodes one scan; returns the position of the marker after its data. */
function decodeScan(
  bytes: Uint8Array,
  dataStart: number,
  seg: Uint8Array,
  frame: Frame,
  dcTables: (HuffmanTable | undefined)[],
  acTables: (HuffmanTable | undefined)[],
  quant: (Uint16Array | undefined)[],
  restartInterval: number,
): number {
  const ns = seg[0]!;
  if (ns < 1 || ns > 4 || seg.length < 1 + ns * 2 + 3) corrupt('a bad scan header');
  const comps: Component[] = [];
  for (let i = 0; i < ns; i++) {
    const id = seg[1 + i * 2]!;
    const c = frame.components.find((x) => x.id === id);
    if (!c) corrupt(`a scan of an unknown component ${id}`);
    const tables = seg[2 + i * 2]!;
    c.dcTable = dcTables[tables >> 4] ?? NO_TABLE;
    c.acTable = acTables[tables & 15] ?? NO_TABLE;
    comps.push(c);
  }
  const ss = seg[1 + ns * 2]!;
  const se = seg[2 + ns * 2]!;
  const ah = seg[3 + ns * 2]! >> 4;
  const al = seg[3 + ns * 2]! & 15;
  const progressive = frame.progressive;
  if (
    progressive ? ss > se || se > 63 || (ss === 0 && se !== 0) || (ss > 0 && ns !== 1) : ss !== 0 || se !== 63
  )
    corrupt('bad spectral selection');
  for (const c of comps) {
    if ((ss === 0 && ah === 0 && c.dcTable === NO_TABLE) || (se > 0 && c.acTable === NO_TABLE))
      corrupt('a missing Huffman table');
    if (!progressive && !quant[c.quantId]) corrupt(`no quantisation table ${c.quantId}`);
    c.dcPredictor = 0;
  }
  // Which kind of scan: sequential (decode and write pixels), or one of progressive's four.
  const kind = !progressive ? 0 : ss === 0 ? (ah === 0 ? 1 : 2) : ah === 0 ? 3 : 4;
  const reader = new BitReader(bytes, dataStart);
  const block = new Int32Array(64);
  const work = new Int32Array(64);
  const single = ns === 1;
  const c0 = comps[0]!;
  const mcus = single ? c0.codedPerLine * c0.codedPerColumn : frame.mcusPerLine * frame.mcusPerColumn;
  const mcusPerLine = single ? c0.codedPerLine : frame.mcusPerLine;
  let untilRestart = restartInterval;
  for (let m = 0; m < mcus; m++) {
    if (restartInterval > 0) {
      if (untilRestart === 0) {
        if (reader.overran()) corrupt('an interval ends early');
        reader.reset();
        const p = nextMarker(bytes, reader.pos);
        const marker = bytes[p + 1]!;
        if (p + 1 >= bytes.length || marker < 0xd0 || marker > 0xd7) corrupt('a restart marker is missing');
        reader.pos = p + 2;
        for (const c of comps) c.dcPredictor = 0;
        untilRestart = restartInterval;
      }
      untilRestart--;
    }
    const mcuRow = Math.floor(m / mcusPerLine);
    const mcuCol = m - mcuRow * mcusPerLine;
    if (single) decodeBlock(kind, reader, c0, mcuRow, mcuCol, block, work, quant, ss, se, al);
    else
      for (let i = 0; i < ns; i++) {
        const c = comps[i]!;
        for (let y = 0; y < c.v; y++)
          for (let x = 0; x < c.h; x++)
            decodeBlock(kind, reader, c, mcuRow * c.v + y, mcuCol * c.h + x, block, work, quant, ss, se, al);
      }
  }
  if (reader.overran()) corrupt('the image data ends early (truncated?)');
  return nextMarker(bytes, reader.pos);
}

function decodeBlock(
  kind: number,
  r: BitReader,
  c: Component,
  row: number,
  col: number,
  block: Int32Array,
  work: Int32Array,
  quant: (Uint16Array | undefined)[],
  ss: number,
  se: number,
  al: number,
): void {
  if (kind === 0) {
    const last = decodeSequential(r, c, block, quant[c.quantId]!);
    inverseBlock(block, last, c, row, col, work);
    return;
  }
  const base = (row * c.blocksPerLine + col) * 64;
  if (kind === 1) {
    const t = r.decode(c.dcTable);
    c.dcPredictor += t === 0 ? 0 : r.receiveExtend(t);
    c.coefficients[base] = c.dcPredictor * (1 << al);
  } else if (kind === 2) {
    if (r.receive(1)) c.coefficients[base] |= 1 << al;
  } else if (kind === 3) decodeAcFirst(r, c.acTable, c.coefficients, base, ss, se, al);
  else decodeAcRefine(r, c.acTable, c.coefficients, base, ss, se, al);
}

/**
 * A sequential block: its coefficients, dequantised, into `block` (natural order). Returns the zig-zag index
 * of the last non-zero one (0: only DC). Components that need only DC skip the AC values' bits.
 */
function decodeSequential(r: BitReader, c: Component, block: Int32Array, q: Uint16Array): number {
  const t = r.decode(c.dcTable);
  if (t !== 0) c.dcPredictor += r.receiveExtend(t);
  block[0] = c.dcPredictor * q[0]!;
  const ac = c.acTable;
  const dcOnly = c.dcOnly;
  let last = 0;
  for (let k = 1; k < 64;) {
    const rs = r.decode(ac);
    const s = rs & 15;
    if (s === 0) {
      if (rs !== 0xf0) break;
      k += 16;
      continue;
    }
    k += rs >> 4;
    if (k > 63) corrupt('a coefficient past the end of a block');
    if (dcOnly) r.skip(s);
    else {
      block[ZIGZAG[k]!] = r.receiveExtend(s) * q[k]!;
      last = k;
    }
    k++;
  }
  return last;
}

/** A progressive scan's first pass over AC coefficients ss…se of one block. */
function decodeAcFirst(
  r: BitReader,
  ac: HuffmanTable,
  coef: Int16Array,
  base: number,
  ss: number,
  se: number,
  al: number,
): void {
  if (r.eobrun > 0) {
    r.eobrun--;
    return;
  }
  for (let k = ss; k <= se;) {
    const rs = r.decode(ac);
    const s = rs & 15;
    const run = rs >> 4;
    if (s === 0) {
      if (run < 15) {
        r.eobrun = (1 << run) - 1;
        if (run) r.eobrun += r.receive(run);
        break;
      }
      k += 16;
      continue;
    }
    k += run;
    if (k > 63) corrupt('a coefficient past the end of a block');
    coef[base + ZIGZAG[k]!] = r.receiveExtend(s) * (1 << al);
    k++;
  }
}

/** A progressive scan's refinement of AC coefficients ss…se of one block (libjpeg's decode_mcu_AC_refine). */
function decodeAcRefine(
  r: BitReader,
  ac: HuffmanTable,
  coef: Int16Array,
  base: number,
  ss: number,
  se: number,
  al: number,
): void {
  const p1 = 1 << al;
  const m1 = -1 << al;
  let k = ss;
  if (r.eobrun === 0) {
    for (; k <= se; k++) {
      const rs = r.decode(ac);
      let s = rs & 15;
      let run = rs >> 4;
      if (s !== 0) {
        if (s !== 1) corrupt('a bad refinement code');
        s = r.receive(1) ? p1 : m1;
      } else if (run !== 15) {
        r.eobrun = 1 << run;
        if (run) r.eobrun += r.receive(run);
        break;
      }
      do {
        const z = base + ZIGZAG[k]!;
        const value = coef[z]!;
        if (value !== 0) {
          if (r.receive(1) && (value & p1) === 0) coef[z] = value >= 0 ? value + p1 : value + m1;
        } else if (--run < 0) break;
        k++;
      } while (k <= se);
      if (s !== 0) {
        if (k > 63) corrupt('a coefficient past the end of a block');
        coef[base + ZIGZAG[k]!] = s;
      }
    }
  }
  if (r.eobrun > 0) {
    for (; k <= se; k++) {
      const z = base + ZIGZAG[k]!;
      const value = coef[z]!;
      if (value !== 0 && r.receive(1) && (value & p1) === 0) coef[z] = value >= 0 ? value + p1 : value + m1;
    }
    r.eobrun--;
  }
}

/** The position of the next marker other than a stuffed zero (or the end of the data). */
function nextMarker(bytes: Uint8Array, from: number): number {
  let p = from;
  while (p + 1 < bytes.length && !(bytes[p] === 0xff && bytes[p + 1] !== 0 && bytes[p + 1] !== 0xff)) p++;
  return p + 1 < bytes.length ? p : bytes.length;
}

/**
 * Writes one block's pixels (its reduced inverse DCT, + 128) into its component's plane. `block` holds the
 * dequantised coefficients in natural order and is cleared on return; `last` is the highest zig-zag index
 * that may be non-zero. Integer arithmetic in two passes (rows, then columns), as libjpeg's islow.
 */
function inverseBlock(
  block: Int32Array,
  last: number,
  c: Component,
  row: number,
  col: number,
  work: Int32Array,
): void {
  const outX = c.outX;
  const outY = c.outY;
  const repeatX = c.repeatX;
  const repeatY = c.repeatY;
  const plane = c.plane;
  const stride = c.planeStride;
  const x0 = col * outX * repeatX;
  const y0 = row * outY * repeatY;
  if (last === 0) {
    // DC only: a flat block (the basis of u = v = 0 is 1/8 everywhere).
    const value = ((block[0]! + 4) >> 3) + 128;
    block[0] = 0;
    const w = outX * repeatX;
    const h = outY * repeatY;
    for (let y = 0; y < h; y++) {
      const p = (y0 + y) * stride + x0;
      for (let x = 0; x < w; x++) plane[p + x] = value;
    }
    return;
  }
  const bx = c.basisX;
  const by = c.basisY;
  // Rows of coefficients: work[v · 8 + x] = Σ_u F(v, u) · basisX(x, u), for the rows that are not zero.
  let rows = 0;
  for (let v = 0; v < 8; v++) {
    const b = v * 8;
    const f0 = block[b]!;
    const f1 = block[b + 1]!;
    const f2 = block[b + 2]!;
    const f3 = block[b + 3]!;
    const f4 = block[b + 4]!;
    const f5 = block[b + 5]!;
    const f6 = block[b + 6]!;
    const f7 = block[b + 7]!;
    if ((f0 | f1 | f2 | f3 | f4 | f5 | f6 | f7) === 0) continue;
    rows |= 1 << v;
    for (let x = 0, m = 0; x < outX; x++, m += 8)
      work[b + x] =
        (f0 * bx[m]! +
          f1 * bx[m + 1]! +
          f2 * bx[m + 2]! +
          f3 * bx[m + 3]! +
          f4 * bx[m + 4]! +
          f5 * bx[m + 5]! +
          f6 * bx[m + 6]! +
          f7 * bx[m + 7]! +
          (1 << (PASS1_SHIFT - 1))) >>
        PASS1_SHIFT;
    block[b] =
      block[b + 1] =
      block[b + 2] =
      block[b + 3] =
      block[b + 4] =
      block[b + 5] =
      block[b + 6] =
      block[b + 7] =
        0;
  }
  const bias = (128 << PASS2_SHIFT) + (1 << (PASS2_SHIFT - 1));
  for (let y = 0, m = 0; y < outY; y++, m += 8) {
    for (let x = 0; x < outX; x++) {
      let sum = bias;
      for (let v = 0, rest = rows; rest !== 0; v++, rest >>= 1)
        if (rest & 1) sum += by[m + v]! * work[v * 8 + x]!;
      const value = sum >> PASS2_SHIFT;
      if (repeatX === 1 && repeatY === 1) plane[(y0 + y) * stride + x0 + x] = value;
      else
        for (let dy = 0; dy < repeatY; dy++) {
          const p = (y0 + y * repeatY + dy) * stride + x0 + x * repeatX;
          for (let dx = 0; dx < repeatX; dx++) plane[p + dx] = value;
        }
    }
  }
}

/** Progressive frames: every stored block, dequantised, through the reduced inverse DCT. */
function inverseAllBlocks(c: Component, q: Uint16Array): void {
  const coef = c.coefficients;
  const block = new Int32Array(64);
  const work = new Int32Array(64);
  for (let row = 0; row < c.blocksPerColumn; row++)
    for (let col = 0; col < c.blocksPerLine; col++) {
      const base = (row * c.blocksPerLine + col) * 64;
      let last = 0;
      block[0] = coef[base]! * q[0]!;
      if (!c.dcOnly)
        for (let k = 1; k < 64; k++) {
          const z = ZIGZAG[k]!;
          const value = coef[base + z]!;
          if (value !== 0) {
            block[z] = value * q[k]!;
            last = k;
          }
        }
      inverseBlock(block, last, c, row, col, work);
    }
}

/** YCbCr → RGB (JFIF), libjpeg's tables: 16 fractional bits, rounded. */
const CR_R = new Int32Array(256);
const CB_B = new Int32Array(256);
const CR_G = new Int32Array(256);
const CB_G = new Int32Array(256);
for (let i = 0; i < 256; i++) {
  const x = i - 128;
  CR_R[i] = Math.round(1.402 * x);
  CB_B[i] = Math.round(1.772 * x);
  CR_G[i] = -Math.round(0.714136 * x * 65536);
  CB_G[i] = -Math.round(0.344136 * x * 65536) + 32768;
}

function toRgb(frame: Frame, scale: JpegScale, adobeTransform: number | null): DecodedJpeg {
  const width = Math.ceil(frame.width / scale);
  const height = Math.ceil(frame.height / scale);
  const out = new Uint8ClampedArray(width * height * 3);
  const [a, b, c] = frame.components;
  const stride = a!.planeStride;
  const p0 = a!.plane;
  if (!b || !c) {
    for (let row = 0; row < height; row++)
      for (let x = 0, p = row * stride, o = row * width * 3; x < width; x++, p++, o += 3)
        out[o] = out[o + 1] = out[o + 2] = p0[p]!;
    return { width, height, rgb: new Uint8Array(out.buffer) };
  }
  // Three components: YCbCr unless an Adobe marker says otherwise or they are named R, G, B.
  const named = a!.id === 0x52 && b.id === 0x47 && c.id === 0x42;
  const transform = adobeTransform !== null ? adobeTransform !== 0 : !named;
  const p1 = b.plane;
  const p2 = c.plane;
  for (let row = 0; row < height; row++) {
    let p = row * stride;
    let o = row * width * 3;
    if (transform)
      for (let x = 0; x < width; x++, p++, o += 3) {
        const yy = p0[p]!;
        const cb = p1[p]!;
        const cr = p2[p]!;
        out[o] = yy + CR_R[cr]!;
        out[o + 1] = yy + ((CB_G[cb]! + CR_G[cr]!) >> 16);
        out[o + 2] = yy + CB_B[cb]!;
      }
    else
      for (let x = 0; x < width; x++, p++, o += 3) {
        out[o] = p0[p]!;
        out[o + 1] = p1[p]!;
        out[o + 2] = p2[p]!;
      }
  }
  return { width, height, rgb: new Uint8Array(out.buffer) };
}
