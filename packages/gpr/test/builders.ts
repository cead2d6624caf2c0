/**
 * Small synthetic files in every format, written from the format notes, for tests that must not depend on
 * the shared data and as extra fuzz seeds.
 */

/** Options for {@link buildDzt}. */
export interface DztSpec {
  samplesPerTrace?: number;
  bits?: 8 | 16 | 32;
  traces?: number;
  channels?: number;
  withCounter?: boolean;
  markEvery?: number;
  rangeNs?: number;
  positionNs?: number;
  scansPerMetre?: number;
  antenna?: string;
  systemCode?: number;
  dataField?: number;
  createdRaw?: number;
}

/** A DZT file: header block(s) then samples (channel-interleaved per scan). */
export function buildDzt(spec: DztSpec = {}): Uint8Array {
  const ns = spec.samplesPerTrace ?? 64;
  const bits = spec.bits ?? 16;
  const traces = spec.traces ?? 12;
  const channels = spec.channels ?? 1;
  const dataField = spec.dataField ?? 1024;
  const headerBytes = dataField < 1024 ? dataField * 1024 : 1024 * channels;
  const bps = bits / 8;
  const out = new Uint8Array(headerBytes + traces * channels * ns * bps);
  const v = new DataView(out.buffer);
  for (let c = 0; c < channels && (c + 1) * 1024 <= headerBytes; c++) {
    const b = c * 1024;
    v.setUint16(b, 0x00ff, true);
    v.setUint16(b + 2, dataField, true);
    v.setUint16(b + 4, ns, true);
    v.setUint16(b + 6, bits, true);
    v.setFloat32(b + 10, 100, true);
    v.setFloat32(b + 14, spec.scansPerMetre ?? 100, true);
    v.setFloat32(b + 22, spec.positionNs ?? 0, true);
    v.setFloat32(b + 26, (spec.rangeNs ?? 10) * (c + 1), true);
    v.setUint32(b + 32, spec.createdRaw ?? 0, true);
    v.setUint16(b + 52, channels, true);
    v.setFloat32(b + 54, 7, true);
    const name = spec.antenna ?? '51600S';
    for (let i = 0; i < name.length && i < 13; i++) out[b + 98 + i] = name.charCodeAt(i);
    out[b + 113] = ((spec.systemCode ?? 3) << 3) | 1;
  }
  const centre = bits === 8 ? 128 : bits === 16 ? 32768 : 0;
  for (let t = 0; t < traces; t++) {
    for (let c = 0; c < channels; c++) {
      for (let s = 0; s < ns; s++) {
        let value = centre + Math.round(100 * Math.sin((s + t + c * 7) / 5));
        if (spec.withCounter && s === 0) value = t + 1;
        if (spec.withCounter && s === 1)
          value = spec.markEvery && t % spec.markEvery === 0 ? (bits === 8 ? 0x64 : 0x6400) : 0;
        const off = headerBytes + ((t * channels + c) * ns + s) * bps;
        if (bps === 1) v.setUint8(off, value & 0xff);
        else if (bps === 2) v.setUint16(off, value & 0xffff, true);
        else v.setInt32(off, value, true);
      }
    }
  }
  return out;
}

const EBCDIC: Record<string, number> = {
  ' ': 0x40,
  '.': 0x4b,
  ':': 0x7a,
  '-': 0x60,
  '/': 0x61,
  '=': 0x7e,
  ',': 0x6b,
};
for (let i = 0; i < 9; i++) {
  EBCDIC[String.fromCharCode(65 + i)] = 0xc1 + i;
  EBCDIC[String.fromCharCode(74 + i)] = 0xd1 + i;
  EBCDIC[String.fromCharCode(97 + i)] = 0x81 + i;
  EBCDIC[String.fromCharCode(106 + i)] = 0x91 + i;
}
for (let i = 0; i < 8; i++) {
  EBCDIC[String.fromCharCode(83 + i)] = 0xe2 + i;
  EBCDIC[String.fromCharCode(115 + i)] = 0xa2 + i;
}
for (let i = 0; i < 10; i++) EBCDIC[String(i)] = 0xf0 + i;

/** IBM System/360 float32 bits of `value`. */
export function numberToIbm(value: number): number {
  if (value === 0) return 0;
  const sign = value < 0 ? 0x80000000 : 0;
  let a = Math.abs(value);
  let exponent = 64;
  while (a >= 1) {
    a /= 16;
    exponent++;
  }
  while (a < 1 / 16) {
    a *= 16;
    exponent--;
  }
  return (sign | (exponent << 24) | Math.round(a * 2 ** 24)) >>> 0;
}

/** Options for {@link buildSegy}. */
export interface SegySpec {
  littleEndian?: boolean;
  formatCode?: 1 | 2 | 3 | 5 | 8;
  ebcdic?: boolean;
  samplesPerTrace?: number;
  traces?: number;
  intervalRaw?: number;
  scalar?: number;
  stepRaw?: number;
  text?: string;
  extendedTextHeaders?: number;
  delayRaw?: number;
}

