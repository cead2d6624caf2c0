import type {
  AreaScan,
  GprScan,
  GprScanDetails,
  GprScanGroup,
  GprScanList,
  GprScanQuery,
} from '@gprhub/contract';
import type { FileRow, GprScanGroupWithNode, GprScanWithNode } from '@gprhub/db';
import {
  findDualOrientationScansOf,
  findFilesByIds,
  findGprScan,
  findGprScanGroup,
  findGprScanGroupsByIds,
  findGprScansOfGroup,
  queryGprScans,
} from '@gprhub/db';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../lib/errors.js';
import { DOWNLOAD_URL_TTL_S } from '../../storage/index.js';
import { toFileRecord } from '../files/files.service.js';
import { toDualOrientationGprScan, toDualOrientationAreaScan } from './dual-orientation.service.js';

export function toGprScan({ scan, node, gprScanGroupNodeId }: GprScanWithNode): GprScan {
  return {
    nodeId: node.id,
    name: node.name,
    gprScanGroupNodeId,
    createdAt: node.createdAt.toISOString(),
    fileName: scan.originalName,
    fileId: scan.fileId,
    zipPath: scan.zipPath,
    format: scan.format as GprScan['format'],
    gprVendorId: scan.gprVendorId,
    gprExternalId: scan.gprExternalId,
    scanLength: scan.scanLengthM,
    scanDate: scan.scanDate,
    areaScanDirection: scan.direction as GprScan['areaScanDirection'],
    csvLineNumber: scan.csvLineNumber,
    scanNumber: scan.scanNumber,
    repetitionRateScansPerCm: scan.repetitionRateScansPerCm,
    traces: scan.traces,
    samplesPerTrace: scan.samplesPerTrace,
    sampleIntervalS: scan.sampleIntervalS,
    timeOffsetS: scan.timeOffsetS,
    traceSpacingM: scan.traceSpacingM,
    antennaSeparationM: scan.antennaSeparationM,
    channel: scan.channel,
    antennaName: scan.antennaName,
    centreFrequencyHz: scan.centreFrequencyHz,
    permittivity: scan.permittivity,
    warnings: scan.warnings,
  };
}

export function toGprScanGroup({
  group,
  node,
  parentGprScanGroupNodeId,
}: GprScanGroupWithNode): GprScanGroup {
  return {
    nodeId: node.id,
    name: node.name,
    type: group.groupType as GprScanGroup['type'],
    parentGprScanGroupNodeId,
    fileName: group.originalName,
    createdAt: node.createdAt.toISOString(),
  };
}

export function toAreaScan(row: GprScanGroupWithNode): AreaScan {
  const g = row.group;
  return {
    ...toGprScanGroup(row),
    areaScanWidth: g.areaScanWidthCm,
    areaScanHeight: g.areaScanHeightCm,
    gridSpacingX: g.gridSpacingXCm,
    gridSpacingY: g.gridSpacingYCm,
    gridSizeX: g.gridSizeXCm,
    gridSizeY: g.gridSizeYCm,
    scanDate: g.scanDate,
    csvFields: g.csvFields,
  };
}

/** A live GPR scan of the organization, or 404. */
export async function getGprScanRow(
  ctx: AppContext,
  organizationId: string,
  nodeId: string,
): Promise<GprScanWithNode> {
  const row = await findGprScan(ctx.db, organizationId, nodeId);
  if (!row) throw notFound();
  return row;
}

/** A live scan group (of `type` when given), or 404. */
export async function getGprScanGroupRow(
  ctx: AppContext,
  organizationId: string,
  nodeId: string,
  type?: 'AREA_SCAN' | 'MULTI_SCAN',
): Promise<GprScanGroupWithNode> {
  const row = await findGprScanGroup(ctx.db, organizationId, nodeId, type);
  if (!row) throw notFound();
  return row;
}

