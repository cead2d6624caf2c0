/**
 * A small JPEG encoder for tests only (decision 0059): baseline or progressive (libjpeg's default scan script:
 * spectral selection and successive approximation, DC and AC refinement), any power-of-two luma sampling with
 * 1 × 1 chroma, grey, restart intervals, optimal Huffman tables per scan (ITU T.81 Annex K.2, so codes longer
 * than 9 bits and EOB runs appear). Slow and straightforward (a float forward DCT); the decoder's tests check
 * its output against jpeg-js's decoder as well as against ours.
 */

export interface TestJpegOptions {
  /** Luma sampling factors [h, v] (chroma is 1 × 1): [1, 1] 4:4:4, [2, 1] 4:2:2, [2, 2] 4:2:0. */
  sampling?: [number, number];
  grey?: boolean;
  /** libjpeg's quality (1–100). */
  quality?: number;
  progressive?: boolean;
  restartInterval?: number;
  /** Sequential only: one scan per component instead of one interleaved scan. */
  separateScans?: boolean;
}

const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7,
  14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46,
  53, 60, 61, 54, 47, 55, 62, 63,
];

/** ITU T.81 Annex K tables, natural order. */
const LUMA_Q = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22,
  29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103,
  121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];
const CHROMA_Q = [
  17,
  18,
  24,
  47,
  99,
  99,
  99,
  99,
  18,
  21,
  26,
  66,
  99,
  99,
  99,
  99,
  24,
  26,
  56,
  99,
  99,
  99,
  99,
  99,
  47,
  66,
  99,
  99,
  99,
  99,
  99,
  99,
  ...new Array<number>(32).fill(99),
];

function scaledTable(base: number[], quality: number): number[] {
  const q = Math.min(100, Math.max(1, quality));
  const s = q < 50 ? 5000 / q : 200 - q * 2;
  return base.map((v) => Math.min(255, Math.max(1, Math.floor((v * s + 50) / 100))));
}

interface EncComponent {
  id: number;
  h: number;
  v: number;
  tq: number;
  table: number;
  /** Quantised coefficients, zig-zag order, per block (storage includes MCU padding). */
  coef: Int32Array;
  blocksPerLine: number;
  codedPerLine: number;
  codedPerColumn: number;
}

/** Symbols and raw bits of one scan, gathered before the tables are known. */
type Item =
  { table: number; ac: boolean; symbol: number } | { bits: number; n: number } | { restart: number };

class ScanItems {
  items: Item[] = [];
  sym(ac: boolean, table: number, symbol: number): void {
    this.items.push({ ac, table, symbol });
  }
  bits(bits: number, n: number): void {
    if (n > 0) this.items.push({ bits: bits & ((1 << n) - 1), n });
  }
}

function bitLength(v: number): number {
  let n = 0;
  while (v > 0) {
    n++;
    v >>= 1;
  }
  return n;
}

/** Annex K.2 (libjpeg's jpeg_gen_optimal_table): code lengths ≤ 16, the all-ones code left unused. */
function optimalTable(freqIn: number[]): { counts: number[]; values: number[] } {
  const freq = [...freqIn, 1];
  const codesize = new Array<number>(257).fill(0);
  const others = new Array<number>(257).fill(-1);
  for (;;) {
    let c1 = -1;
    let v = Infinity;
    for (let i = 0; i <= 256; i++)
      if (freq[i]! > 0 && freq[i]! <= v) {
        v = freq[i]!;
        c1 = i;
      }
    let c2 = -1;
    v = Infinity;
    for (let i = 0; i <= 256; i++)
      if (freq[i]! > 0 && freq[i]! <= v && i !== c1) {
        v = freq[i]!;
        c2 = i;
      }
    if (c2 < 0) break;
    freq[c1]! += freq[c2]!;
    freq[c2] = 0;
    codesize[c1]!++;
    while (others[c1]! >= 0) {
      c1 = others[c1]!;
      codesize[c1]!++;
    }
    others[c1] = c2;
    codesize[c2]!++;
    while (others[c2]! >= 0) {
      c2 = others[c2]!;
      codesize[c2]!++;
    }
  }
  const bits = new Array<number>(33).fill(0);
  for (let i = 0; i <= 256; i++) if (codesize[i]! > 0) bits[codesize[i]!]!++;
  for (let i = 32; i > 16; i--)
    while (bits[i]! > 0) {
      let j = i - 2;
      while (bits[j] === 0) j--;
      bits[i]! -= 2;
      bits[i - 1]!++;
      bits[j + 1]! += 2;
      bits[j]!--;
    }
  let i = 16;
  while (bits[i] === 0) i--;
  bits[i]!--;
  const values: number[] = [];
  for (let len = 1; len <= 32; len++) for (let s = 0; s < 256; s++) if (codesize[s] === len) values.push(s);
  return { counts: bits.slice(1, 17), values };
}

