/**
 * How long a run took, from its start to its end: '850 ms', '12.3 s', '4 min 05 s', '1 h 02 min'. Empty
 * until it has both times (or when they are invalid).
 * @example formatDuration('2026-01-01T10:00:00Z', '2026-01-01T10:00:12.3Z') // '12.3 s'
 */
export function formatDuration(
  startedAt: string | null | undefined,
  finishedAt: string | null | undefined,
): string {
  if (!startedAt || !finishedAt) return '';
  const ms = new Date(finishedAt).getTime() - new Date(startedAt).getTime();
  if (!Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const totalSeconds = Math.round(seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (totalSeconds < 3600) return `${Math.floor(totalSeconds / 60)} min ${pad(totalSeconds % 60)} s`;
  const minutes = Math.floor(totalSeconds / 60);
  return `${Math.floor(minutes / 60)} h ${pad(minutes % 60)} min`;
}
