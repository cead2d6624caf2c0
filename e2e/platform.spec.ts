import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, screenshot, type BrowserSession } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
const email = `surveyor-${Date.now()}@example.com`;
const password = 'rebar-cover-2026';

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.url);
  page = browser.page;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const orgParam = () => new URL(page.url()).searchParams.get('org');

describe('platform: accounts, organizations, shell, keys', () => {
  it('signs up and is asked to create an organization, then lands on /hub', async () => {
    await page.goto(server.url);
    await page.waitForURL(/\/auth\/sign-in/);
    await screenshot(page, 'platform-01-sign-in');
    await page.goto(`${server.url}/auth/sign-up`);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Work email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await screenshot(page, 'platform-02-sign-up');
    await page.getByTestId('sign-up-submit').click();

    await page.getByTestId('create-organization-form').waitFor();
    await screenshot(page, 'platform-03-create-organization');
    await page.getByLabel('Organization name').fill('Acme Surveys');
    await page.getByTestId('create-organization-submit').click();
    await page.waitForURL(/\/hub\?.*org=acme-surveys/);
    expect(new URL(page.url()).pathname).toBe('/hub');
    await page.getByTestId('app-drawer').waitFor();
    await screenshot(page, 'platform-04-hub-shell');
  });

  it('switches between dark and light mode and remembers the choice', async () => {
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const before = await background();
    await page.getByTestId('theme-mode-switch').click();
    await expect.poll(background).not.toBe(before);
    const dark = await background();
    await screenshot(page, 'platform-05-dark-mode');
    await page.reload();
    await page.getByTestId('app-drawer').waitFor();
    expect(await background()).toBe(dark);
    await page.getByTestId('theme-mode-switch').click();
    await expect.poll(background).toBe(before);
  });

  it('copies an access token that authenticates API calls', async () => {
    await page.getByTestId('copy-access-token').click();
    await page.getByText('Token copied to clipboard').waitFor();
    await screenshot(page, 'platform-06-token-copied');
    const token = await page.evaluate(() => navigator.clipboard.readText());
    expect(token.length).toBeGreaterThan(20);
    const res = await fetch(`${server.url}/api/tenant-keys/query`, { headers: { authorization: `Bearer ${token}`, 'x-organization': 'acme-surveys' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ keys: [], total: 0 });
  });

  it('creates an API key, shows it once, and the key works', async () => {
    await page.getByRole('link', { name: 'Keys' }).click();
    await page.waitForURL(/\/keys\?.*org=acme-surveys/);
    await page.getByTestId('keys-grid').waitFor();
    await page.getByTestId('new-key-button').click();
    // The dialog's name and expiry are optional: create straight away.
    await page.getByTestId('new-key-create').click();
    const alert = page.getByTestId('new-key-alert');
    await alert.waitFor();
    const key = (await alert.textContent())?.match(/gprk_[A-Za-z0-9_-]+/)?.[0];
    expect(key).toBeTruthy();
    await screenshot(page, 'platform-07-new-key');
    const list = await fetch(`${server.url}/api/tenant-keys/query`, { headers: { authorization: `Bearer ${key}` } });
    const { keys } = await list.json();
    expect(keys).toHaveLength(1);
    await page.getByRole('gridcell', { name: keys[0].id }).waitFor();
    await page.reload();
    await page.getByRole('gridcell', { name: keys[0].id }).waitFor();
    expect(await page.getByText(key!).count()).toBe(0);
  });

  it('switches organization and keeps `org` in the URL in sync both ways', async () => {
    await page.getByTestId('organization-switcher').click();
    await page.getByTestId('create-organization-menu-item').click();
    await page.getByLabel('Organization name').fill('Beta Inspections');
    await page.getByTestId('create-organization-submit').click();
    await expect.poll(orgParam).toBe('beta-inspections');
    await screenshot(page, 'platform-08-second-organization');

    await page.getByTestId('organization-switcher').click();
    await page.getByTestId('organization-option-acme-surveys').click();
    await expect.poll(orgParam).toBe('acme-surveys');
    expect(new URL(page.url()).pathname).toBe('/hub');

    // A link naming the other organization switches to it.
    await page.goto(`${server.url}/keys?org=beta-inspections`);
    await page.getByTestId('keys-grid').waitFor();
    await expect.poll(() => page.getByTestId('organization-switcher').textContent()).toContain('Beta Inspections');
    // Beta has no keys: the grid shows Beta's data, not Acme's.
    await expect.poll(() => page.getByRole('gridcell').count()).toBe(0);
  });

  it('signs out to / and is asked to sign in again', async () => {
    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('sign-out-button').click();
    await page.waitForURL(/\/auth\/sign-in/);
    await screenshot(page, 'platform-09-signed-out');
    await page.goto(`${server.url}/hub`);
    await page.waitForURL(/\/auth\/sign-in/);
  });

  it('shows a not-found page for unknown routes and ids that are not UUIDs', async () => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByTestId('sign-in-submit').click();
    await page.waitForURL(/\/hub/);
    await page.goto(`${server.url}/gpr-scans/not-a-uuid?org=acme-surveys`);
    await page.getByText(/not found/i).first().waitFor();
    await page.goto(`${server.url}/no/such/page?org=acme-surveys`);
    await page.getByText(/not found/i).first().waitFor();
    await screenshot(page, 'platform-10-not-found');
  });
});