function canonicalCodes(counts: number[], values: number[]): Map<number, [number, number]> {
  const codes = new Map<number, [number, number]>();
  let code = 0;
  let k = 0;
  for (let len = 1; len <= 16; len++) {
    for (let i = 0; i < counts[len - 1]!; i++) codes.set(values[k++]!, [code++, len]);
    code <<= 1;
  }
  return codes;
}

class ByteWriter {
  bytes: number[] = [];
  private acc = 0;
  private n = 0;
  u8(v: number): void {
    this.bytes.push(v & 255);
  }
  u16(v: number): void {
    this.u8(v >> 8);
    this.u8(v);
  }
  segment(marker: number, body: number[]): void {
    this.u8(0xff);
    this.u8(marker);
    this.u16(body.length + 2);
    for (const b of body) this.u8(b);
  }
  putBits(bits: number, n: number): void {
    for (let i = n - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | ((bits >> i) & 1);
      this.n++;
      if (this.n === 8) {
        this.u8(this.acc);
        if (this.acc === 0xff) this.u8(0);
        this.acc = 0;
        this.n = 0;
      }
    }
  }
  flushBits(): void {
    if (this.n > 0) this.putBits(0x7f, 8 - this.n);
  }
}

/**
 * Encode an RGB image as a JPEG.
 *
 * @param width - Pixels a row.
 * @param height - Rows.
 * @param rgb - 8-bit RGB, row-major.
 * @param options - Sampling, quality, progressive, restart interval.
 * @returns The JPEG file.
 * @example encodeTestJpeg(64, 48, rgb, { sampling: [2, 2], progressive: true })
 */
