export type StatusKey = 'CREATED' | 'ANALYSING' | 'FINISHED' | 'FAILED' | 'NONE' | 'UNKNOWN';

/** Statuses as the spec lists them, lower-case forms included; null is 'Not started'. */
export function normalizeStatus(status: string | null | undefined): StatusKey {
  if (status === null || status === undefined || status === '') return 'NONE';
  const upper = status.toUpperCase();
  return upper === 'CREATED' || upper === 'ANALYSING' || upper === 'FINISHED' || upper === 'FAILED'
    ? upper
    : 'UNKNOWN';
}

const LABELS: Record<StatusKey, string> = {
  CREATED: 'Created',
  ANALYSING: 'Analysing',
  FINISHED: 'Finished',
  FAILED: 'Failed',
  NONE: 'Not started',
  UNKNOWN: 'Unknown',
};

/** The label a status shows ('Analysing 42 %' with a known progress). */
export function getStatusLabel(
  status: string | null | undefined,
  progress?: number | null,
  isCompact = false,
): string {
  const key = normalizeStatus(status);
  if (key === 'ANALYSING' && typeof progress === 'number')
    return isCompact ? `${Math.round(progress)} %` : `Analysing ${Math.round(progress)} %`;
  return LABELS[key];
}
