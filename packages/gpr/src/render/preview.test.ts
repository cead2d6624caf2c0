import { describe, expect, it } from 'vitest';
import { synthesizeRadargram } from '../physics/synthetic-scan';
import { renderScanPreview, renderScanPreviewPng, renderSignalPng } from './preview';

const rg = synthesizeRadargram({
  traces: 80,
  samplesPerTrace: 512,
  reflectors: [{ xM: 0.16, depthM: 0.05 }],
});

describe('scan preview and signal image', () => {
  it('renders the preview in greys over 100 shades on the signal-based preset (450 samples)', () => {
    const image = renderScanPreview(rg, { timeZero: 'start-offset' });
    expect(image.width).toBe(80);
    expect(image.height).toBe(450); // start offset 41, length 450 of 512
    expect(image.palette).toHaveLength(100 * 4);
    expect(Array.from(image.palette.slice(0, 4))).toEqual([255, 255, 255, 255]); // Greys starts white
    expect(Array.from(image.palette.slice(99 * 4))).toEqual([0, 0, 0, 255]); // and ends black
    // Background (mean removed) sits mid-scale (shade 49 or 50); the reflector spans most of the scale.
    const counts = new Map<number, number>();
    for (const k of image.indices) counts.set(k, (counts.get(k) ?? 0) + 1);
    const mostCommon = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
    expect([49, 50]).toContain(mostCommon);
    expect(Math.min(...counts.keys())).toBeLessThan(20);
    expect(Math.max(...counts.keys())).toBeGreaterThan(80);
  });

  it('encodes PNGs with the signal colour scale', () => {
    const png = renderScanPreviewPng(rg);
    expect(Array.from(png.slice(1, 4))).toEqual([80, 78, 71]); // "PNG"
    const signal = renderSignalPng(rg, {}, 'seismic');
    const view = new DataView(signal.buffer, signal.byteOffset);
    expect(view.getUint32(16)).toBe(80);
    expect(signal.length).toBeGreaterThan(100);
  });
});
