/**
 * RVL, the lossless depth codec of A. D. Wilson ("Fast Lossless Depth Image Compression", 2017) that RTAB-Map
 * stores depth with since 0.21.10 (rvl_codec.cpp): runs of zeros and non-zeros, each value the zig-zag
 * coded delta to the previous non-zero value, all as variable-length 3-bit groups packed in 4-bit nibbles
 * into little-endian 32-bit words, most significant nibble first.
 */

/** Decode `numPixels` 16-bit values. Throws when the data ends early or a run overflows the image. */
export function decodeRvl(input: Uint8Array, numPixels: number): Uint16Array {
  const out = new Uint16Array(numPixels);
  const view = new DataView(input.buffer, input.byteOffset, input.byteLength);
  const words = input.byteLength >>> 2;
  let wordIndex = 0;
  let word = 0;
  let nibblesLeft = 0;
  const decodeVle = (): number => {
    let value = 0;
    let shift = 0;
    for (;;) {
      if (nibblesLeft === 0) {
        if (wordIndex >= words) throw new Error('The RVL depth data ends before the image is complete');
        word = view.getUint32(wordIndex * 4, true);
        wordIndex++;
        nibblesLeft = 8;
      }
      const nibble = word >>> 28;
      word = (word << 4) >>> 0;
      nibblesLeft--;
      value += (nibble & 7) * 2 ** shift;
      shift += 3;
      if (!(nibble & 8)) return value;
      if (shift > 33) throw new Error('The RVL depth data holds a value that is too long');
    }
  };
  let o = 0;
  let previous = 0;
  while (o < numPixels) {
    const zeros = decodeVle();
    if (o + zeros > numPixels) throw new Error('The RVL depth data has more pixels than its image size');
    o += zeros; // already zero
    const nonzeros = decodeVle();
    if (o + nonzeros > numPixels) throw new Error('The RVL depth data has more pixels than its image size');
    for (let i = 0; i < nonzeros; i++) {
      const positive = decodeVle();
      const delta = (positive >>> 1) ^ -(positive & 1);
      previous = (previous + delta) & 0xffff;
      out[o++] = previous;
    }
  }
  return out;
}

/** Encode 16-bit values as RVL (the inverse of {@link decodeRvl}; used by the synthetic recordings and tests). */
export function encodeRvl(input: Uint16Array): Uint8Array {
  const words: number[] = [];
  let word = 0;
  let nibbles = 0;
  const encodeVle = (v: number) => {
    let value = v;
    do {
      let nibble = value & 7;
      value = Math.floor(value / 8);
      if (value) nibble |= 8;
      word = ((word << 4) | nibble) >>> 0;
      if (++nibbles === 8) {
        words.push(word);
        word = 0;
        nibbles = 0;
      }
    } while (value);
  };
  let i = 0;
  let previous = 0;
  const n = input.length;
  while (i < n) {
    let zeros = 0;
    while (i < n && input[i] === 0) {
      i++;
      zeros++;
    }
    encodeVle(zeros);
    let nonzeros = 0;
    for (let p = i; p < n && input[p] !== 0; p++) nonzeros++;
    encodeVle(nonzeros);
    for (let k = 0; k < nonzeros; k++) {
      const current = input[i++]!;
      const delta = current - previous;
      encodeVle(delta >= 0 ? delta * 2 : -delta * 2 - 1);
      previous = current;
    }
  }
  if (nibbles) words.push((word << (4 * (8 - nibbles))) >>> 0);
  const out = new Uint8Array(words.length * 4);
  const view = new DataView(out.buffer);
  words.forEach((w, k) => view.setUint32(k * 4, w, true));
  return out;
}
