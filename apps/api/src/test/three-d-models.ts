import { findVersionFiles, type Database } from '@gprhub/db';
import { createBoxMesh, sampleBoxSurface, writeGlbMesh, writePlyPoints } from '@gprhub/scan3d';
import type { FastifyInstance } from 'fastify';
import { uploadAndConfirm, type TestMember } from './support.js';

/** A PLY of points on a 1 × 2 × 0.5 m box and a GLB of the same box (the test room). */
export function boxFiles(): { ply: Uint8Array; glb: Uint8Array } {
  const cloud = sampleBoxSurface([0, 0, 0], [1, 2, 0.5], 0.1);
  const mesh = createBoxMesh([0, 0, 0], [1, 2, 0.5]);
  return { ply: writePlyPoints(cloud.positions, cloud.colours), glb: writeGlbMesh(mesh.positions, mesh.indices) };
}

/** Upload files on a node (batch, PUT); answers their ids. */
export async function uploadFiles(app: FastifyInstance, member: TestMember, nodeId: string, files: { name: string; bytes: Uint8Array }[]): Promise<string[]> {
  const batch = await app.inject({
    method: 'POST',
    url: '/api/files/batch',
    headers: member.headers,
    payload: { objectPathPrefix: '3d-models', files: files.map((f) => ({ nodeId, name: f.name, extension: f.name.split('.').pop()! })) },
  });
  if (batch.statusCode !== 200) throw new Error(`batch failed: ${batch.body}`);
  const targets = batch.json().files as { uploadUrl: string; file: { id: string } }[];
  await uploadAndConfirm(
    app,
    member.headers,
    targets,
    files.map((f) => f.bytes),
  );
  return targets.map((t) => t.file.id);
}

/** A 3D model with one version (the box PLY and GLB, plus the given extra files); answers the ids. */
export async function createModelWithVersion(
  app: FastifyInstance,
  member: TestMember,
  extra: { type: string; name: string; bytes: Uint8Array }[] = [],
): Promise<{ modelId: string; versionId: string; versionFileIds: string[] }> {
  const model = await app.inject({ method: 'POST', url: '/api/3d-models', headers: member.headers, payload: { name: 'Room 1' } });
  if (model.statusCode !== 201) throw new Error(`model failed: ${model.body}`);
  const modelId = model.json().nodeId as string;
  const { ply, glb } = boxFiles();
  const files = [{ type: 'point_cloud', name: 'cloud.ply', bytes: ply }, { type: 'rtabmap_glb', name: 'mesh.glb', bytes: glb }, ...extra];
  const ids = await uploadFiles(app, member, modelId, files);
  const version = await app.inject({
    method: 'POST',
    url: '/api/3d-model-version',
    headers: member.headers,
    payload: { threeDModelNodeId: modelId, files: files.map((f, i) => ({ type: f.type, fileId: ids[i] })) },
  });
  if (version.statusCode !== 201) throw new Error(`version failed: ${version.body}`);
  return { modelId, versionId: version.json().id, versionFileIds: version.json().files.map((f: { versionFileId: string }) => f.versionFileId) };
}

/**
 * Wait until a version has its LOD-ordered copy of an uploaded scan-order cloud (decision 0058: derived in the
 * background after the version is created; the box PLY of {@link boxFiles} is in scan order).
 */
export async function waitForLodCopy(db: Database, organizationId: string, versionId: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await findVersionFiles(db, organizationId, versionId)).some((f) => f.versionFile.type === 'point_cloud_lod')) {
    if (Date.now() > deadline) throw new Error(`version ${versionId} got no LOD-ordered copy`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
