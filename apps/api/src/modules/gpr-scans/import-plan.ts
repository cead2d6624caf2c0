/**
 * Turning read uploads into what an import creates: nodes (scans and groups), the files to store or adopt,
 * and the rows. Pure: no storage, no database (see docs/decisions/0004-gpr-scan-import.md for the layout).
 */
import type { NewGprScanGroupRow, NewGprScanRow } from '@gprhub/db';
import type { AreaScanGroup, GprReadResult, LineScan, Radargram, ZipEntry } from '@gprhub/gpr';
import { extractZipEntry } from '@gprhub/gpr';
import type { ParsedSource, UploadedFile } from './read-uploads.js';
import { baseNameOf, extensionOf, fileNameOf } from './read-uploads.js';

/** A file the import keeps: new bytes to store, or a staged upload to adopt. */
export interface PlannedFile {
  id: string;
  name: string;
  extension: string;
  ownerNodeId: string;
  bytes?: Uint8Array;
  stagedFileId?: string;
}

export interface ImportPlan {
  nodes: { id: string; parentId: string | null; type: 'GPR_SCAN' | 'GPR_SCAN_GROUP'; name: string }[];
  files: PlannedFile[];
  groups: Omit<NewGprScanGroupRow, 'organizationId'>[];
  scans: Omit<NewGprScanRow, 'organizationId'>[];
  warnings: string[];
}

const VENDOR_BY_FORMAT: Record<string, string> = {
  dzt: 'gssi',
  dt1: 'sensors-and-software',
  rd3: 'mala',
  rd7: 'mala',
  gprmax: 'gprmax',
};
const SIDECARS_OF: Record<string, string[]> = {
  dzt: ['dzx', 'dzg'],
  dt1: ['hd'],
  rd3: ['rad', 'cor'],
  rd7: ['rad', 'cor'],
};

function keepFile(
  plan: ImportPlan,
  owner: string,
  source: UploadedFile | { name: string; bytes: Uint8Array },
): PlannedFile {
  const staged = 'stagedFileId' in source ? source.stagedFileId : undefined;
  const file: PlannedFile = {
    id: staged ?? crypto.randomUUID(),
    name: fileNameOf(source.name),
    extension: extensionOf(source.name),
    ownerNodeId: owner,
    ...(staged ? { stagedFileId: staged } : { bytes: source.bytes }),
  };
  plan.files.push(file);
  return file;
}

function addNode(
  plan: ImportPlan,
  parentId: string | null,
  type: 'GPR_SCAN' | 'GPR_SCAN_GROUP',
  name: string,
): string {
  const id = crypto.randomUUID();
  plan.nodes.push({ id, parentId, type, name: name.slice(0, 255) || 'Unnamed scan' });
  return id;
}

function addGroup(
  plan: ImportPlan,
  nodeId: string,
  originalName: string,
  zipFileId: string | null,
  area?: AreaScanGroup,
): void {
  plan.groups.push({
    nodeId,
    groupType: area ? 'AREA_SCAN' : 'MULTI_SCAN',
    originalName,
    zipFileId,
    areaScanWidthCm: area?.areaScanWidthCm ?? null,
    areaScanHeightCm: area?.areaScanHeightCm ?? null,
    gridSpacingXCm: area?.gridSpacingXCm ?? null,
    gridSpacingYCm: area?.gridSpacingYCm ?? null,
    gridSizeXCm: area?.gridSizeXCm ?? null,
    gridSizeYCm: area?.gridSizeYCm ?? null,
    scanDate: area?.scanDate ?? null,
    csvFields: area?.fields ?? {},
  });
}

interface ScanFacts {
  nodeId: string;
  fileId: string;
  sidecarFileIds: string[];
  radargramIndex: number;
  originalName: string;
  zipFileId: string | null;
  zipPath: string | null;
  vendorId: string | null;
  scanNumber: number;
  warnings: string[];
}

function addScan(plan: ImportPlan, r: Radargram, line: LineScan | undefined, f: ScanFacts): void {
  plan.scans.push({
    nodeId: f.nodeId,
    fileId: f.fileId,
    sidecarFileIds: f.sidecarFileIds,
    radargramIndex: f.radargramIndex,
    zipFileId: f.zipFileId,
    zipPath: f.zipPath,
    originalName: f.originalName,
    format: r.format,
    gprVendorId: f.vendorId,
    gprExternalId: null,
    traces: r.traces,
    samplesPerTrace: r.samplesPerTrace,
    sampleIntervalS: r.sampleIntervalS,
    timeOffsetS: r.timeOffsetS,
    traceSpacingM: r.traceSpacingM,
    antennaSeparationM: r.antennaSeparationM,
    scanLengthM: line?.scanLengthM ?? r.traces * r.traceSpacingM,
    direction: line?.direction ?? null,
    csvLineNumber: line?.csvLineNumber ?? null,
    scanNumber: line?.csvLineNumber ?? f.scanNumber,
    repetitionRateScansPerCm: line?.repetitionRateScansPerCm ?? null,
    channel: r.channel ?? null,
    antennaName: r.antennaName ?? null,
    centreFrequencyHz: r.centreFrequencyHz ?? null,
    permittivity: r.permittivity ?? null,
    scanDate: line?.scanDate ?? r.scanDate ?? null,
    header: r.header,
    warnings: f.warnings,
  });
}

