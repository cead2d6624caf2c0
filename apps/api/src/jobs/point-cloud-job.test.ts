import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AnalysisByInputResponse } from '@gprhub/contract';
import { readPlyHeader, readPlyPoints } from '@gprhub/scan3d';
import { generateSyntheticRecording } from '@gprhub/scan3d/rtabmap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, getTestApp, type TestApp, type TestMember } from '../test/support.js';
import { boxFiles, createModelWithVersion, uploadFiles } from '../test/three-d-models.js';
import { writeRtabmapFile } from './rtabmap-sqlite.js';

let t: TestApp;
let member: TestMember;
let stranger: TestMember;
let recording: Uint8Array;
const tmp = mkdtempSync(path.join(tmpdir(), 'gprhub-cloud-job-'));

beforeAll(async () => {
  t = await getTestApp({ jobs: { inProcessWorker: true, threads: 1, timeoutS: 120, heartbeatS: 10 } });
  await t.app.analysisJobs.startWorker();
  member = await createMember(t.app);
  stranger = await createMember(t.app);
  const file = path.join(tmp, 'room.db');
  writeRtabmapFile(file, generateSyntheticRecording({ seed: 7, frames: 6, width: 96, height: 72 }));
  recording = readFileSync(file);
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(tmp, { recursive: true, force: true });
});

async function start(versionId: string, headers = member.headers) {
  return t.app.inject({
    method: 'POST',
    url: '/api/analyses',
    headers,
    payload: { analysisType: 'GENERATE_POINT_CLOUD', analysisInput: { threeDModelVersionId: versionId } },
  });
}

async function waitDone(versionId: string): Promise<AnalysisByInputResponse> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analyses/by-input',
      headers: member.headers,
      payload: { analysisType: 'GENERATE_POINT_CLOUD', analysisInput: { threeDModelVersionId: versionId } },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as AnalysisByInputResponse;
    if (body.isDone) return body;
    if (Date.now() > deadline) throw new Error(`not done in time: ${JSON.stringify(body.analysisRun)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function versionFiles(modelId: string) {
  const model = (
    await t.app.inject({ method: 'GET', url: `/api/3d-models/${modelId}`, headers: member.headers })
  ).json();
  return model as {
    pointCloudFile: { name: string; summary: string; url: string } | null;
    previewPcdFile?: unknown;
    glbModelData: { glb: { name: string } | null };
  };
}

describe('GENERATE_POINT_CLOUD through the queue', () => {
  it('turns the version’s RTAB-Map database into a PLY and a preview PCD that join the version', async () => {
    const { modelId, versionId } = await createModelWithVersion(t.app, member, [
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
    const bytes = await t.app.inject({
      method: 'GET',
      url: model.pointCloudFile!.url,
      headers: member.headers,
    });
    const body = new Uint8Array(bytes.rawPayload);
    expect(readPlyPoints(body, readPlyHeader(body)).total).toBe(results.points);
    const version = (
      await t.app.inject({
        method: 'GET',
        url: `/api/3d-models/${modelId}/latest-version`,
        headers: member.headers,
      })
    ).json();
    const types = (version.threeDModelVersion.files as { type: string }[]).map((f) => f.type).sort();
    expect(types).toEqual(['point_cloud', 'rtabmap_db', 'rtabmap_glb', 'rtabmap_preview_pcd']);
  });

  it('fails clearly for a version without a database and for a corrupt database, touching nothing', async () => {
    const without = await createModelWithVersion(t.app, member);
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
    const bad = await createModelWithVersion(t.app, member, [
      { type: 'rtabmap_db', name: 'broken.db', bytes: corrupt },
    ]);
    expect((await start(bad.versionId)).statusCode).toBe(200);
    const failed = await waitDone(bad.versionId);
    expect(failed.analysisRun!.status).toBe('FAILED');
    expect(failed.analysisRun!.message).toMatch(/SQLite database|RTAB-Map database/);
    expect((await versionFiles(bad.modelId)).pointCloudFile?.name).toBe('cloud.ply');
  });

  it('starts by itself when a version with a database and no point cloud is created, once', async () => {
    const model = await t.app.inject({
      method: 'POST',
      url: '/api/3d-models',
      headers: member.headers,
      payload: { name: 'Scanned room' },
    });
    const modelId = model.json().nodeId as string;
    const [dbId] = await uploadFiles(t.app, member, modelId, [{ name: 'rtabmap.db', bytes: recording }]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/3d-model-version',
      headers: member.headers,
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
    const [dbId2, plyId] = await uploadFiles(t.app, member, modelId, [
      { name: 'rtabmap.db', bytes: recording },
      { name: 'cloud.ply', bytes: boxFiles().ply },
    ]);
    const withCloud = await t.app.inject({
      method: 'POST',
      url: '/api/3d-model-version',
      headers: member.headers,
      payload: {
        threeDModelNodeId: modelId,
        files: [
          { type: 'rtabmap_db', fileId: dbId2 },
          { type: 'point_cloud', fileId: plyId },
        ],
      },
    });
    expect(withCloud.statusCode).toBe(201);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/analyses/by-input',
      headers: member.headers,
      payload: {
        analysisType: 'GENERATE_POINT_CLOUD',
        analysisInput: { threeDModelVersionId: withCloud.json().id },
      },
    });
    expect(none.json()).toMatchObject({ analysis: null, analysisRun: null });
  });

  it('answers 404 for a version that does not exist or belongs to another organization', async () => {
    const { versionId } = await createModelWithVersion(t.app, member);
    expect((await start(versionId, stranger.headers)).statusCode).toBe(404);
    expect((await start('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
