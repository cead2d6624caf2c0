/** A rigid transform as RTAB-Map stores it: 3 × 4 row-major (rotation | translation), float64 here. */
export type Transform3x4 = Float64Array;

export const IDENTITY_3X4: readonly number[] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];

/** Read 12 little-endian float32 at `offset`. Null when all are zero (RTAB-Map's null transform). */
export function readTransform(bytes: Uint8Array, offset = 0, what = 'pose'): Transform3x4 | null {
  if (bytes.length - offset < 48)
    throw new Error(`The ${what} has ${bytes.length - offset} bytes; a 3 × 4 transform needs 48`);
  const view = new DataView(bytes.buffer, bytes.byteOffset + offset, 48);
  const t = new Float64Array(12);
  let zero = true;
  for (let i = 0; i < 12; i++) {
    t[i] = view.getFloat32(i * 4, true);
    if (t[i] !== 0) zero = false;
    if (!Number.isFinite(t[i]!)) throw new Error(`The ${what} holds a value that is not a finite number`);
  }
  return zero ? null : t;
}

export function writeTransform(t: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(48);
  const view = new DataView(out.buffer);
  for (let i = 0; i < 12; i++) view.setFloat32(i * 4, t[i]!, true);
  return out;
}

/** a · b (both 3 × 4 rigid). */
export function multiply(a: ArrayLike<number>, b: ArrayLike<number>): Transform3x4 {
  const out = new Float64Array(12);
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 4; c++) {
      let v = a[r * 4]! * b[c]! + a[r * 4 + 1]! * b[4 + c]! + a[r * 4 + 2]! * b[8 + c]!;
      if (c === 3) v += a[r * 4 + 3]!;
      out[r * 4 + c] = v;
    }
  }
  return out;
}

/** Inverse of a rigid 3 × 4 transform. */
export function invert(t: ArrayLike<number>): Transform3x4 {
  const out = new Float64Array(12);
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) out[r * 4 + c] = t[c * 4 + r]!;
  for (let r = 0; r < 3; r++)
    out[r * 4 + 3] = -(out[r * 4]! * t[3]! + out[r * 4 + 1]! * t[7]! + out[r * 4 + 2]! * t[11]!);
  return out;
}
