import { type AreaScan, ErrorCode, type GprScan } from '@gprhub/contract';
import { findGprScansOfGroup } from '@gprhub/db';
import {
  applyLineCorrections,
  placeLines,
  type PlanLineDirection,
  type PlanLineRebar,
  type PlanRebar,
} from '@gprhub/gpr';
import type { AppContext } from '../../app-context.js';
import { HttpError } from '../../lib/errors.js';
import { getAnalysisByInput, getCorrectionByInput } from '../analyses/analyses.service.js';
import { getDualOrientationRow } from '../gpr-scans/dual-orientation.service.js';
import { getGprScanGroupRow, getGprScanRow, toAreaScan, toGprScan } from '../gpr-scans/gpr-scans.service.js';
import { type ExportBar, toExportBars } from './export-bars.js';

/** 409: the scan has no rebar results to export yet. */
export const noResultsYet = (what: string) =>
  new HttpError(409, ErrorCode.Conflict, `No rebar results yet: the analysis of ${what} has not finished`);

/** What the exports and the report need of a line scan's rebars. */
export interface LineBars {
  scan: GprScan;
  bars: ExportBar[];
  /** A user's correction is shown (rather than the analysis). */
  isCorrected: boolean;
  /** The finished analysis' results (permittivity, material properties, warnings), null when none finished. */
  results: Record<string, unknown> | null;
}

/**
 * A line scan's bars as the GPR scan page shows them: the user's LINE_SCAN_REBAR_2 correction, else the finished
 * analysis; null when neither exists (the analysis has not finished, or failed).
 * @param areaLineResults - for a line of an area, the area's result for that line: what the area page shows as the
 *   line's analysis (the area's one permittivity; decision 0024), used instead of the line's own analysis.
 */
export async function readLineBars(
  ctx: AppContext,
  organizationId: string,
  scanNodeId: string,
  areaLineResults: Record<string, unknown> | null = null,
): Promise<LineBars | null> {
  const scan = toGprScan(await getGprScanRow(ctx, organizationId, scanNodeId));
  const input = { gprScanNodeId: scanNodeId };
  const [correction, analysis] = await Promise.all([
    getCorrectionByInput(ctx, organizationId, 'LINE_SCAN_REBAR_2', input),
    areaLineResults ? null : getAnalysisByInput(ctx, organizationId, 'LINE_SCAN_REBAR_2', input),
  ]);
  const results =
    areaLineResults ??
    (analysis?.isDone && !analysis.isPartial && analysis.analysisRun?.status === 'FINISHED' ? analysis.results : null);
  const corrected = correction.analysisCorrection?.correctedAnalysisResults;
  if (corrected) return { scan, bars: toExportBars(corrected.rebars, true), isCorrected: true, results };
  if (!results) return null;
  return { scan, bars: toExportBars(results.rebars, false), isCorrected: false, results };
}

