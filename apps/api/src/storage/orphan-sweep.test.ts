import { count, schema } from '@gprhub/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildSegy, buildVendorZip } from '../test/gpr-fixtures.js';
import { childrenOf, createFolder, postZip, stageFiles } from '../test/gpr-scan-imports.js';
import { readStoredBytes } from '../scan-data/stored-bytes.js';
import { createMember, getTestApp, isS3, putUpload, type TestApp, type TestMember } from '../test/support.js';
import { sweepOrphanObjects } from './orphan-sweep.js';

let t: TestApp;
let m: TestMember;
const HOUR_S = 3600;

beforeAll(async () => {
  t = await getTestApp();
  m = await createMember(t.app);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
});

/** Every object in storage, whatever the driver. */
async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of t.ctx.storage.list()) keys.push(o.key);
  return keys.sort();
}

async function pendingCount(): Promise<number> {
  const [row] = await t.ctx.db.select({ n: count() }).from(schema.storagePendingObjects);
  return row?.n ?? 0;
}

/** A sweep as a restarted server runs it, `hoursLater` after now (its grace time is an hour). */
const sweepLater = (hoursLater: number) =>
  sweepOrphanObjects(t.ctx, { graceS: HOUR_S, now: new Date(Date.now() + hoursLater * HOUR_S * 1000) });

describe('orphan sweep', () => {
  it('deletes what an import killed mid-write left, and nothing any row refers to', async () => {
    // What must survive: a finished import (its lines, the zip's sidecars) and a confirmed upload.
    const done = await createFolder(t, m, 'Imported');
    const imported = await postZip(t, m, '/api/gpr-scans/create-from-zip', buildVendorZip([buildSegy({ seed: 1 }), buildSegy({ seed: 2 })]), {
      parentId: done,
    });
    expect(imported.statusCode).toBe(201);
    await stageFiles(t, m, done, [{ name: 'notes.csv', bytes: Buffer.from('a,b\n1,2\n') }]);
    const referenced = await storedKeys();
    expect(referenced.length).toBeGreaterThanOrEqual(4);
    const bytesBefore = await Promise.all(referenced.map((k) => readStoredBytes(t.ctx.storage, k)));

    // The crash point: the third object of the next import is never written (the process died there).
    const realPut = t.ctx.storage.put.bind(t.ctx.storage);
    let puts = 0;
    let reachedCrash!: () => void;
    const crashed = new Promise<void>((resolve) => (reachedCrash = resolve));
    let resume!: () => void;
    const resumed = new Promise<void>((resolve) => (resume = resolve));
    vi.spyOn(t.ctx.storage, 'put').mockImplementation(async (key, body, contentType) => {
      if (key.includes('/gpr-scans/') && ++puts === 3) {
        reachedCrash();
        await resumed;
      }
      return realPut(key, body, contentType);
    });
    const target = await createFolder(t, m, 'Killed');
    const killed = postZip(t, m, '/api/gpr-scans/create-from-zip', buildVendorZip([3, 4, 5, 6].map((seed) => buildSegy({ seed }))), {
      parentId: target,
    });
    await crashed;
    const orphans = (await storedKeys()).filter((k) => !referenced.includes(k));
    expect(orphans).toHaveLength(2);
    expect(await pendingCount()).toBeGreaterThanOrEqual(4);

    // A sweep within the grace time leaves the write alone: it may still be going on.
    expect((await sweepLater(0)).deleted).toEqual([]);
    expect(await storedKeys()).toEqual([...referenced, ...orphans].sort());

    // The restarted server's sweep, past the grace time: no orphan left, every referenced object intact.
    const report = await sweepLater(2);
    expect(report.deleted).toEqual(expect.arrayContaining(orphans));
    expect(await storedKeys()).toEqual(referenced);
    expect(await pendingCount()).toBe(0);
    const bytesAfter = await Promise.all(referenced.map((k) => readStoredBytes(t.ctx.storage, k)));
    expect(bytesAfter).toEqual(bytesBefore);

    // Had the writer only been slow, it finds its records taken: it fails cleanly and leaves nothing.
    resume();
    const late = await killed;
    expect(late.statusCode).toBe(503);
    expect(late.json().message).toMatch(/swept as abandoned/);
    expect(await childrenOf(t, m, target)).toEqual([]);
    expect(await storedKeys()).toEqual(referenced);
    vi.restoreAllMocks();
  });

  it('deletes unreferenced objects and half-written files past the grace time, keeping files awaiting upload', async () => {
    const folder = await createFolder(t, m, 'Strays');
    const referenced = await storedKeys();
    // A registered upload whose bytes never came: a row, no object, nothing to delete.
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/files/batch',
      headers: m.headers,
      payload: { objectPathPrefix: 'later', files: [{ nodeId: folder, name: 'later.csv', extension: 'csv' }] },
    });
    expect(batch.statusCode).toBe(200);
    const waiting = batch.json().files[0] as { uploadUrl: string; file: { id: string } };
    // On S3 the bytes wait on a staging key until has-uploaded confirms them: the sweep must keep them.
    if (isS3(t)) expect((await putUpload(t.app, waiting.uploadUrl, Buffer.from('1,2'))).statusCode).toBe(200);
    const kept = isS3(t) ? [...referenced, ...(await storedKeys()).filter((k) => k.startsWith('uploads/'))].sort() : referenced;
    expect(kept.length).toBe(referenced.length + (isS3(t) ? 1 : 0));
    const org = m.organization.id;
    const strays = [`${org}/gpr-scans/no-row.sgy`, `${org}/later/x.csv.0a1b.part`, `analyses/${org}/run/attempt-1/results.json`];
    for (const key of strays) await t.ctx.storage.put(key, Buffer.from('stray'), 'application/octet-stream');

    expect((await sweepLater(0)).deleted).toEqual([]);
    const report = await sweepLater(2);
    expect(report.deleted.sort()).toEqual([...strays].sort());
    expect(await storedKeys()).toEqual(kept);
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/files/has-uploaded', headers: m.headers, payload: { fileIds: [waiting.file.id] } });
    expect(confirmed.json()).toEqual({ areAllFilesUploaded: isS3(t) });
    const uploadedLater = await stageFiles(t, m, folder, [{ name: 'late.csv', bytes: Buffer.from('1') }]);
    expect(uploadedLater).toHaveLength(1);
  });
});
