import { describe, expect, it } from 'vitest';
import type { LightboxAction, LightboxState } from './lightbox-state';
import { INITIAL_LIGHTBOX, lightboxLayout, lightboxReducer, MIN_ZOOM } from './lightbox-state';

const run = (actions: LightboxAction[], state: LightboxState = INITIAL_LIGHTBOX) =>
  actions.reduce(lightboxReducer, state);

describe('lightbox reducer', () => {
  it('zooms by steps of 0.1 without drifting', () => {
    const state = run([
      { type: 'open', index: 0 },
      { type: 'zoomIn' },
      { type: 'zoomIn' },
      { type: 'zoomIn' },
    ]);
    expect(state.zoom).toBe(1.3);
    expect(run([{ type: 'zoomOut' }, { type: 'zoomOut' }], state).zoom).toBe(1.1);
  });

  it('never zooms below 0.1', () => {
    const state = run(Array.from({ length: 20 }, () => ({ type: 'zoomOut' }) as const));
    expect(state.zoom).toBe(MIN_ZOOM);
  });

  it('rotates through 0, 90, 180 and 270 both ways', () => {
    const rotations: number[] = [];
    let state = run([{ type: 'open', index: 0 }]);
    for (let i = 0; i < 4; i++) {
      state = lightboxReducer(state, { type: 'rotateClockwise' });
      rotations.push(state.rotation);
    }
    expect(rotations).toEqual([90, 180, 270, 0]);
    expect(run([{ type: 'rotateCounterClockwise' }]).rotation).toBe(270);
    expect(run([{ type: 'setRotation', rotation: 180 }]).rotation).toBe(180);
  });

  it('steps through the pictures in a loop, starting each one unzoomed and unrotated', () => {
    const state = run([{ type: 'open', index: 2 }, { type: 'zoomIn' }, { type: 'rotateClockwise' }]);
    expect(lightboxReducer(state, { type: 'next', count: 3 })).toEqual({ index: 0, zoom: 1, rotation: 0 });
    expect(lightboxReducer(state, { type: 'previous', count: 3 }).index).toBe(1);
    expect(
      run([
        { type: 'open', index: 0 },
        { type: 'previous', count: 3 },
      ]).index,
    ).toBe(2);
    expect(lightboxReducer(state, { type: 'close' })).toEqual(INITIAL_LIGHTBOX);
    expect(lightboxReducer(INITIAL_LIGHTBOX, { type: 'next', count: 3 })).toBe(INITIAL_LIGHTBOX);
  });

  it('resets the view', () => {
    const state = run([
      { type: 'open', index: 1 },
      { type: 'zoomIn' },
      { type: 'rotateClockwise' },
      { type: 'resetView' },
    ]);
    expect(state).toEqual({ index: 1, zoom: 1, rotation: 0 });
  });
});

describe('lightbox layout', () => {
  const stage = { width: 800, height: 600 };
  it('fits a picture without enlarging it, then zooms', () => {
    expect(lightboxLayout({ width: 1600, height: 1200 }, stage, 1, 0).image).toEqual({
      width: 800,
      height: 600,
    });
    expect(lightboxLayout({ width: 200, height: 100 }, stage, 1, 0).image).toEqual({
      width: 200,
      height: 100,
    });
    expect(lightboxLayout({ width: 200, height: 100 }, stage, 2, 0).box).toEqual({ width: 400, height: 200 });
  });

  it('fits a sideways picture by its rotated bounding box', () => {
    const { box, image } = lightboxLayout({ width: 1200, height: 600 }, stage, 1, 90);
    expect(box).toEqual({ width: 300, height: 600 });
    expect(image).toEqual({ width: 600, height: 300 });
  });
});
