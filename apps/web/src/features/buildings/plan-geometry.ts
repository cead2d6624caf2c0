/**
 * How a plan image of `width` × `height` pixels, turned by `rotation` degrees (0, 90, 180, 270), fits a
 * `box` × `box` square: the size of the turned picture on screen, and the size of the unturned image
 * layer (which is then rotated about its centre). Pins live in that layer, in fractions of the image,
 * so they stay on their spot whatever the rotation or the rendering size.
 * @example fitRotated(800, 400, 90, 400) // { outerWidth: 200, outerHeight: 400, innerWidth: 400, innerHeight: 200 }
 */
export function fitRotated(width: number, height: number, rotation: number, box: number) {
  const isTurned = rotation % 180 !== 0;
  const shownWidth = isTurned ? height : width;
  const shownHeight = isTurned ? width : height;
  const scale = Math.min(box / shownWidth, box / shownHeight);
  return { outerWidth: shownWidth * scale, outerHeight: shownHeight * scale, innerWidth: width * scale, innerHeight: height * scale };
}

/**
 * A click on the turned picture, in fractions of its on-screen box (0–1, from its top left), back in
 * fractions of the unturned image: what is stored as a pin's position.
 * @example toImagePosition(1, 0, 90) // { x: 0, y: 0 }: the top right of a quarter-turned image is its top left
 */
export function toImagePosition(u: number, v: number, rotation: number): { x: number; y: number } {
  switch (((rotation % 360) + 360) % 360) {
    case 90:
      return { x: v, y: 1 - u };
    case 180:
      return { x: 1 - u, y: 1 - v };
    case 270:
      return { x: 1 - v, y: u };
    default:
      return { x: u, y: v };
  }
}
