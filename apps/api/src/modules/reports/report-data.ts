import { floorLabel, type ReportSettings } from '@gprhub/contract';
import {
  findBuilding,
  findDualOrientationScan,
  findFilesByIds,
  findFloorPlansOfFloor,
  findFloors,
  findGprScan,
  findGprScanGroup,
  findNodeById,
  findOrganizationById,
  findPins,
  findUserName,
  type NodeRow,
  type ReportRow,
} from '@gprhub/db';
import { encodePng, placeLines, type PlanLineDirection, renderSignalDepthImage } from '@gprhub/gpr';
import type { AppContext } from '../../app-context.js';
import { readScanRadargram } from '../../scan-data/gpr-scan-data.js';
import { readStoredBytes } from '../../scan-data/stored-bytes.js';
import { type AreaBars, readAreaBars, readDualAreaBars, readLineBars } from '../exports/scan-bars.service.js';
import { toExportBars } from '../exports/export-bars.js';
import { getGprScanRow } from '../gpr-scans/gpr-scans.service.js';
import { listComments } from '../node-details/comments.service.js';
import { getHubPath, listDescendants } from '../nodes/nodes.service.js';
import {
  type AreaSection,
  computeBarStatistics,
  type DeviceRow,
  type FloorPlanSection,
  type ImagePart,
  type MaterialRow,
  type ReportDocument,
  type ScanSection,
} from './report-model.js';

/** A report prints at most this many line scans (a folder of thousands would be a book nobody reads). */
export const MAX_REPORT_SCANS = 60;
/** Rows of the depth section under a scan's bars, and the deepest it reaches at most, metres. */
const RADARGRAM_ROWS = 240;
const RADARGRAM_MAX_DEPTH_M = 0.3;
const SPEED_OF_LIGHT_M_PER_S = 299_792_458;

const MATERIAL_NAMES: [string, string][] = [
  ['Relative permittivity (Epsilon 0)', ''],
  ['High-frequency permittivity (Epsilon inf)', ''],
  ['Conductivity', 'S/m'],
  ['Relaxation time (Tau)', 's'],
];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function readPermittivity(results: Record<string, unknown> | null) {
  const p = results?.permittivity;
  if (!isRecord(p) || num(p.value) === null) return null;
  return { value: num(p.value)!, sd: num(p.sd) ?? 0, source: typeof p.source === 'string' ? p.source : 'estimated' };
}

function readMaterial(results: Record<string, unknown> | null): MaterialRow[] {
  const details = results?.materialPropertyDetails;
  if (!Array.isArray(details)) return [];
  const permittivity = readPermittivity(results);
  return details.slice(0, 4).flatMap((d, i): MaterialRow[] => {
    if (!isRecord(d) || num(d.value) === null) return [];
    // The first value is the permittivity used: 'calibrated on a bar of known cover' says so in its note.
    const source = i === 0 && permittivity?.source === 'calibrated' ? 'calibrated' : String(d.source ?? '');
    return [{ name: MATERIAL_NAMES[i]![0], unit: MATERIAL_NAMES[i]![1], value: num(d.value)!, sd: num(d.sd) ?? 0, source, note: String(d.note ?? '') }];
  });
}

const warningsOf = (results: Record<string, unknown> | null) =>
  Array.isArray(results?.warnings) ? results.warnings.filter((w): w is string => typeof w === 'string') : [];

/** The scan's depth section (as the Rebars tab draws it) as a PNG, with the metres it spans. */
async function renderRadargram(ctx: AppContext, organizationId: string, scanNodeId: string, results: Record<string, unknown>, deepestM: number) {
  const timeZeroS = num(results.timeZeroS);
  const permittivity = readPermittivity(results)?.value ?? null;
  const antennaSeparationM = num(results.antennaSeparationM) ?? 0;
  if (timeZeroS === null || permittivity === null || permittivity < 1) return null;
  const radargram = await readScanRadargram(ctx, organizationId, await getGprScanRow(ctx, organizationId, scanNodeId));
  const traceSpacingM = num(results.traceSpacingM) ?? radargram.traceSpacingM;
  const image = renderSignalDepthImage(
    { ...radargram, data: radargram.samples },
    { timeZeroS, velocityMPerS: SPEED_OF_LIGHT_M_PER_S / Math.sqrt(permittivity), antennaSeparationM },
    Math.max(0.12, Math.min(RADARGRAM_MAX_DEPTH_M, deepestM * 1.5)),
    RADARGRAM_ROWS,
  );
  if (!image) return null;
  return {
    bytes: encodePng({ width: image.width, height: image.height, data: image.rgba }),
    kind: 'png' as const,
    widthM: Math.max(radargram.traces - 1, 1) * traceSpacingM,
    depthM: image.depthM,
  };
}

