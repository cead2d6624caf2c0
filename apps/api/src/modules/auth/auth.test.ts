import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOrganization, getTestApp, signUp, type TestApp } from '../../test/support.js';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('accounts and organizations', () => {
  it('signs up, signs in, reads the session and signs out', async () => {
    const user = await signUp(t.app, { email: `signin-${Date.now()}@example.com`, firstName: 'Grace', lastName: 'Hopper' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: 'correct horse battery' },
    });
    expect(signIn.statusCode).toBe(200);
    const token = String(signIn.headers['set-auth-token']);
    expect(token.length).toBeGreaterThan(10);

    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { authorization: `Bearer ${token}` } });
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({ email: user.email, firstName: 'Grace', lastName: 'Hopper' });
    // The session token itself is what "Copy access token" copies: it must authenticate too.
    expect(session.json().session.token).toBeTruthy();

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { authorization: `Bearer ${token}` } });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { authorization: `Bearer ${token}` } });
    expect(after.json()).toBeNull();
  });

  it('refuses a wrong password', async () => {
    const user = await signUp(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: 'wrong password!' } });
    expect(res.statusCode).toBe(401);
  });

  it('sets httpOnly, SameSite=Lax session cookies', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: `cookie-${Date.now()}@example.com`, password: 'correct horse battery', name: 'C K' },
    });
    const cookie = String([res.headers['set-cookie']].flat()[0]);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('creates, lists and switches organizations', async () => {
    const user = await signUp(t.app);
    const a = await createOrganization(t.app, user, `Alpha ${Date.now()}`);
    const b = await createOrganization(t.app, user, `Beta ${Date.now()}`);
    const list = await t.app.inject({ method: 'GET', url: '/api/auth/organization/list', headers: user.auth });
    expect(list.json().map((o: { id: string }) => o.id).sort()).toEqual([a.id, b.id].sort());
    const active = await t.app.inject({ method: 'POST', url: '/api/auth/organization/set-active', headers: user.auth, payload: { organizationId: a.id } });
    expect(active.statusCode).toBe(200);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: user.auth });
    expect(session.json().session.activeOrganizationId).toBe(a.id);
  });

  it('scopes API calls to the x-organization header, and refuses an organization the user is not in', async () => {
    const alice = await createMember(t.app);
    const bob = await createMember(t.app);
    const mine = await t.app.inject({ method: 'GET', url: '/api/tenant-keys/query', headers: alice.headers });
    expect(mine.statusCode).toBe(200);
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/tenant-keys/query',
      headers: { ...alice.auth, 'x-organization': bob.organization.slug },
    });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toMatchObject({ httpStatus: 403, code: 'FORBIDDEN', service: 'tenant-keys' });
  });

  it('asks a user with no organization to create one', async () => {
    const user = await signUp(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/tenant-keys/query', headers: user.auth });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('NO_ACTIVE_ORGANIZATION');
  });

  it('rejects calls without credentials with 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tenant-keys/query' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Sign in or send a valid access token', httpStatus: 401, code: 'UNAUTHORIZED', service: 'tenant-keys' });
  });
});

describe('rate limiting', () => {
  it('limits the auth endpoints per client', async () => {
    const limited = await getTestApp({ authRateLimitPerMinute: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'x@example.com', password: 'whatever123' } });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 3)).not.toContain(429);
      expect(codes[3]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
