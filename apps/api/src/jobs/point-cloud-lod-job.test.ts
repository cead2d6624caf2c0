import { findVersionFiles, schema } from '@gprhub/db';
import { readPlyHeader, readPlyPoints, shufflePointsInPlace, writePlyPoints } from '@gprhub/scan3d';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../app-context.js';
import { sweepOrphanObjects } from '../storage/index.js';
import { downloadBytes, useJobTestApp } from '../test/analysis-jobs.js';
import { uploadFiles } from '../test/three-d-models.js';
import { runPointCloudLod } from './point-cloud-lod-job.js';
import { ThreadRunner } from './thread-runner.js';

const { storagePendingObjects, threeDModelVersionFiles } = schema;

const ctx = useJobTestApp();

/** A scan-order cloud (sorted along x, each point its own colour), as a PLY from elsewhere comes. */
function scanOrderCloud(count: number): { positions: Float32Array; colours: Uint8Array } {
  const positions = new Float32Array(count * 3);
  const colours = new Uint8Array(count * 3);
  for (let i = 0; i < count; i++) {
    positions.set([i * 0.002, ((i * 37) % 100) / 50, 1 + (i % 13) * 0.1], i * 3);
    colours.set([i % 256, (i >> 8) % 256, (i * 7) % 256], i * 3);
  }
  return { positions, colours };
}

function scanOrderPly(count: number): Uint8Array {
  const { positions, colours } = scanOrderCloud(count);
  return writePlyPoints(positions, colours);
}

/** Each point as a string (x y z r g b), sorted: two clouds with equal lists hold the same multiset of points. */
function sortedPoints(bytes: Uint8Array): string[] {
  const cloud = readPlyPoints(bytes, readPlyHeader(bytes));
  return Array.from({ length: cloud.count }, (_, i) =>
    [...cloud.positions.subarray(i * 3, i * 3 + 3), ...cloud.colours!.subarray(i * 3, i * 3 + 3)].join(' '),
  ).sort();
}

/** A model with one version holding one uploaded point cloud; answers the POST's reply and the ids. */
async function uploadCloudVersion(bytes: Uint8Array, name = 'Scan from elsewhere') {
  const model = await ctx.t.app.inject({
    method: 'POST',
    url: '/api/3d-models',
    headers: ctx.member.headers,
    payload: { name: 'Room LOD' },
  });
  const modelId = model.json().nodeId as string;
  const [fileId] = await uploadFiles(ctx.t.app, ctx.member, modelId, [{ name: `${name}.ply`, bytes }]);
  const version = await ctx.t.app.inject({
    method: 'POST',
    url: '/api/3d-model-version',
    headers: ctx.member.headers,
    payload: { threeDModelNodeId: modelId, files: [{ type: 'point_cloud', fileId }] },
  });
  return { modelId, version };
}

interface ModelAnswer {
  pointCloudFile: { versionFileId: string; name: string; url: string; summary: string } | null;
  pointCloudLodFile: { versionFileId: string; name: string; url: string; summary: string } | null;
  threeDModelVersion: { id: string; files: { type: string; name: string }[] } | null;
}

