import { findVersionFiles } from '@gprhub/db';
import { readGlbSummary, readPlyHeader, readPlyPoints } from '@gprhub/scan3d';
import { describe, expect, it } from 'vitest';
import { downloadBytes, startAnalysis, syntheticRecordingBytes, useJobTestApp, waitForAnalysis } from '../test/analysis-jobs.js';
import { boxFiles, createModelWithVersion, uploadFiles, waitForLodCopy } from '../test/three-d-models.js';

let recording: Uint8Array;
const ctx = useJobTestApp(async () => {
  recording = syntheticRecordingBytes({ seed: 7, frames: 6, width: 96, height: 72 });
});

function start(versionId: string, options: { headers?: Record<string, string>; rerunIfExists?: boolean } = {}) {
  return startAnalysis(ctx, 'GENERATE_POINT_CLOUD', { threeDModelVersionId: versionId }, options);
}

function waitDone(versionId: string) {
  return waitForAnalysis(ctx, 'GENERATE_POINT_CLOUD', { threeDModelVersionId: versionId });
}

async function versionFiles(modelId: string) {
  const model = (
    await ctx.t.app.inject({ method: 'GET', url: `/api/3d-models/${modelId}`, headers: ctx.member.headers })
  ).json();
  return model as {
    pointCloudFile: { name: string; summary: string; url: string } | null;
    previewPcdFile?: unknown;
    glbModelData: { glb: { name: string } | null };
  };
}

