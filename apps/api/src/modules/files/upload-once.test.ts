import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSegy } from '../../test/gpr-fixtures.js';
import { sweepOrphanObjects } from '../../storage/index.js';
import { createMember, getTestApp, isS3, putUpload, sendToAddress, usesS3, type TestApp, type TestMember } from '../../test/support.js';
import { createFolder } from '../../test/gpr-scan-imports.js';

// A signed upload address is single use and a confirmed file is immutable (issue #12 item 2).
let t: TestApp;
let m: TestMember;
beforeAll(async () => {
  t = await getTestApp();
  m = await createMember(t.app);
});
afterAll(async () => {
  await t.close();
});

async function uploadTarget(nodeId: string, name: string) {
  const extension = name.split('.').pop()!;
  const batch = await t.app.inject({ method: 'POST', url: '/api/files/batch', headers: m.headers, payload: { files: [{ nodeId, name, extension }] } });
  expect(batch.statusCode).toBe(200);
  const target = batch.json().files[0] as { uploadUrl: string; file: { id: string } };
  return { fileId: target.file.id, path: new URL(target.uploadUrl).pathname, url: target.uploadUrl };
}

const put = (url: string, bytes: Uint8Array) => putUpload(t.app, url, bytes);
const hasUploaded = (fileId: string) =>
  t.app.inject({ method: 'POST', url: '/api/files/has-uploaded', headers: m.headers, payload: { fileIds: [fileId] } });

describe('upload addresses', () => {
  it.skipIf(usesS3())('take one upload; a second PUT is a 409 and leaves the file as it was', async () => {
    const folder = await createFolder(t, m);
    const { fileId, url } = await uploadTarget(folder, 'note.png');
    expect((await put(url, new Uint8Array([1, 2, 3]))).statusCode).toBe(204);
    const again = await put(url, new Uint8Array([9, 9, 9, 9]));
    expect(again.statusCode).toBe(409);
    expect(JSON.parse(again.rawPayload.toString())).toMatchObject({
      httpStatus: 409,
      code: 'UPLOAD_ADDRESS_USED',
      message: 'This upload address has already been used: a file is uploaded once and cannot be replaced',
    });
    const meta = await t.app.inject({ method: 'GET', url: `/api/files/${fileId}`, headers: m.headers });
    expect(meta.json().file.size).toBe(3);
    const bytes = await t.app.inject({ method: 'GET', url: new URL(meta.json().url).pathname });
    expect([...bytes.rawPayload]).toEqual([1, 2, 3]);
  });

  // S3 answers a presigned PUT itself: the address cannot be refused, but what it writes is never read.
  it.runIf(usesS3())('on S3, a second PUT only rewrites the staging key: the confirmed file stays as it was', async () => {
    const folder = await createFolder(t, m);
    const { fileId, url } = await uploadTarget(folder, 'note.png');
    expect((await put(url, new Uint8Array([1, 2, 3]))).statusCode).toBe(200);
    expect((await hasUploaded(fileId)).json()).toEqual({ areAllFilesUploaded: true });
    expect((await put(url, new Uint8Array([9, 9, 9, 9]))).statusCode).toBe(200);
    expect((await hasUploaded(fileId)).json()).toEqual({ areAllFilesUploaded: true });
    const meta = await t.app.inject({ method: 'GET', url: `/api/files/${fileId}`, headers: m.headers });
    expect(meta.json().file.size).toBe(3);
    expect([...(await sendToAddress(t.app, meta.json().url)).rawPayload]).toEqual([1, 2, 3]);
    // The leftover staging object is the orphan sweep's (decision 0020); the file's object is not.
    const staged = async () => {
      const keys: string[] = [];
      for await (const o of t.ctx.storage.list()) if (o.key.startsWith('uploads/')) keys.push(o.key);
      return keys;
    };
    expect(await staged()).toHaveLength(1);
    await sweepOrphanObjects(t.ctx, { graceS: 0, now: new Date(Date.now() + 60_000) });
    expect(await staged()).toEqual([]);
    expect([...(await sendToAddress(t.app, meta.json().url)).rawPayload]).toEqual([1, 2, 3]);
  });

  it('cannot replace a scan file after the import took the upload: the scan keeps answering', async () => {
    const folder = await createFolder(t, m);
    const segy = buildSegy({ traces: 30, samples: 64 });
    const { fileId, url } = await uploadTarget(folder, 'L001.sgy');
    expect((await put(url, segy)).statusCode).toBe(isS3(t) ? 200 : 204);
    expect((await hasUploaded(fileId)).json()).toEqual({ areAllFilesUploaded: true });
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/gpr-scans/create-from-files',
      headers: m.headers,
      payload: { parentId: folder, fileIds: [fileId] },
    });
    expect(imported.statusCode).toBe(201);
    const scanId = imported.json().gprScans[0].node.nodeId as string;
    const before = await t.app.inject({ method: 'GET', url: `/api/gpr-scans/${scanId}/signal`, headers: m.headers });
    expect(before.statusCode).toBe(200);

    const replace = await put(url, new Uint8Array(5000).fill(7));
    expect(replace.statusCode).toBe(isS3(t) ? 200 : 409);
    await hasUploaded(fileId);
    const after = await t.app.inject({ method: 'GET', url: `/api/gpr-scans/${scanId}/signal`, headers: m.headers });
    expect(after.statusCode).toBe(200);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
  });

  it.skipIf(usesS3())('refuse a PUT with no body and no content type with a 400 in the app error body', async () => {
    const folder = await createFolder(t, m);
    const { path, url } = await uploadTarget(folder, 'empty.png');
    const res = await t.app.inject({ method: 'PUT', url: path });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      httpStatus: 400,
      service: 'storage',
      message: "Send the file's bytes as the request body (Content-Type: application/octet-stream)",
    });
    // Refused, not used: the address still takes the real upload.
    expect((await put(url, new Uint8Array([1]))).statusCode).toBe(204);
  });
});
