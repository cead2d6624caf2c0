import { randomUUID } from 'node:crypto';
import { ANALYSIS_TYPE_LABELS } from '@gprhub/contract';
import {
  claimJob,
  createRunWithJob,
  deletePendingObjects,
  findOrCreateAnalysis,
  findThreeDModelVersion,
  insertFiles,
  insertPendingObjects,
  replaceVersionFilesOfTypes,
  settlePendingObjects,
  lockHeldJob,
  setGprScanPreviewFile,
  settleJob,
  type AnalysisJobRow,
  type Database,
} from '@gprhub/db';
import type { AppContext } from '../app-context.js';
import { stableJson } from '../modules/analyses/analysis-inputs.js';
import { ANALYSIS_ENGINE_VERSION, type ComputeOutput } from './compute.js';

type AreaLine = Record<string, unknown> & { nodeId: string };

/** A stored object and its file row's fields. */
interface StoredObject {
  id?: string;
  key: string;
  name: string;
  contentType: string;
  size: number;
}

/**
 * Store a finished attempt's results and settle its job FINISHED. Objects go to storage first (they can be
 * large and storage is not transactional); then one database transaction settles the job and writes what
 * the results leave behind: the scan's preview image, or an area scan's finished per-line sub-analyses. So
 * a client that sees the area analysis FINISHED sees every line, and a crash before the commit leaves the
 * job to be retried with no line written. Answers false when another attempt settled the job first.
 */
export async function finishJob(
  ctx: AppContext,
  job: AnalysisJobRow,
  output: ComputeOutput,
): Promise<boolean> {
  // One folder per call, not per attempt: two combine steps of an area (a duplicate delivery) hold the same
  // attempt, and the one that loses the settle deletes its own objects, never the winner's.
  const base = `analyses/${job.organizationId}/${job.analysisRunId}/attempt-${job.attempt}-${randomUUID().slice(0, 8)}`;
  // The results name their preview's file row, so its id is chosen here rather than by the database.
  const previewFileId = output.png ? randomUUID() : undefined;
  const lines =
    job.analysisType === 'AREA_SCAN_REBAR_2' && Array.isArray(output.results.lines)
      ? (output.results.lines as AreaLine[])
      : [];
  // Generated 3D files (GENERATE_POINT_CLOUD, GENERATE_MESH): stored first, joined to their version in the transaction.
  const versionFiles = output.files ?? [];
  // Files of the analysis itself (a GPR point cloud's PLY): their ids are chosen here, for the results to name.
  const analysisFiles = (output.analysisFiles ?? []).map((f) => ({ ...f, id: randomUUID() }));
  const keys = [
    ...(output.png ? [`${base}/preview.png`] : []),
    ...analysisFiles.map((f) => `${base}/${f.name}`),
    `${base}/results.json`,
    ...lines.map((line) => `${base}/lines/${line.nodeId}.json`),
    ...versionFiles.map((f) => `${base}/${f.name}`),
  ];
  // Written under pending records (decisions/0020): a worker killed before the commit below leaves records
  // the orphan sweep finds, and the retry writes under its own attempt's keys.
  await insertPendingObjects(ctx.db, job.organizationId, keys);
  const preview = output.png ? await put(ctx, `${base}/preview.png`, output.png, 'image/png') : undefined;
  const analysisObjects: StoredObject[] = [];
  for (const f of analysisFiles) analysisObjects.push({ ...(await put(ctx, `${base}/${f.name}`, f.bytes, f.contentType)), id: f.id });
  const results = {
    ...output.results,
    ...(previewFileId ? { previewFileId } : {}),
    ...Object.fromEntries(analysisFiles.map((f) => [f.resultKey, f.id])),
  };
  const resultsObject = await put(ctx, `${base}/results.json`, jsonBytes(results), 'application/json');
  const versionObjects: StoredObject[] = [];
  for (const f of versionFiles)
    versionObjects.push({
      ...(await put(ctx, `${base}/${f.name}`, f.bytes, f.contentType)),
      id: randomUUID(),
    });
  const lineObjects: StoredObject[] = [];
  for (const line of lines)
    lineObjects.push(
      await put(ctx, `${base}/lines/${line.nodeId}.json`, jsonBytes(line), 'application/json'),
    );

  const settled = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    if (!(await lockHeldJob(db, job))) return false;
    await settlePendingObjects(db, job.organizationId, keys);
    if (preview) await insertFileRows(db, job, job.analysisNodeId, [{ ...preview, id: previewFileId }]);
    if (analysisObjects.length > 0) await insertFileRows(db, job, job.analysisNodeId, analysisObjects);
    const [resultFileId] = await insertFileRows(db, job, job.analysisNodeId, [resultsObject]);
    return settleJob(db, job, { status: 'FINISHED', resultFileId: resultFileId! }, async (inTx) => {
      if (job.analysisType === 'GPR_SCAN_PREVIEW' && previewFileId) {
        const input = (job.payload as { analysisInput: Record<string, string> }).analysisInput;
        await setGprScanPreviewFile(inTx, job.organizationId, input.gprScanNodeId!, previewFileId);
      }
      for (const [index, line] of lines.entries())
        await recordSubAnalysis(inTx, job, line, lineObjects[index]!);
      if (versionFiles.length > 0) await addVersionFiles(inTx, job, versionFiles, versionObjects);
    });
  });
  if (!settled) {
    // Another attempt settled the job: these objects are nobody's.
    await Promise.all(keys.map((key) => ctx.storage.delete(key)));
    await deletePendingObjects(ctx.db, job.organizationId, keys);
  }
  return settled;
}

