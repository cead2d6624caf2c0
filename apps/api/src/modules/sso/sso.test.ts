import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, schema } from '@gprhub/db';
import type { LightMyRequestResponse } from 'fastify';
import { startTestOidcProvider, type IdTokenTamper, type TestOidcProvider } from '../../test/oidc-test-provider.js';
import { createMember, getTestApp, signUp, uniqueSuffix, type TestApp, type TestMember } from '../../test/support.js';

let t: TestApp;
let idp: TestOidcProvider;
beforeAll(async () => {
  t = await getTestApp();
  idp = await startTestOidcProvider({ redirectUris: [`${t.ctx.config.publicUrl}/api/auth/sso/callback`] });
});
afterAll(async () => {
  await idp?.stop();
  await t?.close();
});

const cookiesOf = (res: LightMyRequestResponse): string[] => {
  const raw = res.headers['set-cookie'];
  return (Array.isArray(raw) ? raw : raw ? [raw] : []).map((c) => String(c));
};
const cookieHeader = (setCookies: string[]): string =>
  setCookies
    .filter((c) => !/max-age=0/i.test(c))
    .map((c) => c.split(';')[0])
    .join('; ');

/** A fresh domain and an organization that signs it in through the test provider. */
async function ssoOrganization(settings: { requireSso?: boolean; defaultRole?: 'member' | 'admin' } = {}) {
  const owner = await createMember(t.app);
  const domain = `acme-${uniqueSuffix()}.test`;
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/sso-settings',
    headers: owner.headers,
    payload: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, domains: [domain], ...settings },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { owner, domain };
}

/** Start an SSO sign-in at the app: the provider's address and the browser's state cookie. */
async function startSignIn(email: string, returnTo = '/hub') {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/sso/sign-in', payload: { email, returnTo } });
  expect(res.statusCode, res.body).toBe(200);
  return { url: res.json().url as string, stateCookie: cookieHeader(cookiesOf(res)) };
}

/**
 * What a browser does at the provider: follow redirects, sign in on its login page, allow on its consent page,
 * until the provider sends the browser back to the app's callback (returned, not followed).
 */
async function atProvider(authorizationUrl: string, login: { email: string; password: string }): Promise<string> {
  const jar = new Map<string, string>();
  const callbackPrefix = `${t.ctx.config.publicUrl}/api/auth/sso/callback`;
  let url = authorizationUrl;
  let method = 'GET';
  let body: string | undefined;
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    method = 'GET';
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url).href;
      if (next.startsWith(callbackPrefix)) return next;
      url = next;
      continue;
    }
    const html = await res.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`stuck at the provider (${res.status}): ${html.slice(0, 400)}`);
    url = new URL(action, url).href;
    method = 'POST';
    body = action.endsWith('/login') ? new URLSearchParams(login).toString() : '';
  }
  throw new Error('too many steps at the provider');
}

/** Back at the app with the provider's answer: the app's redirect and cookies. */
async function finishAtApp(callbackUrl: string, stateCookie: string) {
  const url = new URL(callbackUrl);
  const res = await t.app.inject({ method: 'GET', url: url.pathname + url.search, headers: { cookie: stateCookie } });
  return { res, location: String(res.headers.location ?? ''), sessionCookie: cookieHeader(cookiesOf(res).filter((c) => c.includes('session_token'))) };
}

async function ssoSignIn(login: { email: string; password: string }, returnTo = '/hub', hint = login.email) {
  const started = await startSignIn(hint, returnTo);
  const callback = await atProvider(started.url, login);
  return finishAtApp(callback, started.stateCookie);
}

const errorOf = (location: string): string => new URL(location, 'http://x').searchParams.get('sso_error') ?? '';

async function memberRole(userEmail: string, organizationId: string): Promise<string | undefined> {
  const [row] = await t.ctx.db
    .select({ role: schema.member.role })
    .from(schema.member)
    .innerJoin(schema.user, eq(schema.user.id, schema.member.userId))
    .where(and(eq(schema.user.email, userEmail), eq(schema.member.organizationId, organizationId)));
  return row?.role;
}

async function addMember(owner: TestMember, role: string) {
  const user = await signUp(t.app);
  await t.ctx.db.insert(schema.member).values({ id: randomUUID(), organizationId: owner.organization.id, userId: user.id, role, createdAt: new Date() });
  return { ...user, headers: { ...user.auth, 'x-organization': owner.organization.slug } };
}

