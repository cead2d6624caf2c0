import type { GprReadResult } from '../formats/types';
import type { AreaScanLineInput } from './analyze-area-scan';

/** Line spacing assumed when the area scan's CSV gives none, metres. */
export const FALLBACK_LINE_SPACING_M = 0.1;

/** A line placed on its area's grid (a read's radargram): which radargram, its direction and its offset across it. */
export interface GridLine {
  /** Index into the read's radargrams. */
  radargramIndex: number;
  direction: AreaScanLineInput['direction'];
  offsetM: number;
}

/**
 * Places the lines of a vendor area scan on its grid from the read's metadata alone (no samples needed): the
 * lines of each direction, in `csvLineNumber` order, sit one grid spacing apart — LEFT_TO_RIGHT lines at
 * y = k·gridSpacingY, BOTTOM_TO_TOP lines at x = k·gridSpacingX — and start at grid coordinate 0. A missing
 * spacing falls back to the grid size divided by the gaps, else 0.1 m, with a warning.
 *
 * @param read - the read's area scans and line scans.
 * @param areaScanIndex - which area scan of the file. Default 0.
 * @returns the placed lines (radargram indices) and the assumptions made.
 * @example
 * ```ts
 * const { lines } = placeAreaScanLines(readGprFile({ name: 'area.zip', bytes }));
 * lines[0]; // { radargramIndex: 0, direction: 'LEFT_TO_RIGHT', offsetM: 0 }
 * ```
 */
export function placeAreaScanLines(
  read: Pick<GprReadResult, 'areaScans' | 'lineScans'>,
  areaScanIndex = 0,
): { lines: GridLine[]; warnings: string[] } {
  const warnings: string[] = [];
  const area = read.areaScans?.[areaScanIndex];
  const lineScans = read.lineScans ?? [];
  if (!area) return { lines: [], warnings: ['the file holds no area scan'] };
  const members = area.lineScanIndices.map((i) => lineScans[i]).filter((l) => l !== undefined);
  const lines: GridLine[] = [];
  for (const direction of ['LEFT_TO_RIGHT', 'BOTTOM_TO_TOP'] as const) {
    const group = members
      .filter((l) => (l.direction ?? 'LEFT_TO_RIGHT') === direction)
      .sort((a, b) => (a.csvLineNumber ?? 0) - (b.csvLineNumber ?? 0));
    if (group.length === 0) continue;
    const spacingCm = direction === 'LEFT_TO_RIGHT' ? area.gridSpacingYCm : area.gridSpacingXCm;
    const sizeCm = direction === 'LEFT_TO_RIGHT' ? area.gridSizeYCm : area.gridSizeXCm;
    let spacingM = spacingCm !== undefined && spacingCm > 0 ? spacingCm / 100 : undefined;
    if (spacingM === undefined && sizeCm !== undefined && sizeCm > 0 && group.length > 1) {
      spacingM = sizeCm / 100 / (group.length - 1);
    }
    if (spacingM === undefined) {
      spacingM = FALLBACK_LINE_SPACING_M;
      warnings.push(
        `${area.name}: no grid spacing for ${direction} lines; ${FALLBACK_LINE_SPACING_M} m assumed`,
      );
    }
    group.forEach((l, k) =>
      lines.push({ radargramIndex: l.radargramIndex, direction, offsetM: k * (spacingM as number) }),
    );
  }
  return { lines, warnings };
}

/**
 * Places the lines of a vendor area scan on its grid, for {@link analyzeAreaScan} ({@link placeAreaScanLines}
 * with each line's radargram).
 *
 * @param read - what `readGprFile` returned for the zip.
 * @param areaScanIndex - which area scan of the file. Default 0.
 * @returns the placed lines and the assumptions made.
 * @example
 * ```ts
 * const { lines } = areaScanLinesFromRead(readGprFile({ name: 'area.zip', bytes }));
 * analyzeAreaScan(lines);
 * ```
 */
export function areaScanLinesFromRead(
  read: GprReadResult,
  areaScanIndex = 0,
): { lines: AreaScanLineInput[]; warnings: string[] } {
  const placed = placeAreaScanLines(read, areaScanIndex);
  return {
    lines: placed.lines.map((l) => ({
      radargram: read.radargrams[l.radargramIndex],
      direction: l.direction,
      offsetM: l.offsetM,
    })),
    warnings: placed.warnings,
  };
}
