/**
 * The import: read everything, plan, write the new objects to storage under pending records, then create
 * every row in one transaction (which settles the pending records). Any failure deletes the objects this
 * import wrote; a crash leaves them to the orphan sweep; staged uploads stay on their folder for a retry.
 * See docs/decisions/0004-gpr-scan-import.md and 0020-orphan-sweep.md.
 */
import type {
  CreateGprScansFromFilesBody,
  CreateGprScansResponse,
  ImportScanGeometry,
  ZipFileMapResponse,
} from '@gprhub/contract';
import { ErrorCode } from '@gprhub/contract';
import type { NewFileRow } from '@gprhub/db';
import {
  findFileIdsInUseByScans,
  findFilesByIds,
  findGprScanGroupsByIds,
  findGprScansByIds,
  findNodeById,
  insertGprImport,
  NodeTooDeepError,
  PendingObjectsSweptError,
  StagedFileTakenError,
  deletePendingObjects,
  insertPendingObjects,
} from '@gprhub/db';
import type { AppContext } from '../../app-context.js';
import { contentTypeOf } from '../../lib/content-types.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import { toNode } from '../nodes/nodes.service.js';
import { toAreaScan, toGprScan } from './gpr-scans.service.js';
import { applyScanGeometry, type ImportPlan } from './import-plan.js';
import { planImportInThread, reviewZipInThread } from './import-reading.js';
import type { UploadedFile } from './read-uploads.js';
import { readStoredBytes } from '../../scan-data/stored-bytes.js';

interface Caller {
  organizationId: string;
  userId: string | null;
}

/** The folder an import lands in (null: the top level); 404 when not a live node of the organization. */
export async function checkImportParent(
  ctx: AppContext,
  organizationId: string,
  parentId: string | null,
): Promise<void> {
  if (!parentId) return;
  const parent = await findNodeById(ctx.db, organizationId, parentId);
  if (!parent) throw notFound();
  if (parent.type !== 'FOLDER') {
    throw badRequest('GPR scans can only be imported into a folder', [
      { path: 'parentId', message: 'GPR scans can only be imported into a folder' },
    ]);
  }
}

/** `POST /api/gpr-scans/proceq-zip-files`: the zip's file map and what an import would create. */
export async function reviewZip(
  ctx: AppContext,
  zip: UploadedFile,
  pathsToSkip: string[],
): Promise<ZipFileMapResponse> {
  return reviewZipInThread(zip, ctx.config.gprImport, pathsToSkip);
}

/** `POST /api/gpr-scans/create-from-zip`: import a zip sent as form data. */
export async function importZip(
  ctx: AppContext,
  caller: Caller,
  parentId: string | null,
  zip: UploadedFile,
  pathsToSkip: string[],
  scanGeometry: ImportScanGeometry[] = [],
): Promise<CreateGprScansResponse> {
  await checkImportParent(ctx, caller.organizationId, parentId);
  const plan = await planImportInThread([zip], {
    isZipForm: true,
    limits: ctx.config.gprImport,
    pathsToSkip,
    parentId,
  });
  withScanGeometry(plan, scanGeometry);
  return runImport(ctx, caller, parentId, plan, null);
}

/** Import a zip already read and planned (a vendor link's, read in a thread with its download). */
export async function importPlannedZip(
  ctx: AppContext,
  caller: Caller,
  parentId: string | null,
  plan: ImportPlan,
): Promise<CreateGprScansResponse> {
  return runImport(ctx, caller, parentId, plan, null);
}

/** `POST /api/gpr-scans/create-from-files`: import uploads staged on the target folder. */
export async function importStagedFiles(
  ctx: AppContext,
  caller: Caller,
  body: CreateGprScansFromFilesBody,
): Promise<CreateGprScansResponse> {
  const { organizationId } = caller;
  await checkImportParent(ctx, organizationId, body.parentId);
  const ids = [...new Set(body.fileIds)];
  const rows = await findFilesByIds(ctx.db, organizationId, ids);
  if (rows.length !== ids.length) throw notFound();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const problems: { path: string; message: string }[] = [];
  const inUse = new Set(await findFileIdsInUseByScans(ctx.db, organizationId, ids));
  ids.forEach((id, i) => {
    const f = byId.get(id)!;
    if (inUse.has(id))
      problems.push({ path: `fileIds.${i}`, message: `${f.name} has already been imported` });
    else if (f.nodeId !== body.parentId)
      problems.push({
        path: `fileIds.${i}`,
        message: `${f.name} was not uploaded to the target folder (nodeId must be parentId)`,
      });
    else if (!f.confirmedUploadedAt)
      problems.push({ path: `fileIds.${i}`, message: `${f.name} has not been uploaded yet` });
  });
  if (problems.length > 0) throw badRequest(problems[0]!.message, problems);
  const total = rows.reduce((sum, r) => sum + (r.size ?? 0), 0);
  const limit = ctx.config.gprImport.maxBytes;
  if (total > limit)
    throw new HttpError(
      413,
      ErrorCode.PayloadTooLarge,
      `The files add up to ${total} bytes (limit ${limit}, GPR_IMPORT_MAX_BYTES)`,
    );
  const uploads: UploadedFile[] = [];
  for (const id of ids) {
    const f = byId.get(id)!;
    uploads.push({
      name: f.name,
      bytes: await readStoredBytes(ctx.storage, f.storageKey),
      stagedFileId: f.id,
    });
  }
  const plan = await planImportInThread(uploads, {
    isZipForm: false,
    limits: ctx.config.gprImport,
    pathsToSkip: body.pathsToSkip ?? [],
    parentId: body.parentId,
  });
  withScanGeometry(plan, body.scanGeometry ?? []);
  return runImport(ctx, caller, body.parentId, plan, body.parentId);
}