async function scanSection(
  ctx: AppContext,
  organizationId: string,
  scanNodeId: string,
  context: { name: string; lineResults: Record<string, unknown> | null } | null,
  sections: ReportSettings['sections'],
): Promise<{ section: ScanSection; device: DeviceRow }> {
  const row = await getGprScanRow(ctx, organizationId, scanNodeId);
  const { scan, node } = row;
  const device: DeviceRow = {
    scan: node.name,
    device: [scan.format, scan.gprVendorId].filter(Boolean).join(' · ') || '—',
    antenna: scan.antennaName ?? '—',
    frequency: scan.centreFrequencyHz ? `${(scan.centreFrequencyHz / 1e9).toFixed(2)} GHz` : '—',
    sampling: `${scan.traces} × ${scan.samplesPerTrace}, ${(scan.sampleIntervalS * 1e12).toFixed(1)} ps`,
    traceSpacing: `${(scan.traceSpacingM * 1000).toFixed(2)} mm`,
    scanDate: scan.scanDate ?? '—',
  };
  const line = await readLineBars(ctx, organizationId, scanNodeId, context?.lineResults ?? null);
  if (!line)
    return {
      device,
      section: { name: node.name, context: context?.name ?? null, radargram: null, detected: [], bars: [], isCorrected: false, statistics: [], permittivity: null, material: [], warnings: [], missing: 'The rebar analysis of this scan has not finished.' },
    };
  const detected = line.results ? toExportBars(line.results.rebars, false) : [];
  const deepest = Math.max(0, ...line.bars.map((b) => b.centreDepthM + b.radiusM), ...detected.map((b) => b.centreDepthM + b.radiusM));
  const radargram = sections.includes('radargram') && line.results ? await renderRadargram(ctx, organizationId, scanNodeId, line.results, deepest) : null;
  return {
    device,
    section: {
      name: node.name,
      context: context?.name ?? null,
      radargram,
      detected,
      bars: line.bars,
      isCorrected: line.isCorrected,
      statistics: [computeBarStatistics(line.bars, 'ALL')],
      permittivity: readPermittivity(line.results),
      material: readMaterial(line.results),
      warnings: warningsOf(line.results),
      missing: null,
    },
  };
}

type AreaLineRef = { id: string; results: Record<string, unknown> | null };

const missingArea = (name: string, missing: string): AreaSection => ({
  name, widthM: 0, heightM: 0, lines: [], bars: [], correctedLineCount: 0, statistics: [], permittivity: null, material: [], missing,
});

/** An area's section from its bars (its own analysis, or one side of a pooled dual-orientation analysis). */
function toAreaSection(
  name: string,
  bars: Pick<AreaBars, 'area' | 'lines' | 'bars' | 'correctedLineCount'>,
  results: Record<string, unknown>,
  direction?: PlanLineDirection,
): { area: AreaSection; lines: AreaLineRef[] } {
  const placed = placeLines(bars.area, bars.lines, direction);
  const ends = [...placed.flatMap((l) => [l.from, l.to]), ...bars.bars.flatMap((b) => [[b.startXM, b.startYM], [b.endXM, b.endYM]])];
  const cm = (v: number | null) => (v && v > 0 ? v / 100 : 0);
  // A turned side's own grid is rotated against the plan (as on the page): size it from its lines and bars.
  const grid = direction ? { x: 0, y: 0 } : { x: cm(bars.area.gridSizeX), y: cm(bars.area.gridSizeY) };
  return {
    area: {
      name,
      widthM: Math.max(grid.x, ...ends.map((p) => p[0]!)),
      heightM: Math.max(grid.y, ...ends.map((p) => p[1]!)),
      lines: placed,
      bars: bars.bars,
      correctedLineCount: bars.correctedLineCount,
      statistics: (['VERTICAL', 'HORIZONTAL'] as const).map((o) => computeBarStatistics(bars.bars.filter((b) => b.orientation === o), o)),
      permittivity: readPermittivity(results),
      material: readMaterial(results),
      missing: null,
    },
    // Each line as the area page shows it: the area's (or the pair's) result for that line.
    lines: bars.lines.map((l) => ({ id: l.nodeId, results: areaLineResults(results, l.nodeId) })),
  };
}