async function getModel(
  modelId: string,
  headers: Record<string, string> = ctx.member.headers,
): Promise<ModelAnswer> {
  const res = await ctx.t.app.inject({ method: 'GET', url: `/api/3d-models/${modelId}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json() as ModelAnswer;
}

/** Wait until the queue has settled the copy of this version (added, skipped or failed), or time out. */
async function waitForOutcome(versionId: string, count = 1, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const outcomes = ctx.t.app.analysisJobs.pointCloudLodOutcomes.filter((o) => o.versionId === versionId);
    if (outcomes.length >= count) return outcomes;
    if (Date.now() > deadline) throw new Error(`no outcome for version ${versionId}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the LOD-ordered copy of an uploaded point cloud (point_cloud_lod)', () => {
  it('is derived from a scan-order upload: same points, shuffled, the header says so; the upload stays as it was', async () => {
    const { positions, colours } = scanOrderCloud(20_000);
    const upload = writePlyPoints(positions, colours);
    const { modelId, version } = await uploadCloudVersion(upload);
    expect(version.statusCode).toBe(201);
    const versionId = version.json().id as string;
    // Until the copy is there the version is usable as it is: the viewer reads the upload.
    const [outcome] = await waitForOutcome(versionId);
    expect(outcome).toMatchObject({ status: 'added', points: 20_000 });

    const model = await getModel(modelId);
    expect(model.pointCloudLodFile).toMatchObject({
      name: 'Scan from elsewhere_lod.ply',
      summary:
        'PLY binary_little_endian, 20000 points with colours, LOD-ordered copy of Scan from elsewhere.ply',
    });
    const copy = await downloadBytes(ctx, model.pointCloudLodFile!.url);
    const header = readPlyHeader(copy);
    expect(header).toMatchObject({
      format: 'binary_little_endian',
      vertexCount: 20_000,
      lodOrder: 'shuffled',
      hasColours: true,
    });
    expect(new TextDecoder().decode(copy.subarray(0, header.bodyOffset))).toContain(
      'comment lod_order shuffled\n',
    );
    expect(sortedPoints(copy)).toEqual(sortedPoints(upload));
    // The order is the generated clouds' shuffle of the same points.
    shufflePointsInPlace(positions, colours);
    expect(copy).toEqual(writePlyPoints(positions, colours, { lodOrdered: true }));

    // The user's file is still the version's point cloud, byte for byte, and the data table offers both.
    expect(model.pointCloudFile!.name).toBe('Scan from elsewhere.ply');
    expect(await downloadBytes(ctx, model.pointCloudFile!.url)).toEqual(upload);
    expect(model.threeDModelVersion!.files.map((f) => f.type).sort()).toEqual([
      'point_cloud',
      'point_cloud_lod',
    ]);

    // Idempotent: a second job for the same file finds the copy and adds nothing.
    await ctx.t.app.analysisJobs.enqueuePointCloudLod({
      organizationId: ctx.member.organization.id,
      versionId,
      sourceVersionFileId: model.pointCloudFile!.versionFileId,
    });
    const outcomes = await waitForOutcome(versionId, 2);
    expect(outcomes[1]).toMatchObject({ status: 'skipped', reason: 'the copy exists already' });
    const files = await findVersionFiles(ctx.t.ctx.db, ctx.member.organization.id, versionId);
    expect(files.filter((f) => f.versionFile.type === 'point_cloud_lod')).toHaveLength(1);
  });

  it('is not made for an upload already in LOD order', async () => {
    const { positions, colours } = scanOrderCloud(3000);
    shufflePointsInPlace(positions, colours);
    const shuffled = await uploadCloudVersion(
      writePlyPoints(positions, colours, { lodOrdered: true }),
      'Already shuffled',
    );
    expect(shuffled.version.statusCode).toBe(201);
    // A scan-order version after it: once its copy is there, the queue has passed the first version too.
    const later = await uploadCloudVersion(scanOrderPly(3000));
    await waitForOutcome(later.version.json().id);
    const shuffledId = shuffled.version.json().id as string;
    expect(ctx.t.app.analysisJobs.pointCloudLodOutcomes.filter((o) => o.versionId === shuffledId)).toEqual(
      [],
    );
    const model = await getModel(shuffled.modelId);
    expect(model.pointCloudLodFile).toBeNull();
    expect(model.threeDModelVersion!.files.map((f) => f.type)).toEqual(['point_cloud']);
  });

  it('leaves a corrupt PLY refused at version creation, as before: 400 and nothing created', async () => {
    const { modelId, version } = await uploadCloudVersion(
      new TextEncoder().encode('solid cube\nfacet normal 0 0 1\n'),
      'Not a cloud',
    );
    expect(version.statusCode).toBe(400);
    expect(version.json().message).toContain('is not a PLY file');
    const model = await getModel(modelId);
    expect(model.threeDModelVersion).toBeNull();
  });

  it('is checked like every version file when a client gives one: a PLY whose header says it is LOD-ordered', async () => {
    const model = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/3d-models',
      headers: ctx.member.headers,
      payload: { name: 'Room given copy' },
    });
    const modelId = model.json().nodeId as string;
    const { positions, colours } = scanOrderCloud(500);
    const [scan, notLod, mesh] = await uploadFiles(ctx.t.app, ctx.member, modelId, [
      { name: 'scan.ply', bytes: writePlyPoints(positions, colours) },
      { name: 'copy.ply', bytes: writePlyPoints(positions, colours) },
      { name: 'copy.glb', bytes: new Uint8Array(64) },
    ]);
    const post = (files: { type: string; fileId: string }[]) =>
      ctx.t.app.inject({
        method: 'POST',
        url: '/api/3d-model-version',
        headers: ctx.member.headers,
        payload: { threeDModelNodeId: modelId, files },
      });
    const refused = await post([
      { type: 'point_cloud', fileId: scan! },
      { type: 'point_cloud_lod', fileId: notLod! },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'File copy.ply is not LOD-ordered (its header has no "comment lod_order shuffled")',
    );
    const wrongExtension = await post([{ type: 'point_cloud_lod', fileId: mesh! }]);
    expect(wrongExtension.statusCode).toBe(400);
    expect(wrongExtension.json().message).toBe(
      'File copy.glb cannot be a point_cloud_lod file (expected .ply)',
    );
    expect((await getModel(modelId)).threeDModelVersion).toBeNull();
    shufflePointsInPlace(positions, colours);
    const [lod] = await uploadFiles(ctx.t.app, ctx.member, modelId, [
      { name: 'lod.ply', bytes: writePlyPoints(positions, colours, { lodOrdered: true }) },
    ]);
    const created = await post([
      { type: 'point_cloud', fileId: scan! },
      { type: 'point_cloud_lod', fileId: lod! },
    ]);
    expect(created.statusCode).toBe(201);
    expect(created.json().files[1]).toMatchObject({
      type: 'point_cloud_lod',
      summary: 'PLY binary_little_endian, 500 points with colours, LOD-ordered',
    });
    expect((await getModel(modelId)).pointCloudLodFile!.name).toBe('lod.ply');
  });

  it('leaves nothing half-made when the derivation fails, and the version usable', async () => {
    // The header is sound (the version is created) but the body is shorter than it says: the copy fails.
    const { positions, colours } = scanOrderCloud(1000);
    const truncated = writePlyPoints(positions, colours).slice(0, -1500);
    const { modelId, version } = await uploadCloudVersion(truncated, 'Truncated');
    expect(version.statusCode).toBe(201);
    const versionId = version.json().id as string;
    // pg-boss retries once; both attempts fail with the reader's reason.
    const outcomes = await waitForOutcome(versionId, 2);
    expect(outcomes.map((o) => o.status)).toEqual(['failed', 'failed']);
    expect(outcomes[0]).toMatchObject({ reason: expect.stringContaining('shorter than its 1000 vertices') });
    const model = await getModel(modelId);
    expect(model.pointCloudLodFile).toBeNull();
    expect(model.pointCloudFile!.name).toBe('Truncated.ply');
    expect(model.threeDModelVersion!.files.map((f) => f.type)).toEqual(['point_cloud']);
  });

  it('leaves no file row and no object behind when the worker dies between storing the copy and its record', async () => {
    const { positions, colours } = scanOrderCloud(2000);
    // A version whose copy is made here by hand with storage that fails after writing (the process dying there).
    const { modelId, version } = await uploadCloudVersion(writePlyPoints(positions, colours), 'Crash');
    const versionId = version.json().id as string;
    await waitForOutcome(versionId);
    const model = await getModel(modelId);
    const db = ctx.t.ctx.db;
    // Take the copy away again so the hand-made run has something to do.
    await db
      .delete(threeDModelVersionFiles)
      .where(eq(threeDModelVersionFiles.id, model.pointCloudLodFile!.versionFileId));
    const written: string[] = [];
    const storage = ctx.t.ctx.storage;
    const put: typeof storage.put = async (key, body, contentType) => {
      await storage.put(key, body, contentType);
      written.push(key);
      throw new Error('worker killed');
    };
    const dyingStorage = new Proxy(storage, {
      get: (target, prop) => {
        if (prop === 'put') return put;
        const value: unknown = Reflect.get(target, prop);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const dying = { ...ctx.t.ctx, storage: dyingStorage } as unknown as AppContext;
    const runner = new ThreadRunner(1);
    try {
      await expect(
        runPointCloudLod(dying, runner, {
          organizationId: ctx.member.organization.id,
          versionId,
          sourceVersionFileId: model.pointCloudFile!.versionFileId,
        }),
      ).rejects.toThrow('worker killed');
    } finally {
      await runner.close();
    }
    expect(written).toHaveLength(1);
    expect((await getModel(modelId)).pointCloudLodFile).toBeNull();
    const pending = await db
      .select()
      .from(storagePendingObjects)
      .where(eq(storagePendingObjects.storageKey, written[0]!));
    expect(pending).toHaveLength(1);
    // The orphan sweep (decision 0020) removes the object through its pending record.
    const report = await sweepOrphanObjects({ db, storage }, { graceS: 0, now: new Date(Date.now() + 1000) });
    expect(report.deleted).toContain(written[0]);
    expect(await storage.stat(written[0]!)).toBeNull();
  });

  it('is read with the model’s access rules: 404 to another organization, 401 anonymous, served on a public link', async () => {
    const { modelId, version } = await uploadCloudVersion(scanOrderPly(1500));
    await waitForOutcome(version.json().id);
    const lod = (await getModel(modelId)).pointCloudLodFile!;
    expect(
      (await ctx.t.app.inject({ method: 'GET', url: lod.url, headers: ctx.stranger.headers })).statusCode,
    ).toBe(404);
    expect((await ctx.t.app.inject({ method: 'GET', url: lod.url })).statusCode).toBe(401);
    await ctx.t.app.inject({
      method: 'PATCH',
      url: `/api/nodes/${modelId}`,
      headers: ctx.member.headers,
      payload: { isPublic: true },
    });
    const shared = (
      await ctx.t.app.inject({ method: 'GET', url: `/api/3d-models/${modelId}` })
    ).json() as ModelAnswer;
    expect(shared.pointCloudLodFile!.url).toBe(lod.url);
    const anonymous = await ctx.t.app.inject({ method: 'GET', url: lod.url });
    expect(anonymous.statusCode).toBe(200);
    expect(readPlyHeader(new Uint8Array(anonymous.rawPayload)).lodOrder).toBe('shuffled');
    await ctx.t.app.inject({
      method: 'PATCH',
      url: `/api/nodes/${modelId}`,
      headers: ctx.member.headers,
      payload: { isPublic: false },
    });
    expect((await ctx.t.app.inject({ method: 'GET', url: lod.url })).statusCode).toBe(401);
  });
});
