import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  deletePendingObjects,
  findThreeDModelVersion,
  findVersionFiles,
  insertFiles,
  insertPendingObjects,
  insertVersionFile,
  lockVersionFiles,
  settlePendingObjects,
  type Database,
} from '@gprhub/db';
import type { AppContext } from '../app-context.js';
import type { ThreadRunner } from './thread-runner.js';

/** The version file type of the derived copy, and the type it is derived from (decision 0058). */
export const POINT_CLOUD_LOD_TYPE = 'point_cloud_lod';
const SOURCE_TYPE = 'point_cloud';

/** A message of the `point-cloud-lod` queue: derive the LOD-ordered copy of one version's uploaded point cloud. */
export interface PointCloudLodMessage {
  organizationId: string;
  versionId: string;
  /** The version's `point_cloud` file the copy is made from (`three_d_model_version_file.id`). */
  sourceVersionFileId: string;
}

/** What a run did: the copy was added, or why not. */
export type PointCloudLodOutcome =
  { status: 'added'; versionFileId: string; points: number } | { status: 'skipped'; reason: string };

/**
 * Derive the LOD-ordered copy of a version's uploaded PLY (decision 0058) and add it to the version as
 * `point_cloud_lod`. The upload is never changed: it is streamed from storage (local or S3) to a temporary file, a
 * compute thread writes the shuffled copy to another, which is streamed to a new object under a pending record
 * (decision 0020); one transaction (the version's row locked) then adds the file row and the version file and
 * settles the record. A crash before the commit leaves no row, and the orphan sweep removes the object; a run
 * that finds the copy already there, or the source replaced, adds nothing and deletes its own object, so a repeat
 * (a retry, a duplicate delivery) is harmless.
 */
export async function runPointCloudLod(
  ctx: AppContext,
  runner: ThreadRunner,
  message: PointCloudLodMessage,
): Promise<PointCloudLodOutcome> {
  const { organizationId, versionId, sourceVersionFileId } = message;
  const current = await currentSource(ctx.db, organizationId, versionId, sourceVersionFileId);
  if (typeof current === 'string') return { status: 'skipped', reason: current };
  const dir = await mkdtemp(path.join(tmpdir(), 'gprhub-lod-'));
  try {
    const inputPath = path.join(dir, 'upload.ply');
    const outputPath = path.join(dir, 'lod.ply');
    await pipeline(await ctx.storage.read(current.file.storageKey), createWriteStream(inputPath));
    const output = await runner.run(
      { type: 'POINT_CLOUD_LOD', inputPath, outputPath },
      ctx.config.jobs.timeoutS,
    );
    const results = output.results as {
      skipped?: string;
      points?: number;
      format?: string;
      hasColours?: boolean;
    };
    if (results.skipped) return { status: 'skipped', reason: results.skipped };
    const size = (await stat(outputPath)).size;
    const name = `${stemOf(current.file.name)}_lod.ply`;
    const key = `3d-models/${organizationId}/${current.modelNodeId}/derived/${randomUUID()}/${name}`;
    await insertPendingObjects(ctx.db, organizationId, [key]);
    await ctx.storage.put(key, createReadStream(outputPath), 'application/octet-stream');
    const summary = `PLY ${results.format}, ${results.points} points${results.hasColours ? ' with colours' : ''}, LOD-ordered copy of ${current.file.name}`;
    const added = await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const again = await lockVersionFiles(db, organizationId, versionId);
      const source = again?.find(
        (f) => f.versionFile.id === sourceVersionFileId && f.versionFile.type === SOURCE_TYPE,
      );
      if (!source || again!.some((f) => f.versionFile.type === POINT_CLOUD_LOD_TYPE)) return null;
      await settlePendingObjects(db, organizationId, [key]);
      const [file] = await insertFiles(db, [
        {
          organizationId,
          nodeId: current.modelNodeId,
          name,
          extension: 'ply',
          contentType: 'application/octet-stream',
          size,
          storageKey: key,
          confirmedUploadedAt: new Date(),
        },
      ]);
      return insertVersionFile(db, {
        organizationId,
        versionId,
        type: POINT_CLOUD_LOD_TYPE,
        fileId: file!.id,
        summary,
      });
    });
    if (!added) {
      // Another run added the copy first, or the source was replaced meanwhile: this object is nobody's.
      await ctx.storage.delete(key);
      await deletePendingObjects(ctx.db, organizationId, [key]);
      return { status: 'skipped', reason: 'the copy exists already or its source was replaced' };
    }
    return { status: 'added', versionFileId: added.id, points: results.points ?? 0 };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The source file when the version still has it and no copy yet, else why there is nothing to do. */
async function currentSource(
  db: Database,
  organizationId: string,
  versionId: string,
  sourceVersionFileId: string,
) {
  const version = await findThreeDModelVersion(db, organizationId, versionId);
  if (!version) return 'the version no longer exists';
  const files = await findVersionFiles(db, organizationId, versionId);
  if (files.some((f) => f.versionFile.type === POINT_CLOUD_LOD_TYPE)) return 'the copy exists already';
  const source = files.find(
    (f) => f.versionFile.id === sourceVersionFileId && f.versionFile.type === SOURCE_TYPE,
  );
  if (!source) return 'the point cloud was replaced';
  return { file: source.file, modelNodeId: version.threeDModelNodeId };
}

/** A file's name without a `.ply` ending (uploaded names have none, generated ones do). */
function stemOf(name: string): string {
  return name.toLowerCase().endsWith('.ply') ? name.slice(0, -4) : name;
}