async function areaSection(
  ctx: AppContext,
  organizationId: string,
  areaNodeId: string,
  name: string,
): Promise<{ area: AreaSection; lines: AreaLineRef[] }> {
  const area = await readAreaBars(ctx, organizationId, areaNodeId);
  if (!area) return { area: missingArea(name, 'The rebar analysis of this area has not finished.'), lines: [] };
  return toAreaSection(area.area.name, area, area.results);
}

/**
 * A dual-orientation area scan's two sections, as its page shows them: the pooled analysis (one permittivity),
 * each side's bars with its lines' corrections, each line with the pair's result for it.
 */
async function dualAreaSections(
  ctx: AppContext,
  organizationId: string,
  dualNodeId: string,
  name: string,
): Promise<{ area: AreaSection; lines: AreaLineRef[] }[]> {
  const dual = await readDualAreaBars(ctx, organizationId, dualNodeId);
  if (!dual) return [{ area: missingArea(name, 'The pooled rebar analysis of this dual-orientation area scan has not finished.'), lines: [] }];
  return [
    toAreaSection(`${dual.name}: parallel (${dual.parallel.area.name})`, dual.parallel, dual.results, dual.parallel.direction),
    toAreaSection(`${dual.name}: perpendicular (${dual.perpendicular.area.name})`, dual.perpendicular, dual.results, dual.perpendicular.direction),
  ];
}

function areaLineResults(results: Record<string, unknown>, nodeId: string): Record<string, unknown> | null {
  const lines = Array.isArray(results.lines) ? results.lines : [];
  const found = lines.find((l): l is Record<string, unknown> => isRecord(l) && l.nodeId === nodeId);
  return found ?? null;
}

async function readImage(ctx: AppContext, organizationId: string, fileId: string): Promise<ImagePart | null> {
  const [file] = await findFilesByIds(ctx.db, organizationId, [fileId]);
  if (!file?.confirmedUploadedAt) return null;
  const kind = file.contentType === 'image/png' ? 'png' : file.contentType === 'image/jpeg' ? 'jpg' : null;
  return kind ? { bytes: await readStoredBytes(ctx.storage, file.storageKey), kind } : null;
}

/** What the subject covers: its areas (with their lines), loose line scans and floor plans. */
async function collectSubject(ctx: AppContext, organizationId: string, subject: NodeRow) {
  const areaIds: string[] = [];
  const dualAreaIds: string[] = [];
  const scanIds: string[] = [];
  const planNodes: { floor: string | null; plans: Awaited<ReturnType<typeof findFloorPlansOfFloor>> }[] = [];
  const descendantsOf = async (types: string[]) =>
    (await listDescendants(ctx.db, organizationId, subject.id, { typeIn: types, limit: 1000, skip: 0 })).descendants;
  if (subject.type === 'GPR_SCAN') scanIds.push(subject.id);
  else if (subject.type === 'GPR_SCAN_GROUP') areaIds.push(subject.id);
  else if (subject.type === 'DUAL_ORIENTATION_GPR_SCAN') {
    const pair = await findDualOrientationScan(ctx.db, 'gpr', organizationId, subject.id);
    if (pair) scanIds.push(pair.parallelNodeId, pair.perpendicularNodeId);
  } else if (subject.type === 'DUAL_ORIENTATION_AREA_SCAN') {
    // Printed as its page shows it: the pooled analysis of both areas, with their lines' corrections.
    if (await findDualOrientationScan(ctx.db, 'area', organizationId, subject.id)) dualAreaIds.push(subject.id);
  } else {
    // A folder or a building: every area scan below it and every scan in no area.
    if (subject.type === 'BUILDING' && (await findBuilding(ctx.db, organizationId, subject.id)))
      for (const floor of await findFloors(ctx.db, organizationId, subject.id))
        planNodes.push({ floor: floorLabel(floor), plans: await findFloorPlansOfFloor(ctx.db, organizationId, floor.id) });
    for (const node of await descendantsOf(['GPR_SCAN_GROUP']))
      if (await findGprScanGroup(ctx.db, organizationId, node.nodeId, 'AREA_SCAN')) areaIds.push(node.nodeId);
    for (const node of await descendantsOf(['GPR_SCAN'])) {
      const row = await findGprScan(ctx.db, organizationId, node.nodeId);
      if (row && !row.gprScanGroupNodeId) scanIds.push(node.nodeId);
    }
  }
  return { areaIds, dualAreaIds, scanIds, planNodes };
}

