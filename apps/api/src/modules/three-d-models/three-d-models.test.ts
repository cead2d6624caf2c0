import { createRunWithJob, findOrCreateAnalysis, upsertCorrection } from '@gprhub/db';
import { sampleBoxSurface } from '@gprhub/scan3d';
import { writeGlbPoints } from '@gprhub/scan3d/cloud';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, getTestApp, type TestApp, type TestMember } from '../../test/support.js';
import { createFolder, importSyntheticScan } from '../../test/scans.js';
import { boxFiles, createModelWithVersion, uploadFiles } from '../../test/three-d-models.js';

let t: TestApp;
let owner: TestMember;
let stranger: TestMember;

beforeAll(async () => {
  t = await getTestApp();
  owner = await createMember(t.app);
  stranger = await createMember(t.app);
});
afterAll(async () => {
  await t.close();
});

const positionsJson = (scanName: string) =>
  new TextEncoder().encode(
    JSON.stringify([{ id: scanName, order: 0, direction: 'LEFT_TO_RIGHT', startPoint: [0.1, 0, 0.3], endPoint: [0.9, 0, 0.3] }]),
  );

describe('3D models', () => {
  it('creates a model under a folder, with the spec name messages', async () => {
    const folder = await createFolder(t.app, owner);
    const post = (name: string) => t.app.inject({ method: 'POST', url: '/api/3d-models', headers: owner.headers, payload: { name, parentNodeId: folder } });
    expect((await post('  ')).json()).toMatchObject({ httpStatus: 400, message: 'Name is required', validationErrors: [{ path: 'name', message: 'Name is required' }] });
    expect((await post('ab')).json()).toMatchObject({ httpStatus: 400, message: 'Name is too short' });
    const res = await post('Basement');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Basement', type: 'THREE_D_MODEL', parentId: folder, isPublic: false });
    const model = await t.app.inject({ method: 'GET', url: `/api/3d-models/${res.json().nodeId}`, headers: owner.headers });
    expect(model.json()).toMatchObject({ threeDModelVersion: null, versionCount: 0, session: null, pointCloudFile: null, canEdit: true });
    const latest = await t.app.inject({ method: 'GET', url: `/api/3d-models/${res.json().nodeId}/latest-version`, headers: owner.headers });
    expect(latest.json()).toEqual({ threeDModelVersion: null });
  });

  it('creates versions from checked files, keeps them, and shows the newest with files by role', async () => {
    const { modelId, versionId } = await createModelWithVersion(t.app, owner);
    const model = (await t.app.inject({ method: 'GET', url: `/api/3d-models/${modelId}`, headers: owner.headers })).json();
    expect(model.threeDModelVersion.id).toBe(versionId);
    expect(model.pointCloudFile).toMatchObject({ type: 'point_cloud', name: 'cloud.ply', summary: expect.stringContaining('PLY binary_little_endian') });
    expect(model.glbModelData.glb).toMatchObject({ type: 'rtabmap_glb', summary: 'GLB 2.0, 1 meshes' });
    const bytes = await t.app.inject({ method: 'GET', url: model.pointCloudFile.url, headers: owner.headers });
    expect(bytes.statusCode).toBe(200);
    expect(Buffer.compare(bytes.rawPayload, Buffer.from(boxFiles().ply))).toBe(0);
    expect(bytes.headers['cache-control']).toBe('private, no-store');
    expect(bytes.headers['accept-ranges']).toBe('bytes');
    // One byte range (the viewer's spread blocks of a cloud not in LOD order): 206 and exactly those bytes.
    const whole = Buffer.from(boxFiles().ply);
    const part = await t.app.inject({ method: 'GET', url: model.pointCloudFile.url, headers: { ...owner.headers, range: 'bytes=20-59' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 20-59/${whole.length}`);
    expect(Buffer.compare(part.rawPayload, whole.subarray(20, 60))).toBe(0);
    const past = await t.app.inject({ method: 'GET', url: model.pointCloudFile.url, headers: { ...owner.headers, range: `bytes=${whole.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.json()).toMatchObject({ code: 'BAD_REQUEST', message: `The range is outside the file's ${whole.length} bytes` });
    // Another organization's range request is refused like any other.
    const foreign = await t.app.inject({ method: 'GET', url: model.pointCloudFile.url, headers: { ...stranger.headers, range: 'bytes=0-9' } });
    expect(foreign.statusCode).toBe(404);

    const [glb] = await uploadFiles(t.app, owner, modelId, [{ name: 'second.glb', bytes: boxFiles().glb }]);
    const second = await t.app.inject({ method: 'POST', url: '/api/3d-model-version', headers: owner.headers, payload: { threeDModelNodeId: modelId, files: [{ type: 'rtabmap_glb', fileId: glb }] } });
    expect(second.statusCode).toBe(201);
    const after = (await t.app.inject({ method: 'GET', url: `/api/3d-models/${modelId}`, headers: owner.headers })).json();
    expect(after).toMatchObject({ versionCount: 2, threeDModelVersion: { id: second.json().id }, pointCloudFile: null });
    expect(after.glbModelData.glb.name).toBe('second.glb');
  });

  it('refuses a file whose content is not its type with a clear 400, and creates nothing', async () => {
    const { modelId } = await createModelWithVersion(t.app, owner);
    const [good, fakePly, fakeGlb] = await uploadFiles(t.app, owner, modelId, [
      { name: 'ok.ply', bytes: boxFiles().ply },
      { name: 'fake.ply', bytes: new TextEncoder().encode('solid cube\n') },
      { name: 'fake.glb', bytes: new TextEncoder().encode('{"asset":{"version":"2.0"}}') },
    ]);
    const post = (files: object[]) => t.app.inject({ method: 'POST', url: '/api/3d-model-version', headers: owner.headers, payload: { threeDModelNodeId: modelId, files } });
    const bad = await post([{ type: 'point_cloud', fileId: good }, { type: 'rtabmap_glb', fileId: fakeGlb }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'File fake.glb is not a GLB file (it does not start with "glTF")', validationErrors: [{ path: 'files.1.fileId' }] });
    expect((await post([{ type: 'point_cloud', fileId: fakePly }])).json().message).toBe('File fake.ply is not a PLY file (it does not start with "ply")');
    expect((await post([{ type: 'rtabmap_glb', fileId: good }])).json().message).toBe('File ok.ply cannot be a rtabmap_glb file (expected .glb)');
    expect((await post([{ type: 'point_cloud', fileId: good }, { type: 'point_cloud', fileId: good }])).json().message).toBe('A version has at most one point_cloud file');
    expect((await post([{ type: 'nope', fileId: good }])).statusCode).toBe(400);
    expect((await post([])).statusCode).toBe(400);
    const model = (await t.app.inject({ method: 'GET', url: `/api/3d-models/${modelId}`, headers: owner.headers })).json();
    expect(model.versionCount).toBe(1);
  });

  it('takes a GLB of points as the cloud’s GLB (point_cloud_glb) and refuses a mesh GLB as one, creating nothing', async () => {
    const { modelId } = await createModelWithVersion(t.app, owner);
    const cloud = sampleBoxSurface([0, 0, 0], [1, 2, 0.5], 0.1);
    const [points, mesh] = await uploadFiles(t.app, owner, modelId, [
      { name: 'cloud.glb', bytes: writeGlbPoints(cloud.positions, cloud.colours) },
      { name: 'mesh.glb', bytes: boxFiles().glb },
    ]);
    const post = (files: object[]) => t.app.inject({ method: 'POST', url: '/api/3d-model-version', headers: owner.headers, payload: { threeDModelNodeId: modelId, files } });
    const refused = await post([{ type: 'point_cloud_glb', fileId: mesh }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'File mesh.glb is a GLB without points (no POINTS primitive with positions)', validationErrors: [{ path: 'files.0.fileId' }] });
    expect((await t.app.inject({ method: 'GET', url: `/api/3d-models/${modelId}`, headers: owner.headers })).json().versionCount).toBe(1);
    const created = await post([{ type: 'point_cloud_glb', fileId: points }]);
    expect(created.statusCode).toBe(201);
    expect(created.json().files).toMatchObject([{ type: 'point_cloud_glb', summary: `GLB 2.0, ${cloud.positions.length / 3} points` }]);
  });

  it('refuses a file not yet uploaded', async () => {
    const { modelId } = await createModelWithVersion(t.app, owner);
    const batch = await t.app.inject({ method: 'POST', url: '/api/files/batch', headers: owner.headers, payload: { files: [{ nodeId: modelId, name: 'late.ply', extension: 'ply' }] } });
    const res = await t.app.inject({ method: 'POST', url: '/api/3d-model-version', headers: owner.headers, payload: { threeDModelNodeId: modelId, files: [{ type: 'point_cloud', fileId: batch.json().files[0].file.id }] } });
    expect(res.json()).toMatchObject({ httpStatus: 400, message: 'File late.ply has not been uploaded yet' });
  });

  it('keeps view options within their ranges', async () => {
    const { modelId } = await createModelWithVersion(t.app, owner);
    const url = `/api/3d-models/${modelId}/view-options`;
    expect((await t.app.inject({ method: 'GET', url, headers: owner.headers })).json()).toEqual({ modelRotation: { x: 0, y: 0, z: 0 }, materialSize: 10, useVertexColors: true });
    const patched = await t.app.inject({ method: 'PATCH', url, headers: owner.headers, payload: { modelRotation: { x: 90, y: -45, z: 180 }, materialSize: 25 } });
    expect(patched.json()).toEqual({ modelRotation: { x: 90, y: -45, z: 180 }, materialSize: 25, useVertexColors: true });
    const bad = await t.app.inject({ method: 'PATCH', url, headers: owner.headers, payload: { materialSize: 0, modelRotation: { x: 181, y: 0, z: 0 } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().validationErrors).toEqual(expect.arrayContaining([{ path: 'materialSize', message: 'Property materialSize cannot be less than 1' }]));
  });
});

describe('observations', () => {
  it('places a scan at its tracker position, with its bars; moves, hides, removes it', async () => {
    const folder = await createFolder(t.app, owner);
    const scanId = await importSyntheticScan(t.app, owner, folder, 'L007.dzt');
    const { modelId, versionId } = await createModelWithVersion(t.app, owner, [{ type: 'radar_positions', name: 'positions.json', bytes: positionsJson('L007.dzt') }]);
    const positions = await t.app.inject({ method: 'GET', url: `/api/3d-models/${modelId}/positions?threeDModelVersionId=${versionId}`, headers: owner.headers });
    expect(positions.json().positions).toEqual([{ id: 'L007.dzt', order: 0, direction: 'LEFT_TO_RIGHT', startPoint: [0.1, 0, 0.3], endPoint: [0.9, 0, 0.3] }]);

    const batch = await t.app.inject({ method: 'POST', url: '/api/3d-model-observations/batch', headers: owner.headers, payload: { threeDModelNodeId: modelId, threeDModelVersionId: versionId, nodeIds: [scanId] } });
    expect(batch.statusCode).toBe(201);
    const [observation] = batch.json().observations;
    expect(observation).toMatchObject({ observationNodeId: scanId, observationName: 'L007', observationType: 'GPR_SCAN', isVisible: true });
    expect(observation.scanArea).toEqual({ origin: [0.1, 0, 0.3], planeX: [1, 0, 0], planeY: [0, 0, -1], planeZ: [0, 1, 0] });
    expect(observation.observationArea).toEqual(observation.scanArea);
    // Adding it again keeps the one observation.
    await t.app.inject({ method: 'POST', url: '/api/3d-model-observations/batch', headers: owner.headers, payload: { threeDModelNodeId: modelId, threeDModelVersionId: versionId, nodeIds: [scanId] } });
    expect((await t.app.inject({ method: 'GET', url: `/api/3d-models/${modelId}/observations`, headers: owner.headers })).json().observations).toHaveLength(1);

    // Bars: the user's correction wins.
    const analysis = await findOrCreateAnalysis(t.ctx.db, { organizationId: owner.organization.id, analysisType: 'LINE_SCAN_REBAR_2', input: { gprScanNodeId: scanId }, inputKey: JSON.stringify({ gprScanNodeId: scanId }), inputNodeIds: [scanId], parentNodeId: scanId, name: 'Line scan rebar analysis 2', createdById: owner.id });
    const { run } = await createRunWithJob(t.ctx.db, { organizationId: owner.organization.id, analysisNodeId: analysis.analysis.nodeId, analysisType: 'LINE_SCAN_REBAR_2', options: {}, optionsKey: '{}', engineVersion: 'test', payload: {}, createdById: owner.id });
    await upsertCorrection(t.ctx.db, { organizationId: owner.organization.id, analysisNodeId: analysis.analysis.nodeId, analysisType: 'LINE_SCAN_REBAR_2', basedOnRunId: run.id, correctedResults: { rebars: [{ id: 'b1', R: 0.006, orientation: 1, depthCoords: [[0.2, 0, 0.046]] }, { id: 'bad' }] }, updatedById: owner.id });
    const details = await t.app.inject({ method: 'GET', url: `/api/3d-model-observations/${observation.id}/details`, headers: owner.headers });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ rebarSource: 'correction', rebars: [{ id: 'b1', xM: 0.2, depthM: 0.046, radiusM: 0.006 }], gprScan: { name: 'L007', traces: 400 } });
    expect(details.json().gprScan.lengthM).toBeCloseTo(0.798, 3);
    expect(details.json().gprScan.depthM).toBeGreaterThan(0.1);
    const png = await t.app.inject({ method: 'GET', url: details.json().radargramUrl, headers: owner.headers });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    const moved = { origin: [0.2, 0.1, 0.3], planeX: [0, 1, 0], planeY: [0, 0, -1], planeZ: [-1, 0, 0] };
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/3d-model-observations/${observation.id}`, headers: owner.headers, payload: { observationArea: moved } });
    expect(patch.json()).toMatchObject({ observationArea: moved, scanArea: observation.scanArea });
    // The bars as glTF, in the model's frame where the viewer draws them (the moved area): origin + x·planeX + depth·planeZ.
    const glb = await t.app.inject({ method: 'GET', url: `/api/3d-model-observations/${observation.id}/export?format=gltf`, headers: owner.headers });
    expect(glb.statusCode).toBe(200);
    expect(glb.headers['content-type']).toBe('model/gltf-binary');
    expect(glb.headers['content-disposition']).toContain('L007-rebars.glb');
    const bytes = glb.rawPayload;
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('glTF');
    const gltf = JSON.parse(bytes.subarray(20, 20 + bytes.readUInt32LE(12)).toString('utf8'));
    expect(gltf.nodes).toHaveLength(1);
    expect(gltf.nodes[0].name).toBe('b1');
    [0.2 - 0.046, 0.1 + 0.2, 0.3].forEach((v, i) => expect(gltf.nodes[0].translation[i]).toBeCloseTo(v, 6));
    expect(gltf.nodes[0].scale).toEqual([0.006, 0.5, 0.006]);
    expect((await t.app.inject({ method: 'GET', url: `/api/3d-model-observations/${observation.id}/export?format=obj`, headers: owner.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/3d-model-observations/${observation.id}/export?format=gltf`, headers: stranger.headers })).statusCode).toBe(404);
    const skewed = await t.app.inject({ method: 'PATCH', url: `/api/3d-model-observations/${observation.id}`, headers: owner.headers, payload: { observationArea: { ...moved, planeX: [1, 1, 0] } } });
    expect(skewed.json()).toMatchObject({ httpStatus: 400, message: 'planeX, planeY and planeZ must be unit vectors at right angles' });
    const table = await t.app.inject({ method: 'GET', url: `/api/3d-models/${modelId}/observations/table`, headers: owner.headers });
    expect(table.json().rows).toEqual([{ id: observation.id, name: 'L007', observationType: 'GPR_SCAN', observationDate: observation.observationDate, isVisible: true, placement: 'tracker', isMoved: true }]);
    await t.app.inject({ method: 'PATCH', url: `/api/3d-model-observations/${observation.id}`, headers: owner.headers, payload: { isVisible: false } });
    expect((await t.app.inject({ method: 'GET', url: `/api/3d-model-observations/${observation.id}`, headers: owner.headers })).json().isVisible).toBe(false);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/3d-model-observations/${observation.id}`, headers: owner.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/3d-model-observations/${observation.id}`, headers: owner.headers })).statusCode).toBe(404);
  });

  it('places a scan the tracker did not see at the default place, and refuses nodes that are not scans', async () => {
    const folder = await createFolder(t.app, owner);
    const scanId = await importSyntheticScan(t.app, owner, folder, 'L001.dzt');
    const { modelId, versionId } = await createModelWithVersion(t.app, owner);
    const post = (nodeIds: string[]) => t.app.inject({ method: 'POST', url: '/api/3d-model-observations/batch', headers: owner.headers, payload: { threeDModelNodeId: modelId, threeDModelVersionId: versionId, nodeIds } });
    const ok = await post([scanId]);
    expect(ok.json().observations[0]).toMatchObject({ scanArea: null, observationArea: { origin: [0, 0, 1] } });
    expect((await post([folder])).json()).toMatchObject({ httpStatus: 400, message: 'Only GPR scans can be added to a 3D model' });
    const details = (await t.app.inject({ method: 'GET', url: `/api/3d-model-observations/${ok.json().observations[0].id}/details`, headers: owner.headers })).json();
    expect(details).toMatchObject({ rebars: [], rebarSource: null });
  });
});

