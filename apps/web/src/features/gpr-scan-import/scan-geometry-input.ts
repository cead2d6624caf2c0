import type { ImportScanGeometry, ZipFileMapResponse } from '@gprhub/contract';

/** The largest trace spacing the API takes, millimetres (`traceSpacingM` ≤ 0.5). */
export const MAX_TRACE_SPACING_MM = 500;

/**
 * A trace spacing typed in millimetres (a comma or a point as the decimal mark), or null when it is not a
 * spacing greater than 0 and at most 500 mm.
 * @example parseTraceSpacingMm('2,5') // 2.5
 */
export function parseTraceSpacingMm(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) && value > 0 && value <= MAX_TRACE_SPACING_MM ? value : null;
}

/** The reviewed lines whose file stores no trace spacing (one per file), leaving out skipped paths. */
export function findScansWithoutSpacing(
  review: ZipFileMapResponse | null,
  skipped: ReadonlySet<string>,
): ZipFileMapResponse['gprScans'] {
  if (!review) return [];
  const seen = new Set<string>();
  return review.gprScans.filter((scan) => {
    if (scan.traceSpacingM > 0 || skipped.has(scan.path) || seen.has(scan.path)) return false;
    seen.add(scan.path);
    return true;
  });
}

/**
 * The `scanGeometry` of the import call from the typed values, or null while any asked value is missing or
 * invalid (the Create button waits for them).
 */
export function buildScanGeometry(
  scans: ZipFileMapResponse['gprScans'],
  values: Readonly<Record<string, string>>,
): ImportScanGeometry[] | null {
  const geometry: ImportScanGeometry[] = [];
  for (const scan of scans) {
    const spacingMm = parseTraceSpacingMm(values[scan.path] ?? '');
    if (spacingMm === null) return null;
    geometry.push({ path: scan.path, traceSpacingM: spacingMm / 1000 });
  }
  return geometry;
}
