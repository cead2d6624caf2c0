import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestOidcProvider, type TestOidcProvider } from '../apps/api/src/test/oidc-test-provider.js';
import { openBrowser, screenshot, signUpWithOrganization, type BrowserSession } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let idp: TestOidcProvider;
let owner: BrowserSession;
let visitor: BrowserSession;
const stamp = Date.now().toString(36);
const domain = `acme-${stamp}.test`;
const slug = `acme-sso-${stamp}`;

beforeAll(async () => {
  server = await startServer();
  idp = await startTestOidcProvider({ redirectUris: [`${server.url}/api/auth/sso/callback`] });
  idp.addAccount({ email: `ana@${domain}`, password: 'idp-secret-1', givenName: 'Ana', familyName: 'Field' });
  idp.addAccount({ email: `bob@other-${stamp}.test`, password: 'idp-secret-2' });
  owner = await openBrowser(server.url);
  visitor = await openBrowser(server.url);
});
afterAll(async () => {
  await owner?.close();
  await visitor?.close();
  await idp?.stop();
  await server?.stop();
});

async function startSso(page: Page, email: string) {
  await page.goto(`${server.url}/auth/sign-in`);
  await page.getByTestId('sso-start').click();
  await page.getByTestId('sso-email').fill(email);
  await page.getByTestId('sso-continue').click();
}

describe('single sign-on through an OpenID provider', () => {
  it('an owner registers the identity provider on the settings page', async () => {
    const page = owner.page;
    await signUpWithOrganization(page, server.url, {
      firstName: 'Olga',
      lastName: 'Owner',
      email: `olga-${stamp}@example.com`,
      password: 'rebar-cover-2026',
      organization: `Acme SSO ${stamp}`,
      slug,
    });
    await page.getByTestId('nav-sso-settings').click();
    await page.getByTestId('sso-settings-page').waitFor();
    await expect
      .poll(() => page.getByTestId('sso-redirect-uri').textContent())
      .toBe(`${server.url}/api/auth/sso/callback`);
    await page.getByTestId('sso-issuer').fill(idp.issuer);
    await page.getByTestId('sso-client-id').fill(idp.clientId);
    await page.getByTestId('sso-client-secret').fill(idp.clientSecret);
    await page.getByTestId('sso-domains').fill(domain);
    await page.getByTestId('sso-require').check();
    await page.getByTestId('sso-save').click();
    await expect
      .poll(() => page.getByTestId('sso-settings-message').textContent(), { timeout: 30_000 })
      .toContain('Single sign-on saved');
    await expect.poll(() => page.getByTestId('sso-client-secret').inputValue()).toBe('');
    await expect
      .poll(() => page.getByText('A secret is stored (encrypted). Leave empty to keep it.').count())
      .toBe(1);
    await screenshot(page, 'sso-01-settings');
  });

  it('a new user of the domain continues with SSO, signs in and consents at the provider, and lands in the organization', async () => {
    const page = visitor.page;
    await startSso(page, `ana@${domain}`);
    await page.waitForURL(new RegExp(`^${idp.issuer}/interaction/`), { timeout: 30_000 });
    await expect.poll(() => page.locator('#email').inputValue()).toBe(`ana@${domain}`);
    await page.locator('#password').fill('idp-secret-1');
    await screenshot(page, 'sso-02-provider-login');
    await page.locator('#idp-sign-in').click();
    await page.locator('#idp-allow').waitFor({ timeout: 30_000 });
    await screenshot(page, 'sso-03-provider-consent');
    await page.locator('#idp-allow').click();
    await page.waitForURL(new RegExp(`^${server.url}/hub\\?.*org=${slug}`), { timeout: 60_000 });
    await page.getByTestId('app-drawer').waitFor();
    await screenshot(page, 'sso-04-signed-in-hub');
    // Just-in-time membership: a member of the organization, with a verified email.
    const session = await page.evaluate(async () => (await fetch('/api/auth/get-session')).json());
    expect(session.user).toMatchObject({ email: `ana@${domain}`, emailVerified: true, name: 'Ana Field' });
  });

  it('refuses a password for the domain whose organization requires SSO', async () => {
    const page = visitor.page;
    await visitor.context.clearCookies();
    await page.goto(`${server.url}/auth/sign-in`);
    await page.getByLabel('Email').fill(`ana@${domain}`);
    await page.getByLabel('Password', { exact: true }).fill('any-password-1');
    await page.getByTestId('sign-in-submit').click();
    await page.getByText(`Your organization requires single sign-on for ${domain}`).waitFor();
    await screenshot(page, 'sso-05-password-refused');
    expect(new URL(page.url()).pathname).toBe('/auth/sign-in');
  });

  it('refuses an ID token with a bad signature or past its expiry, and signs nobody in', async () => {
    const page = visitor.page;
    const reasons = {
      'bad-signature': 'JWT signature verification failed',
      expired: 'the ID token has expired',
    } as const;
    for (const tamper of ['bad-signature', 'expired'] as const) {
      await visitor.context.clearCookies();
      idp.setTamper(tamper);
      try {
        await startSso(page, `ana@${domain}`);
        await page.waitForURL(new RegExp(`^${idp.issuer}/interaction/`), { timeout: 30_000 });
        await page.locator('#password').fill('idp-secret-1');
        await page.locator('#idp-sign-in').click();
        // A new provider session asks for consent again before it answers the app.
        await page.locator('#idp-allow').click({ timeout: 30_000 });
        await page.getByTestId('sso-callback-error').waitFor({ timeout: 60_000 });
      } finally {
        idp.setTamper('none');
      }
      expect(new URL(page.url()).pathname).toBe('/auth/sign-in');
      expect(await page.getByTestId('sso-callback-error').textContent()).toBe(
        `The identity provider's answer was refused: ${reasons[tamper]}`,
      );
      await screenshot(page, `sso-06-${tamper}-refused`);
      const session = await page.evaluate(async () => (await fetch('/api/auth/get-session')).json());
      expect(session).toBeNull();
    }
  });

  it('refuses users of another domain: at the sign-in page, and when they sign in at the provider', async () => {
    const page = visitor.page;
    await startSso(page, `bob@other-${stamp}.test`);
    await page.getByTestId('sso-sign-in-error').waitFor();
    expect(await page.getByTestId('sso-sign-in-error').textContent()).toBe(
      `No organization signs in other-${stamp}.test through single sign-on: sign in with your password`,
    );
    await screenshot(page, 'sso-07-no-sso-for-domain');

    // Started for the organization's domain, but someone of another domain signs in at the provider.
    await visitor.context.clearCookies();
    await startSso(page, `ana@${domain}`);
    await page.waitForURL(new RegExp(`^${idp.issuer}/interaction/`), { timeout: 30_000 });
    await page.locator('#email').fill(`bob@other-${stamp}.test`);
    await page.locator('#password').fill('idp-secret-2');
    await page.locator('#idp-sign-in').click();
    await page.locator('#idp-allow').click({ timeout: 30_000 });
    await page.getByTestId('sso-callback-error').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('sso-callback-error').textContent()).toBe(
      `bob@other-${stamp}.test is not in a domain of this organization's single sign-on (${domain})`,
    );
    await screenshot(page, 'sso-08-other-domain-refused');
    const session = await page.evaluate(async () => (await fetch('/api/auth/get-session')).json());
    expect(session).toBeNull();
  });
});
