import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, getTestApp, signUp, type TestApp, type TestMember } from '../../test/support.js';

let t: TestApp;
let m: TestMember;
let nodeId: string;

beforeAll(async () => {
  t = await getTestApp();
  m = await createMember(t.app);
  nodeId = (await t.app.inject({ method: 'POST', url: '/api/nodes', headers: m.headers, payload: { type: 'FOLDER', name: 'Slab 3' } })).json().nodeId;
});
afterAll(async () => {
  await t.close();
});

describe('comments', () => {
  it('adds, lists, edits and deletes comments; only the author may change them', async () => {
    const created = await t.app.inject({ method: 'POST', url: `/api/nodes/${nodeId}/comments`, headers: m.headers, payload: { content: '**Cover** looks thin near grid line C', ownerId: m.id } });
    expect(created.statusCode).toBe(201);
    const comment = created.json();
    expect(comment).toMatchObject({ nodeId, ownerId: m.id, content: '**Cover** looks thin near grid line C', author: { firstName: 'Ada', lastName: 'Surveyor' } });

    // A colleague in the same organization reads it but cannot change it.
    const colleague = await signUp(t.app);
    const invite = await t.app.inject({ method: 'POST', url: '/api/auth/organization/invite-member', headers: m.auth, payload: { email: colleague.email, role: 'member', organizationId: m.organization.id } });
    expect(invite.statusCode).toBe(200);
    const accept = await t.app.inject({ method: 'POST', url: '/api/auth/organization/accept-invitation', headers: colleague.auth, payload: { invitationId: invite.json().id } });
    expect(accept.statusCode).toBe(200);
    const colleagueHeaders = { ...colleague.auth, 'x-organization': m.organization.slug };
    const list = await t.app.inject({ method: 'GET', url: `/api/nodes/${nodeId}/comments`, headers: colleagueHeaders });
    expect(list.json().comments.map((c: { id: string }) => c.id)).toEqual([comment.id]);
    const steal = await t.app.inject({ method: 'PATCH', url: `/api/node-comments/${comment.id}`, headers: colleagueHeaders, payload: { content: 'mine now' } });
    expect(steal.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/node-comments/${comment.id}`, headers: colleagueHeaders })).statusCode).toBe(403);

    const edited = await t.app.inject({ method: 'PATCH', url: `/api/node-comments/${comment.id}`, headers: m.headers, payload: { content: 'Edited' } });
    expect(edited.json().content).toBe('Edited');
    expect((await t.app.inject({ method: 'GET', url: `/api/node-comments/${comment.id}`, headers: m.headers })).json().content).toBe('Edited');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/node-comments/${comment.id}`, headers: m.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/nodes/${nodeId}/comments`, headers: m.headers })).json().comments).toEqual([]);
  });

  it('refuses an empty comment', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/nodes/${nodeId}/comments`, headers: m.headers, payload: { content: '   ' } });
    expect(res.json().validationErrors).toEqual([{ path: 'content', message: 'Property content cannot be less than 1' }]);
  });
});

