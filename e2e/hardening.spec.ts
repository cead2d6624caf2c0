import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { type BrowserSession, createFolderByApi, openBrowser, screenshot, signUpWithOrganization } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

// Issue #12: API keys with creator, last use, expiry and Revoke; no blocked-eval or other CSP errors
// in the console; external images in comments shown as links, never loaded.
let server: RunningServer;
let browser: BrowserSession;
let page: Page;
const org = 'hardening-surveys';
/** Console errors and CSP violations seen by the page. */
const problems: string[] = [];
/** Every address the page asked for. */
const requested: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.url);
  page = browser.page;
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page: ${error.message}`));
  page.on('request', (request) => requested.push(request.url()));
  // CSP violations are also reported as DOM events; record them too, whatever the console says.
  await browser.context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`),
    );
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const text = (locator: Locator) => locator.textContent().then((t) => t ?? '');
/** Let transitions (menus closing, dialogs opening) finish before a screenshot. */
const settle = () => page.waitForTimeout(400);
const keyRow = (id: string) => page.locator(`.MuiDataGrid-row[data-id="${id}"]`);
const callWithKey = (key: string) => fetch(`${server.url}/api/nodes/query`, { headers: { authorization: `Bearer ${key}` } });

describe('hardening', () => {
  it('shows the hub with no console error (no blocked eval, no CSP violation)', async () => {
    await signUpWithOrganization(page, server.url, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: `hardening-${Date.now()}@example.com`,
      password: 'rebar-cover-2026',
      organization: 'Hardening Surveys',
      slug: org,
    });
    await page.getByTestId('hub-page').waitFor();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });

  it('creates a named key with an expiry, lists creator, last use and expiry, and revokes it after a confirmation', async () => {
    await page.goto(`${server.url}/keys?org=${org}`);
    await page.getByTestId('keys-grid').waitFor();

    await page.getByTestId('new-key-button').click();
    await page.getByTestId('new-key-name').fill('Nightly export');
    await page.getByTestId('new-key-expiry').click();
    await page.getByTestId('new-key-expiry-30').click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await settle();
    await screenshot(page, 'hardening-01-new-key-dialog');
    await page.getByTestId('new-key-create').click();
    const key = (await text(page.getByTestId('new-key-value'))).trim();
    expect(key).toMatch(/^gprk_/);
    // A second key, unnamed and without expiry.
    await page.getByTestId('new-key-button').click();
    await page.getByTestId('new-key-create').click();
    await page.getByTestId('new-key-dialog').waitFor({ state: 'detached' });

    const { keys } = await (await fetch(`${server.url}/api/tenant-keys/query`, { headers: { authorization: `Bearer ${key}` } })).json();
    const named = keys.find((k: { name: string | null }) => k.name === 'Nightly export');
    expect(named.expiresAt).toBeTruthy();
    await page.reload();
    const row = keyRow(named.id);
    await row.waitFor();
    await expect.poll(() => text(row)).toContain('Nightly export');
    const rowText = await text(row);
    expect(rowText).toContain('Ada Lovelace');
    expect(rowText).not.toContain('Never'); // used just now (the listing above), and expires
    await screenshot(page, 'hardening-02-keys');

    await page.getByTestId(`revoke-key-${named.id}`).click();
    const dialog = page.getByTestId('revoke-key-dialog');
    await dialog.getByText('Nightly export').waitFor();
    await settle();
    await screenshot(page, 'hardening-03-revoke-confirm');
    await page.getByTestId('revoke-key-dialog-confirm').click();
    await row.waitFor({ state: 'detached' });
    expect((await callWithKey(key)).status).toBe(401);
    expect(problems).toEqual([]);
  });

  it('shows an external image in a comment as a link and never loads it', async () => {
    const nodeId = await createFolderByApi(page, server.url, org, 'Bridge deck');
    await page.goto(`${server.url}/hub?org=${org}`);
    await page.locator(`.MuiDataGrid-row[data-id="${nodeId}"]`).getByTestId('hub-row-details').click();
    const panel = page.getByTestId('node-details-panel');
    await panel.getByTestId('comment-composer-input').fill('Crack at C4 ![crack photo](https://tracker.example/pixel.png?reader=1)');
    await panel.getByTestId('comment-composer-submit').click();
    const content = panel.getByTestId('comment-content').first();
    const link = content.getByTestId('external-image-link');
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('https://tracker.example/pixel.png?reader=1');
    expect(await text(link)).toContain('crack photo');
    expect(await content.locator('img').count()).toBe(0);
    await screenshot(page, 'hardening-04-external-image-comment');
    expect(requested.filter((url) => url.includes('tracker.example'))).toEqual([]);
    expect(problems).toEqual([]);
  });
});
