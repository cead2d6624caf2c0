/** One binary part of a GLB's buffer: a typed array copied as it is (little-endian, as the platform's). */
export type GlbPart = Float32Array | Uint32Array | Uint16Array | Uint8Array;

/**
 * Assemble a GLB (binary glTF 2.0): the JSON chunk (padded with spaces) and one BIN chunk holding `parts` one
 * after another, each starting on a 4-byte boundary. `buffers` and every bufferView's `buffer`, `byteOffset` and
 * `byteLength` are filled in here: bufferView i is part i (with the given `target`, if any).
 *
 * @param json - The glTF document without `buffers`; its `bufferViews` name only their targets, one per part.
 * @param parts - The buffer's parts, in order.
 * @returns The file's bytes.
 * @example assembleGlb({ asset: { version: '2.0' }, bufferViews: [{}] }, [new Float32Array(3)])
 */
export function assembleGlb(json: Record<string, unknown> & { bufferViews: Record<string, unknown>[] }, parts: GlbPart[]): Uint8Array {
  if (json.bufferViews.length !== parts.length) throw new Error('A GLB needs one bufferView per part');
  const offsets: number[] = [];
  let length = 0;
  for (const part of parts) {
    offsets.push(length);
    length += Math.ceil(part.byteLength / 4) * 4;
  }
  const doc = {
    ...json,
    buffers: [{ byteLength: length }],
    bufferViews: json.bufferViews.map((view, i) => ({ buffer: 0, byteOffset: offsets[i], byteLength: parts[i]!.byteLength, ...view })),
  };
  // Non-ASCII characters escaped, so the JSON chunk is ASCII (valid UTF-8) and one byte a character.
  let text = JSON.stringify(doc).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  while (text.length % 4) text += ' ';
  const jsonBytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) jsonBytes[i] = text.charCodeAt(i);
  const total = 12 + 8 + jsonBytes.length + 8 + length;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true); // "glTF"
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonBytes.length, true);
  view.setUint32(16, 0x4e4f534a, true); // "JSON"
  out.set(jsonBytes, 20);
  const bin = 20 + jsonBytes.length;
  view.setUint32(bin, length, true);
  view.setUint32(bin + 4, 0x004e4942, true); // "BIN\0"
  parts.forEach((part, i) => out.set(new Uint8Array(part.buffer, part.byteOffset, part.byteLength), bin + 8 + offsets[i]!));
  return out;
}

/** 8-bit sRGB (the cameras' colours) to 16-bit linear, as glTF's COLOR_0 is linear: a table of 256. */
export const SRGB_TO_LINEAR_U16: Uint16Array = new Uint16Array(256).map((_, c) => {
  const s = c / 255;
  return Math.round((s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4) * 65535);
});

/** Per-axis minimum and maximum of xyz triples (glTF requires them on POSITION accessors). */
export function positionBounds(positions: Float32Array): { min: number[]; max: number[] } {
  if (positions.length === 0) return { min: [0, 0, 0], max: [0, 0, 0] };
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3)
    for (let a = 0; a < 3; a++) {
      const v = positions[i + a]!;
      if (v < min[a]!) min[a] = v;
      if (v > max[a]!) max[a] = v;
    }
  // The bounds must hold the float32 values exactly; doubles from them do.
  return { min, max };
}
