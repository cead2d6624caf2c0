import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  type BrowserSession,
  createFolderByApi,
  openBrowser,
  screenshot,
  signUpWithOrganization,
} from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { BUILT_FEATURES } from '../apps/web/src/lib/built-features.js';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
const org = 'hub-surveys';
const email = `hub-${Date.now()}@example.com`;
const password = 'rebar-cover-2026';
const folderIds: Record<string, string> = {};

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.url);
  page = browser.page;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const pathname = () => new URL(page.url()).pathname;
const searchParam = (name: string) => new URL(page.url()).searchParams.get(name);
const row = (name: string) => page.locator('.MuiDataGrid-row', { hasText: name });
const columnHeader = (field: 'name' | 'type' | 'createdAt') =>
  page.locator(`[role="columnheader"][data-field="${field}"]`);

/** A screenshot once menus, dialogs, sheets and snackbars have finished their entry animation. */
async function shot(name: string): Promise<void> {
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

/** Create a folder through the API as the signed-in user (for data the test only needs to exist). */
const createFolder = (name: string, parentId: string | null) =>
  createFolderByApi(page, server.url, org, name, parentId);

/** "New" → "Folder" → name → Save, and wait for the new folder's page. */
async function createFolderByMenu(name: string): Promise<string> {
  const before = pathname();
  await page.getByTestId('hub-new-button').click();
  await page.getByTestId('hub-new-folder').click();
  const dialog = page.getByTestId('new-folder-dialog');
  await dialog.waitFor();
  expect(await page.getByTestId('new-folder-submit').isDisabled()).toBe(true);
  await page.getByTestId('new-folder-name').fill(name);
  await expect.poll(() => page.getByTestId('new-folder-submit').isEnabled()).toBe(true);
  await page.getByTestId('new-folder-submit').click();
  await expect.poll(pathname).not.toBe(before);
  await page.getByRole('heading', { level: 1, name }).waitFor();
  return pathname().split('/').at(-1)!;
}

describe('hub and nodes screens', () => {
  it('signs up, creates an organization and shows the empty hub', async () => {
    await signUpWithOrganization(page, server.url, {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: email,
      password: password,
      organization: 'Hub Surveys',
      slug: org,
    });
    await page.getByTestId('hub-empty-state').waitFor();
    expect(await page.getByTestId('hub-breadcrumbs').textContent()).toBe('Hub');
    await shot('hub-01-empty');
  });

  it('creates nested folders with the New menu and opens each one', async () => {
    await page.getByTestId('hub-new-button').click();
    // GPR scan opens the import dialog; kinds not built yet are not offered (issue #14: no dead ends).
    expect(await page.getByTestId('hub-new-gpr-scan').getAttribute('aria-disabled')).toBeNull();
    for (const label of ['3D model', 'Building'])
      expect(
        await page.getByRole('menuitem', { name: new RegExp(label) }).count(),
        `${label} is not built yet`,
      ).toBe(BUILT_FEATURES[label === '3D model' ? 'threeDModels' : 'buildings'] ? 1 : 0);
    await shot('hub-02-new-menu');
    await page.keyboard.press('Escape');

    folderIds.siteA = await createFolderByMenu('Site A');
    expect(pathname()).toBe(`/hub/${folderIds.siteA}`);
    expect(searchParam('org')).toBe(org);
    await page.getByText('This folder is empty').waitFor();

    // The empty state's own button creates a folder too.
    await page.getByTestId('hub-empty-new-folder').click();
    await page.getByTestId('new-folder-name').fill('Level 1');
    await shot('hub-03-new-folder-dialog');
    await page.getByTestId('new-folder-submit').click();
    await page.getByRole('heading', { level: 1, name: 'Level 1' }).waitFor();
    folderIds.level1 = pathname().split('/').at(-1)!;

    folderIds.slab = await createFolderByMenu('Slab east');
    await expect
      .poll(() => page.getByTestId('hub-breadcrumbs').textContent())
      .toBe('HubSite ALevel 1Slab east');
    await shot('hub-04-nested');
  });

  it('navigates by breadcrumbs and by row clicks', async () => {
    await page.getByTestId('hub-breadcrumbs').getByRole('link', { name: 'Site A' }).click();
    await expect.poll(pathname).toBe(`/hub/${folderIds.siteA}`);
    await row('Level 1').waitFor();
    // Folder names are real links to their hub page, keeping the organization.
    const href = await row('Level 1').getByTestId('node-name-link').getAttribute('href');
    expect(href).toBe(`/hub/${folderIds.level1}?org=${org}`);
    expect(await row('Level 1').getByTestId('node-name-link').getAttribute('target')).toBeNull();

    await page.getByTestId('hub-breadcrumbs').getByRole('link', { name: 'Hub' }).click();
    await expect.poll(pathname).toBe('/hub');
    await row('Site A').waitFor();
    // A click anywhere on the row (here: its type cell) opens the folder.
    await row('Site A').locator('[data-field="type"]').click();
    await expect.poll(pathname).toBe(`/hub/${folderIds.siteA}`);
    await page.goBack();
    await expect.poll(pathname).toBe('/hub');
  });

  it('lists the top level newest first with name, type and creation date', async () => {
    folderIds.siteB = await createFolder('Site B', null);
    folderIds.siteC = await createFolder('Site C', null);
    folderIds.siteD = await createFolder('Site D', null);
    await page.reload();
    await row('Site D').waitFor();
    const names = await page.locator('.MuiDataGrid-row [data-field="name"]').allTextContents();
    expect(names).toEqual(['Site D', 'Site C', 'Site B', 'Site A']);
    for (const field of ['name', 'type', 'createdAt'] as const)
      expect(await columnHeader(field).count()).toBe(1);
    expect(await row('Site A').locator('[data-field="type"]').textContent()).toBe('Folder1 item');
    // Sorting is done by the server: name ascending.
    await columnHeader('name').click();
    await expect
      .poll(() => page.locator('.MuiDataGrid-row [data-field="name"]').allTextContents())
      .toEqual(['Site A', 'Site B', 'Site C', 'Site D']);
    await shot('hub-05-listing');
  });

  it('opens the details panel from the row action, in a resizable split', async () => {
    await row('Site A').getByTestId('hub-row-details').click();
    await expect.poll(() => searchParam('details')).toBe(folderIds.siteA);
    const pane = page.getByTestId('hub-details-pane');
    await pane.waitFor();
    expect(await pane.getByTestId('node-details-panel').getAttribute('data-node-id')).toBe(folderIds.siteA);
    // 30 % on large screens.
    expect(await pane.getAttribute('data-split-percent')).toBe('30');
    await shot('hub-06-details-panel');

    const divider = page.getByTestId('hub-split-divider');
    const box = (await divider.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x - 200, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    const widened = Number(await pane.getAttribute('data-split-percent'));
    expect(widened).toBeGreaterThan(40);
    // Dragged far right, it stops at the minimum.
    const moved = (await divider.boundingBox())!;
    await page.mouse.move(moved.x + moved.width / 2, moved.y + moved.height / 2);
    await page.mouse.down();
    await page.mouse.move(1430, moved.y + moved.height / 2, { steps: 5 });
    await page.mouse.up();
    expect(await pane.getAttribute('data-split-percent')).toBe('10');
    // Enter on the divider goes back to the initial width.
    await divider.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => pane.getAttribute('data-split-percent')).toBe('30');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => pane.getAttribute('data-split-percent')).toBe('32');

    // The panel survives a reload (it is in the URL); the same row action closes it.
    await page.reload();
    await pane.waitFor();
    await row('Site A').getByTestId('hub-row-details').click();
    await expect.poll(() => pane.count()).toBe(0);
    expect(searchParam('details')).toBeNull();
  });

  it('deletes several nodes with the selection menu after confirmation', async () => {
    await row('Site C').getByRole('checkbox').click();
    await row('Site D').getByRole('checkbox').click();
    await page.getByTestId('hub-selection-button').click();
    await page.getByTestId('hub-delete-selected').click();
    const dialog = page.getByTestId('delete-nodes-dialog');
    await dialog.getByRole('heading', { name: 'Delete node' }).waitFor();
    expect(await dialog.textContent()).toContain('Are you sure you want to delete 2 node(s)?');
    await shot('hub-07-delete-confirm');
    await page.getByTestId('delete-nodes-confirm').click();
    await page.getByTestId('hub-deleted-snackbar').waitFor();
    await expect.poll(() => row('Site C').count()).toBe(0);
    expect(await row('Site D').count()).toBe(0);
    expect(await page.getByTestId('hub-selection-button').count()).toBe(0);
    await row('Site B').waitFor();
  });

  it('lists all nodes at /nodes, searches by name, and restores a deleted folder', async () => {
    await page.getByTestId('nav-nodes').click();
    await expect.poll(pathname).toBe('/nodes');
    await page.getByTestId('nodes-grid').waitFor();
    await expect.poll(() => page.getByTestId('nodes-total').textContent()).toBe('4 nodes');
    await shot('hub-08-nodes');

    await page.getByTestId('nodes-search').fill('slab');
    await expect.poll(() => page.getByTestId('nodes-total').textContent()).toBe('1 node');
    await row('Slab east').locator('[data-field="createdAt"]').click();
    await expect.poll(pathname).toBe(`/hub/${folderIds.slab}`);
    await page.goBack();
    await page.getByTestId('nodes-grid').waitFor();

    await page.getByTestId('nodes-search').fill('');
    // The switch follows the URL, which updates a moment after the click.
    await page.getByTestId('nodes-deleted-toggle').click();
    await expect.poll(() => searchParam('deleted')).toBe('true');
    await row('Site C').waitFor();
    await expect.poll(() => page.getByTestId('nodes-total').textContent()).toBe('2 nodes');
    await page.reload();
    expect(await page.getByTestId('nodes-deleted-toggle').isChecked()).toBe(true);
    await row('Site C').getByTestId('restore-node-button').click();
    await page.getByTestId('restored-snackbar').waitFor();
    expect(await page.getByTestId('restored-snackbar').textContent()).toContain('Restored');
    await expect.poll(() => row('Site C').count()).toBe(0);
    await shot('hub-09-restored');
    await page.getByTestId('restored-go').click();
    await expect.poll(pathname).toBe(`/hub/${folderIds.siteC}`);
    await page.getByRole('heading', { level: 1, name: 'Site C' }).waitFor();
    expect(searchParam('org')).toBe(org);
  });

  it('shows only the name column on a narrow screen and the details as a sheet', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/hub?org=${org}`);
    await row('Site A').waitFor();
    expect(await columnHeader('name').count()).toBe(1);
    expect(await columnHeader('type').count()).toBe(0);
    expect(await columnHeader('createdAt').count()).toBe(0);
    expect(await page.getByTestId('hub-start-labeling').count()).toBe(0);
    await shot('hub-10-narrow');
    await row('Site A').getByTestId('hub-row-details').click();
    await page.getByTestId('hub-details-pane').waitFor();
    await shot('hub-11-narrow-details');
    await page.keyboard.press('Escape');
    await expect.poll(() => searchParam('details')).toBeNull();

    await page.goto(`${server.url}/nodes?org=${org}`);
    await row('Site A').waitFor();
    expect(await columnHeader('type').count()).toBe(0);
    await shot('hub-12-narrow-nodes');
  });

  it('shows name and type on a medium screen with the panel at 52 %', async () => {
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.goto(`${server.url}/hub/${folderIds.siteA}?org=${org}&details=${folderIds.level1}`);
    await row('Level 1').waitFor();
    expect(await columnHeader('type').count()).toBe(1);
    expect(await columnHeader('createdAt').count()).toBe(0);
    expect(await page.getByTestId('hub-details-pane').getAttribute('data-split-percent')).toBe('52');
    await shot('hub-13-medium');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot('hub-14-medium-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('shows not found for a node that does not exist', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/hub/6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b?org=${org}`);
    await page.getByTestId('not-found-page').waitFor();
  });
});