const mentions = (warnings: string[], path: string) => warnings.filter((w) => w.includes(fileNameOf(path)));

/** A loose scan file: one scan, or a MULTI_SCAN group of one scan per channel/receiver. */
function planFile(plan: ImportPlan, parentId: string | null, source: ParsedSource & { kind: 'file' }): void {
  const { main, sidecars, read } = source;
  const base = baseNameOf(main.name);
  const several = read.radargrams.length > 1;
  const owner = several
    ? addNode(plan, parentId, 'GPR_SCAN_GROUP', base)
    : addNode(plan, parentId, 'GPR_SCAN', base);
  const file = keepFile(plan, owner, main);
  const sidecarIds = sidecars.map((s) => keepFile(plan, owner, s).id);
  if (several) addGroup(plan, owner, fileNameOf(main.name), null);
  read.radargrams.forEach((r, i) => {
    const nodeId = several
      ? addNode(plan, owner, 'GPR_SCAN', `${base} channel ${(r.channel ?? i) + 1}`)
      : owner;
    addScan(plan, r, undefined, {
      nodeId,
      fileId: file.id,
      sidecarFileIds: sidecarIds,
      radargramIndex: i,
      originalName: fileNameOf(main.name),
      zipFileId: null,
      zipPath: null,
      vendorId: VENDOR_BY_FORMAT[r.format] ?? null,
      scanNumber: i + 1,
      warnings: read.warnings,
    });
  });
  plan.warnings.push(...read.warnings);
}

/**
 * A zip: one AREA_SCAN group per area CSV, and every file outside them as if uploaded alone (one scan, or a
 * MULTI_SCAN group of its channels), all directly under the parent: the same structure however many areas
 * the zip holds. The first of them owns the zip. Each line's bytes (and its sidecars) are kept as files of
 * their own, so a line loads without the zip.
 */
function planZip(
  plan: ImportPlan,
  parentId: string | null,
  source: ParsedSource & { kind: 'zip' },
  maxEntryBytes: number,
): void {
  const { zip, read, entries } = source;
  const zipName = fileNameOf(zip.name);
  const lines = read.lineScans ?? [];
  const areas = read.areaScans ?? [];
  const loose = lines.map((_, i) => i).filter((i) => lines[i]!.areaScanIndex === undefined);
  const areaNodes = areas.map((a) => addNode(plan, parentId, 'GPR_SCAN_GROUP', a.name));
  const loosePaths = [...new Set(loose.map((i) => lines[i]!.path))];
  const isMultiChannel = (path: string) => lines.filter((l) => l.path === path).length > 1;
  const looseUnits = new Map(
    loosePaths.map((path) => [
      path,
      isMultiChannel(path)
        ? addNode(plan, parentId, 'GPR_SCAN_GROUP', baseNameOf(path))
        : addNode(plan, parentId, 'GPR_SCAN', baseNameOf(path)),
    ]),
  );
  const zipOwner = areaNodes[0] ?? looseUnits.get(loosePaths[0]!)!;
  const zipFile = keepFile(plan, zipOwner, zip);
  areas.forEach((a, k) => addGroup(plan, areaNodes[k]!, fileNameOf(a.csvPath), zipFile.id, a));
  for (const path of loosePaths)
    if (isMultiChannel(path)) addGroup(plan, looseUnits.get(path)!, fileNameOf(path), zipFile.id);
  const hasVendorCsv = (read.fileMap ?? []).some((f) => f.kind === 'area-csv' || f.kind === 'metadata-csv');
  const byPath = new Map(entries.map((e) => [e.path, e]));
  const kept = new Map<string, { fileId: string; sidecarIds: string[] }>();
  lines.forEach((line, i) => {
    const area = line.areaScanIndex;
    const unit = area === undefined ? looseUnits.get(line.path)! : areaNodes[area]!;
    const nodeId =
      area === undefined && !isMultiChannel(line.path)
        ? unit
        : addNode(plan, unit, 'GPR_SCAN', lineName(lines, i));
    // A multi-channel file outside areas belongs to its group, as when it is uploaded alone.
    const fileOwner = area === undefined ? unit : nodeId;
    let stored = kept.get(line.path);
    if (!stored) {
      const bytes = extractZipEntry(zipName, zip.bytes, byPath.get(line.path)!, maxEntryBytes);
      const file = keepFile(plan, fileOwner, { name: line.path, bytes });
      const sidecarIds = sidecarEntries(line.path, read, entries).map(
        (e) =>
          keepFile(plan, fileOwner, {
            name: e.path,
            bytes: extractZipEntry(zipName, zip.bytes, e, maxEntryBytes),
          }).id,
      );
      stored = { fileId: file.id, sidecarIds };
      kept.set(line.path, stored);
    }
    const r = read.radargrams[line.radargramIndex]!;
    const firstOfFile = lines.findIndex((l) => l.path === line.path);
    addScan(plan, r, line, {
      nodeId,
      fileId: stored.fileId,
      sidecarFileIds: stored.sidecarIds,
      radargramIndex: line.radargramIndex - lines[firstOfFile]!.radargramIndex,
      originalName: fileNameOf(line.path),
      zipFileId: zipFile.id,
      zipPath: line.path,
      vendorId: r.format === 'segy' && hasVendorCsv ? 'proceq' : (VENDOR_BY_FORMAT[r.format] ?? null),
      scanNumber: i + 1,
      warnings: mentions(read.warnings, line.path),
    });
  });
  plan.warnings.push(...read.warnings);
}

