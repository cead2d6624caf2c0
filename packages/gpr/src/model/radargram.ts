/**
 * The one in-memory model of a GPR B-scan (radargram) that every reader returns and every
 * processing step, detector and renderer takes.
 *
 * Samples are trace-major: sample `s` of trace `t` is `samples[t * samplesPerTrace + s]`.
 * Times are two-way travel times in seconds; distances in metres; frequencies in hertz.
 */

/** Physical defaults from the product specification (used when a file does not say). */
export const DEFAULT_SAMPLE_INTERVAL_S = 2.44140625e-11;
/**
 * The product's signal offset, seconds: time zero (the transmit instant) lies this long *after* the first
 * recorded sample (the signal viewer's default start offset, 41 samples × 24.4 ps, says the same). Readers
 * give vendor scans that store no delay `timeOffsetS = −DEFAULT_TIME_OFFSET_S`.
 */
export const DEFAULT_TIME_OFFSET_S = 1e-9;
/** Transmitter–receiver separation of the vendor's antenna, metres. */
export const DEFAULT_ANTENNA_SEPARATION_M = 0.03565;
/**
 * Height of the antennas' feed points above the concrete surface, metres, when nothing better is known. No file
 * format stores it; ground-coupled antennas sit a few millimetres above the surface inside their housing, and the
 * project's gprMax models of the vendor's antenna (shared/data/sim/README.md) place transmitter and receiver 4 mm
 * above it. An assumption, used only by the surface-coupling model of the rebar fits (fitting/surface-coupling.ts);
 * set `antennaHeightM` on the radargram or in the analysis options when the instrument's is known.
 */
export const DEFAULT_ANTENNA_HEIGHT_M = 0.004;
/** Relative permittivity assumed for concrete when nothing better is known. */
export const DEFAULT_PERMITTIVITY = 7;
/** Speed of light in vacuum, m/s. */
export const SPEED_OF_LIGHT_M_PER_S = 299_792_458;

/** A user mark (fiducial) placed on a trace during acquisition. */
export interface TraceMark {
  /** Index of the marked trace (0-based). */
  traceIndex: number;
  /** Free text or mark type, when the format stores one. */
  label?: string;
}

/** A GPS fix attached to a trace. */
export interface TraceGps {
  traceIndex: number;
  latitudeDeg: number;
  longitudeDeg: number;
  altitudeM?: number;
  /** UTC time of the fix as an ISO 8601 string, when known. */
  time?: string;
}

/** A header field kept verbatim for display ("what the file says"). */
export interface HeaderField {
  name: string;
  value: string | number | boolean | null;
}

/** Source file formats the readers understand. */
export type GprFormat = 'dzt' | 'segy' | 'dt1' | 'rd3' | 'rd7' | 'gprmax' | 'vendor-zip';

/** One B-scan. */
export interface Radargram {
  /** Amplitudes, trace-major, length `traces * samplesPerTrace`. */
  samples: Float32Array;
  /** Number of traces (columns). */
  traces: number;
  /** Samples per trace (rows). */
  samplesPerTrace: number;
  /** Sample interval, seconds. */
  sampleIntervalS: number;
  /** Two-way time of the first sample, seconds (may be negative). */
  timeOffsetS: number;
  /** Distance between adjacent traces, metres (0 when unknown, e.g. time-triggered). */
  traceSpacingM: number;
  /** Transmitter–receiver separation, metres. */
  antennaSeparationM: number;
  /** Height of the antennas above the surface, metres, when known (no format stores it). */
  antennaHeightM?: number;
  /** Antenna centre frequency, Hz, when known. */
  centreFrequencyHz?: number;
  /** Relative permittivity the operator set in the instrument, when known (a setting, not a measurement). */
  permittivity?: number;
  /** Acquisition date as an ISO 8601 string, when known. */
  scanDate?: string;
  /** Antenna name or model string, when known. */
  antennaName?: string;
  /** User or distance marks, by trace index (empty when none). */
  marks: TraceMark[];
  /** GPS fixes tagged to traces, when the file or a sidecar stores them. */
  gps?: TraceGps[];
  /**
   * Position of each trace along the line, metres from the first trace, when the file stores
   * per-trace positions (length `traces`). Absent when positions are only implied by `traceSpacingM`.
   */
  positionsM?: Float64Array;
  /** 0-based channel index for multi-channel files (GSSI DZT); absent for single-channel formats. */
  channel?: number;
  /** Format the radargram was read from. */
  format: GprFormat;
  /** Name of the line/channel/file it came from (e.g. file name, or "channel 2"). */
  name: string;
  /** The source header, verbatim, for display. */
  header: HeaderField[];
}
