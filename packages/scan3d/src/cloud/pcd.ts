/**
 * A binary PCD (v0.7) of points with packed RGB (`rgb` as a float holding 0x00RRGGBB), as PCL and RTAB-Map
 * write them and three's PCDLoader reads them.
 */
export function writePcdPoints(positions: Float32Array, colours: Uint8Array): Uint8Array {
  const count = positions.length / 3;
  const header =
    '# .PCD v0.7 - Point Cloud Data file format\nVERSION 0.7\nFIELDS x y z rgb\nSIZE 4 4 4 4\nTYPE F F F U\nCOUNT 1 1 1 1\n' +
    `WIDTH ${count}\nHEIGHT 1\nVIEWPOINT 0 0 0 1 0 0 0\nPOINTS ${count}\nDATA binary\n`;
  const out = new Uint8Array(header.length + count * 16);
  for (let i = 0; i < header.length; i++) out[i] = header.charCodeAt(i);
  const view = new DataView(out.buffer);
  for (let k = 0; k < count; k++) {
    const base = header.length + k * 16;
    view.setFloat32(base, positions[k * 3]!, true);
    view.setFloat32(base + 4, positions[k * 3 + 1]!, true);
    view.setFloat32(base + 8, positions[k * 3 + 2]!, true);
    view.setUint32(
      base + 12,
      (colours[k * 3]! << 16) | (colours[k * 3 + 1]! << 8) | colours[k * 3 + 2]!,
      true,
    );
  }
  return out;
}

/** An even subsample of at most `max` points (every k-th). */
export function subsamplePoints(
  positions: Float32Array,
  colours: Uint8Array,
  max: number,
): { positions: Float32Array; colours: Uint8Array } {
  const count = positions.length / 3;
  if (count <= max) return { positions, colours };
  const stride = count / max;
  const p = new Float32Array(max * 3);
  const c = new Uint8Array(max * 3);
  for (let k = 0; k < max; k++) {
    const i = Math.floor(k * stride);
    p.set(positions.subarray(i * 3, i * 3 + 3), k * 3);
    c.set(colours.subarray(i * 3, i * 3 + 3), k * 3);
  }
  return { positions: p, colours: c };
}
