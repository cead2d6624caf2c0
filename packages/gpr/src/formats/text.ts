/**
 * Text decoding without `TextDecoder` (the package targets plain ES2023, no DOM or Node types):
 * UTF-8, UTF-16 LE/BE (with or without a BOM), Latin-1 and EBCDIC (code page 037, for SEG-Y text headers).
 */

import { GprFormatError } from './errors';

/** EBCDIC cp037 characters for bytes 0x40–0xFF; control codes below 0x40 decode as spaces. */
const EBCDIC_037_FROM_0X40 =
  ' \u00a0\u00e2\u00e4\u00e0\u00e1\u00e3\u00e5\u00e7\u00f1\u00a2.<(+|&\u00e9\u00ea\u00eb\u00e8\u00ed\u00ee\u00ef\u00ec\u00df!$*);\u00ac-/\u00c2\u00c4\u00c0\u00c1\u00c3\u00c5\u00c7\u00d1\u00a6,%_>?\u00f8\u00c9\u00ca\u00cb\u00c8\u00cd\u00ce\u00cf\u00cc`:#@\'="\u00d8abcdefghi\u00ab\u00bb\u00f0\u00fd\u00fe\u00b1\u00b0jklmnopqr\u00aa\u00ba\u00e6\u00b8\u00c6\u00a4\u00b5~stuvwxyz\u00a1\u00bf\u00d0\u00dd\u00de\u00ae^\u00a3\u00a5\u00b7\u00a9\u00a7\u00b6\u00bc\u00bd\u00be[]\u00af\u00a8\u00b4\u00d7{ABCDEFGHI\u00ad\u00f4\u00f6\u00f2\u00f3\u00f5}JKLMNOPQR\u00b9\u00fb\u00fc\u00f9\u00fa\u00ff\\\u00f7STUVWXYZ\u00b2\u00d4\u00d6\u00d2\u00d3\u00d50123456789\u00b3\u00db\u00dc\u00d9\u00da ';

/** Text encodings the decoder recognises. */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'latin1';

/**
 * Decodes bytes as Latin-1 (every byte is one character). Used for ASCII headers (HD, RAD, DZG).
 *
 * @param bytes - the text bytes.
 * @returns the decoded string.
 * @example
 * ```ts
 * decodeLatin1(new Uint8Array([0x31, 0x32])); // "12"
 * ```
 */
export function decodeLatin1(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    out += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + 8192)));
  }
  return out;
}

/**
 * Decodes EBCDIC (code page 037) bytes, e.g. a classic SEG-Y textual header.
 *
 * @param bytes - EBCDIC bytes.
 * @returns the decoded string; control codes become spaces.
 * @example
 * ```ts
 * decodeEbcdic(new Uint8Array([0xc3, 0xf1])); // "C1"
 * ```
 */
export function decodeEbcdic(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes)
    out += b < 0x40 ? (b === 0x25 || b === 0x15 ? '\n' : ' ') : EBCDIC_037_FROM_0X40[b - 0x40];
  return out;
}

/**
 * Decodes UTF-8, replacing malformed sequences with U+FFFD (never throws).
 *
 * @param bytes - UTF-8 bytes (a BOM, if present, is skipped).
 * @returns the decoded string.
 * @example
 * ```ts
 * decodeUtf8(new Uint8Array([0xc2, 0xb5, 0x73])); // "µs"
 * ```
 */
export function decodeUtf8(bytes: Uint8Array): string {
  const codes: number[] = [];
  let out = '';
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length) {
    const b = bytes[i];
    let cp = 0xfffd;
    let len = 1;
    if (b < 0x80) cp = b;
    else if (b >= 0xc2 && b < 0xe0) len = 2;
    else if (b >= 0xe0 && b < 0xf0) len = 3;
    else if (b >= 0xf0 && b < 0xf5) len = 4;
    if (len > 1) {
      let value = b & (0xff >> (len + 1));
      let ok = i + len <= bytes.length;
      for (let k = 1; ok && k < len; k++) {
        const c = bytes[i + k];
        if ((c & 0xc0) !== 0x80) ok = false;
        else value = (value << 6) | (c & 0x3f);
      }
      const min = len === 2 ? 0x80 : len === 3 ? 0x800 : 0x10000;
      if (ok && value >= min && value <= 0x10ffff && !(value >= 0xd800 && value < 0xe000)) cp = value;
      else len = 1;
    }
    codes.push(cp);
    i += len;
    if (codes.length >= 8192) {
      out += String.fromCodePoint(...codes);
      codes.length = 0;
    }
  }
  return out + String.fromCodePoint(...codes);
}

