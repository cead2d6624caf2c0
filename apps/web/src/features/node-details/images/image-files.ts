import { IMAGE_FILE_EXTENSIONS, Messages } from '@gprhub/contract';

/** What the file picker offers: the contract's image extensions (png, jpg, jpeg, avif). */
export const IMAGE_ACCEPT = IMAGE_FILE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** A file name split into the stored name and its extension (lower case, no dot; '' when none). */
export function splitFileName(fileName: string): { name: string; extension: string } {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0 || dot === fileName.length - 1) return { name: fileName, extension: '' };
  return { name: fileName.slice(0, dot), extension: fileName.slice(dot + 1).toLowerCase() };
}

/** Whether a picture may be uploaded: null, or the spec's message 'File extension {ext} is not supported'. */
export function checkImageExtension(fileName: string): string | null {
  const { extension } = splitFileName(fileName);
  if ((IMAGE_FILE_EXTENSIONS as readonly string[]).includes(extension)) return null;
  return Messages.unsupportedExtension(extension || '(none)');
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The name of a camera picture: 'Picture' and the local time it was taken, like phone cameras
 * name theirs (sortable, no characters that file systems refuse).
 * @example pictureFileName(new Date(2026, 0, 2, 13, 45, 10)) // 'Picture_20260102_134510.jpg'
 */
export function pictureFileName(takenAt: Date): string {
  const date = `${takenAt.getFullYear()}${pad(takenAt.getMonth() + 1)}${pad(takenAt.getDate())}`;
  const time = `${pad(takenAt.getHours())}${pad(takenAt.getMinutes())}${pad(takenAt.getSeconds())}`;
  return `Picture_${date}_${time}.jpg`;
}
