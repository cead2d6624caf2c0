/** An error in a 3D file's content, worded for the user (the API answers it as a 400). */
export class Scan3dFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Scan3dFormatError';
  }
}

/**
 * The ASCII header of a file up to and including the line that `isLast` accepts.
 *
 * @param bytes - The file's first bytes (a header never needs more than `maxBytes`).
 * @param isLast - Whether a (trimmed) line ends the header.
 * @param maxBytes - Give up past this many bytes.
 * @returns The header's lines (trimmed) and the byte offset just after it, or null when no end was found.
 * @example readHeaderLines(bytes, (l) => l === 'end_header')
 */
export function readHeaderLines(
  bytes: Uint8Array,
  isLast: (line: string) => boolean,
  maxBytes = 65536,
): { lines: string[]; endOffset: number } | null {
  const lines: string[] = [];
  let start = 0;
  const limit = Math.min(bytes.length, maxBytes);
  for (let i = 0; i < limit; i++) {
    if (bytes[i] !== 0x0a) continue;
    const line = latin1(bytes.subarray(start, i)).trim();
    lines.push(line);
    start = i + 1;
    if (isLast(line)) return { lines, endOffset: start };
  }
  // A header that is the whole (short) file may end without a newline.
  if (limit === bytes.length && start < limit) {
    const line = latin1(bytes.subarray(start, limit)).trim();
    lines.push(line);
    if (isLast(line)) return { lines, endOffset: limit };
  }
  return null;
}

/** Bytes as Latin-1 text (every byte one character; headers are ASCII). */
export function latin1(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return s;
}

/** Whether the bytes start with the given ASCII text. */
export function startsWithAscii(bytes: Uint8Array, text: string): boolean {
  if (bytes.length < text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[i] !== text.charCodeAt(i)) return false;
  return true;
}

/**
 * Bytes as UTF-8 text (the package has no DOM or Node types, so no `TextDecoder`); invalid sequences
 * become U+FFFD.
 *
 * @param bytes - UTF-8 bytes.
 * @returns The text.
 * @example decodeUtf8(new Uint8Array([0x68, 0xc3, 0xa9])) // 'hé'
 */
export function decodeUtf8(bytes: Uint8Array): string {
  const codes: number[] = [];
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    let cp = 0xfffd;
    let n = 1;
    if (b < 0x80) cp = b;
    else if (b >= 0xc2 && b < 0xe0 && i + 1 < bytes.length) [cp, n] = [((b & 0x1f) << 6) | (bytes[i + 1]! & 0x3f), 2];
    else if (b >= 0xe0 && b < 0xf0 && i + 2 < bytes.length) [cp, n] = [((b & 0x0f) << 12) | ((bytes[i + 1]! & 0x3f) << 6) | (bytes[i + 2]! & 0x3f), 3];
    else if (b >= 0xf0 && b < 0xf5 && i + 3 < bytes.length) {
      [cp, n] = [((b & 0x07) << 18) | ((bytes[i + 1]! & 0x3f) << 12) | ((bytes[i + 2]! & 0x3f) << 6) | (bytes[i + 3]! & 0x3f), 4];
    }
    codes.push(cp);
    i += n;
    if (codes.length >= 8192) {
      out += String.fromCodePoint(...codes);
      codes.length = 0;
    }
  }
  return out + String.fromCodePoint(...codes);
}
