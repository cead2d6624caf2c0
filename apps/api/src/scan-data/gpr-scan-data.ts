/**
 * Loading scan data for the analyses module: a line scan's radargram, an area scan's lines on their grid, and
 * the type check of analysis inputs. The raw file is re-read from storage and parsed with packages/gpr; the
 * geometry stored at import (which for vendor lines comes from the export's CSV) replaces the file's own.
 */
import type { NodeType } from '@gprhub/contract';
import { NODE_TYPE_LABELS } from '@gprhub/contract';
import type { GprScanWithNode } from '@gprhub/db';
import {
  findFilesByIds,
  findGprScan,
  findGprScanGroup,
  findGprScansOfGroup,
  findLiveNodesByIds,
} from '@gprhub/db';
import type { AreaScanLineInput, LineScan, Radargram } from '@gprhub/gpr';
import { placeAreaScanLines, readGprFileAsync, readSegy } from '@gprhub/gpr';
import type { AppContext } from '../app-context.js';
import { badRequest, notFound } from '../lib/errors.js';
import { readStoredBytes } from './stored-bytes.js';

/** Load a line scan's radargram for analysis (404 ApiError if not a GPR_SCAN of the org). */
export async function loadGprScanRadargram(
  ctx: AppContext,
  organizationId: string,
  nodeId: string,
): Promise<{ nodeId: string; name: string; radargram: Radargram }> {
  const row = await findGprScan(ctx.db, organizationId, nodeId);
  if (!row) throw notFound();
  return { nodeId, name: row.node.name, radargram: await readScanRadargram(ctx, organizationId, row) };
}

/** One line of an area scan placed on its grid, from the stored rows alone (no file read). */
export interface PlannedAreaLine {
  nodeId: string;
  /** The line's place in the area's line order (directions in turn, each in CSV line order). */
  lineIndex: number;
  direction: AreaScanLineInput['direction'];
  offsetM: number;
}

/**
 * An area scan's lines placed on the grid from the database rows (the stored CSV geometry), without reading any
 * file: what the area job needs to split itself into line jobs. 404 ApiError if not an AREA_SCAN of the org.
 */
export async function planAreaScanLines(
  ctx: AppContext,
  organizationId: string,
  areaScanNodeId: string,
): Promise<{
  nodeId: string;
  name: string;
  lines: PlannedAreaLine[];
  warnings: string[];
  scans: GprScanWithNode[];
}> {
  const area = await findGprScanGroup(ctx.db, organizationId, areaScanNodeId, 'AREA_SCAN');
  if (!area) throw notFound();
  const scans = await findGprScansOfGroup(ctx.db, organizationId, areaScanNodeId);
  const lineScans: LineScan[] = scans.map(({ scan }, i) => ({
    path: scan.nodeId,
    radargramIndex: i,
    csvLineNumber: scan.csvLineNumber ?? scan.scanNumber ?? i + 1,
    direction: (scan.direction ?? undefined) as LineScan['direction'],
    scanLengthM: scan.scanLengthM,
    areaScanIndex: 0,
  }));
  const g = area.group;
  const placed = placeAreaScanLines(
    {
      lineScans,
      areaScans: [
        {
          name: area.node.name,
          csvPath: g.originalName,
          areaScanWidthCm: g.areaScanWidthCm ?? undefined,
          areaScanHeightCm: g.areaScanHeightCm ?? undefined,
          gridSpacingXCm: g.gridSpacingXCm ?? undefined,
          gridSpacingYCm: g.gridSpacingYCm ?? undefined,
          gridSizeXCm: g.gridSizeXCm ?? undefined,
          gridSizeYCm: g.gridSizeYCm ?? undefined,
          lineScanIndices: lineScans.map((_, i) => i),
          fields: {},
        },
      ],
    },
    0,
  );
  const lines = placed.lines.map((line, lineIndex) => ({
    nodeId: scans[line.radargramIndex]!.scan.nodeId,
    lineIndex,
    direction: line.direction,
    offsetM: line.offsetM,
  }));
  return { nodeId: areaScanNodeId, name: area.node.name, lines, warnings: placed.warnings, scans };
}