export function encodeTestJpeg(
  width: number,
  height: number,
  rgb: Uint8Array,
  options: TestJpegOptions = {},
): Uint8Array {
  const [sh, sv] = options.grey ? [1, 1] : (options.sampling ?? [2, 2]);
  const quality = options.quality ?? 90;
  const quant = [scaledTable(LUMA_Q, quality), scaledTable(CHROMA_Q, quality)];
  const specs = options.grey
    ? [{ id: 1, h: 1, v: 1, tq: 0, table: 0 }]
    : [
        { id: 1, h: sh, v: sv, tq: 0, table: 0 },
        { id: 2, h: 1, v: 1, tq: 1, table: 1 },
        { id: 3, h: 1, v: 1, tq: 1, table: 1 },
      ];
  const hMax = Math.max(...specs.map((s) => s.h));
  const vMax = Math.max(...specs.map((s) => s.v));
  const mcusX = Math.ceil(width / (8 * hMax));
  const mcusY = Math.ceil(height / (8 * vMax));
  const pixel = (x: number, y: number, c: number): number => {
    const i = (Math.min(height - 1, y) * width + Math.min(width - 1, x)) * 3;
    const r = rgb[i]!;
    const g = rgb[i + 1]!;
    const b = rgb[i + 2]!;
    if (c === 0) return 0.299 * r + 0.587 * g + 0.114 * b;
    if (c === 1) return -0.168736 * r - 0.331264 * g + 0.5 * b + 128;
    return 0.5 * r - 0.418688 * g - 0.081312 * b + 128;
  };
  const cos = (x: number, u: number) => Math.cos(((2 * x + 1) * u * Math.PI) / 16);
  const components: EncComponent[] = specs.map((s, ci) => {
    const blocksPerLine = mcusX * s.h;
    const blocksPerColumn = mcusY * s.v;
    const fx = hMax / s.h;
    const fy = vMax / s.v;
    const coef = new Int32Array(blocksPerLine * blocksPerColumn * 64);
    const samples = new Float64Array(64);
    const q = quant[s.tq]!;
    for (let by = 0; by < blocksPerColumn; by++)
      for (let bx = 0; bx < blocksPerLine; bx++) {
        for (let y = 0; y < 8; y++)
          for (let x = 0; x < 8; x++) {
            let sum = 0;
            for (let j = 0; j < fy; j++)
              for (let i = 0; i < fx; i++) sum += pixel((bx * 8 + x) * fx + i, (by * 8 + y) * fy + j, ci);
            samples[y * 8 + x] = sum / (fx * fy) - 128;
          }
        for (let k = 0; k < 64; k++) {
          const n = ZIGZAG[k]!;
          const u = n % 8;
          const v = Math.floor(n / 8);
          let sum = 0;
          for (let y = 0; y < 8; y++)
            for (let x = 0; x < 8; x++) sum += samples[y * 8 + x]! * cos(x, u) * cos(y, v);
          const f = (0.25 * (u === 0 ? Math.SQRT1_2 : 1) * (v === 0 ? Math.SQRT1_2 : 1) * sum) / q[n]!;
          coef[(by * blocksPerLine + bx) * 64 + k] = Math.round(f);
        }
      }
    return {
      ...s,
      coef,
      blocksPerLine,
      codedPerLine: Math.ceil(Math.ceil((width * s.h) / hMax) / 8),
      codedPerColumn: Math.ceil(Math.ceil((height * s.v) / vMax) / 8),
    };
  });

  const out = new ByteWriter();
  out.u8(0xff);
  out.u8(0xd8);
  out.segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  for (let t = 0; t < (options.grey ? 1 : 2); t++)
    out.segment(0xdb, [t, ...ZIGZAG.map((n) => quant[t]![n]!)]);
  const sof = [8, height >> 8, height & 255, width >> 8, width & 255, components.length];
  for (const c of components) sof.push(c.id, (c.h << 4) | c.v, c.tq);
  out.segment(options.progressive ? 0xc2 : 0xc0, sof);
  if (options.restartInterval)
    out.segment(0xdd, [options.restartInterval >> 8, options.restartInterval & 255]);

  const [y, cb, cr] = components;
  type Scan = { comps: EncComponent[]; ss: number; se: number; ah: number; al: number };
  let scans: Scan[];
  if (!options.progressive)
    scans = options.separateScans
      ? components.map((c) => ({ comps: [c], ss: 0, se: 63, ah: 0, al: 0 }))
      : [{ comps: components, ss: 0, se: 63, ah: 0, al: 0 }];
  else if (!cb || !cr)
    scans = [
      { comps: [y!], ss: 0, se: 0, ah: 0, al: 1 },
      { comps: [y!], ss: 1, se: 5, ah: 0, al: 2 },
      { comps: [y!], ss: 6, se: 63, ah: 0, al: 2 },
      { comps: [y!], ss: 1, se: 63, ah: 2, al: 1 },
      { comps: [y!], ss: 0, se: 0, ah: 1, al: 0 },
      { comps: [y!], ss: 1, se: 63, ah: 1, al: 0 },
    ];
  else
    scans = [
      // libjpeg's jpeg_simple_progression for YCbCr.
      { comps: components, ss: 0, se: 0, ah: 0, al: 1 },
      { comps: [y!], ss: 1, se: 5, ah: 0, al: 2 },
      { comps: [cr], ss: 1, se: 63, ah: 0, al: 1 },
      { comps: [cb], ss: 1, se: 63, ah: 0, al: 1 },
      { comps: [y!], ss: 6, se: 63, ah: 0, al: 2 },
      { comps: [y!], ss: 1, se: 63, ah: 2, al: 1 },
      { comps: components, ss: 0, se: 0, ah: 1, al: 0 },
      { comps: [cr], ss: 1, se: 63, ah: 1, al: 0 },
      { comps: [cb], ss: 1, se: 63, ah: 1, al: 0 },
      { comps: [y!], ss: 1, se: 63, ah: 1, al: 0 },
    ];
  for (const scan of scans) writeScan(out, scan, mcusX, mcusY, options.restartInterval ?? 0);
  out.u8(0xff);
  out.u8(0xd9);
  return new Uint8Array(out.bytes);
}