describe('GENERATE_POINT_CLOUD through the queue', () => {
  it('turns the version’s RTAB-Map database into a PLY, a preview PCD and a GLB of points that join the version', async () => {
    const { modelId, versionId } = await createModelWithVersion(ctx.t.app, ctx.member, [
      { type: 'rtabmap_db', name: 'rtabmap.db', bytes: recording },
    ]);
    const created = await start(versionId);
    expect(created.statusCode).toBe(200);
    expect(created.json().analysis).toMatchObject({
      analysisType: 'GENERATE_POINT_CLOUD',
      parentId: modelId,
    });
    const done = await waitDone(versionId);
    expect(done.analysisRun!.status).toBe('FINISHED');
    const results = done.results as {
      points: number;
      poseSource: string;
      framesUsed: number;
      voxelSizeM: number;
    };
    expect(results).toMatchObject({ poseSource: 'optimized', framesUsed: 6, voxelSizeM: 0.01 });
    expect(results.points).toBeGreaterThan(1000);

    const model = await versionFiles(modelId);
    // The generated cloud replaced the uploaded one of the same type; the mesh is untouched.
    expect(model.pointCloudFile).toMatchObject({
      name: 'point_cloud.ply',
      summary: expect.stringContaining('(generated)'),
    });
    expect(model.glbModelData.glb?.name).toBe('mesh.glb');
    const ply = await downloadBytes(ctx, model.pointCloudFile!.url);
    expect(readPlyPoints(ply, readPlyHeader(ply)).total).toBe(results.points);
    const version = (
      await ctx.t.app.inject({
        method: 'GET',
        url: `/api/3d-models/${modelId}/latest-version`,
        headers: ctx.member.headers,
      })
    ).json() as { threeDModelVersion: { files: { type: string; name: string; extension: string; summary: string; url: string }[] } };
    const types = version.threeDModelVersion.files.map((f) => f.type).sort();
    expect(types).toEqual(['point_cloud', 'point_cloud_glb', 'rtabmap_db', 'rtabmap_glb', 'rtabmap_preview_pcd']);
    // The cloud as a GLB of points, the same points as the PLY, downloadable like every file of the version.
    const glbFile = version.threeDModelVersion.files.find((f) => f.type === 'point_cloud_glb')!;
    expect(glbFile).toMatchObject({ name: 'point_cloud.glb', extension: 'glb', summary: `GLB 2.0, ${results.points} points with colours (generated)` });
    const glb = await downloadBytes(ctx, glbFile.url);
    expect(readGlbSummary(glb).pointCount).toBe(results.points);
  });

  it('re-run, replaces the generated files of that version only', async () => {
    // Two versions of one model, both with the database: the cloud is generated for the older one.
    const { modelId, versionId: older } = await createModelWithVersion(ctx.t.app, ctx.member, [
      { type: 'rtabmap_db', name: 'rtabmap.db', bytes: recording },
    ]);
    // It brings its own cloud and mesh, so creating it starts no generation of its own.
    const [dbId, plyId, glbId] = await uploadFiles(ctx.t.app, ctx.member, modelId, [
      { name: 'rtabmap.db', bytes: recording },
      { name: 'cloud.ply', bytes: boxFiles().ply },
      { name: 'mesh.glb', bytes: boxFiles().glb },
    ]);
    const newer = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/3d-model-version',
      headers: ctx.member.headers,
      payload: {
        threeDModelNodeId: modelId,
        files: [
          { type: 'rtabmap_db', fileId: dbId },
          { type: 'point_cloud', fileId: plyId },
          { type: 'rtabmap_glb', fileId: glbId },
        ],
      },
    });
    expect(newer.statusCode).toBe(201);
    const newerId = newer.json().id as string;
    const org = ctx.member.organization.id;
    const filesOf = async (versionId: string) =>
      new Map((await findVersionFiles(ctx.t.ctx.db, org, versionId)).map((r) => [r.versionFile.type, r.file.id]));
    // Both versions' uploaded box PLY is in scan order: each gets its LOD-ordered copy first (decision 0058).
    for (const versionId of [older, newerId]) await waitForLodCopy(ctx.t.ctx.db, org, versionId);
    const newerBefore = await filesOf(newerId);

    expect((await start(older)).statusCode).toBe(200);
    const first = await waitDone(older);
    expect(first.analysisRun!.status).toBe('FINISHED');
    const afterFirst = await filesOf(older);
    // The generated cloud replaced the upload, and the upload's LOD-ordered copy went with it.
    expect([...afterFirst.keys()].sort()).toEqual(['point_cloud', 'point_cloud_glb', 'rtabmap_db', 'rtabmap_glb', 'rtabmap_preview_pcd']);

    const rerun = await start(older, { rerunIfExists: true });
    expect(rerun.json()).toMatchObject({ started: true });
    expect(rerun.json().analysisRun.id).not.toBe(first.analysisRun!.id);
    const second = await waitDone(older);
    expect(second.analysisRun).toMatchObject({ id: rerun.json().analysisRun.id, status: 'FINISHED' });
    const afterSecond = await filesOf(older);
    // One file of each type still; the generated three are new files, the uploaded database and mesh the same.
    expect([...afterSecond.keys()].sort()).toEqual([...afterFirst.keys()].sort());
    for (const type of ['point_cloud', 'point_cloud_glb', 'rtabmap_preview_pcd']) expect(afterSecond.get(type)).not.toBe(afterFirst.get(type));
    for (const type of ['rtabmap_db', 'rtabmap_glb']) expect(afterSecond.get(type)).toBe(afterFirst.get(type));
    // The newer version of the same model is untouched.
    expect(await filesOf(newerId)).toEqual(newerBefore);
  });

  it('fails clearly for a version without a database and for a corrupt database, touching nothing', async () => {
    const without = await createModelWithVersion(ctx.t.app, ctx.member);
    expect((await start(without.versionId)).statusCode).toBe(200);
    const noDb = await waitDone(without.versionId);
    expect(noDb.analysisRun).toMatchObject({
      status: 'FAILED',
      message: expect.stringMatching(/no RTAB-Map database \(rtabmap_db\)/),
    });
    expect((await versionFiles(without.modelId)).pointCloudFile?.name).toBe('cloud.ply');

    const corrupt = new Uint8Array(8192);
    corrupt.set(new TextEncoder().encode('SQLite format 3\0'));
    corrupt.fill(0xab, 100);
    const bad = await createModelWithVersion(ctx.t.app, ctx.member, [
      { type: 'rtabmap_db', name: 'broken.db', bytes: corrupt },
    ]);
    expect((await start(bad.versionId)).statusCode).toBe(200);
    const failed = await waitDone(bad.versionId);
    expect(failed.analysisRun!.status).toBe('FAILED');
    expect(failed.analysisRun!.message).toMatch(/SQLite database|RTAB-Map database/);
    expect((await versionFiles(bad.modelId)).pointCloudFile?.name).toBe('cloud.ply');
  });

  it('starts by itself when a version with a database and no point cloud is created, once', async () => {
    const model = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/3d-models',
      headers: ctx.member.headers,
      payload: { name: 'Scanned room' },
    });
    const modelId = model.json().nodeId as string;
    const [dbId] = await uploadFiles(ctx.t.app, ctx.member, modelId, [{ name: 'rtabmap.db', bytes: recording }]);
    const created = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/3d-model-version',
      headers: ctx.member.headers,
      payload: { threeDModelNodeId: modelId, files: [{ type: 'rtabmap_db', fileId: dbId }] },
    });
    expect(created.statusCode).toBe(201);
    const versionId = created.json().id as string;
    const done = await waitDone(versionId);
    expect(done.analysis).toMatchObject({ analysisType: 'GENERATE_POINT_CLOUD', parentId: modelId });
    expect(done.analysisRun!.status).toBe('FINISHED');
    expect((await versionFiles(modelId)).pointCloudFile).toMatchObject({ name: 'point_cloud.ply' });
    // Asking again reuses the finished run: no second run is started.
    const again = await start(versionId);
    expect(again.json()).toMatchObject({ started: false, analysisRun: { id: done.analysisRun!.id } });

    // A version that brings its own point cloud starts nothing.
    const [dbId2, plyId] = await uploadFiles(ctx.t.app, ctx.member, modelId, [
      { name: 'rtabmap.db', bytes: recording },
      { name: 'cloud.ply', bytes: boxFiles().ply },
    ]);
    const withCloud = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/3d-model-version',
      headers: ctx.member.headers,
      payload: {
        threeDModelNodeId: modelId,
        files: [
          { type: 'rtabmap_db', fileId: dbId2 },
          { type: 'point_cloud', fileId: plyId },
        ],
      },
    });
    expect(withCloud.statusCode).toBe(201);
    const none = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/analyses/by-input',
      headers: ctx.member.headers,
      payload: {
        analysisType: 'GENERATE_POINT_CLOUD',
        analysisInput: { threeDModelVersionId: withCloud.json().id },
      },
    });
    expect(none.json()).toMatchObject({ analysis: null, analysisRun: null });
  });

  it('answers 404 for a version that does not exist or belongs to another organization', async () => {
    const { versionId } = await createModelWithVersion(ctx.t.app, ctx.member);
    expect((await start(versionId, { headers: ctx.stranger.headers })).statusCode).toBe(404);
    expect((await start('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