/** An area scan's lines placed on the grid with their radargrams, as packages/gpr's analyzeAreaScan expects. */
export async function loadAreaScanLines(
  ctx: AppContext,
  organizationId: string,
  areaScanNodeId: string,
): Promise<{
  nodeId: string;
  name: string;
  lines: Array<AreaScanLineInput & { nodeId: string }>;
  warnings: string[];
}> {
  const plan = await planAreaScanLines(ctx, organizationId, areaScanNodeId);
  const byId = new Map(plan.scans.map((s) => [s.scan.nodeId, s]));
  const lines: Array<AreaScanLineInput & { nodeId: string }> = [];
  for (const line of plan.lines)
    lines.push({
      radargram: await readScanRadargram(ctx, organizationId, byId.get(line.nodeId)!),
      direction: line.direction,
      offsetM: line.offsetM,
      nodeId: line.nodeId,
    });
  return { nodeId: plan.nodeId, name: plan.name, lines, warnings: plan.warnings };
}

/** Type check for analysis inputs: which of these ids are nodes of the given type in the org. */
export async function assertNodesOfType(
  ctx: AppContext,
  organizationId: string,
  ids: string[],
  type: NodeType,
): Promise<void> {
  const unique = [...new Set(ids)];
  const found = new Map(
    (await findLiveNodesByIds(ctx.db, organizationId, unique)).map((n) => [n.id, n.type]),
  );
  const wrong = unique.filter((id) => found.get(id) !== type);
  if (wrong.length === 0) return;
  const label = NODE_TYPE_LABELS[type];
  const article = /^[AEIOU]/i.test(label) ? 'an' : 'a';
  const message = (id: string) => `Node ${id} is not ${article} ${label} of this organization`;
  throw badRequest(
    message(wrong[0]!),
    wrong.map((id) => ({ path: id, message: message(id) })),
  );
}

/**
 * Parse a stored scan: its file and sidecars from storage, then the stored geometry over the file's. SEG-Y
 * lines get the stored interval as fallback (vendor lines often hold none; the zip reader used the product's).
 */
export async function readScanRadargram(
  ctx: AppContext,
  organizationId: string,
  { scan }: GprScanWithNode,
): Promise<Radargram> {
  const rows = await findFilesByIds(ctx.db, organizationId, [scan.fileId, ...scan.sidecarFileIds]);
  const main = rows.find((f) => f.id === scan.fileId);
  if (!main) throw new Error(`GPR scan ${scan.nodeId}: its file ${scan.fileId} is missing`);
  const sidecars: Record<string, Uint8Array> = {};
  for (const f of rows)
    if (f.id !== main.id) sidecars[f.name] = await readStoredBytes(ctx.storage, f.storageKey);
  const input = { name: main.name, bytes: await readStoredBytes(ctx.storage, main.storageKey), sidecars };
  const result =
    scan.format === 'segy'
      ? readSegy(input, { fallbackSampleIntervalS: scan.sampleIntervalS })
      : await readGprFileAsync(input);
  const radargram = result.radargrams[scan.radargramIndex];
  if (!radargram)
    throw new Error(`GPR scan ${scan.nodeId}: ${main.name} no longer holds radargram ${scan.radargramIndex}`);
  radargram.sampleIntervalS = scan.sampleIntervalS;
  radargram.timeOffsetS = scan.timeOffsetS;
  radargram.traceSpacingM = scan.traceSpacingM;
  radargram.antennaSeparationM = scan.antennaSeparationM;
  if (scan.permittivity !== null) radargram.permittivity = scan.permittivity;
  if (scan.scanDate !== null) radargram.scanDate = scan.scanDate;
  return radargram;
}