/**
 * Decodes UTF-16 code units (no surrogate validation; lone surrogates pass through).
 *
 * @param bytes - UTF-16 bytes; a trailing odd byte is ignored.
 * @param littleEndian - byte order.
 * @returns the decoded string (a BOM, if present, is dropped).
 * @example
 * ```ts
 * decodeUtf16(new Uint8Array([0x41, 0x00]), true); // "A"
 * ```
 */
export function decodeUtf16(bytes: Uint8Array, littleEndian: boolean): string {
  const units: number[] = [];
  let out = '';
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    const unit = littleEndian ? bytes[i] | (bytes[i + 1] << 8) : (bytes[i] << 8) | bytes[i + 1];
    if (!(i === 0 && unit === 0xfeff)) units.push(unit);
    if (units.length >= 8192) {
      out += String.fromCharCode(...units);
      units.length = 0;
    }
  }
  return out + String.fromCharCode(...units);
}

/**
 * Guesses the encoding of a text file: a BOM wins; otherwise many NUL bytes at odd (even) positions
 * mean UTF-16 LE (BE); otherwise valid UTF-8 is UTF-8 and anything else Latin-1.
 *
 * @param bytes - the file contents.
 * @returns the encoding name.
 * @example
 * ```ts
 * detectTextEncoding(new Uint8Array([0xff, 0xfe, 0x41, 0x00])); // "utf-16le"
 * ```
 */
export function detectTextEncoding(bytes: Uint8Array): TextEncodingName {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  const n = Math.min(bytes.length, 4096);
  let zeroEven = 0;
  let zeroOdd = 0;
  for (let i = 0; i < n; i++) {
    if (bytes[i] !== 0) continue;
    if (i % 2 === 0) zeroEven++;
    else zeroOdd++;
  }
  if (n >= 4 && zeroOdd > n / 4 && zeroEven < n / 16) return 'utf-16le';
  if (n >= 4 && zeroEven > n / 4 && zeroOdd < n / 16) return 'utf-16be';
  return decodeUtf8(bytes.subarray(0, n)).includes('\ufffd') ? 'latin1' : 'utf-8';
}

/**
 * Decodes a text file of unknown encoding (see {@link detectTextEncoding}).
 *
 * @param bytes - the file contents.
 * @returns the text and the encoding used.
 * @example
 * ```ts
 * const { text, encoding } = decodeText(csvBytes); // encoding "utf-16le" for a UTF-16 export
 * ```
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  const encoding = detectTextEncoding(bytes);
  const text =
    encoding === 'utf-8'
      ? decodeUtf8(bytes)
      : encoding === 'latin1'
        ? decodeLatin1(bytes)
        : decodeUtf16(bytes, encoding === 'utf-16le');
  return { text, encoding };
}

/**
 * Refuses a text file (a CSV, a header sidecar) that holds a NUL character: no text format puts one
 * inside its text, and the values read from it end up in the database, which cannot store U+0000.
 * NUL padding at the end (a fixed-size buffer written whole) is dropped first.
 *
 * @param text - the decoded text.
 * @param fileName - the file's name, for the message.
 * @returns the text without trailing NUL padding.
 * @throws {@link GprFormatError} naming the file and the position of the first NUL.
 * @example
 * ```ts
 * rejectNulCharacters('SAMPLES:512\0\0', 'line.rad'); // "SAMPLES:512"
 * rejectNulCharacters('A\0B', 'area.csv'); // throws "area.csv: contains a NUL character (character 2)…"
 * ```
 */
export function rejectNulCharacters(text: string, fileName: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0) end--;
  const trimmed = end === text.length ? text : text.slice(0, end);
  const at = trimmed.indexOf('\u0000');
  if (at >= 0) {
    throw new GprFormatError(
      fileName,
      `contains a NUL character (character ${at + 1}): a text file cannot hold one; the file is damaged or not text`,
    );
  }
  return trimmed;
}
