import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, getTestApp, signUp, type TestApp, type TestMember } from '../../test/support.js';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** Invite by link as `inviter`, then sign up the invitee and accept it; returns them with headers. */
async function join(inviter: Headers, owner: TestMember, role: 'member' | 'admin' | 'owner') {
  const user = await signUp(t.app, { firstName: 'Cy', lastName: role });
  const invite = await call('POST', '/api/organization/invitations', inviter, { email: user.email, role });
  expect(invite.statusCode, invite.body).toBe(201);
  const accepted = await call('POST', `/api/invitations/${invite.json().id}/accept`, user.auth);
  expect(accepted.statusCode, accepted.body).toBe(200);
  const headers = { ...user.auth, 'x-organization': owner.organization.slug };
  const me = (await call('GET', '/api/organization/membership', headers)).json();
  return { ...user, headers, memberId: me.memberId as string };
}

const ownerMemberId = async (owner: TestMember) =>
  (await call('GET', '/api/organization/membership', owner.headers)).json().memberId as string;

describe('invitations by link', () => {
  it('an owner invites, the link shows the invitation, the invitee signs up and joins with the role', async () => {
    const owner = await createMember(t.app);
    const res = await call('POST', '/api/organization/invitations', owner.headers, { email: ' New.Person@Example.com ', role: 'member' });
    expect(res.statusCode).toBe(201);
    const invitation = res.json();
    expect(invitation).toMatchObject({ email: 'new.person@example.com', role: 'member', status: 'pending', inviter: { id: owner.id } });
    expect(invitation.url).toMatch(new RegExp(`/invitations/${invitation.id}$`));

    const pending = await call('GET', '/api/organization/invitations', owner.headers);
    expect(pending.json().invitations.map((i: { id: string }) => i.id)).toEqual([invitation.id]);

    // Anyone with the link sees what it is for, before signing in.
    const preview = await call('GET', `/api/invitations/${invitation.id}`, {});
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ email: 'new.person@example.com', role: 'member', organization: { slug: owner.organization.slug } });

    // Somebody else cannot accept it.
    const stranger = await signUp(t.app);
    const wrong = await call('POST', `/api/invitations/${invitation.id}/accept`, stranger.auth);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('This invitation is for new.person@example.com: sign in with that email address to accept it');
    expect((await call('POST', `/api/invitations/${invitation.id}/accept`, {})).statusCode).toBe(401);

    const invitee = await signUp(t.app, { email: 'new.person@example.com'.replace('new', `new${Date.now()}`) });
    expect((await call('POST', `/api/invitations/${invitation.id}/accept`, invitee.auth)).statusCode).toBe(403);

    const person = await signUp(t.app, { email: `p${Date.now()}@example.com` });
    const second = await call('POST', '/api/organization/invitations', owner.headers, { email: person.email, role: 'admin' });
    const accepted = await call('POST', `/api/invitations/${second.json().id}/accept`, person.auth);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().organization.slug).toBe(owner.organization.slug);
    const members = (await call('GET', '/api/organization/members', owner.headers)).json();
    expect(members.total).toBe(2);
    expect(members.members.find((m: { email: string }) => m.email === person.email)).toMatchObject({ role: 'admin', name: 'Ada Surveyor' });
    // Used: the link no longer works.
    expect((await call('GET', `/api/invitations/${second.json().id}`, {})).statusCode).toBe(404);
  });

  it('refuses inviting a member twice or an existing member, and a bad email, with clear messages', async () => {
    const owner = await createMember(t.app);
    const email = `twice-${Date.now()}@example.com`;
    expect((await call('POST', '/api/organization/invitations', owner.headers, { email, role: 'member' })).statusCode).toBe(201);
    const again = await call('POST', '/api/organization/invitations', owner.headers, { email, role: 'member' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('is already invited');
    const self = await call('POST', '/api/organization/invitations', owner.headers, { email: owner.email, role: 'member' });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(`${owner.email} is already a member of this organization`);
    const bad = await call('POST', '/api/organization/invitations', owner.headers, { email: 'nope', role: 'member' });
    expect(bad.statusCode).toBe(400);
    const badRole = await call('POST', '/api/organization/invitations', owner.headers, { email: 'x@example.com', role: 'viewer' });
    expect(badRole.statusCode).toBe(400);
  });

  it('a revoked invitation no longer opens nor can be accepted', async () => {
    const owner = await createMember(t.app);
    const user = await signUp(t.app);
    const { id } = (await call('POST', '/api/organization/invitations', owner.headers, { email: user.email, role: 'member' })).json();
    expect((await call('DELETE', `/api/organization/invitations/${id}`, owner.headers)).statusCode).toBe(204);
    expect((await call('GET', `/api/invitations/${id}`, {})).statusCode).toBe(404);
    const accept = await call('POST', `/api/invitations/${id}/accept`, user.auth);
    expect(accept.statusCode).toBe(404);
    expect(accept.json().message).toBe('This invitation does not exist, was revoked, has expired or was already used');
    expect((await call('GET', '/api/organization/invitations', owner.headers)).json().total).toBe(0);
  });
});

