import type { LabelPoint, PointLabelType, RebarPositionLabelValue } from '@gprhub/contract';
import { DEFAULT_LABEL_DIAMETER_MM, MAX_LABEL_DIAMETER_MM } from '@gprhub/contract';

/** Spec §9: digits typed within this many milliseconds of each other build one number. */
export const DIGIT_WINDOW_MS = 700;

/** A label on screen: the stored point plus, for one taken from the rebar analysis, the engine's confidence. */
export interface DraftPoint extends LabelPoint {
  confidence?: number;
}

/** A scan's labels being edited. */
export interface LabelDraft {
  points: DraftPoint[];
  depthM: number | null;
}

export const EMPTY_DRAFT: LabelDraft = { points: [], depthM: null };

/** The stored value of a draft (confidences are the engine's, not the labeller's, and are not stored). */
export function toLabelValue(draft: LabelDraft): RebarPositionLabelValue {
  return {
    points: draft.points.map(({ signalRowIndex, timeColumnIndex, type, diameter }) => ({
      signalRowIndex,
      timeColumnIndex,
      type,
      ...(type === 'REBAR_POSITION_WITH_DIAMETER' && { diameter: diameter ?? DEFAULT_LABEL_DIAMETER_MM }),
    })),
    global: { depth: draft.depthM },
  };
}

export function fromLabelValue(value: RebarPositionLabelValue | null): LabelDraft {
  return value ? { points: value.points, depthM: value.global.depth } : EMPTY_DRAFT;
}

/** A point of the given type at a position; negative coordinates are ignored (spec §5) and answer null. */
export function makePoint(
  position: { trace: number; sample: number },
  type: PointLabelType,
  diameterMm: number,
  limits: { traces: number; samples: number },
): DraftPoint | null {
  const signalRowIndex = Math.round(position.trace);
  const timeColumnIndex = Math.round(position.sample);
  if (position.trace < 0 || position.sample < 0) return null;
  if (signalRowIndex >= limits.traces || timeColumnIndex >= limits.samples) return null;
  return {
    signalRowIndex,
    timeColumnIndex,
    type,
    ...(type === 'REBAR_POSITION_WITH_DIAMETER' && { diameter: diameterMm }),
  };
}

/** The draft with its latest label given a diameter (a rebar label becomes one with a diameter). */
export function setLatestDiameter(draft: LabelDraft, diameterMm: number): LabelDraft {
  const last = draft.points.at(-1);
  if (!last || last.type === 'BACKGROUND_REFLECTION') return draft;
  const updated: DraftPoint = { ...last, type: 'REBAR_POSITION_WITH_DIAMETER', diameter: diameterMm };
  return { ...draft, points: [...draft.points.slice(0, -1), updated] };
}

/**
 * Digit keys build a diameter in mm: a digit typed within {@link DIGIT_WINDOW_MS} of the previous one appends
 * to the number, otherwise it starts a new one. Zero or more than the largest diameter is not a diameter.
 *
 * @returns the new buffer and the diameter it reads (null when it is not a valid diameter).
 */
export function typeDigit(
  buffer: { text: string; atMs: number } | null,
  digit: string,
  nowMs: number,
): { buffer: { text: string; atMs: number }; diameterMm: number | null } {
  const text = buffer && nowMs - buffer.atMs <= DIGIT_WINDOW_MS ? buffer.text + digit : digit;
  const value = Number(text);
  const isValid = value > 0 && value <= MAX_LABEL_DIAMETER_MM;
  return { buffer: { text, atMs: nowMs }, diameterMm: isValid ? value : null };
}
