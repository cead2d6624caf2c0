/** The spec's lightbox constants: zoom step 0.1, minimum zoom 0.1; rotations 0, 90, 180, 270. */
export const ZOOM_STEP = 0.1;
export const MIN_ZOOM = 0.1;
export const MAX_ZOOM = 8;
export const ROTATIONS = [0, 90, 180, 270] as const;
export type Rotation = (typeof ROTATIONS)[number];

export interface LightboxState {
  /** Index of the shown picture; null when the lightbox is closed. */
  index: number | null;
  zoom: number;
  rotation: Rotation;
}

export type LightboxAction =
  | { type: 'open'; index: number }
  | { type: 'close' }
  | { type: 'next'; count: number }
  | { type: 'previous'; count: number }
  | { type: 'zoomIn' }
  | { type: 'zoomOut' }
  | { type: 'resetView' }
  | { type: 'rotateClockwise' }
  | { type: 'rotateCounterClockwise' }
  | { type: 'setRotation'; rotation: Rotation };

export const INITIAL_LIGHTBOX: LightboxState = { index: null, zoom: 1, rotation: 0 };

/** Zoom rounded to the step, so that repeated steps do not drift (0.1 + 0.2 ≠ 0.3). */
function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(zoom * 10) / 10));
}

function turn(rotation: Rotation, quarterTurns: number): Rotation {
  return ROTATIONS[(((ROTATIONS.indexOf(rotation) + quarterTurns) % 4) + 4) % 4]!;
}

/** Another picture starts unzoomed and unrotated. */
function show(index: number): LightboxState {
  return { index, zoom: 1, rotation: 0 };
}

/** The lightbox: which picture is shown, its zoom and its rotation. */
export function lightboxReducer(state: LightboxState, action: LightboxAction): LightboxState {
  switch (action.type) {
    case 'open':
      return show(action.index);
    case 'close':
      return INITIAL_LIGHTBOX;
    case 'next':
    case 'previous': {
      if (state.index === null || action.count <= 0) return state;
      const step = action.type === 'next' ? 1 : -1;
      return show((state.index + step + action.count) % action.count);
    }
    case 'zoomIn':
      return { ...state, zoom: clampZoom(state.zoom + ZOOM_STEP) };
    case 'zoomOut':
      return { ...state, zoom: clampZoom(state.zoom - ZOOM_STEP) };
    case 'resetView':
      return { ...state, zoom: 1, rotation: 0 };
    case 'rotateClockwise':
      return { ...state, rotation: turn(state.rotation, 1) };
    case 'rotateCounterClockwise':
      return { ...state, rotation: turn(state.rotation, -1) };
    case 'setRotation':
      return { ...state, rotation: action.rotation };
  }
}

/**
 * How large to draw a picture of `natural` size in a `stage`, rotated by `rotation`: the picture is
 * fitted (never enlarged) into the stage, then zoomed. `box` is the rotated picture's bounding box,
 * `image` the unrotated picture's size.
 */
export function lightboxLayout(
  natural: { width: number; height: number },
  stage: { width: number; height: number },
  zoom: number,
  rotation: Rotation,
): { box: { width: number; height: number }; image: { width: number; height: number } } {
  const isSideways = rotation === 90 || rotation === 270;
  const boxWidth = isSideways ? natural.height : natural.width;
  const boxHeight = isSideways ? natural.width : natural.height;
  const fit =
    boxWidth > 0 && boxHeight > 0 ? Math.min(stage.width / boxWidth, stage.height / boxHeight, 1) : 1;
  const scale = fit * zoom;
  return {
    box: { width: boxWidth * scale, height: boxHeight * scale },
    image: { width: natural.width * scale, height: natural.height * scale },
  };
}
