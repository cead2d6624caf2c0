import { describe, expect, it } from 'vitest';
import { fitRotated, toImagePosition } from './plan-geometry';

describe('fitRotated', () => {
  it('fits the turned picture in the box and keeps the unturned layer at the same scale', () => {
    expect(fitRotated(800, 400, 0, 400)).toEqual({ outerWidth: 400, outerHeight: 200, innerWidth: 400, innerHeight: 200 });
    expect(fitRotated(800, 400, 90, 400)).toEqual({ outerWidth: 200, outerHeight: 400, innerWidth: 400, innerHeight: 200 });
    expect(fitRotated(1000, 1000, 270, 400)).toEqual({ outerWidth: 400, outerHeight: 400, innerWidth: 400, innerHeight: 400 });
  });
});

describe('toImagePosition', () => {
  it('maps the corners of a turned picture back to the image corners they show', () => {
    // A 90° clockwise turn puts the image's top left corner at the top right of the screen.
    expect(toImagePosition(1, 0, 90)).toEqual({ x: 0, y: 0 });
    expect(toImagePosition(0, 0, 90)).toEqual({ x: 0, y: 1 });
    expect(toImagePosition(0, 0, 180)).toEqual({ x: 1, y: 1 });
    expect(toImagePosition(0, 1, 270)).toEqual({ x: 0, y: 0 });
    expect(toImagePosition(0.25, 0.75, 0)).toEqual({ x: 0.25, y: 0.75 });
  });

  it('is undone by turning the stored point forward again', () => {
    const forward = (x: number, y: number, rotation: number) => {
      // Screen position of image point (x, y) after a clockwise turn.
      if (rotation === 90) return [1 - y, x];
      if (rotation === 180) return [1 - x, 1 - y];
      if (rotation === 270) return [y, 1 - x];
      return [x, y];
    };
    for (const rotation of [0, 90, 180, 270]) {
      const [u, v] = forward(0.2, 0.7, rotation) as [number, number];
      const back = toImagePosition(u, v, rotation);
      expect(back.x).toBeCloseTo(0.2);
      expect(back.y).toBeCloseTo(0.7);
    }
  });
});
