import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { findThreeDModelVersion, findVersionFiles } from '@gprhub/db';
import type { AppContext } from '../app-context.js';

/**
 * Copy a version's RTAB-Map database from storage (local or S3) into a temporary folder, streamed: the
 * compute thread then opens it with SQLite and reads one frame at a time. Answers the file's path; the
 * caller removes its folder with {@link removeRtabmapCopy}.
 */
export async function loadRtabmapDatabase(
  ctx: AppContext,
  organizationId: string,
  versionId: string,
): Promise<string> {
  const version = await findThreeDModelVersion(ctx.db, organizationId, versionId);
  if (!version) throw new Error('The 3D model version no longer exists');
  const files = await findVersionFiles(ctx.db, organizationId, versionId);
  const database = files.find((f) => f.versionFile.type === 'rtabmap_db');
  if (!database)
    throw new Error(
      'This 3D model version has no RTAB-Map database (rtabmap_db) to generate a point cloud or mesh from; upload the recording with the version',
    );
  const dir = await mkdtemp(path.join(tmpdir(), 'gprhub-rtabmap-'));
  const file = path.join(dir, 'rtabmap.db');
  try {
    await pipeline(await ctx.storage.read(database.file.storageKey), createWriteStream(file));
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(
      `The version's RTAB-Map database could not be read from storage (${(error as Error).message})`,
      {
        cause: error,
      },
    );
  }
  return file;
}

/** Remove the temporary copy made by {@link loadRtabmapDatabase}. */
export async function removeRtabmapCopy(file: string): Promise<void> {
  await rm(path.dirname(file), { recursive: true, force: true });
}
