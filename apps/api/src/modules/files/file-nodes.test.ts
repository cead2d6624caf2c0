import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, getTestApp, putUpload, sendToAddress, type TestApp, type TestMember } from '../../test/support.js';
import { createFolder } from '../../test/scans.js';

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

const post = (payload: object, member: TestMember = owner) => t.app.inject({ method: 'POST', url: '/api/file-nodes', headers: member.headers, payload });

describe('file nodes', () => {
  it('uploads files into a folder as FILE nodes (IFC_FILE for .ifc) and serves them back', async () => {
    const folder = await createFolder(t.app, owner);
    const res = await post({ parentId: folder, files: [{ name: 'Structure.IFC' }, { name: 'cover-readings.csv' }] });
    expect(res.statusCode, res.body).toBe(201);
    const [ifc, csv] = res.json().files;
    expect(ifc.node).toMatchObject({ name: 'Structure.IFC', type: 'IFC_FILE', parentId: folder });
    expect(csv.node).toMatchObject({ name: 'cover-readings.csv', type: 'FILE', parentId: folder });
    expect(csv.upload.file).toMatchObject({ nodeId: csv.node.nodeId, extension: 'csv', contentType: 'text/csv', confirmedUploadedAt: null });
    const bytes = Buffer.from('bar,cover_mm\n1,32\n');
    // Local storage answers 204, S3 200 (the api-s3 project runs this file too).
    const put = await putUpload(t.app, csv.upload.uploadUrl, bytes);
    expect([200, 204]).toContain(put.statusCode);
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/files/has-uploaded', headers: owner.headers, payload: { fileIds: [csv.upload.file.id] } });
    expect(uploaded.json()).toEqual({ areAllFilesUploaded: true });

    const page = await t.app.inject({ method: 'GET', url: `/api/file-nodes/${csv.node.nodeId}`, headers: owner.headers });
    expect(page.json()).toMatchObject({ node: { nodeId: csv.node.nodeId, type: 'FILE' }, file: { name: 'cover-readings.csv', size: bytes.length } });
    const download = await sendToAddress(t.app, page.json().url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.toString()).toBe(bytes.toString());
    expect(String(download.headers['content-disposition'])).toContain('cover-readings.csv');
    // The folder's listing shows them.
    const q = encodeURIComponent(JSON.stringify({ filter: { parentId: folder } }));
    const listing = (await t.app.inject({ method: 'GET', url: `/api/nodes/query?q=${q}`, headers: owner.headers })).json();
    expect(listing.nodes.map((n: { name: string }) => n.name).sort()).toEqual(['Structure.IFC', 'cover-readings.csv']);
  });

  it("refuses an extension outside the spec's list with its message, and creates nothing", async () => {
    const folder = await createFolder(t.app, owner);
    const res = await post({ parentId: folder, files: [{ name: 'ok.png' }, { name: 'virus.exe' }, { name: 'README' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'File extension exe is not supported',
      validationErrors: [
        { path: 'files.1.name', message: 'File extension exe is not supported' },
        { path: 'files.2.name', message: 'File extension  is not supported' },
      ],
    });
    const q = encodeURIComponent(JSON.stringify({ filter: { parentId: folder } }));
    const children = await t.app.inject({ method: 'GET', url: `/api/nodes/query?q=${q}`, headers: owner.headers });
    expect(children.statusCode).toBe(200);
    expect(children.json().nodes).toEqual([]);
    expect((await post({ parentId: folder, files: [] })).statusCode).toBe(400);
    expect((await post({ parentId: folder, files: [{ name: '  ' }] })).statusCode).toBe(400);
    // A PDF is no plain file (it is accepted as a floor plan of a building only).
    expect((await post({ parentId: folder, files: [{ name: 'plan.pdf' }] })).json().message).toBe('File extension pdf is not supported');
  });

  it("answers 404 for another organization's folder and file nodes, and for nodes that are no files", async () => {
    const folder = await createFolder(t.app, owner);
    expect((await post({ parentId: folder, files: [{ name: 'a.csv' }] }, stranger)).statusCode).toBe(404);
    const created = (await post({ parentId: folder, files: [{ name: 'a.csv' }] })).json().files[0];
    expect((await t.app.inject({ method: 'GET', url: `/api/file-nodes/${created.node.nodeId}`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/file-nodes/${folder}`, headers: owner.headers })).statusCode).toBe(404);
  });
});