describe('SSO settings', () => {
  it('registers a provider after reading its discovery document; the secret is stored encrypted and never returned', async () => {
    const owner = await createMember(t.app);
    const empty = await t.app.inject({ method: 'GET', url: '/api/sso-settings', headers: owner.headers });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ provider: null, redirectUri: `${t.ctx.config.publicUrl}/api/auth/sso/callback` });

    const domain = `Corp-${uniqueSuffix()}.TEST`;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/sso-settings',
      headers: owner.headers,
      payload: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, domains: [domain], defaultRole: 'admin', requireSso: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().provider).toMatchObject({ issuer: idp.issuer, clientId: idp.clientId, secretSet: true, domains: [domain.toLowerCase()], defaultRole: 'admin', requireSso: true });
    expect(saved.body).not.toContain(idp.clientSecret);
    const read = await t.app.inject({ method: 'GET', url: '/api/sso-settings', headers: owner.headers });
    expect(read.body).not.toContain(idp.clientSecret);
    expect(read.json().provider.secretSet).toBe(true);
    const [row] = await t.ctx.db.select().from(schema.ssoProviders).where(eq(schema.ssoProviders.organizationId, owner.organization.id));
    expect(row!.clientSecretEncrypted).not.toContain(idp.clientSecret);
    expect(row!.clientSecretEncrypted).toMatch(/^v1\./);

    // Changing settings without a secret keeps the stored one.
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/sso-settings',
      headers: owner.headers,
      payload: { issuer: idp.issuer, clientId: idp.clientId, domains: [domain], requireSso: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [after] = await t.ctx.db.select().from(schema.ssoProviders).where(eq(schema.ssoProviders.organizationId, owner.organization.id));
    expect(after!.clientSecretEncrypted).toBe(row!.clientSecretEncrypted);
    expect(changed.json().provider).toMatchObject({ requireSso: false, defaultRole: 'member' });

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/sso-settings', headers: owner.headers });
    expect(removed.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/sso-settings', headers: owner.headers })).json().provider).toBeNull();
    expect((await t.app.inject({ method: 'DELETE', url: '/api/sso-settings', headers: owner.headers })).statusCode).toBe(404);
  });

  it('refuses bad settings with a clear 400', async () => {
    const owner = await createMember(t.app);
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/sso-settings', headers: owner.headers, payload });
    const good = { issuer: idp.issuer, clientId: idp.clientId, clientSecret: 's', domains: [`d-${uniqueSuffix()}.test`] };

    const http = await put({ ...good, issuer: 'http://login.example.com' });
    expect(http.statusCode).toBe(400);
    expect(http.json().message).toBe('The issuer URL must use https');

    const nothing = await put({ ...good, issuer: 'http://127.0.0.1:9' });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toMatch(/^Could not read the identity provider's discovery document at http:\/\/127\.0\.0\.1:9\/\.well-known\/openid-configuration/);

    // The discovery document names another issuer (a trailing path): refused.
    const otherIssuer = await put({ ...good, issuer: `${idp.issuer}/other` });
    expect(otherIssuer.statusCode).toBe(400);

    const noSecret = await put({ ...good, clientSecret: undefined });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().message).toBe('Enter the client secret');

    const badDomain = await put({ ...good, domains: ['@example.com'] });
    expect(badDomain.statusCode).toBe(400);
    expect(badDomain.json().validationErrors[0].path).toMatch(/^domains/);

    expect((await put({ ...good, domains: [] })).statusCode).toBe(400);
    expect((await put({ ...good, defaultRole: 'owner' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/sso-settings', headers: owner.headers })).json().provider).toBeNull();
  });

  it('gives a domain to one organization only (409)', async () => {
    const { domain } = await ssoOrganization();
    const other = await createMember(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/sso-settings',
      headers: other.headers,
      payload: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: 's', domains: [domain] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`The domain ${domain} already signs in through another organization's identity provider`);
  });

  it('lets only owners and admins manage SSO, and only of their own organization', async () => {
    const { owner, domain } = await ssoOrganization();
    const member = await addMember(owner, 'member');
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/sso-settings', headers: member.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only owners and admins can manage single sign-on');
    }
    const admin = await addMember(owner, 'admin');
    expect((await t.app.inject({ method: 'GET', url: '/api/sso-settings', headers: admin.headers })).json().provider.domains).toEqual([domain]);

    // Another organization's owner: not a member here (403), and sees and removes only its own settings.
    const stranger = await createMember(t.app);
    const foreign = await t.app.inject({ method: 'GET', url: '/api/sso-settings', headers: { ...stranger.auth, 'x-organization': owner.organization.slug } });
    expect(foreign.statusCode).toBe(403);
    const own = await t.app.inject({ method: 'GET', url: '/api/sso-settings', headers: stranger.headers });
    expect(own.json().provider).toBeNull();
    expect((await t.app.inject({ method: 'DELETE', url: '/api/sso-settings', headers: stranger.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/sso-settings', headers: owner.headers })).json().provider.domains).toEqual([domain]);
  });
});

describe('SSO sign-in against a real OpenID provider', () => {
  it('signs a new user in, adds them to the organization with the configured role and makes it active', async () => {
    const { owner, domain } = await ssoOrganization({ defaultRole: 'admin' });
    const email = `ana@${domain}`;
    idp.addAccount({ email, password: 'idp-password', givenName: 'Ana', familyName: 'Field' });
    const { res, location, sessionCookie } = await ssoSignIn({ email, password: 'idp-password' }, '/hub?tab=2');
    expect(res.statusCode).toBe(302);
    expect(location).toBe('/hub?tab=2');
    expect(sessionCookie).toContain('session_token');
    expect(res.headers['set-auth-token']).toBeTruthy();

    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: sessionCookie } });
    expect(session.json().user).toMatchObject({ email, emailVerified: true, firstName: 'Ana', lastName: 'Field', name: 'Ana Field' });
    expect(session.json().session.activeOrganizationId).toBe(owner.organization.id);
    expect(await memberRole(email, owner.organization.id)).toBe('admin');
    // The session works for the organization's API like a password session.
    expect((await t.app.inject({ method: 'GET', url: '/api/sso-settings', headers: { cookie: sessionCookie } })).statusCode).toBe(200);

    // A second sign-in: the same user, no second membership.
    const again = await ssoSignIn({ email, password: 'idp-password' });
    expect(again.location).toBe('/hub');
    const members = await t.ctx.db.select().from(schema.member).where(eq(schema.member.organizationId, owner.organization.id));
    expect(members).toHaveLength(2);
  });

  it('adds a user who already has a password account, with the default member role', async () => {
    const { owner, domain } = await ssoOrganization();
    const existing = await signUp(t.app, { email: `old@${domain}` });
    idp.addAccount({ email: existing.email, password: 'pw' });
    const { location, sessionCookie } = await ssoSignIn({ email: existing.email, password: 'pw' });
    expect(location).toBe('/hub');
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: sessionCookie } });
    expect(session.json().user.id).toBe(existing.id);
    expect(await memberRole(existing.email, owner.organization.id)).toBe('member');
  });

  it('never redirects outside the app after sign-in', async () => {
    const { domain } = await ssoOrganization();
    const email = `r@${domain}`;
    idp.addAccount({ email, password: 'pw' });
    for (const returnTo of ['https://evil.example.com/', '//evil.example.com/x', '/\\evil.example.com']) {
      const { location, sessionCookie } = await ssoSignIn({ email, password: 'pw' }, returnTo);
      expect(location).toBe('/');
      expect(sessionCookie).toContain('session_token');
    }
  });

  it('tells a domain without SSO to use its password', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sso/sign-in', payload: { email: 'x@no-sso.test' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'SSO_NOT_CONFIGURED', message: 'No organization signs in no-sso.test through single sign-on: sign in with your password' });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sso/sign-in', payload: { email: 'not-an-email' } })).statusCode).toBe(400);
  });

  it('refuses a user of another domain who signs in at the provider', async () => {
    const { owner, domain } = await ssoOrganization();
    const outsider = `bob@other-${uniqueSuffix()}.test`;
    idp.addAccount({ email: outsider, password: 'pw' });
    const { res, location, sessionCookie } = await ssoSignIn({ email: outsider, password: 'pw' }, '/hub', `ana@${domain}`);
    expect(res.statusCode).toBe(302);
    expect(errorOf(location)).toBe(`${outsider} is not in a domain of this organization's single sign-on (${domain})`);
    expect(sessionCookie).toBe('');
    expect(await memberRole(outsider, owner.organization.id)).toBeUndefined();
  });

  it('refuses an email the provider has not verified', async () => {
    const { domain } = await ssoOrganization();
    const email = `unverified@${domain}`;
    idp.addAccount({ email, password: 'pw', emailVerified: false });
    const { location, sessionCookie } = await ssoSignIn({ email, password: 'pw' });
    expect(errorOf(location)).toBe(`The identity provider has not verified ${email}: sign-in refused`);
    expect(sessionCookie).toBe('');
  });

  describe('refuses a bad ID token', () => {
    const cases: [IdTokenTamper, RegExp][] = [
      ['bad-signature', /: JWT signature verification failed$/],
      ['expired', /: the ID token has expired$/],
      ['wrong-audience', /: the ID token was issued for another client \(audience\)$/],
      ['wrong-nonce', /: the ID token does not belong to this sign-in \(nonce\)$/],
      ['wrong-issuer', /: the ID token comes from another issuer$/],
    ];
    it.each(cases)('%s', async (mode, reason) => {
      const { owner, domain } = await ssoOrganization();
      const email = `t-${mode}@${domain}`;
      idp.addAccount({ email, password: 'pw' });
      idp.setTamper(mode);
      try {
        const { res, location, sessionCookie } = await ssoSignIn({ email, password: 'pw' });
        expect(res.statusCode).toBe(302);
        expect(location).toMatch(/^\/auth\/sign-in\?sso_error=/);
        expect(errorOf(location)).toMatch(reason);
        expect(sessionCookie).toBe('');
        expect(await memberRole(email, owner.organization.id)).toBeUndefined();
      } finally {
        idp.setTamper('none');
      }
    });
  });

  it('refuses an answer whose state does not belong to this browser, and a replayed answer', async () => {
    const { domain } = await ssoOrganization();
    const email = `s@${domain}`;
    idp.addAccount({ email, password: 'pw' });
    const first = await startSignIn(email);
    const second = await startSignIn(email);
    const callback = await atProvider(second.url, { email, password: 'pw' });
    // The answer to the second sign-in, in the browser that started the first.
    const crossed = await finishAtApp(callback, first.stateCookie);
    expect(errorOf(crossed.location)).toBe('This single sign-on did not start in this browser, or took too long: try again');
    expect(crossed.sessionCookie).toBe('');
    const missing = await finishAtApp(callback, '');
    expect(errorOf(missing.location)).toMatch(/did not start in this browser/);

    const good = await finishAtApp(callback, second.stateCookie);
    expect(good.location).toBe('/hub');
    const replayed = await finishAtApp(callback, second.stateCookie);
    expect(errorOf(replayed.location)).toBe('This single sign-on has expired or was already used: try again');
    expect(replayed.sessionCookie).toBe('');
  });

  it('keeps working when the provider rotates its signing key, also in the middle of a sign-in', async () => {
    const { domain } = await ssoOrganization();
    const email = `k@${domain}`;
    idp.addAccount({ email, password: 'pw' });
    expect((await ssoSignIn({ email, password: 'pw' })).location).toBe('/hub');
    const before = idp.currentKid();
    idp.rotateKeys();
    expect(idp.currentKid()).not.toBe(before);
    expect((await ssoSignIn({ email, password: 'pw' })).location).toBe('/hub');

    const started = await startSignIn(email);
    idp.rotateKeys();
    const callback = await atProvider(started.url, { email, password: 'pw' });
    const done = await finishAtApp(callback, started.stateCookie);
    expect(done.location).toBe('/hub');
    expect(done.sessionCookie).toContain('session_token');
  });
});

describe('required SSO', () => {
  it('refuses password sign-in and sign-up for the domain, with a clear message', async () => {
    const { owner, domain } = await ssoOrganization();
    const existing = await signUp(t.app, { email: `pw@${domain}`, password: 'correct horse battery' });
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/sso-settings',
      headers: owner.headers,
      payload: { issuer: idp.issuer, clientId: idp.clientId, domains: [domain], requireSso: true },
    });
    expect(settings.statusCode).toBe(200);

    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: existing.email.toUpperCase(), password: 'correct horse battery' } });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({
      code: 'SSO_REQUIRED',
      message: `Your organization requires single sign-on for ${domain}: use “Continue with SSO” instead of a password`,
    });
    expect(cookiesOf(signIn).some((c) => c.includes('session_token'))).toBe(false);
    const signUpRes = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email: `new@${domain}`, password: 'correct horse battery', name: 'N' } });
    expect(signUpRes.statusCode).toBe(403);
    expect(signUpRes.json().code).toBe('SSO_REQUIRED');

    // Other domains still sign in with passwords.
    const other = await signUp(t.app);
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: other.email, password: 'correct horse battery' } });
    expect(ok.statusCode).toBe(200);
  });
});