/**
 * Gather everything the report of `report.subjectNodeId` prints, reading as the pages read (corrections over
 * analyses, the area's plan with its line corrections). `onProgress` gets 0–1 as scans are read.
 */
export async function gatherReport(
  ctx: AppContext,
  report: ReportRow,
  settings: ReportSettings,
  onProgress: (fraction: number, message: string) => Promise<void>,
): Promise<ReportDocument> {
  const organizationId = report.organizationId;
  const subject = await findNodeById(ctx.db, organizationId, report.subjectNodeId);
  if (!subject) throw new Error('The subject of this report was deleted');
  const [organization, hubPath, author] = await Promise.all([
    findOrganizationById(ctx.db, organizationId),
    getHubPath(ctx.db, organizationId, subject.id),
    report.requestedBy ? findUserName(ctx.db, report.requestedBy) : null,
  ]);
  const { areaIds, dualAreaIds, scanIds, planNodes } = await collectSubject(ctx, organizationId, subject);
  const notes: string[] = [];
  const areas: AreaSection[] = [];
  const scanQueue: { id: string; context: { name: string; lineResults: Record<string, unknown> | null } | null }[] = scanIds.map((id) => ({ id, context: null }));
  const areaParts: { area: AreaSection; lines: AreaLineRef[] }[] = [];
  for (const id of areaIds) {
    const node = await findNodeById(ctx.db, organizationId, id);
    areaParts.push(await areaSection(ctx, organizationId, id, node?.name ?? 'Area scan'));
  }
  for (const id of dualAreaIds) areaParts.push(...(await dualAreaSections(ctx, organizationId, id, subject.name)));
  for (const { area, lines } of areaParts) {
    areas.push(area);
    scanQueue.push(...lines.map((line) => ({ id: line.id, context: { name: area.name, lineResults: line.results } })));
  }
  if (scanQueue.length > MAX_REPORT_SCANS) {
    notes.push(`This subject holds ${scanQueue.length} line scans; the first ${MAX_REPORT_SCANS} are printed (export the others as CSV).`);
    scanQueue.length = MAX_REPORT_SCANS;
  }
  const scans: ScanSection[] = [];
  const devices: DeviceRow[] = [];
  for (const [i, { id, context }] of scanQueue.entries()) {
    await onProgress(0.1 + (0.7 * i) / Math.max(1, scanQueue.length), `scan ${i + 1} of ${scanQueue.length}`);
    const { section, device } = await scanSection(ctx, organizationId, id, context, settings.sections);
    scans.push(section);
    devices.push(device);
  }
  const floorPlans: FloorPlanSection[] = [];
  if (settings.sections.includes('floorPlans'))
    for (const { floor, plans } of planNodes)
      for (const plan of plans) {
        const pins = await findPins(ctx.db, organizationId, plan.node.id);
        floorPlans.push({
          name: plan.node.name,
          floorLabel: floor,
          image: await readImage(ctx, organizationId, plan.file.id),
          widthPx: plan.plan.width,
          heightPx: plan.plan.height,
          pins: pins.map(({ pin, node }) => ({ x: pin.x, y: pin.y, label: node.name })),
        });
      }
  const comments = settings.sections.includes('comments')
    ? (await listComments(ctx.db, organizationId, subject.id)).map((c) => ({ author: c.author.name, date: c.createdAt.slice(0, 10), content: c.content }))
    : [];
  return {
    title: subject.name,
    subjectType: subject.type,
    organizationName: settings.organizationName || organization?.name || '',
    logo: settings.logoFileId ? await readImage(ctx, organizationId, settings.logoFileId) : null,
    hubPath: hubPath.path.map((p) => p.name).join(' / '),
    generatedAt: new Date(),
    author: author ?? '—',
    units: settings.units,
    coverClasses: settings.coverClasses,
    sections: new Set(settings.sections),
    devices,
    areas,
    scans,
    floorPlans,
    comments,
    notes,
  };
}