describe('public sharing', () => {
  it('lets anyone read a public model, its files and observations, and nothing once it is private again', async () => {
    const folder = await createFolder(t.app, owner);
    const scanId = await importSyntheticScan(t.app, owner, folder, 'L002.dzt');
    const { modelId, versionId, versionFileIds } = await createModelWithVersion(t.app, owner);
    const [observation] = (await t.app.inject({ method: 'POST', url: '/api/3d-model-observations/batch', headers: owner.headers, payload: { threeDModelNodeId: modelId, threeDModelVersionId: versionId, nodeIds: [scanId] } })).json().observations;
    const reads = [
      `/api/3d-models/${modelId}`,
      `/api/3d-models/${modelId}/latest-version`,
      `/api/3d-models/${modelId}/view-options`,
      `/api/3d-models/${modelId}/positions`,
      `/api/3d-models/${modelId}/observations`,
      `/api/3d-models/${modelId}/observations/table`,
      `/api/3d-model-observations/${observation.id}`,
      `/api/3d-model-observations/${observation.id}/details`,
      `/api/3d-model-observations/${observation.id}/radargram`,
      `/api/3d-model-files/${versionFileIds[0]}`,
    ];
    for (const url of reads) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: stranger.headers })).statusCode, url).toBe(404);
    }
    await t.app.inject({ method: 'PATCH', url: `/api/nodes/${modelId}`, headers: owner.headers, payload: { isPublic: true } });
    for (const url of reads) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      expect((await t.app.inject({ method: 'GET', url, headers: stranger.headers })).statusCode, url).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/3d-models/${modelId}` })).json()).toMatchObject({ canEdit: false, node: { isPublic: true } });
    // Read-only: every change, and every other resource of the organization, stays closed.
    const writes = [
      { method: 'PATCH' as const, url: `/api/3d-models/${modelId}/view-options`, payload: { materialSize: 50 } },
      { method: 'PATCH' as const, url: `/api/3d-model-observations/${observation.id}`, payload: { isVisible: false } },
      { method: 'DELETE' as const, url: `/api/3d-model-observations/${observation.id}` },
      { method: 'PATCH' as const, url: `/api/nodes/${modelId}`, payload: { isPublic: false } },
    ];
    for (const w of writes) {
      expect((await t.app.inject({ ...w })).statusCode, w.url).toBe(401);
      expect((await t.app.inject({ ...w, headers: stranger.headers })).statusCode, w.url).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/gpr-scans/${scanId}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/nodes/${folder}` })).statusCode).toBe(401);
    await t.app.inject({ method: 'PATCH', url: `/api/nodes/${modelId}`, headers: owner.headers, payload: { isPublic: false } });
    for (const url of reads) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
  });
});
