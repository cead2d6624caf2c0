import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AnalysisByInputResponse, AnalysisType } from '@gprhub/contract';
import { generateSyntheticRecording } from '@gprhub/scan3d/rtabmap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, getTestApp, type TestApp, type TestMember } from '../test/support.js';
import { createModelWithVersion, uploadFiles } from '../test/three-d-models.js';
import { writeRtabmapFile } from './rtabmap-sqlite.js';

let t: TestApp;
let member: TestMember;
let stranger: TestMember;
let recording: Uint8Array;
const tmp = mkdtempSync(path.join(tmpdir(), 'gprhub-mesh-job-'));

beforeAll(async () => {
  t = await getTestApp({ jobs: { inProcessWorker: true, threads: 1, timeoutS: 120, heartbeatS: 10 } });
  await t.app.analysisJobs.startWorker();
  member = await createMember(t.app);
  stranger = await createMember(t.app);
  const file = path.join(tmp, 'room.db');
  writeRtabmapFile(file, generateSyntheticRecording({ seed: 8, frames: 6, width: 96, height: 72 }));
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
    payload: { analysisType: 'GENERATE_MESH', analysisInput: { threeDModelVersionId: versionId } },
  });
}

async function waitDone(versionId: string, analysisType: AnalysisType = 'GENERATE_MESH'): Promise<AnalysisByInputResponse> {
  const deadline = Date.now() + 110_000;
  for (;;) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analyses/by-input',
      headers: member.headers,
      payload: { analysisType, analysisInput: { threeDModelVersionId: versionId } },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as AnalysisByInputResponse;
    if (body.isDone) return body;
    if (Date.now() > deadline) throw new Error(`not done in time: ${JSON.stringify(body.analysisRun)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface ModelFile {
  name: string;
  summary: string;
  url: string;
}

async function model(modelId: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/3d-models/${modelId}`, headers: member.headers });
  return res.json() as {
    pointCloudFile: ModelFile | null;
    glbModelData: { glb: ModelFile } | null;
    meshModelData: { obj: ModelFile; mtl: ModelFile | null } | null;
    threeDModelVersion: { id: string; files: { type: string }[] } | null;
  };
}

async function download(url: string): Promise<Uint8Array> {
  const res = await t.app.inject({ method: 'GET', url, headers: member.headers });
  expect(res.statusCode).toBe(200);
  return new Uint8Array(res.rawPayload);
}

describe('GENERATE_MESH through the queue', () => {
  it('turns the version’s RTAB-Map database into a GLB and an OBJ + MTL that join that version only', async () => {
    const older = await createModelWithVersion(t.app, member, [{ type: 'rtabmap_db', name: 'rtabmap.db', bytes: recording }]);
    const { modelId, versionId } = await createModelWithVersion(t.app, member, [
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

    const shown = await model(modelId);
    expect(shown.glbModelData!.glb).toMatchObject({ name: 'mesh.glb', summary: expect.stringContaining('(generated)') });
    expect(shown.meshModelData!.obj).toMatchObject({ name: 'mesh.obj', summary: expect.stringContaining('(generated)') });
    expect(shown.meshModelData!.mtl).toMatchObject({ name: 'mesh.mtl' });
    // The uploaded cloud is untouched.
    expect(shown.pointCloudFile).toMatchObject({ name: 'cloud.ply' });
    expect(shown.threeDModelVersion!.files.map((f) => f.type).sort()).toEqual([
      'point_cloud',
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
    const bad = await createModelWithVersion(t.app, member, [{ type: 'rtabmap_db', name: 'broken.db', bytes: corrupt }]);
    expect((await start(bad.versionId)).statusCode).toBe(200);
    const failed = await waitDone(bad.versionId);
    expect(failed.analysisRun!.status).toBe('FAILED');
    expect(failed.analysisRun!.message).toMatch(/SQLite database|RTAB-Map database/);
    const after = await model(bad.modelId);
    expect(after.glbModelData!.glb.summary).not.toContain('(generated)');
    expect(after.meshModelData).toBeNull();
    expect((await start(bad.versionId, stranger.headers)).statusCode).toBe(404);
  });

  it('starts with the point cloud when a version with only a database is created', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/3d-models', headers: member.headers, payload: { name: 'Scanned room' } });
    const modelId = created.json().nodeId as string;
    const [dbId] = await uploadFiles(t.app, member, modelId, [{ name: 'rtabmap.db', bytes: recording }]);
    const version = await t.app.inject({
      method: 'POST',
      url: '/api/3d-model-version',
      headers: member.headers,
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
