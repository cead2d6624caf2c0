import { insertNode } from '@gprhub/db';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, getTestApp, isS3, usesS3, putUpload, sendToAddress, uploadAndConfirm, type TestApp, type TestMember } from '../../test/support.js';

let t: TestApp;
let member: TestMember;
let nodeId: string;

beforeAll(async () => {
  t = await getTestApp();
  member = await createMember(t.app);
  nodeId = (await insertNode(t.ctx.db, { organizationId: member.organization.id, parentId: null, type: 'FOLDER', name: 'Site A', createdById: member.id })).id;
});
afterAll(async () => {
  await t.close();
});

async function batch(files: { nodeId: string; extension: string; name: string }[], headers = member.headers) {
  return t.app.inject({ method: 'POST', url: '/api/files/batch', headers, payload: { objectPathPrefix: 'images', files } });
}

/** PUT bytes to an upload address the way a browser does (the address is absolute: the app's, or S3's). */
const put = (uploadUrl: string, bytes: Buffer) => putUpload(t.app, uploadUrl, bytes);
/** The status of a successful upload: the app's own address answers 204, S3 answers 200. */
const uploaded = () => (isS3(t) ? 200 : 204);

describe('files', () => {
  it('uploads through a signed address, confirms it, and downloads the same bytes', async () => {
    const res = await batch([{ nodeId, extension: 'json', name: 'notes.json' }]);
    expect(res.statusCode).toBe(200);
    const [target] = res.json().files;
    expect(target.file).toMatchObject({ nodeId, name: 'notes.json', extension: 'json', contentType: 'application/json', confirmedUploadedAt: null });
    if (isS3(t)) expect(target.uploadUrl).toContain(`/${t.ctx.config.storage.driver === 's3' ? t.ctx.config.storage.bucket : ''}/uploads/`);
    else expect(target.uploadUrl).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/storage\/upload\//);

    const hasBefore = await t.app.inject({ method: 'POST', url: '/api/files/has-uploaded', headers: member.headers, payload: { fileIds: [target.file.id] } });
    expect(hasBefore.json()).toEqual({ areAllFilesUploaded: false });

    const bytes = Buffer.from(JSON.stringify({ hello: 'concrete' }));
    expect((await put(target.uploadUrl, bytes)).statusCode).toBe(uploaded());
    const hasAfter = await t.app.inject({ method: 'POST', url: '/api/files/has-uploaded', headers: member.headers, payload: { fileIds: [target.file.id] } });
    expect(hasAfter.json()).toEqual({ areAllFilesUploaded: true });

    const meta = await t.app.inject({ method: 'GET', url: `/api/files/${target.file.id}`, headers: member.headers });
    expect(meta.json().file).toMatchObject({ size: bytes.length });
    expect(meta.json().file.confirmedUploadedAt).not.toBeNull();
    const download = await sendToAddress(t.app, meta.json().url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''notes.json");
  });

  it('answers one byte range of a download (206, the exact bytes), as S3 does', async () => {
    const [target] = (await batch([{ nodeId, extension: 'ply', name: 'ranged.ply' }])).json().files;
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    await uploadAndConfirm(t.app, member.headers, [target], [bytes]);
    const url = (await t.app.inject({ method: 'GET', url: `/api/files/${target.file.id}`, headers: member.headers })).json().url;
    const part = await sendToAddress(t.app, url, { method: 'GET', headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await sendToAddress(t.app, url, { method: 'GET', headers: { range: 'bytes=990-' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(990))).toBe(true);
    if (isS3(t)) return;
    // The app's own address: a range past the end is refused in the error shape; a malformed one sends it all.
    const past = await sendToAddress(t.app, url, { method: 'GET', headers: { range: 'bytes=5000-6000' } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */1000');
    expect(JSON.parse(past.rawPayload.toString())).toMatchObject({ code: 'BAD_REQUEST', message: "The range is outside the file's 1000 bytes" });
    const whole = await sendToAddress(t.app, url, { method: 'GET', headers: { range: 'bytes=1-2,5-6' } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses extensions outside the allowed list with the spec message', async () => {
    const res = await batch([
      { nodeId, extension: 'png', name: 'ok.png' },
      { nodeId, extension: 'exe', name: 'bad.exe' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('File extension exe is not supported');
    expect(res.json().validationErrors).toEqual([{ path: 'files.1.extension', message: 'File extension exe is not supported' }]);
  });

  // The app's own signed addresses (local driver); S3 checks its presigned ones itself.
  it.skipIf(usesS3())('refuses a tampered, reused-for-another-op or oversized upload', async () => {
    const [target] = (await batch([{ nodeId, extension: 'csv', name: 'a.csv' }])).json().files;
    const tampered = target.uploadUrl.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'));
    expect((await put(tampered, Buffer.from('x'))).statusCode).toBe(403);
    const asDownload = new URL(target.uploadUrl).pathname.replace('/upload/', '/download/');
    expect((await t.app.inject({ method: 'GET', url: asDownload })).statusCode).toBe(403);
  });

  it('streams an image, rotated on request', async () => {
    const png = await sharp({ create: { width: 40, height: 10, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
    const [target] = (await batch([{ nodeId, extension: 'png', name: 'wall.png' }])).json().files;
    await uploadAndConfirm(t.app, member.headers, [target], [png]);
    const plain = await t.app.inject({ method: 'GET', url: `/api/files/${target.file.id}/stream/image`, headers: member.headers });
    expect(plain.headers['content-type']).toBe('image/png');
    expect((await sharp(plain.rawPayload).metadata()).width).toBe(40);
    const rotated = await t.app.inject({ method: 'GET', url: `/api/files/${target.file.id}/stream/image?rotation=90`, headers: member.headers });
    const meta = await sharp(rotated.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([10, 40]);
    const bad = await t.app.inject({ method: 'GET', url: `/api/files/${target.file.id}/stream/image?rotation=45`, headers: member.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().validationErrors[0].path).toBe('rotation');
  });

  it('validates the batch body with the spec messages', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/files/batch', headers: member.headers, payload: { files: [{ nodeId: 'nope', extension: 'png', name: '' }] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().validationErrors).toEqual([
      { path: 'files.0.nodeId', message: 'Please provide a valid uuid for property files.0.nodeId' },
      { path: 'files.0.name', message: 'Property files.0.name cannot be less than 1' },
    ]);
    const notObject = await t.app.inject({ method: 'POST', url: '/api/files/batch', headers: { ...member.headers, 'content-type': 'application/json' }, payload: '[1]' });
    expect(notObject.json().message).toBe('The provided data is not a valid object');
    const badJson = await t.app.inject({ method: 'POST', url: '/api/files/batch', headers: { ...member.headers, 'content-type': 'application/json' }, payload: '{' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().message).toBe('The provided data is not a valid object');
  });

  it('answers 404 for a node or file id that does not exist', async () => {
    expect((await batch([{ nodeId: crypto.randomUUID(), extension: 'png', name: 'x.png' }])).statusCode).toBe(404);
    const id = crypto.randomUUID();
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${id}`, headers: member.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/files/has-uploaded', headers: member.headers, payload: { fileIds: [id] } })).statusCode).toBe(404);
  });
});