describe('roles', () => {
  it('a member reads the member list but may not manage members, report settings or trackers', async () => {
    const owner = await createMember(t.app);
    const member = await join(owner.headers, owner, 'member');
    expect((await call('GET', '/api/organization/members', member.headers)).statusCode).toBe(200);
    expect((await call('GET', '/api/organization/membership', member.headers)).json()).toMatchObject({ role: 'member', isApiKey: false });

    const manage = 'Only owners and admins can invite, remove or change the role of members';
    const refusals = [
      await call('POST', '/api/organization/invitations', member.headers, { email: 'z@example.com', role: 'member' }),
      await call('GET', '/api/organization/invitations', member.headers),
      await call('PATCH', `/api/organization/members/${await ownerMemberId(owner)}`, member.headers, { role: 'member' }),
      await call('DELETE', `/api/organization/members/${await ownerMemberId(owner)}`, member.headers),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: manage, httpStatus: 403 });
    }
    const settings = await call('PUT', '/api/report-settings', member.headers, {});
    expect(settings.statusCode).toBe(403);
    expect(settings.json().message).toBe('Only owners and admins can change the report settings');
    const logo = await call('POST', '/api/report-settings/logo', member.headers, { name: 'logo', extension: 'png', size: 10 });
    expect(logo.statusCode).toBe(403);
    const tracker = await call('GET', '/api/3d-trackers/add-url', member.headers);
    expect(tracker.statusCode).toBe(403);
    expect(tracker.json().message).toBe('Only owners and admins can add or remove 3D trackers');
    // Day-to-day work is theirs: nodes.
    const node = await call('POST', '/api/nodes', member.headers, { name: 'Site A', type: 'FOLDER' });
    expect(node.statusCode, node.body).toBe(201);
    const deleted = await call('DELETE', `/api/nodes/${node.json().nodeId}`, member.headers);
    expect(deleted.statusCode, deleted.body).toBe(204);
  });

  it('an admin manages members and admins but not owners; an owner manages everyone', async () => {
    const owner = await createMember(t.app);
    const admin = await join(owner.headers, owner, 'admin');
    const member = await join(admin.headers, owner, 'member');

    expect((await call('GET', '/api/3d-trackers/add-url', admin.headers)).statusCode).toBe(200);
    const promote = await call('PATCH', `/api/organization/members/${member.memberId}`, admin.headers, { role: 'admin' });
    expect(promote.statusCode).toBe(200);
    expect(promote.json().role).toBe('admin');

    const owners = 'Only owners can make someone an owner, or change or remove an owner';
    for (const res of [
      await call('PATCH', `/api/organization/members/${member.memberId}`, admin.headers, { role: 'owner' }),
      await call('PATCH', `/api/organization/members/${await ownerMemberId(owner)}`, admin.headers, { role: 'admin' }),
      await call('DELETE', `/api/organization/members/${await ownerMemberId(owner)}`, admin.headers),
      await call('POST', '/api/organization/invitations', admin.headers, { email: 'o@example.com', role: 'owner' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(owners);
    }
    expect((await call('DELETE', `/api/organization/members/${member.memberId}`, admin.headers)).statusCode).toBe(204);
    expect((await call('PATCH', `/api/organization/members/${admin.memberId}`, owner.headers, { role: 'owner' })).json().role).toBe('owner');
  });

  it('keeps at least one owner: the last owner can neither be demoted nor leave; ownership can be handed over', async () => {
    const owner = await createMember(t.app);
    const self = await ownerMemberId(owner);
    const demote = await call('PATCH', `/api/organization/members/${self}`, owner.headers, { role: 'admin' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe('The last owner cannot be given another role: make another member an owner first');
    const leave = await call('DELETE', `/api/organization/members/${self}`, owner.headers);
    expect(leave.statusCode).toBe(409);
    expect(leave.json().message).toBe('The last owner cannot leave or be removed: make another member an owner first');

    const heir = await join(owner.headers, owner, 'member');
    expect((await call('PATCH', `/api/organization/members/${heir.memberId}`, owner.headers, { role: 'owner' })).statusCode).toBe(200);
    expect((await call('PATCH', `/api/organization/members/${self}`, owner.headers, { role: 'member' })).statusCode).toBe(200);
    // The former owner, now a member, may leave on their own.
    expect((await call('DELETE', `/api/organization/members/${self}`, owner.headers)).statusCode).toBe(204);
    expect((await call('GET', '/api/organization/members', heir.headers)).json().members.map((m: { role: string }) => m.role)).toEqual(['owner']);
  });

  it('a removed member loses every session and key at once; a demoted one loses admin rights at once', async () => {
    const owner = await createMember(t.app);
    const admin = await join(owner.headers, owner, 'admin');
    const { key } = (await call('POST', '/api/tenant-keys', admin.headers)).json();
    const keyHeaders = { authorization: `Bearer ${key}` };
    // Both credentials are verified (and so remembered by the actor cache).
    expect((await call('GET', '/api/nodes/query', admin.headers)).statusCode).toBe(200);
    expect((await call('GET', '/api/nodes/query', keyHeaders)).statusCode).toBe(200);
    expect((await call('GET', '/api/3d-trackers/add-url', keyHeaders)).statusCode).toBe(403); // add-url needs a user
    expect((await call('PUT', '/api/report-settings', keyHeaders, {})).statusCode).not.toBe(403);

    expect((await call('PATCH', `/api/organization/members/${admin.memberId}`, owner.headers, { role: 'member' })).statusCode).toBe(200);
    const demoted = await call('PUT', '/api/report-settings', admin.headers, {});
    expect(demoted.statusCode).toBe(403);
    // The key acts with its creator's role, never more.
    expect((await call('PUT', '/api/report-settings', keyHeaders, {})).statusCode).toBe(403);
    expect((await call('GET', '/api/organization/membership', keyHeaders)).json()).toMatchObject({ role: 'member', isApiKey: true, memberId: null });

    expect((await call('DELETE', `/api/organization/members/${admin.memberId}`, owner.headers)).statusCode).toBe(204);
    const session = await call('GET', '/api/nodes/query', admin.headers);
    expect(session.statusCode).toBe(403);
    expect(session.json().message).toBe(`You are not a member of organization ${owner.organization.slug}`);
    expect((await call('GET', '/api/nodes/query', keyHeaders)).statusCode).toBe(401);
  });

  it('an API key never manages members, whatever its creator’s role', async () => {
    const owner = await createMember(t.app);
    const { key } = (await call('POST', '/api/tenant-keys', owner.headers)).json();
    const res = await call('POST', '/api/organization/invitations', { authorization: `Bearer ${key}` }, { email: 'k@example.com', role: 'member' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only owners and admins can invite, remove or change the role of members');
  });
});

describe('members across organizations', () => {
  it('another organization’s member or invitation is not found (404), never changed', async () => {
    const a = await createMember(t.app);
    const b = await createMember(t.app);
    const bMember = await join(b.headers, b, 'member');
    const bInvite = (await call('POST', '/api/organization/invitations', b.headers, { email: `x${Date.now()}@example.com`, role: 'member' })).json();
    const patch = await call('PATCH', `/api/organization/members/${bMember.memberId}`, a.headers, { role: 'admin' });
    expect(patch.statusCode).toBe(404);
    expect((await call('DELETE', `/api/organization/members/${bMember.memberId}`, a.headers)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/organization/invitations/${bInvite.id}`, a.headers)).statusCode).toBe(404);
    expect((await call('GET', '/api/organization/members', a.headers)).json().members.map((m: { userId: string }) => m.userId)).toEqual([a.id]);
    expect((await call('GET', '/api/organization/invitations', a.headers)).json().total).toBe(0);
    // b's member and invitation are untouched.
    const bMembers = (await call('GET', '/api/organization/members', b.headers)).json().members;
    expect(bMembers.find((m: { id: string }) => m.id === bMember.memberId).role).toBe('member');
    expect((await call('GET', `/api/invitations/${bInvite.id}`, {})).statusCode).toBe(200);
    // A malformed id is a 400, not a 500.
    expect((await call('DELETE', '/api/organization/members/..%2F', a.headers)).statusCode).toBe(400);
  });
});
