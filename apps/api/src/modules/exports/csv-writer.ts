import type { ExportBar } from './export-bars.js';

/** The CSV's columns, in order: the bar's id, where it is, its cover and size, and where it came from. Lengths in metres. */
export const BAR_CSV_COLUMNS = [
  'id',
  'source',
  'orientation',
  'x_m',
  'y_m',
  'start_x_m',
  'start_y_m',
  'end_x_m',
  'end_y_m',
  'centre_depth_m',
  'cover_m',
  'cover_sd_m',
  'radius_m',
  'diameter_mm',
  'confidence',
  'corrected',
] as const;

/** A bar with the name of the scan (line) or area it belongs to. */
export interface CsvBar extends ExportBar {
  source: string;
}

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled; a leading =+-@ is defused for spreadsheets. */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const metres = (value: number) => String(Math.round(value * 1e6) / 1e6);

/**
 * The bars as CSV (RFC 4180, CRLF line ends, a header row): lengths in metres to the micrometre, diameter in mm or
 * 'undetermined', confidence 0–1 or empty when the engine gave none (bars placed by hand), corrected 'yes'/'no'.
 * @example writeBarsCsv([]) // 'id,source,orientation,…\r\n'
 */
export function writeBarsCsv(bars: readonly CsvBar[]): string {
  const rows = bars.map((bar) =>
    [
      bar.id,
      bar.source,
      bar.orientation,
      metres(bar.xM),
      metres(bar.yM),
      metres(bar.startXM),
      metres(bar.startYM),
      metres(bar.endXM),
      metres(bar.endYM),
      metres(bar.centreDepthM),
      metres(bar.coverM),
      bar.coverSdM === null ? '' : metres(bar.coverSdM),
      metres(bar.radiusM),
      bar.diameterMm === null ? 'undetermined' : String(bar.diameterMm),
      bar.confidence === null ? '' : String(Math.round(bar.confidence * 1000) / 1000),
      bar.isCorrected ? 'yes' : 'no',
    ]
      .map(field)
      .join(','),
  );
  return [BAR_CSV_COLUMNS.join(','), ...rows].map((line) => `${line}\r\n`).join('');
}
