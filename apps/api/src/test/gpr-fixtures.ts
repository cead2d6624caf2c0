/**
 * GPR files for API tests: a small synthetic SEG-Y, vendor-style copies of real SEG-Y files and the vendor's
 * export zip (SEG-Y lines plus a tab-separated UTF-16 CSV), following packages/gpr/test/vendor-fixture.ts.
 */
import { buildZip, utf16le } from './zip-builder.js';

/** A big-endian IEEE-float SEG-Y B-scan; the interval is stored as 24 (ps, as the vendor's files do). */
export function buildSegy(options: { traces?: number; samples?: number; seed?: number } = {}): Buffer {
  const traces = options.traces ?? 20;
  const ns = options.samples ?? 256;
  const seed = options.seed ?? 1;
  const out = Buffer.alloc(3600 + traces * (240 + ns * 4));
  out.write('C 1 VENDOR GPR LINE 2 GHz'.padEnd(3200, ' '), 0, 'ascii');
  out.writeUInt16BE(24, 3216);
  out.writeUInt16BE(ns, 3220);
  out.writeInt16BE(5, 3224);
  out.writeInt16BE(1, 3254);
  out.writeUInt16BE(0x0100, 3500);
  out.writeInt16BE(1, 3502);
  for (let t = 0; t < traces; t++) {
    const h = 3600 + t * (240 + ns * 4);
    out.writeInt32BE(t + 1, h);
    out.writeUInt16BE(ns, h + 114);
    out.writeUInt16BE(24, h + 116);
    for (let s = 0; s < ns; s++)
      out.writeFloatBE(Math.round(1000 * Math.sin((s + t * seed) / 5)) / 8, h + 240 + s * 4);
  }
  return out;
}

/** Makes a real SEG-Y look like the vendor's: its first `traces` traces, interval 24 (ps), no coordinates. */
export function vendorStyleSegy(segy: Uint8Array, traces: number, littleEndian: boolean): Buffer {
  const view = new DataView(segy.buffer, segy.byteOffset, segy.byteLength);
  const ns = view.getUint16(3220, littleEndian);
  const format = view.getInt16(3224, littleEndian);
  const bytesPerSample = format === 3 ? 2 : format === 8 ? 1 : 4;
  const traceBytes = 240 + ns * bytesPerSample;
  const out = Buffer.from(segy.slice(0, 3600 + traces * traceBytes));
  const v = new DataView(out.buffer, out.byteOffset, out.byteLength);
  v.setUint16(3216, 24, littleEndian);
  for (let t = 0; t < traces; t++) {
    const h = 3600 + t * traceBytes;
    v.setUint16(h + 116, 24, littleEndian);
    for (const off of [72, 76, 80, 84]) v.setInt32(h + off, 0, littleEndian);
  }
  return out;
}

/** The scan-area CSV: an area block, then one row per line (directions alternate X, Y), 4 scans/cm. */
export function vendorCsvText(files: string[]): string {
  return [
    'Grid size X [cm]\t60',
    'Grid size Y [cm]\t40',
    'Grid spacing X [cm]\t10',
    'Grid spacing Y [cm]\t10',
    'Scan date\t26/05/2017 09:18:20',
    'Dielectric constant\t7.5',
    'Antenna\tGP8000',
    '',
    'File name\tLine number\tDirection\tScans per cm',
    ...files.map((f, i) => `${f}\t${i + 1}\t${i % 2 === 0 ? 'X' : 'Y'}\t4`),
  ].join('\r\n');
}

/** A vendor-like export: `lines` SEG-Y files under `folder/`, a UTF-16 CSV, a preview picture and OS junk. */
export function buildVendorZip(lines: Buffer[], folder = 'Area 1'): Buffer {
  const names = lines.map((_, i) => `L${String(i + 1).padStart(3, '0')}.sgy`);
  const entries: Record<string, Uint8Array | string> = {};
  names.forEach((name, i) => (entries[`${folder}/${name}`] = lines[i]!));
  entries[`${folder}/area.csv`] = utf16le(vendorCsvText(names));
  entries[`${folder}/preview.png`] = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
  entries[`__MACOSX/${folder}/._L001.sgy`] = Buffer.alloc(10);
  return buildZip(entries);
}
