import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOrganization, getTestApp, type TestApp, type TestMember } from '../../test/support.js';
import { insertNode, updateNodeFields } from '@gprhub/db';

let t: TestApp;
let m: TestMember;

beforeAll(async () => {
  t = await getTestApp();
  m = await createMember(t.app);
});
afterAll(async () => {
  await t.close();
});

async function folder(name: string, parentId: string | null = null, member = m) {
  const res = await t.app.inject({ method: 'POST', url: '/api/nodes', headers: member.headers, payload: { type: 'FOLDER', name, parentId } });
  expect(res.statusCode).toBe(201);
  return res.json() as { nodeId: string; name: string; parentId: string | null };
}
const query = (q: object, member = m) =>
  t.app.inject({ method: 'GET', url: `/api/nodes/query?q=${encodeURIComponent(JSON.stringify(q))}`, headers: member.headers });

describe('nodes', () => {
  it('creates nested folders, lists children and builds breadcrumbs', async () => {
    const site = await folder('Site');
    const level = await folder('Level 1', site.nodeId);
    const wall = await folder('Wall B', level.nodeId);
    expect(wall).toMatchObject({ name: 'Wall B', parentId: level.nodeId, type: 'FOLDER', isPublic: false, deletedAt: null });

    const children = await query({ filter: { parentId: site.nodeId }, includeChildrenMap: true });
    expect(children.json().nodes.map((n: { name: string }) => n.name)).toEqual(['Level 1']);
    expect(children.json().childrenMap).toEqual({ [level.nodeId]: 1 });

    const path = await t.app.inject({ method: 'GET', url: `/api/nodes/${wall.nodeId}/hub-path`, headers: m.headers });
    expect(path.json().path.map((p: { name: string }) => p.name)).toEqual(['Site', 'Level 1', 'Wall B']);

    const details = await t.app.inject({ method: 'GET', url: `/api/nodes/${level.nodeId}/details`, headers: m.headers });
    expect(details.json()).toMatchObject({ node: { nodeId: level.nodeId }, parentNode: { nodeId: site.nodeId }, parentIsRoot: false });
    const top = await t.app.inject({ method: 'GET', url: `/api/nodes/${site.nodeId}/details`, headers: m.headers });
    expect(top.json()).toMatchObject({ parentNode: null, parentIsRoot: true });
  });

  it('sorts, pages, searches by name and promotes', async () => {
    const parent = await folder('Sorting');
    const names = ['charlie', 'Alpha', 'bravo'];
    const ids: string[] = [];
    for (const n of names) ids.push((await folder(n, parent.nodeId)).nodeId);
    const byName = await query({ filter: { parentId: parent.nodeId }, sort: { field: 'name', direction: 'asc' } });
    expect(byName.json().nodes.map((n: { name: string }) => n.name)).toEqual(['Alpha', 'bravo', 'charlie']);
    const newest = await query({ filter: { parentId: parent.nodeId }, limit: 1 });
    expect(newest.json()).toMatchObject({ total: 3, nodes: [{ name: 'bravo' }] });
    const page2 = await query({ filter: { parentId: parent.nodeId }, limit: 2, skip: 2 });
    expect(page2.json().nodes.map((n: { name: string }) => n.name)).toEqual(['charlie']);
    const search = await query({ filter: { name: 'RAV' } });
    expect(search.json().nodes.map((n: { name: string }) => n.name)).toEqual(['bravo']);
    const promoted = await query({ filter: { parentId: parent.nodeId }, promotedNodeIds: [ids[0]] });
    expect(promoted.json().nodes[0].name).toBe('charlie');
    const literal = await query({ filter: { name: '%' } });
    expect(literal.json().total).toBe(0);
  });

  it('renames and moves a folder with its subtree, and refuses a move into its own subtree', async () => {
    const a = await folder('A');
    const b = await folder('B', a.nodeId);
    const c = await folder('C', b.nodeId);
    const elsewhere = await folder('Elsewhere');

    const into = await t.app.inject({ method: 'PATCH', url: `/api/nodes/${a.nodeId}`, headers: m.headers, payload: { parentNodeId: c.nodeId } });
    expect(into.statusCode).toBe(400);
    expect(into.json().validationErrors).toEqual([{ path: 'parentNodeId', message: 'A node cannot be moved into itself or one of its descendants' }]);
    const self = await t.app.inject({ method: 'PATCH', url: `/api/nodes/${a.nodeId}`, headers: m.headers, payload: { parentNodeId: a.nodeId } });
    expect(self.statusCode).toBe(400);

    const moved = await t.app.inject({ method: 'PATCH', url: `/api/nodes/${b.nodeId}`, headers: m.headers, payload: { parentNodeId: elsewhere.nodeId, name: 'B moved' } });
    expect(moved.json()).toMatchObject({ name: 'B moved', parentId: elsewhere.nodeId });
    const path = await t.app.inject({ method: 'GET', url: `/api/nodes/${c.nodeId}/hub-path`, headers: m.headers });
    expect(path.json().path.map((p: { name: string }) => p.name)).toEqual(['Elsewhere', 'B moved', 'C']);
    const desc = await t.app.inject({ method: 'POST', url: `/api/nodes/${elsewhere.nodeId}/descendants`, headers: m.headers, payload: {} });
    expect(desc.json().descendants.map((n: { name: string }) => n.name)).toEqual(['B moved', 'C']);
    // The database builds the listed nodes itself: they must equal the nodes as the node route answers them.
    const cNode = await t.app.inject({ method: 'GET', url: `/api/nodes/${c.nodeId}`, headers: m.headers });
    expect(desc.json().descendants[1]).toEqual(cNode.json());
    expect(desc.json().total).toBe(2);
    const paged = await t.app.inject({ method: 'POST', url: `/api/nodes/${elsewhere.nodeId}/descendants`, headers: m.headers, payload: { limit: 1, skip: 1 } });
    expect(paged.json()).toEqual({ descendants: [cNode.json()], total: 2 });
    const none = await t.app.inject({ method: 'POST', url: `/api/nodes/${a.nodeId}/descendants`, headers: m.headers, payload: { descendantNodeIds: [c.nodeId] } });
    expect(none.json()).toEqual({ descendants: [], total: 0 });

    const toTop = await t.app.inject({ method: 'PATCH', url: `/api/nodes/${b.nodeId}`, headers: m.headers, payload: { parentNodeId: null } });
    expect(toTop.json().parentId).toBeNull();
    const emptyName = await t.app.inject({ method: 'PATCH', url: `/api/nodes/${b.nodeId}`, headers: m.headers, payload: { name: '' } });
    expect(emptyName.json().validationErrors).toEqual([{ path: 'name', message: 'Property name cannot be less than 1' }]);
  });

  it('deletes a subtree softly and restores exactly what was deleted together', async () => {
    const root = await folder('To delete');
    const child = await folder('Child', root.nodeId);
    const grandchild = await folder('Grandchild', child.nodeId);
    const earlier = await folder('Deleted earlier', root.nodeId);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/nodes/${earlier.nodeId}`, headers: m.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/nodes/${root.nodeId}`, headers: m.headers })).statusCode).toBe(204);

    expect((await t.app.inject({ method: 'GET', url: `/api/nodes/${child.nodeId}`, headers: m.headers })).statusCode).toBe(404);
    const deleted = await query({ deleted: true, filter: { nodeIdIn: [root.nodeId, child.nodeId, grandchild.nodeId, earlier.nodeId] } });
    expect(deleted.json().total).toBe(4);

    const restored = await t.app.inject({ method: 'POST', url: `/api/nodes/${root.nodeId}/restore`, headers: m.headers });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().restoredNodes.map((n: { name: string }) => n.name).sort()).toEqual(['Child', 'Grandchild', 'To delete']);
    expect((await t.app.inject({ method: 'GET', url: `/api/nodes/${grandchild.nodeId}`, headers: m.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/nodes/${earlier.nodeId}`, headers: m.headers })).statusCode).toBe(404);

    const again = await t.app.inject({ method: 'POST', url: `/api/nodes/${root.nodeId}/restore`, headers: m.headers });
    expect(again.json().message).toBe('This node is not deleted');
  });

  it('restores a folder whose parent is still deleted at the top level', async () => {
    const parent = await folder('Parent');
    const inner = await folder('Inner', parent.nodeId);
    await t.app.inject({ method: 'DELETE', url: `/api/nodes/${parent.nodeId}`, headers: m.headers });
    const res = await t.app.inject({ method: 'POST', url: `/api/nodes/${inner.nodeId}/restore`, headers: m.headers });
    expect(res.json().restoredNodes).toMatchObject([{ nodeId: inner.nodeId, parentId: null }]);
  });

  it('validates creation with the spec messages', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/nodes', headers: m.headers, payload: { type: 'GPR_SCAN', name: '', parentId: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().validationErrors).toEqual([
      { path: 'type', message: 'Please provide a valid value for property type' },
      { path: 'parentId', message: 'Please provide a valid uuid for property parentId' },
      { path: 'name', message: 'Property name cannot be less than 1' },
    ]);
    const missingParent = await t.app.inject({ method: 'POST', url: '/api/nodes', headers: m.headers, payload: { type: 'FOLDER', name: 'x', parentId: crypto.randomUUID() } });
    expect(missingParent.statusCode).toBe(404);
  });

  it('keeps organizations apart in listings', async () => {
    const other = await createMember(t.app);
    await folder('Theirs', null, other);
    const mine = await query({ filter: { name: 'Theirs' } });
    expect(mine.json().total).toBe(0);
  });
});

describe('depth limit', () => {
  it('refuses to nest folders deeper than 64 levels, on create and on move', async () => {
    let parent: string | null = null;
    for (let i = 0; i < 64; i++) parent = (await folder(`Level ${i}`, parent)).nodeId;
    const tooDeep = await t.app.inject({ method: 'POST', url: '/api/nodes', headers: m.headers, payload: { type: 'FOLDER', name: 'One more', parentId: parent } });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().validationErrors).toEqual([{ path: 'parentId', message: 'Folders can be nested at most 64 levels deep' }]);
    const small = await folder('Small tree');
    await folder('Its child', small.nodeId);
    const move = await t.app.inject({ method: 'PATCH', url: `/api/nodes/${small.nodeId}`, headers: m.headers, payload: { parentNodeId: parent } });
    expect(move.statusCode).toBe(400);
    expect(move.json().message).toBe('Folders can be nested at most 64 levels deep');
  });
});

describe("GET /api/nodes/:id/organization (a link opened in another of the user's organizations)", () => {
  it("names the user's other organization holding the node, and nothing to anyone else", async () => {
    const second = await createOrganization(t.app, m, `Second ${Date.now()}`);
    const inSecond = { ...m.auth, 'x-organization': second.slug };
    const node = await folder('Bridge deck', null, { ...m, organization: second, headers: inSecond });
    // Opened while the first organization is active: the node is not found there...
    const here = await t.app.inject({ method: 'GET', url: `/api/nodes/${node.nodeId}`, headers: m.headers });
    expect(here.statusCode).toBe(404);
    // ...but it belongs to another of the user's organizations.
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/nodes/${node.nodeId}/organization`,
      headers: m.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ organization: { id: second.id, slug: second.slug, name: second.name } });

    const stranger = await createMember(t.app);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/nodes/${node.nodeId}/organization`,
      headers: stranger.headers,
    });
    expect(theirs.statusCode).toBe(404);

    await t.app.inject({ method: 'DELETE', url: `/api/nodes/${node.nodeId}`, headers: inSecond });
    const deleted = await t.app.inject({
      method: 'GET',
      url: `/api/nodes/${node.nodeId}/organization`,
      headers: m.headers,
    });
    expect(deleted.statusCode).toBe(404);
  });
});

describe('the hub listing remembered while the database is unchanged (lib/snapshot-cache.ts)', () => {
  it("answers each organization with its own nodes for the same query, and never stale after a write, the app's or a job's", async () => {
    const other = await createMember(t.app);
    const q = { filter: { parentId: null }, limit: 50, sort: { field: 'name', direction: 'asc' }, includeChildrenMap: true };
    const names = async (member: TestMember) => (await query(q, member)).json().nodes.map((n: { name: string }) => n.name) as string[];
    const mine = await folder('Cache mine');
    await folder('Cache theirs', null, other);
    // The same query text, asked twice by each organization: each sees only its own.
    for (let i = 0; i < 2; i++) {
      const res = await query(q);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json().total).toBe(res.json().nodes.length);
      expect(await names(m)).toContain('Cache mine');
      expect(await names(m)).not.toContain('Cache theirs');
      expect(await names(other)).toEqual(['Cache theirs']);
    }

    // Through the app: a rename, a child (the children counts) and a delete are seen at once.
    const renamed = await t.app.inject({ method: 'PATCH', url: `/api/nodes/${mine.nodeId}`, headers: m.headers, payload: { name: 'Cache renamed' } });
    expect(renamed.statusCode).toBe(200);
    expect(await names(m)).toContain('Cache renamed');
    await folder('Child', mine.nodeId);
    expect((await query(q)).json().childrenMap[mine.nodeId]).toBe(1);

    // Without any request: a node written straight to the database, as the in-process worker settling an analysis
    // does, is listed at once.
    await insertNode(t.ctx.db, { organizationId: m.organization.id, parentId: null, type: 'FOLDER', name: 'Cache by a job', createdById: null });
    expect(await names(m)).toContain('Cache by a job');
    expect(await names(other)).toEqual(['Cache theirs']);
    await updateNodeFields(t.ctx.db, m.organization.id, mine.nodeId, { name: 'Cache renamed by a job' });
    expect(await names(m)).toContain('Cache renamed by a job');

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/nodes/${mine.nodeId}`, headers: m.headers });
    expect(deleted.statusCode).toBe(204);
    expect(await names(m)).not.toContain('Cache renamed by a job');
  });
});