function writeScan(
  out: ByteWriter,
  scan: { comps: EncComponent[]; ss: number; se: number; ah: number; al: number },
  mcusX: number,
  mcusY: number,
  restartInterval: number,
): void {
  const { comps, ss, se, ah, al } = scan;
  const items = new ScanItems();
  const last = new Map<EncComponent, number>();
  let eobrun = 0;
  let be: number[] = []; // correction bits buffered across an EOB run (refinement)
  const emitEobrun = (table: number) => {
    if (eobrun > 0) {
      const n = bitLength(eobrun) - 1;
      items.sym(true, table, n << 4);
      items.bits(eobrun, n);
      eobrun = 0;
      for (const b of be) items.bits(b, 1);
      be = [];
    }
  };
  const block = (c: EncComponent, row: number, col: number) => {
    const base = (row * c.blocksPerLine + col) * 64;
    const coef = c.coef;
    if (ss === 0) {
      if (ah === 0) {
        const value = coef[base]! >> al;
        const diff = value - (last.get(c) ?? 0);
        last.set(c, value);
        const n = bitLength(Math.abs(diff));
        items.sym(false, c.table, n);
        items.bits(diff < 0 ? diff - 1 : diff, n);
      } else items.bits((coef[base]! >> al) & 1, 1);
      if (se === 0) return;
    }
    const from = Math.max(1, ss);
    if (ah === 0) {
      let run = 0;
      for (let k = from; k <= se; k++) {
        const c0 = coef[base + k]!;
        const mag = Math.abs(c0) >> al;
        if (mag === 0) {
          run++;
          continue;
        }
        emitEobrun(c.table);
        while (run > 15) {
          items.sym(true, c.table, 0xf0);
          run -= 16;
        }
        const n = bitLength(mag);
        items.sym(true, c.table, (run << 4) | n);
        items.bits(c0 < 0 ? ~mag : mag, n);
        run = 0;
      }
      if (run > 0) {
        if (ss === 0) items.sym(true, c.table, 0);
        else {
          eobrun++;
          if (eobrun === 0x7fff) emitEobrun(c.table);
        }
      }
      return;
    }
    // AC refinement (libjpeg's encode_mcu_AC_refine).
    const abs: number[] = [];
    let eob = 0;
    for (let k = from; k <= se; k++) {
      abs[k] = Math.abs(coef[base + k]!) >> al;
      if (abs[k] === 1) eob = k;
    }
    let run = 0;
    let br: number[] = [];
    for (let k = from; k <= se; k++) {
      const t = abs[k]!;
      if (t === 0) {
        run++;
        continue;
      }
      while (run > 15 && k <= eob) {
        emitEobrun(c.table);
        items.sym(true, c.table, 0xf0);
        run -= 16;
        for (const b of br) items.bits(b, 1);
        br = [];
      }
      if (t > 1) {
        br.push(t & 1);
        continue;
      }
      emitEobrun(c.table);
      items.sym(true, c.table, (run << 4) | 1);
      items.bits(coef[base + k]! < 0 ? 0 : 1, 1);
      for (const b of br) items.bits(b, 1);
      br = [];
      run = 0;
    }
    if (run > 0 || br.length > 0) {
      eobrun++;
      be.push(...br);
      if (eobrun === 0x7fff || be.length > 900) emitEobrun(c.table);
    }
  };
  const single = comps.length === 1;
  const c0 = comps[0]!;
  const mcus = single ? c0.codedPerLine * c0.codedPerColumn : mcusX * mcusY;
  const perLine = single ? c0.codedPerLine : mcusX;
  let restarts = 0;
  for (let m = 0; m < mcus; m++) {
    if (restartInterval > 0 && m > 0 && m % restartInterval === 0) {
      emitEobrun(c0.table);
      items.items.push({ restart: restarts++ & 7 });
      last.clear();
    }
    const row = Math.floor(m / perLine);
    const col = m % perLine;
    if (single) block(c0, row, col);
    else
      for (const c of comps)
        for (let y = 0; y < c.v; y++) for (let x = 0; x < c.h; x++) block(c, row * c.v + y, col * c.h + x);
  }
  emitEobrun(c0.table);

  // Optimal tables for the symbols this scan uses, then the scan.
  const freqs = new Map<string, number[]>();
  for (const it of items.items)
    if ('symbol' in it) {
      const key = `${it.ac ? 1 : 0}${it.table}`;
      const f = freqs.get(key) ?? new Array<number>(256).fill(0);
      f[it.symbol]!++;
      freqs.set(key, f);
    }
  const codes = new Map<string, Map<number, [number, number]>>();
  const dht: number[] = [];
  for (const [key, f] of freqs) {
    const { counts, values } = optimalTable(f);
    codes.set(key, canonicalCodes(counts, values));
    dht.push((Number(key[0]) << 4) | Number(key[1]), ...counts, ...values);
  }
  if (dht.length > 0) out.segment(0xc4, dht);
  const sos = [comps.length];
  for (const c of comps) sos.push(c.id, (c.table << 4) | c.table);
  sos.push(ss, se, (ah << 4) | al);
  out.segment(0xda, sos);
  for (const it of items.items) {
    if ('symbol' in it) {
      const [code, len] = codes.get(`${it.ac ? 1 : 0}${it.table}`)!.get(it.symbol)!;
      out.putBits(code, len);
    } else if ('restart' in it) {
      out.flushBits();
      out.u8(0xff);
      out.u8(0xd0 + it.restart);
    } else out.putBits(it.bits, it.n);
  }
  out.flushBits();
}
