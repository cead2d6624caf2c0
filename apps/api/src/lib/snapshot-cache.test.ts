import { insertNode } from '@gprhub/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, getTestApp, type TestApp } from '../test/support.js';
import { currentSnapshot, SnapshotCache } from './snapshot-cache.js';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('SnapshotCache', () => {
  it('answers from memory while the database is unchanged, and loads again after any committed write', async () => {
    const m = await createMember(t.app);
    const db = t.ctx.db;
    const cache = new SnapshotCache<string>(t.ctx.database);
    let loads = 0;
    const load = (value: string) => async () => {
      loads++;
      return value;
    };
    expect(await cache.get(m.organization.id, 'q', load('first'))).toBe('first');
    // Reads do not change the snapshot: the second answer is the first one, not loaded.
    const before = await currentSnapshot(t.ctx.database);
    expect(await cache.get(m.organization.id, 'q', load('second'))).toBe('first');
    expect(loads).toBe(1);
    expect(await currentSnapshot(t.ctx.database)).toBe(before);

    // A write made without any HTTP request (as a job settling in the worker does) is seen at once.
    await insertNode(db, {
      organizationId: m.organization.id,
      parentId: null,
      type: 'FOLDER',
      name: 'By a job',
      createdById: null,
    });
    expect(await currentSnapshot(t.ctx.database)).not.toBe(before);
    expect(await cache.get(m.organization.id, 'q', load('after the write'))).toBe('after the write');
    expect(loads).toBe(2);
  });

  it("never answers one organization's key with another's entry, and keeps at most its bound", async () => {
    const cache = new SnapshotCache<string>(t.ctx.database, 2);
    expect(await cache.get('org-a', 'q', async () => 'a')).toBe('a');
    expect(await cache.get('org-b', 'q', async () => 'b')).toBe('b');
    expect(await cache.get('org-a', 'q', async () => 'not used')).toBe('a');
    expect(await cache.get('org-c', 'q', async () => 'c')).toBe('c');
    expect(cache.size).toBe(2);
    // org-b was the least recently used: it was dropped, org-a was kept.
    expect(await cache.get('org-a', 'q', async () => 'not used')).toBe('a');
    expect(await cache.get('org-b', 'q', async () => 'b again')).toBe('b again');
  });
});