async function withUrl(ctx: AppContext, file: FileRow, inline = false) {
  const url = await ctx.storage.createDownloadUrl(file.storageKey, {
    fileName: file.name,
    contentType: file.contentType,
    expiresInS: DOWNLOAD_URL_TTL_S,
    inline,
  });
  return { file: toFileRecord(file), url };
}

export async function getGprScanDetails(
  ctx: AppContext,
  organizationId: string,
  nodeId: string,
): Promise<GprScanDetails> {
  const row = await getGprScanRow(ctx, organizationId, nodeId);
  const { scan } = row;
  const ids = [scan.fileId, scan.zipFileId, scan.previewFileId].filter((id): id is string => Boolean(id));
  const [files, duals, group] = await Promise.all([
    findFilesByIds(ctx.db, organizationId, ids),
    findDualOrientationScansOf(ctx.db, 'gpr', organizationId, [nodeId]),
    row.gprScanGroupNodeId ? findGprScanGroup(ctx.db, organizationId, row.gprScanGroupNodeId) : undefined,
  ]);
  const byId = new Map(files.map((f) => [f.id, f]));
  const main = byId.get(scan.fileId);
  if (!main) throw new Error(`GPR scan ${nodeId}: its file is missing`);
  const zip = scan.zipFileId ? byId.get(scan.zipFileId) : undefined;
  const preview = scan.previewFileId ? byId.get(scan.previewFileId) : undefined;
  return {
    gprScan: toGprScan(row),
    dualOrientationGprScan: duals[0] ? toDualOrientationGprScan(duals[0]) : null,
    areaScanNodeId: group?.group.groupType === 'AREA_SCAN' ? group.node.id : null,
    gprScanFile: await withUrl(ctx, main),
    gprScanZipFile: zip ? await withUrl(ctx, zip) : null,
    previewImageUrl: preview ? (await withUrl(ctx, preview, true)).url : null,
    header: scan.header,
  };
}

export async function listGprScans(
  ctx: AppContext,
  organizationId: string,
  q: GprScanQuery,
): Promise<GprScanList> {
  const f = q.filter ?? {};
  const { rows, total } = await queryGprScans(ctx.db, organizationId, {
    ...f,
    createdFrom: f.createdFrom ? new Date(f.createdFrom) : undefined,
    createdTo: f.createdTo ? new Date(f.createdTo) : undefined,
    sort: q.sort,
    limit: q.limit,
    skip: q.skip,
  });
  const groupIds = [
    ...new Set(rows.map((r) => r.gprScanGroupNodeId).filter((id): id is string => Boolean(id))),
  ];
  const areas = await findGprScanGroupsByIds(ctx.db, organizationId, groupIds, 'AREA_SCAN');
  return { gprScans: rows.map(toGprScan), areaScans: areas.map(toAreaScan), total };
}

export async function getAreaScanDetails(ctx: AppContext, organizationId: string, nodeId: string) {
  const row = await getGprScanGroupRow(ctx, organizationId, nodeId, 'AREA_SCAN');
  const [duals, lines, files] = await Promise.all([
    findDualOrientationScansOf(ctx.db, 'area', organizationId, [nodeId]),
    findGprScansOfGroup(ctx.db, organizationId, nodeId),
    row.group.zipFileId ? findFilesByIds(ctx.db, organizationId, [row.group.zipFileId]) : [],
  ]);
  return {
    areaScan: toAreaScan(row),
    dualOrientationAreaScan: duals[0] ? toDualOrientationAreaScan(duals[0]) : null,
    gprScanZipFile: files[0] ? await withUrl(ctx, files[0]) : null,
    lineScanCount: lines.length,
  };
}

export async function listLineScans(
  ctx: AppContext,
  organizationId: string,
  nodeId: string,
): Promise<GprScan[]> {
  await getGprScanGroupRow(ctx, organizationId, nodeId, 'AREA_SCAN');
  return (await findGprScansOfGroup(ctx.db, organizationId, nodeId)).map(toGprScan);
}