describe('metadata', () => {
  const put = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/node-metadata', headers: m.headers, payload });

  it('stores each type, replaces by id, suggests names and deletes', async () => {
    const text = await put({ ownerId: nodeId, name: 'Concrete grade', type: 'TEXT', value: 'C30/37' });
    expect(text.statusCode).toBe(200);
    const json = await put({ ownerId: nodeId, name: 'Scanner', type: 'JSON', value: { model: 'GP8000', firmware: [1, 4] } });
    const location = await put({ ownerId: nodeId, name: 'Site location', type: 'LOCATION', value: { latitude: 47.3769, longitude: 8.5417 } });
    const other = (await t.app.inject({ method: 'POST', url: '/api/nodes', headers: m.headers, payload: { type: 'FOLDER', name: 'Related' } })).json();
    const related = await put({ ownerId: nodeId, name: 'Drawing', type: 'RELATED_NODE', value: { relatedNodeId: other.nodeId } });
    for (const r of [json, location, related]) expect(r.statusCode).toBe(200);

    const list = await t.app.inject({ method: 'GET', url: `/api/nodes/${nodeId}/metadata`, headers: m.headers });
    expect(list.json().metadata.map((i: { name: string; type: string }) => [i.name, i.type])).toEqual([
      ['Concrete grade', 'TEXT'],
      ['Scanner', 'JSON'],
      ['Site location', 'LOCATION'],
      ['Drawing', 'RELATED_NODE'],
    ]);
    expect(list.json().metadata[1].value).toEqual({ model: 'GP8000', firmware: [1, 4] });

    const replaced = await put({ id: text.json().id, ownerId: nodeId, name: 'Concrete grade', type: 'TEXT', value: 'C35/45' });
    expect(replaced.json()).toMatchObject({ id: text.json().id, value: 'C35/45' });

    const names = await t.app.inject({ method: 'GET', url: '/api/node-metadata/query-name?name=con', headers: m.headers });
    expect(names.json().names).toEqual(['Concrete grade']);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/node-metadata/${json.json().id}`, headers: m.headers })).statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: `/api/nodes/${nodeId}/metadata`, headers: m.headers });
    expect(after.json().metadata).toHaveLength(3);
  });

  it('validates values per type', async () => {
    const badLocation = await put({ ownerId: nodeId, name: 'Where', type: 'LOCATION', value: { latitude: 120, longitude: 0 } });
    expect(badLocation.json().validationErrors).toEqual([{ path: 'value.latitude', message: 'Property value.latitude cannot be higher than 90' }]);
    const badType = await put({ ownerId: nodeId, name: 'X', type: 'COLOUR', value: 'red' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().validationErrors[0].path).toBe('type');
    const missingNode = await put({ ownerId: nodeId, name: 'Drawing', type: 'RELATED_NODE', value: { relatedNodeId: crypto.randomUUID() } });
    expect(missingNode.json().validationErrors).toEqual([{ path: 'value.relatedNodeId', message: 'Related node is required' }]);
    const noName = await put({ ownerId: nodeId, name: '', type: 'TEXT', value: 'x' });
    expect(noName.json().validationErrors).toEqual([{ path: 'name', message: 'Property name cannot be less than 1' }]);
  });
});

describe('images', () => {
  it('uploads a picture, lists it with a working address, and deletes it', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#888' } }).jpeg().toBuffer();
    const batch = await t.app.inject({ method: 'POST', url: '/api/node-images/batch', headers: m.headers, payload: { ownerNodeId: nodeId, files: [{ name: 'Picture 2026-11-22.jpg', extension: 'jpg' }] } });
    expect(batch.statusCode).toBe(200);
    const [target] = batch.json().files;
    expect((await t.app.inject({ method: 'GET', url: `/api/nodes/${nodeId}/images`, headers: m.headers })).json().images).toEqual([]);
    await t.app.inject({ method: 'PUT', url: new URL(target.uploadUrl).pathname, headers: { 'content-type': 'application/octet-stream' }, payload: jpeg });

    const list = (await t.app.inject({ method: 'GET', url: `/api/nodes/${nodeId}/images`, headers: m.headers })).json();
    expect(list.images).toHaveLength(1);
    expect(list.images[0]).toMatchObject({ id: target.imageId, file: { name: 'Picture 2026-11-22.jpg', nodeId } });
    const bytes = await t.app.inject({ method: 'GET', url: new URL(list.images[0].url).pathname });
    expect(bytes.rawPayload.equals(jpeg)).toBe(true);
    expect(bytes.headers['content-disposition']).toMatch(/^inline/);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/node-images/${target.imageId}`, headers: m.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/nodes/${nodeId}/images`, headers: m.headers })).json().images).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: new URL(list.images[0].url).pathname })).statusCode).toBe(404);
  });

  it('accepts only image extensions', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/node-images/batch', headers: m.headers, payload: { ownerNodeId: nodeId, files: [{ name: 'x.zip', extension: 'zip' }] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('File extension zip is not supported');
  });
});