/** The line's name: its file's base name, with the channel when one file holds several lines. */
function lineName(lines: LineScan[], i: number): string {
  const line = lines[i]!;
  const siblings = lines.filter((l) => l.path === line.path);
  const base = baseNameOf(line.path);
  return siblings.length > 1 ? `${base} channel ${siblings.indexOf(line) + 1}` : base;
}

/** Sidecars the reader used for this line: same folder, same base name (else the folder's only ones). */
function sidecarEntries(path: string, read: GprReadResult, entries: ZipEntry[]): ZipEntry[] {
  const wanted = SIDECARS_OF[extensionOf(path)] ?? [];
  if (wanted.length === 0) return [];
  const folder = path.slice(0, path.lastIndexOf('/') + 1);
  const readable = new Set((read.fileMap ?? []).filter((f) => f.kind === 'sidecar').map((f) => f.path));
  const candidates = entries.filter(
    (e) =>
      readable.has(e.path) &&
      e.path.startsWith(folder) &&
      !e.path.slice(folder.length).includes('/') &&
      wanted.includes(extensionOf(e.path)),
  );
  const same = candidates.filter((e) => baseNameOf(e.path).toLowerCase() === baseNameOf(path).toLowerCase());
  return same.length > 0 ? same : candidates;
}

/**
 * Plan an import of read sources under `parentId`.
 * @param maxEntryBytes - cap for re-extracting a zip entry (the zip limit; every entry already passed it once)
 */
export function planImport(
  parentId: string | null,
  sources: ParsedSource[],
  maxEntryBytes: number,
): ImportPlan {
  const plan: ImportPlan = { nodes: [], files: [], groups: [], scans: [], warnings: [] };
  for (const source of sources) {
    if (source.kind === 'file') planFile(plan, parentId, source);
    else planZip(plan, parentId, source, maxEntryBytes);
  }
  return plan;
}

/**
 * Give the planned scans the geometry the user typed at import (issue #14 item 6): each entry's trace spacing
 * goes to every scan read from its path (the zip path, or the file name of a loose file; every channel of a
 * multi-channel file), and the scan's length becomes traces × spacing, as `PATCH …/geometry` sets it.
 * @returns the indices of the entries that name no scan of the plan.
 */
export function applyScanGeometry(
  plan: ImportPlan,
  geometry: readonly { path: string; traceSpacingM: number }[],
): number[] {
  const unmatched: number[] = [];
  geometry.forEach((entry, i) => {
    const wanted = entry.path.toLowerCase();
    const scans = plan.scans.filter((s) => (s.zipPath ?? s.originalName).toLowerCase() === wanted);
    if (scans.length === 0) unmatched.push(i);
    for (const scan of scans) {
      scan.traceSpacingM = entry.traceSpacingM;
      scan.scanLengthM = scan.traces * entry.traceSpacingM;
      scan.warnings = (scan.warnings ?? []).filter((w) => !isMissingSpacingNote(w, scan.originalName));
    }
    // The reader's note that the spacing is unknown is answered now.
    for (const scan of scans)
      plan.warnings = plan.warnings.filter((w) => !isMissingSpacingNote(w, scan.originalName));
  });
  return unmatched;
}

/** A reader's note that this file stores no trace spacing (packages/gpr: "…; trace spacing unknown"). */
function isMissingSpacingNote(warning: string, fileName: string): boolean {
  return warning.startsWith(`${fileName}:`) && warning.includes('trace spacing unknown');
}
