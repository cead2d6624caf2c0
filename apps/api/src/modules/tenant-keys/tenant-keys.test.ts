import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, getTestApp, type TestApp } from '../../test/support.js';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('tenant keys', () => {
  it('creates a key shown once, lists it without the secret, and authenticates with it', async () => {
    const member = await createMember(t.app);
    const created = await t.app.inject({ method: 'POST', url: '/api/tenant-keys', headers: member.headers });
    expect(created.statusCode).toBe(201);
    const { id, key, createdAt } = created.json();
    expect(key).toMatch(/^gprk_[A-Za-z0-9_-]{40,}$/);
    expect(new Date(createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const list = await t.app.inject({ method: 'GET', url: '/api/tenant-keys/query', headers: member.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ keys: [{ id, createdAt }], total: 1 });
    expect(list.body).not.toContain(key);

    // The key authenticates calls for its organization, with no session and no organization header.
    const withKey = await t.app.inject({ method: 'GET', url: '/api/tenant-keys/query', headers: { authorization: `Bearer ${key}` } });
    expect(withKey.statusCode).toBe(200);
    expect(withKey.json().total).toBe(1);
  });

  it('stores only a hash of the key', async () => {
    const member = await createMember(t.app);
    const { key } = (await t.app.inject({ method: 'POST', url: '/api/tenant-keys', headers: member.headers })).json();
    const rows = await t.ctx.db.query.tenantKeys.findMany();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.keyHash).not.toContain(key);
  });

  it('refuses an unknown key with 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tenant-keys/query', headers: { authorization: 'Bearer gprk_nope' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid API key');
  });

  it('keeps keys per organization, pages and sorts them', async () => {
    const a = await createMember(t.app);
    const b = await createMember(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await t.app.inject({ method: 'POST', url: '/api/tenant-keys', headers: a.headers })).json().id);
    await t.app.inject({ method: 'POST', url: '/api/tenant-keys', headers: b.headers });

    const q = (query: object) => `/api/tenant-keys/query?q=${encodeURIComponent(JSON.stringify(query))}`;
    const page = await t.app.inject({ method: 'GET', url: q({ limit: 2, skip: 0, sort: { field: 'createdAt', direction: 'asc' } }), headers: a.headers });
    expect(page.json().total).toBe(3);
    expect(page.json().keys.map((k: { id: string }) => k.id)).toEqual(ids.slice(0, 2));
    const rest = await t.app.inject({ method: 'GET', url: q({ limit: 2, skip: 2, sort: { field: 'createdAt', direction: 'asc' } }), headers: a.headers });
    expect(rest.json().keys.map((k: { id: string }) => k.id)).toEqual(ids.slice(2));
    const desc = await t.app.inject({ method: 'GET', url: q({}), headers: a.headers });
    expect(desc.json().keys[0].id).toBe(ids[2]);
  });

  it('an API key cannot mint more keys', async () => {
    const member = await createMember(t.app);
    const { key } = (await t.app.inject({ method: 'POST', url: '/api/tenant-keys', headers: member.headers })).json();
    const res = await t.app.inject({ method: 'POST', url: '/api/tenant-keys', headers: { authorization: `Bearer ${key}` } });
    expect(res.statusCode).toBe(403);
  });
});

describe('the query convention', () => {
  it("words bad queries with the spec's messages", async () => {
    const member = await createMember(t.app);
    const get = (q: string) => t.app.inject({ method: 'GET', url: `/api/tenant-keys/query?q=${encodeURIComponent(q)}`, headers: member.headers });

    const notJson = await get('{nope');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ message: 'The provided data is not a valid object', httpStatus: 400, service: 'tenant-keys' });
    expect((await get('[1,2]')).json().message).toBe('The provided data is not a valid object');

    const bad = await get(JSON.stringify({ limit: 0, skip: -1 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('One or more of the provided parameters failed validation');
    expect(bad.json().validationErrors).toEqual([
      { path: 'limit', message: 'Property limit cannot be less than 1' },
      { path: 'skip', message: 'Property skip cannot be less than 0' },
    ]);

    const wrongType = await get(JSON.stringify({ limit: 'ten' }));
    expect(wrongType.json().validationErrors).toEqual([{ path: 'limit', message: 'Please provide a valid number for property limit' }]);
    const tooBig = await get(JSON.stringify({ limit: 5000 }));
    expect(tooBig.json().validationErrors).toEqual([{ path: 'limit', message: 'Property limit cannot be higher than 1000' }]);
    const badSort = await get(JSON.stringify({ sort: { field: 'name', direction: 'asc' } }));
    expect(badSort.json().validationErrors).toEqual([{ path: 'sort.field', message: 'Please provide a valid value for property sort.field' }]);
  });
});
