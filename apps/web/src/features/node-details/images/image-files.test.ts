import { describe, expect, it } from 'vitest';
import { checkImageExtension, IMAGE_ACCEPT, pictureFileName, splitFileName } from './image-files';

describe('camera picture names', () => {
  it("are 'Picture' and the local time taken, with the jpg extension", () => {
    expect(pictureFileName(new Date(2026, 0, 2, 13, 45, 10))).toBe('Picture_20260102_134510.jpg');
    expect(pictureFileName(new Date(2025, 11, 31, 9, 5, 7))).toBe('Picture_20251231_090507.jpg');
    expect(splitFileName(pictureFileName(new Date()))).toMatchObject({ extension: 'jpg' });
  });
});

describe('image files', () => {
  it('split into name and lower-case extension', () => {
    expect(splitFileName('Rebar.Cover.JPG')).toEqual({ name: 'Rebar.Cover', extension: 'jpg' });
    expect(splitFileName('README')).toEqual({ name: 'README', extension: '' });
    expect(splitFileName('.hidden')).toEqual({ name: '.hidden', extension: '' });
  });

  it("accept png, jpg, jpeg and avif only: 'File extension {ext} is not supported'", () => {
    for (const name of ['a.png', 'b.JPG', 'c.jpeg', 'd.avif']) expect(checkImageExtension(name)).toBeNull();
    expect(checkImageExtension('scan.gif')).toBe('File extension gif is not supported');
    expect(checkImageExtension('notes')).toBe('File extension (none) is not supported');
    expect(IMAGE_ACCEPT).toBe('.png,.jpg,.jpeg,.avif');
  });
});
