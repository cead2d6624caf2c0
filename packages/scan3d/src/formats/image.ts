import { startsWithAscii } from './header-text';

/**
 * The image type of a texture from its first bytes.
 *
 * @param bytes - The file's first bytes.
 * @returns 'png', 'jpeg', 'webp' or null.
 * @example sniffImage(new Uint8Array([0xff, 0xd8, 0xff])) // 'jpeg'
 */
export function sniffImage(bytes: Uint8Array): 'png' | 'jpeg' | 'webp' | null {
  if (bytes[0] === 0x89 && startsWithAscii(bytes.subarray(1), 'PNG')) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (startsWithAscii(bytes, 'RIFF') && startsWithAscii(bytes.subarray(8), 'WEBP')) return 'webp';
  return null;
}
