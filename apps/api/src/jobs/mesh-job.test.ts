import type { AnalysisType } from '@gprhub/contract';
import { describe, expect, it } from 'vitest';
import { downloadBytes, startAnalysis, syntheticRecordingBytes, useJobTestApp, waitForAnalysis } from '../test/analysis-jobs.js';
import { createModelWithVersion, uploadFiles, waitForLodCopy } from '../test/three-d-models.js';

let recording: Uint8Array;
const ctx = useJobTestApp(async () => {
  recording = syntheticRecordingBytes({ seed: 8, frames: 6, width: 96, height: 72 });
});

function start(versionId: string, headers?: Record<string, string>) {
  return startAnalysis(ctx, 'GENERATE_MESH', { threeDModelVersionId: versionId }, { headers });
}

function waitDone(versionId: string, analysisType: AnalysisType = 'GENERATE_MESH') {
  return waitForAnalysis(ctx, analysisType, { threeDModelVersionId: versionId }, 110_000);
}

interface ModelFile {
  name: string;
  summary: string;
  url: string;
}

async function model(modelId: string) {
  const res = await ctx.t.app.inject({ method: 'GET', url: `/api/3d-models/${modelId}`, headers: ctx.member.headers });
  return res.json() as {
    pointCloudFile: ModelFile | null;
    glbModelData: { glb: ModelFile } | null;
    meshModelData: { obj: ModelFile; mtl: ModelFile | null } | null;
    threeDModelVersion: { id: string; files: { type: string }[] } | null;
  };
}

const download = (url: string) => downloadBytes(ctx, url);

describe('GENERATE_MESH through the queue', () => {
  it('turns the version’s RTAB-Map database into a GLB and an OBJ + MTL that join that version only', async () => {
    const older = await createModelWithVersion(ctx.t.app, ctx.member, [{ type: 'rtabmap_db', name: 'rtabmap.db', bytes: recording }]);
    const { modelId, versionId } = await createModelWithVersion(ctx.t.app, ctx.member, [
      { type: 'rtabmap_db', name: 'rtabmap.db', bytes: recording },
    ]);
    const created = await start(versionId);
    expect(created.statusCode).toBe(200);
    expect(created.json().analysis).toMatchObject({ analysisType: 'GENERATE_MESH', parentId: modelId });
    const done = await waitDone(versionId);
    expect(done.analysisRun!.status).toBe('FINISHED');
    const results = done.results as { triangles: number; vertices: number; framesUsed: number; voxelSizeM: number; poseSource: string };
    expect(results).toMatchObject({ poseSource: 'optimized', framesUsed: 6, voxelSizeM: 0.01 });
    expect(results.triangles).toBeGreaterThan(1000);
    expect(results.triangles).toBeLessThanOrEqual(300_000);

    // The uploaded box PLY is in scan order: it gets its LOD-ordered copy in the background (decision 0058).
    await waitForLodCopy(ctx.t.ctx.db, ctx.member.organization.id, versionId);
    const shown = await model(modelId);
    expect(shown.glbModelData!.glb).toMatchObject({ name: 'mesh.glb', summary: expect.stringContaining('(generated)') });
    expect(shown.meshModelData!.obj).toMatchObject({ name: 'mesh.obj', summary: expect.stringContaining('(generated)') });
    expect(shown.meshModelData!.mtl).toMatchObject({ name: 'mesh.mtl' });
    // The uploaded cloud is untouched.
    expect(shown.pointCloudFile).toMatchObject({ name: 'cloud.ply' });
    expect(shown.threeDModelVersion!.files.map((f) => f.type).sort()).toEqual([
      'point_cloud',
      'point_cloud_lod',
      'rtabmap_db',
      'rtabmap_glb',
      'rtabmap_mesh_mtl',
      'rtabmap_mesh_obj',
    ]);
    const glb = await download(shown.glbModelData!.glb.url);
    const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
    expect(view.getUint32(0, true)).toBe(0x46546c67);
    const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + view.getUint32(12, true)))) as {
      accessors: { count: number }[];
    };
    expect(json.accessors[0]!.count).toBe(results.vertices);
    expect(json.accessors[3]!.count).toBe(results.triangles * 3);
    const obj = new TextDecoder().decode(await download(shown.meshModelData!.obj.url));
    expect(obj.match(/^f /gm)).toHaveLength(results.triangles);

    // The other model's version keeps its uploaded mesh.
    expect((await model(older.modelId)).glbModelData!.glb.summary).not.toContain('(generated)');
  });

  it('fails clearly for a corrupt database, touching nothing, and answers 404 across organizations', async () => {
    const corrupt = new Uint8Array(8192);
    corrupt.set(new TextEncoder().encode('SQLite format 3\0'));
    corrupt.fill(0xab, 100);
    const bad = await createModelWithVersion(ctx.t.app, ctx.member, [{ type: 'rtabmap_db', name: 'broken.db', bytes: corrupt }]);
    expect((await start(bad.versionId)).statusCode).toBe(200);
    const failed = await waitDone(bad.versionId);
    expect(failed.analysisRun!.status).toBe('FAILED');
    expect(failed.analysisRun!.message).toMatch(/SQLite database|RTAB-Map database/);
    const after = await model(bad.modelId);
    expect(after.glbModelData!.glb.summary).not.toContain('(generated)');
    expect(after.meshModelData).toBeNull();
    expect((await start(bad.versionId, ctx.stranger.headers)).statusCode).toBe(404);
  });

  it('starts with the point cloud when a version with only a database is created', async () => {
    const created = await ctx.t.app.inject({ method: 'POST', url: '/api/3d-models', headers: ctx.member.headers, payload: { name: 'Scanned room' } });
    const modelId = created.json().nodeId as string;
    const [dbId] = await uploadFiles(ctx.t.app, ctx.member, modelId, [{ name: 'rtabmap.db', bytes: recording }]);
    const version = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/3d-model-version',
      headers: ctx.member.headers,
      payload: { threeDModelNodeId: modelId, files: [{ type: 'rtabmap_db', fileId: dbId }] },
    });
    expect(version.statusCode).toBe(201);
    const versionId = version.json().id as string;
    const cloud = await waitDone(versionId, 'GENERATE_POINT_CLOUD');
    const mesh = await waitDone(versionId);
    expect(cloud.analysisRun!.status).toBe('FINISHED');
    expect(mesh.analysisRun!.status).toBe('FINISHED');
    const shown = await model(modelId);
    expect(shown.threeDModelVersion!.files.map((f) => f.type).sort()).toEqual([
      'point_cloud',
      'point_cloud_glb',
      'rtabmap_db',
      'rtabmap_glb',
      'rtabmap_mesh_mtl',
      'rtabmap_mesh_obj',
      'rtabmap_preview_pcd',
    ]);
    // Asking again reuses the finished run.
    expect((await start(versionId)).json()).toMatchObject({ started: false, analysisRun: { id: mesh.analysisRun!.id } });
  });
});