/** A SEG-Y file with a sine on every trace. */
export function buildSegy(spec: SegySpec = {}): Uint8Array {
  const le = spec.littleEndian ?? false;
  const fc = spec.formatCode ?? 1;
  const ns = spec.samplesPerTrace ?? 50;
  const traces = spec.traces ?? 8;
  const bps = fc === 3 ? 2 : fc === 8 ? 1 : 4;
  const ext = spec.extendedTextHeaders ?? 0;
  const start = 3600 + ext * 3200;
  const out = new Uint8Array(start + traces * (240 + ns * bps));
  const v = new DataView(out.buffer);
  const text = (spec.text ?? 'C 1 GPR LINE 400 MHz ANTENNA DIELECTRIC 6.5 DATE 2021-03-04').padEnd(3200, ' ');
  for (let i = 0; i < 3200; i++) out[i] = spec.ebcdic ? (EBCDIC[text[i]] ?? 0x40) : text.charCodeAt(i);
  v.setUint16(3216, spec.intervalRaw ?? 100, le);
  v.setUint16(3220, ns, le);
  v.setInt16(3224, fc, le);
  v.setInt16(3254, 1, le);
  v.setUint16(3500, 0x0100, false);
  v.setInt16(3502, 1, le);
  v.setInt16(3504, ext, le);
  for (let t = 0; t < traces; t++) {
    const h = start + t * (240 + ns * bps);
    v.setInt32(h, t + 1, le);
    v.setInt16(h + 70, spec.scalar ?? -100, le);
    v.setInt32(h + 80, t * (spec.stepRaw ?? 5), le);
    v.setInt16(h + 108, spec.delayRaw ?? 0, le);
    v.setUint16(h + 114, ns, le);
    v.setUint16(h + 116, spec.intervalRaw ?? 100, le);
    for (let s = 0; s < ns; s++) {
      const value = Math.round(1000 * Math.sin((s + t) / 4)) / 8;
      const o = h + 240 + s * bps;
      if (fc === 1) v.setUint32(o, numberToIbm(value), le);
      else if (fc === 2) v.setInt32(o, Math.round(value), le);
      else if (fc === 3) v.setInt16(o, Math.round(value), le);
      else if (fc === 5) v.setFloat32(o, value, le);
      else v.setInt8(o, Math.max(-128, Math.min(127, Math.round(value / 8))));
    }
  }
  return out;
}

/** A DT1 + HD pair (int16, feet). */
export function buildDt1(traces = 6, points = 40): { dt1: Uint8Array; hd: Uint8Array } {
  const dt1 = new Uint8Array(traces * (128 + points * 2));
  const v = new DataView(dt1.buffer);
  for (let t = 0; t < traces; t++) {
    const b = t * (128 + points * 2);
    v.setFloat32(b, t + 1, true);
    v.setFloat32(b + 4, t * 0.5, true);
    v.setFloat32(b + 8, points, true);
    v.setFloat32(b + 20, 2, true);
    v.setFloat32(b + 92, 3600, true);
    for (let s = 0; s < points; s++) v.setInt16(b + 128 + 2 * s, Math.round(500 * Math.sin(s / 3)), true);
  }
  const hd = [
    '1234',
    'Data Collected with pulseEKKO test',
    '2014-Apr-10',
    `NUMBER OF TRACES   = ${traces}`,
    `NUMBER OF PTS/TRC  = ${points}`,
    'TIMEZERO AT POINT  = 2',
    'TOTAL TIME WINDOW  = 80',
    'STEP SIZE USED     = 0.5',
    'POSITION UNITS     = ft',
    'NOMINAL FREQUENCY  = 250',
    'ANTENNA SEPARATION = 1',
  ].join('\r\r\n');
  return { dt1, hd: Uint8Array.from(hd, (c) => c.charCodeAt(0)) };
}

/** An RD3 + RAD pair. */
export function buildRd3(traces = 5, samples = 32, rad = ''): { rd3: Uint8Array; rad: Uint8Array } {
  const rd3 = new Uint8Array(traces * samples * 2);
  const v = new DataView(rd3.buffer);
  for (let i = 0; i < traces * samples; i++) v.setInt16(2 * i, Math.round(300 * Math.cos(i / 4)), true);
  const text =
    rad ||
    [
      `SAMPLES:${samples}`,
      'FREQUENCY:10000',
      'TIMEWINDOW:3.2',
      'DISTANCE FLAG:1',
      'DISTANCE INTERVAL:0.01',
      'ANTENNAS:1600 MHz',
      'ANTENNA SEPARATION:0.06',
      `LAST TRACE:${traces}`,
    ].join('\r\n');
  return { rd3, rad: Uint8Array.from(text, (c) => c.charCodeAt(0)) };
}

/** UTF-16 LE bytes with a BOM. */
export function utf16le(text: string): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  out[0] = 0xff;
  out[1] = 0xfe;
  for (let i = 0; i < text.length; i++) {
    out[2 + 2 * i] = text.charCodeAt(i) & 0xff;
    out[3 + 2 * i] = text.charCodeAt(i) >> 8;
  }
  return out;
}

/** UTF-8 bytes (ASCII + Latin-1 letters are enough for tests). */
export function utf8(text: string): Uint8Array {
  const out: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    else out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
  }
  return Uint8Array.from(out);
}