/** The typed geometry on the planned scans; 400 when an entry names no scan of the import. */
function withScanGeometry(plan: ImportPlan, scanGeometry: ImportScanGeometry[]): void {
  const unmatched = applyScanGeometry(plan, scanGeometry);
  if (unmatched.length === 0) return;
  const problems = unmatched.map((i) => ({
    path: `scanGeometry.${i}.path`,
    message: `No scan of this import is read from ${scanGeometry[i]!.path}`,
  }));
  throw badRequest(problems[0]!.message, problems);
}

async function runImport(
  ctx: AppContext,
  { organizationId, userId }: Caller,
  parentId: string | null,
  plan: ImportPlan,
  stagingNodeId: string | null,
): Promise<CreateGprScansResponse> {
  const written: string[] = [];
  let pending: string[] = [];
  try {
    pending = plan.files.filter((f) => f.bytes).map((f) => storageKeyOf(organizationId, f));
    // Committed before any object is written: a crash from here on leaves records the orphan sweep finds.
    await insertPendingObjects(ctx.db, organizationId, pending);
    const files = await writeNewFiles(ctx, organizationId, userId, plan, written);
    await insertGprImport(ctx.db, {
      organizationId,
      createdById: userId,
      parentId,
      nodes: plan.nodes,
      files,
      adoptFiles: plan.files
        .filter((f) => f.stagedFileId)
        .map((f) => ({ fileId: f.stagedFileId!, fromNodeId: stagingNodeId!, toNodeId: f.ownerNodeId })),
      groups: plan.groups.map((g) => ({ ...g, organizationId })),
      scans: plan.scans.map((s) => ({ ...s, organizationId })),
    });
  } catch (error) {
    const deleted = await Promise.allSettled(written.map((key) => ctx.storage.delete(key)));
    // A key whose delete failed keeps its pending record, so the sweep retries it.
    const failed = new Set(written.filter((_, i) => deleted[i]!.status === 'rejected'));
    await deletePendingObjects(ctx.db, organizationId, pending.filter((k) => !failed.has(k))).catch(() => {});
    if (error instanceof NodeTooDeepError)
      throw badRequest(error.message, [{ path: 'parentId', message: error.message }]);
    if (error instanceof StagedFileTakenError)
      throw new HttpError(409, ErrorCode.Conflict, `${error.message}: another import took it`);
    if (error instanceof Error && error.message === 'Parent not found') throw notFound();
    if (error instanceof PendingObjectsSweptError)
      throw new HttpError(503, ErrorCode.Internal, `${error.message}: import the files again`);
    throw error;
  }
  return describeImport(ctx, organizationId, plan);
}

/** Where an imported file's object goes. Keys never contain user text beyond a plain extension. */
function storageKeyOf(organizationId: string, f: { id: string; extension: string }): string {
  const safeExtension = /^[a-z0-9]{1,16}$/.test(f.extension) ? f.extension : 'bin';
  return `${organizationId}/gpr-scans/${f.id}.${safeExtension}`;
}

/** Store the bytes the import keeps (zip sent as form data, each zip line and sidecar), recording each key. */
async function writeNewFiles(
  ctx: AppContext,
  organizationId: string,
  userId: string | null,
  plan: ImportPlan,
  written: string[],
) {
  const rows: NewFileRow[] = [];
  for (const f of plan.files) {
    if (!f.bytes) continue;
    const storageKey = storageKeyOf(organizationId, f);
    const contentType = contentTypeOf(f.extension);
    written.push(storageKey);
    await ctx.storage.put(storageKey, f.bytes, contentType);
    rows.push({
      id: f.id,
      organizationId,
      nodeId: f.ownerNodeId,
      name: f.name,
      extension: f.extension,
      contentType,
      size: f.bytes.length,
      storageKey,
      createdById: userId,
      confirmedUploadedAt: new Date(),
    });
  }
  return rows;
}

async function describeImport(
  ctx: AppContext,
  organizationId: string,
  plan: ImportPlan,
): Promise<CreateGprScansResponse> {
  const [scans, groups] = await Promise.all([
    findGprScansByIds(
      ctx.db,
      organizationId,
      plan.scans.map((s) => s.nodeId),
    ),
    findGprScanGroupsByIds(
      ctx.db,
      organizationId,
      plan.groups.map((g) => g.nodeId),
    ),
  ]);
  const scanOrder = new Map(plan.scans.map((s, i) => [s.nodeId, i]));
  scans.sort((a, b) => scanOrder.get(a.node.id)! - scanOrder.get(b.node.id)!);
  const asGroup = (g: (typeof groups)[number]) => ({ gprScanGroup: toAreaScan(g), node: toNode(g.node) });
  return {
    gprScans: scans.map((s) => ({ gprScan: toGprScan(s), node: toNode(s.node) })),
    areaScanGroups: groups.filter((g) => g.group.groupType === 'AREA_SCAN').map(asGroup),
    gprScanGroups: groups.filter((g) => g.group.groupType === 'MULTI_SCAN').map(asGroup),
    warnings: [...new Set(plan.warnings)],
  };
}
