import type { Radargram } from '../src/index';

/**
 * Encodes a radargram as a one-channel, 32-bit GSSI DZT file shaped like a StructureScan Mini XT's: a
 * 1,024-byte header, and per trace a scan counter word, a mark word and the samples (scaled to ±2³⁰).
 * Used by the benchmark to time reading a realistic file.
 *
 * @param rg - the radargram.
 * @param antennaName - header antenna string. Default "SS MINI XT".
 * @returns the file's bytes.
 * @example
 * ```ts
 * const bytes = encodeDzt(synthesizeRadargram({ traces: 2000, samplesPerTrace: 512 }));
 * ```
 */
export function encodeDzt(rg: Radargram, antennaName = 'SS MINI XT'): Uint8Array {
  const words = rg.samplesPerTrace + 2;
  const bytes = new Uint8Array(1024 + rg.traces * words * 4);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, 0x00ff, true); // rh_tag
  view.setUint16(2, 1024, true); // rh_data: header bytes
  view.setUint16(4, words, true); // rh_nsamp
  view.setUint16(6, 32, true); // rh_bits
  view.setFloat32(10, 100, true); // scans per second
  view.setFloat32(14, rg.traceSpacingM > 0 ? 1 / rg.traceSpacingM : 0, true); // scans per metre
  view.setFloat32(22, (rg.timeOffsetS - 2 * rg.sampleIntervalS) * 1e9, true); // position, ns
  view.setFloat32(26, words * rg.sampleIntervalS * 1e9, true); // range, ns
  view.setUint16(52, 1, true); // channels
  view.setFloat32(54, rg.permittivity ?? 7, true);
  for (let i = 0; i < Math.min(13, antennaName.length); i++) bytes[98 + i] = antennaName.charCodeAt(i);
  bytes[113] = 14 << 3; // rh_system 14: StructureScan Mini XT
  let peak = 0;
  for (const v of rg.samples) peak = Math.max(peak, Math.abs(v));
  const scale = peak > 0 ? 2 ** 30 / peak : 1;
  for (let t = 0; t < rg.traces; t++) {
    const base = 1024 + t * words * 4;
    view.setInt32(base, t + 1, true);
    view.setInt32(base + 4, t % 40 === 0 ? 1 : 0, true);
    for (let s = 0; s < rg.samplesPerTrace; s++) {
      view.setInt32(base + 8 + 4 * s, Math.round(rg.samples[t * rg.samplesPerTrace + s] * scale), true);
    }
  }
  return bytes;
}
