/**
 * Result shapes of the rebar engine. They map one-to-one onto what the API stores (spec §3: Rebar v2,
 * Hyperbola label, material properties) plus the engine's extras (cover, uncertainties, confidence). Every
 * value is a plain number, string, boolean or array, so results are JSON-serialisable as they are.
 */

/** Rebar orientation as the spec encodes it. */
export const REBAR_ORIENTATION = { VERTICAL: 0, HORIZONTAL: 1 } as const;
/** 0 VERTICAL, 1 HORIZONTAL. */
export type RebarOrientation = (typeof REBAR_ORIENTATION)[keyof typeof REBAR_ORIENTATION];

/** Radius given to a bar whose diameter the data do not determine (spec: new rebars default R 0.006 m). */
export const DEFAULT_REBAR_RADIUS_M = 0.006;

/**
 * Radius the detection stage (stack, candidate fits, validation) assumes: the middle of the field's 4–14 mm
 * rather than the spec's default, so thick bars are not rejected for a misfit of their flatter limbs; the
 * covers and εr are then marginalised over the radius (`refitDetection`). Chosen on half A of the random set
 * (6 mm: F1 0.84, 8 mm: 0.87, 9–10 mm: 0.84) and confirmed on half B (unchanged, 0.63).
 */
export const DETECTION_RADIUS_M = 0.008;

/** A detected (or user-labelled) hyperbola, in the spec's Hyperbola label shape. */
export interface HyperbolaLabel {
  /** UUID. */
  id: string;
  /** Trace index of the apex (integer ≥ 0). */
  xIdx: number;
  /** Sample index of the apex on the radargram's own sample axis (integer ≥ 0). */
  tIdx: number;
  /**
   * The apex's sample below a sample, on the same axis (`tIdx` is its rounding): the bar's apex time as the engine
   * fits it, so a depth read at the apex equals the cover (one sample spans 4–6 mm of depth near the surface).
   * Absent on a label a user placed or moved; then `tIdx` is the apex.
   */
  tIdxFrac?: number;
  /** Radius of the bar, metres, when known. */
  R?: number;
  classification: 'rebar';
  /** Confidence 0–1. */
  confidence: number;
}

/** A value with its 1-σ standard deviation. */
export interface Estimate {
  value: number;
  sd: number;
}

/**
 * A bar in the spec's Rebar v2 shape plus the engine's extras. For a line scan `depthCoords` is
 * `[[xM, 0, centreDepthM]]`: the bar's axis position along the line, y = 0, and the depth of the bar's centre
 * (cover + R); for an area scan it is a polyline of such points on the grid.
 */
export interface RebarResult {
  /** UUID. */
  id: string;
  /** [x, y, depth of the bar's centre] triples, metres. */
  depthCoords: [number, number, number][];
  /** Radius, metres (the default 0.006 when `usesDefaultRadius`). */
  R: number;
  orientation: RebarOrientation;
  /** True when the diameter was not determined by the data and R is the default. */
  usesDefaultRadius: boolean;
  /** Position of the bar's axis along the line from the first trace, metres (line scans). */
  xM: number;
  /** 1-σ of `xM`, metres. */
  xSdM: number;
  /** Cover: depth from the surface to the top of the bar, metres. */
  coverM: number;
  /** 1-σ of the cover, metres (fit, permittivity and time-zero uncertainty combined). */
  coverSdM: number;
  /** Nominal bar diameter in mm when the data decide it; undefined when undetermined. */
  nominalDiameterMm?: number;
  /** Confidence that this is a real bar, 0–1. */
  confidence: number;
  /** Permittivity fitted on this hyperbola alone (diagnostic), with its 1-σ. */
  permittivityFit: Estimate;
  /** RMS misfit of the travel-time picks, in samples. */
  rmsSamples: number;
  /** Number of travel-time picks used. */
  pickCount: number;
  /** The hyperbola this bar was fitted on. */
  hyperbola: HyperbolaLabel;
}

/** Where a material-property value comes from. */
export type MaterialValueSource = 'estimated' | 'prior' | 'user';

/** One of the four material properties, with its provenance and uncertainty. */
export interface MaterialValue {
  value: number;
  sd: number;
  source: MaterialValueSource;
  /** Why the value is what it is, in plain language. */
  note: string;
}

/**
 * The spec's material properties: `values` is [Epsilon 0 (the permittivity used), Epsilon inf,
 * Conductivity (S/m), Tau (s)]; `details` says for each whether it is estimated from the data or a prior.
 */
export interface MaterialProperties {
  values: [number, number, number, number];
  details: [MaterialValue, MaterialValue, MaterialValue, MaterialValue];
}

/** Progress callback: fraction done (0–1) and an optional message. */
export type ProgressCallback = (fraction: number, message?: string) => void;
