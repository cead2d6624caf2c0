import type { LabelPoint } from '@gprhub/contract';
import { depthFromTwoWayTime } from '@gprhub/gpr';

/** What turns a label's indices into metres: the scan's geometry and, when known, the engine's time zero and permittivity. */
export interface LabelFrame {
  traceSpacingM: number;
  sampleIntervalS: number;
  timeOffsetS: number;
  antennaSeparationM: number;
  /** The engine's time zero on the scan's time axis, seconds (0 when there is no analysis). */
  timeZeroS: number;
  /** The engine's permittivity, or null when the scan has no finished analysis. */
  permittivity: number | null;
}

/** A label in metres: along the line from the first trace, and the depth of the apex (the bar's cover). */
export interface LabelInMetres {
  xM: number;
  /** Two-way time from time zero, seconds. */
  timeS: number;
  /** Null without a permittivity. */
  depthM: number | null;
}

/**
 * A label's apex in metres. The apex of a bar's hyperbola is the echo of its top, so the depth at the apex's time
 * is the cover, converted with the same bistatic time–depth relation and time zero the engine uses.
 */
export function labelInMetres(point: LabelPoint, frame: LabelFrame): LabelInMetres {
  const timeS = frame.timeOffsetS + point.timeColumnIndex * frame.sampleIntervalS - frame.timeZeroS;
  return {
    xM: point.signalRowIndex * frame.traceSpacingM,
    timeS,
    depthM: frame.permittivity === null ? null : depthFromTwoWayTime(timeS, frame.permittivity, frame.antennaSeparationM),
  };
}

/** Labels that mark a bar (with or without a diameter). */
export const isRebarLabel = (p: LabelPoint): boolean => p.type === 'REBAR_POSITION' || p.type === 'REBAR_POSITION_WITH_DIAMETER';