/** What the exports and the report need of an area scan's rebars. */
export interface AreaBars {
  area: AreaScan;
  lines: GprScan[];
  bars: ExportBar[];
  /** How many lines carry a user's correction. */
  correctedLineCount: number;
  results: Record<string, unknown>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readPlanRebars(values: unknown): PlanRebar[] {
  if (!Array.isArray(values)) return [];
  return values.filter(
    (v): v is PlanRebar =>
      isRecord(v) &&
      typeof v.id === 'string' &&
      Array.isArray(v.depthCoords) &&
      v.depthCoords.length > 0 &&
      typeof v.R === 'number' &&
      (v.orientation === 0 || v.orientation === 1),
  );
}

function readLineRebars(values: unknown[]): PlanLineRebar[] {
  return values.filter(
    (v): v is PlanLineRebar =>
      isRecord(v) &&
      typeof v.id === 'string' &&
      Array.isArray(v.depthCoords) &&
      v.depthCoords.length > 0 &&
      typeof v.R === 'number' &&
      typeof v.usesDefaultRadius === 'boolean',
  );
}

/** Every line's saved LINE_SCAN_REBAR_2 correction (its bars in the line's own coordinates), by line node id. */
async function readLineCorrections(
  ctx: AppContext,
  organizationId: string,
  lines: GprScan[],
): Promise<Map<string, PlanLineRebar[]>> {
  const corrections = new Map<string, PlanLineRebar[]>();
  for (const line of lines) {
    const found = await getCorrectionByInput(ctx, organizationId, 'LINE_SCAN_REBAR_2', { gprScanNodeId: line.nodeId });
    const rebars = found.analysisCorrection?.correctedAnalysisResults.rebars;
    if (Array.isArray(rebars)) corrections.set(line.nodeId, readLineRebars(rebars));
  }
  return corrections;
}

/**
 * An area scan's bars as its page shows them: the finished AREA_SCAN_REBAR_2 result with every line's correction
 * applied (decision 0024, the same function as the web plan); null when the analysis has not finished.
 */
export async function readAreaBars(ctx: AppContext, organizationId: string, areaNodeId: string): Promise<AreaBars | null> {
  const area = toAreaScan(await getGprScanGroupRow(ctx, organizationId, areaNodeId, 'AREA_SCAN'));
  const analysis = await getAnalysisByInput(ctx, organizationId, 'AREA_SCAN_REBAR_2', { areaScanNodeId: areaNodeId });
  if (!analysis.isDone || analysis.isPartial || analysis.analysisRun?.status !== 'FINISHED' || !analysis.results)
    return null;
  const lines = (await findGprScansOfGroup(ctx.db, organizationId, areaNodeId)).map(toGprScan);
  const placed = placeLines(area, lines);
  const corrections = await readLineCorrections(ctx, organizationId, lines);
  const planBars = applyLineCorrections(readPlanRebars(analysis.results.rebars), placed, corrections);
  return {
    area,
    lines,
    bars: toExportBars(planBars, false),
    correctedLineCount: corrections.size,
    results: analysis.results,
  };
}

/** One side of a dual-orientation area scan, as the pair's page shows it. */
export interface DualAreaSide extends Omit<AreaBars, 'results'> {
  role: 'parallel' | 'perpendicular';
  /** The direction the pooled analysis gave this side's lines (the scanner is turned between the two). */
  direction: PlanLineDirection;
}

/** What the exports and the report need of a dual-orientation area scan's rebars. */
export interface DualAreaBars {
  name: string;
  parallel: DualAreaSide;
  perpendicular: DualAreaSide;
  /** Both sides' bars: the parallel side's vertical bars, then the perpendicular side's horizontal ones. */
  bars: ExportBar[];
  /** The pooled AREA_SCAN_DUAL_ORIENTATION_REBAR_2 results (one permittivity, each line's result). */
  results: Record<string, unknown>;
}

/**
 * A dual-orientation area scan's bars as its page shows them (decision 0043): the finished pooled
 * AREA_SCAN_DUAL_ORIENTATION_REBAR_2 result, each side's bars with the corrections of that side's lines applied
 * (its lines placed in the direction the analysis gave them); null when the analysis has not finished.
 */
export async function readDualAreaBars(
  ctx: AppContext,
  organizationId: string,
  dualNodeId: string,
): Promise<DualAreaBars | null> {
  const pair = await getDualOrientationRow(ctx, 'area', organizationId, dualNodeId);
  const analysis = await getAnalysisByInput(ctx, organizationId, 'AREA_SCAN_DUAL_ORIENTATION_REBAR_2', {
    parallelAreaScanNodeId: pair.parallelNodeId,
    perpendicularAreaScanNodeId: pair.perpendicularNodeId,
  });
  if (!analysis.isDone || analysis.isPartial || analysis.analysisRun?.status !== 'FINISHED' || !analysis.results)
    return null;
  const results = analysis.results;
  const side = async (
    role: DualAreaSide['role'],
    areaNodeId: string,
    direction: PlanLineDirection,
  ): Promise<DualAreaSide> => {
    const area = toAreaScan(await getGprScanGroupRow(ctx, organizationId, areaNodeId, 'AREA_SCAN'));
    const lines = (await findGprScansOfGroup(ctx.db, organizationId, areaNodeId)).map(toGprScan);
    const part = results[role];
    const analysed = readPlanRebars(isRecord(part) ? part.rebars : []);
    const corrections = await readLineCorrections(ctx, organizationId, lines);
    const planBars = applyLineCorrections(analysed, placeLines(area, lines, direction), corrections);
    return { role, direction, area, lines, bars: toExportBars(planBars, false), correctedLineCount: corrections.size };
  };
  const parallel = await side('parallel', pair.parallelNodeId, 'LEFT_TO_RIGHT');
  const perpendicular = await side('perpendicular', pair.perpendicularNodeId, 'BOTTOM_TO_TOP');
  return { name: pair.node.name, parallel, perpendicular, bars: [...parallel.bars, ...perpendicular.bars], results };
}
