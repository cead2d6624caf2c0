/**
 * Break points of one piecewise-linear colour map, per channel: `[x0, y0, x1, y1, …]` with x rising
 * from 0 to 1 and y the channel value (0–1) at x. This is matplotlib's segment data for maps whose
 * segments are continuous (every map we ship), with each break's single value.
 */
export interface SegmentedColormapData {
  red: readonly number[];
  green: readonly number[];
  blue: readonly number[];
}
