/**
 * Vendor-style export zips (SEG-Y lines + scan-area CSV) for tests. The real layout is not public; this follows
 * what is known (formats.md §7) and our reading of it.
 */
import { zipSync } from 'fflate';
import type { Zippable } from 'fflate';
import { buildSegy, utf16le } from './builders';

/** Makes a SEG-Y copy look like the vendor's: first `traces` traces, interval 24 (ps), no coordinates. */
export function vendorStyleSegy(segy: Uint8Array, traces: number, littleEndian: boolean): Uint8Array {
  const view = new DataView(segy.buffer, segy.byteOffset, segy.byteLength);
  const ns = view.getUint16(3220, littleEndian);
  const format = view.getInt16(3224, littleEndian);
  const bps = format === 3 ? 2 : format === 8 ? 1 : 4;
  const traceBytes = 240 + ns * bps;
  const out = segy.slice(0, 3600 + traces * traceBytes);
  const v = new DataView(out.buffer);
  v.setUint16(3216, 24, littleEndian);
  for (let t = 0; t < traces; t++) {
    const h = 3600 + t * traceBytes;
    v.setUint16(h + 116, 24, littleEndian);
    for (const off of [72, 76, 80, 84]) v.setInt32(h + off, 0, littleEndian);
  }
  return out;
}

/** The CSV we write for tests: an area block then a line table (tab-separated). */
export function vendorCsvText(files: string[], opts: { withFileNames?: boolean } = {}): string {
  const rows = files.map((f, i) => {
    const direction = i % 2 === 0 ? 'X' : 'Y';
    return opts.withFileNames === false ? `${i + 1}\t${direction}\t4` : `${f}\t${i + 1}\t${direction}\t4`;
  });
  return [
    'Grid size X [cm]\t60',
    'Grid size Y [cm]\t40',
    'Grid spacing X [cm]\t10',
    'Grid spacing Y [cm]\t10',
    'Scan date\t26/05/2017 09:18:20',
    'Dielectric constant\t7.5',
    'Antenna\tGP8000',
    '',
    opts.withFileNames === false
      ? 'Line number\tDirection\tScans per cm'
      : 'File name\tLine number\tDirection\tScans per cm',
    ...rows,
  ].join('\r\n');
}

/** A vendor-like zip: `lines` SEG-Y files under `Area 1/`, a UTF-16 CSV, OS junk and an unknown file. */
export function buildVendorZip(
  segy: Uint8Array = vendorStyleSegy(buildSegy({ traces: 10 }), 10, false),
  lines = 3,
  store = false,
): Uint8Array {
  const names = Array.from({ length: lines }, (_, i) => `L${String(i + 1).padStart(3, '0')}.sgy`);
  const files: Zippable = {};
  const opts = { level: store ? (0 as const) : (6 as const) };
  for (const name of names) files[`Area 1/${name}`] = [segy, opts];
  files['Area 1/area.csv'] = [utf16le(vendorCsvText(names)), opts];
  files['Area 1/preview.png'] = [new Uint8Array([0x89, 0x50, 0x4e, 0x47]), opts];
  files['__MACOSX/Area 1/._L001.sgy'] = [new Uint8Array(10), opts];
  return zipSync(files);
}