/** Join generated files to the input's 3D model version, replacing its files of the same types. */
async function addVersionFiles(
  db: Database,
  job: AnalysisJobRow,
  files: NonNullable<ComputeOutput['files']>,
  objects: StoredObject[],
): Promise<void> {
  const versionId = (job.payload as { analysisInput: Record<string, string> }).analysisInput
    .threeDModelVersionId!;
  const version = await findThreeDModelVersion(db, job.organizationId, versionId);
  if (!version) throw new Error('The 3D model version was deleted while its files were generated');
  const ids = await insertFileRows(db, job, version.threeDModelNodeId, objects);
  await replaceVersionFilesOfTypes(
    db,
    job.organizationId,
    versionId,
    files.map((f, i) => ({ type: f.type, fileId: ids[i]!, summary: f.summary })),
  );
}

function jsonBytes(value: unknown): Uint8Array {
  return Buffer.from(JSON.stringify(value));
}

async function put(
  ctx: AppContext,
  key: string,
  bytes: Uint8Array,
  contentType: string,
): Promise<StoredObject> {
  await ctx.storage.put(key, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType);
  return { key, name: key.slice(key.lastIndexOf('/') + 1), contentType, size: bytes.byteLength };
}

async function insertFileRows(
  db: Database,
  job: AnalysisJobRow,
  nodeId: string,
  objects: StoredObject[],
): Promise<string[]> {
  const rows = await insertFiles(
    db,
    objects.map((o) => ({
      ...(o.id ? { id: o.id } : {}),
      organizationId: job.organizationId,
      nodeId,
      name: o.name,
      extension: o.name.slice(o.name.lastIndexOf('.') + 1),
      contentType: o.contentType,
      size: o.size,
      storageKey: o.key,
      confirmedUploadedAt: new Date(),
    })),
  );
  return rows.map((r) => r.id);
}

/** One line of a finished area scan becomes a finished LINE_SCAN_REBAR_2 analysis of that line (a new run of it). */
async function recordSubAnalysis(
  db: Database,
  parent: AnalysisJobRow,
  line: AreaLine,
  stored: StoredObject,
): Promise<void> {
  const input = { gprScanNodeId: line.nodeId };
  const analysis = await findOrCreateAnalysis(db, {
    organizationId: parent.organizationId,
    analysisType: 'LINE_SCAN_REBAR_2',
    input,
    inputKey: stableJson(input),
    inputNodeIds: [line.nodeId],
    parentNodeId: line.nodeId,
    parentAnalysisNodeId: parent.analysisNodeId,
    name: `${ANALYSIS_TYPE_LABELS.LINE_SCAN_REBAR_2} (line of an area scan)`,
    createdById: null,
  });
  const { job } = await createRunWithJob(db, {
    organizationId: parent.organizationId,
    analysisNodeId: analysis.analysis.nodeId,
    analysisType: 'LINE_SCAN_REBAR_2',
    options: {},
    optionsKey: stableJson({}),
    engineVersion: ANALYSIS_ENGINE_VERSION,
    payload: {
      analysisType: 'LINE_SCAN_REBAR_2',
      analysisInput: input,
      analysisEngineVersion: ANALYSIS_ENGINE_VERSION,
      parentAnalysisRunId: parent.analysisRunId,
    },
    createdById: null,
  });
  const claimed = await claimJob(db, job.id, `area-scan run ${parent.analysisRunId}`);
  if (!claimed) throw new Error('A new per-line job could not be claimed');
  const [fileId] = await insertFileRows(db, parent, analysis.analysis.nodeId, [
    { ...stored, name: 'results.json' },
  ]);
  await settleJob(db, claimed, {
    status: 'FINISHED',
    resultFileId: fileId!,
    message: 'Line analysed as part of its area scan',
  });
}
