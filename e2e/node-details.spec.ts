import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Locator, type Page } from 'playwright-core';
import {
  type BrowserSession,
  createFolderByApi,
  openBrowser,
  screenshot,
  signUpWithOrganization,
} from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
const org = 'details-surveys';
const stamp = Date.now();
const email = `details-${stamp}@example.com`;
const colleagueEmail = `colleague-${stamp}@example.com`;
const password = 'rebar-cover-2026';
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.url);
  page = browser.page;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const panel = () => page.getByTestId('node-details-panel');
const row = (nodeId: string) => page.locator(`.MuiDataGrid-row[data-id="${nodeId}"]`);
const text = (locator: Locator) => locator.textContent().then((t) => t ?? '');

// A small PNG drawn here (a gradient with a diagonal stripe, so that rotation shows).
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function makePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * (width * 3 + 1) + 1 + x * 3;
      const isStripe = Math.abs(x - y * (width / height)) < 10;
      rows[i] = isStripe ? 245 : 20 + Math.round((200 * x) / width);
      rows[i + 1] = isStripe ? 184 : 115;
      rows[i + 2] = isStripe ? 0 : 74 + Math.round((120 * y) / height);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Create a folder through the API as the signed-in user. */
const createFolder = (name: string, parentId: string | null = null) =>
  createFolderByApi(page, server.url, org, name, parentId);

/** Sign a user up with plain fetch (outside the browser) and return their session cookie. */
async function signUpColleague(): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({
      email: colleagueEmail,
      password,
      name: 'Grace Hopper',
      firstName: 'Grace',
      lastName: 'Hopper',
    }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Pick the option of a node search field after typing part of its name. */
async function pickNode(testId: string, search: string, nodeId: string) {
  const input = page.getByTestId(testId).locator('input');
  await input.click();
  await input.fill(search);
  await page.getByTestId(`${testId}-option-${nodeId}`).click();
}

async function chooseMetadataType(type: string) {
  await page
    .getByTestId('metadata-form-new')
    .getByTestId('metadata-type-field')
    .getByRole('combobox')
    .click();
  await page.getByTestId(`metadata-type-option-${type}`).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** Let transitions (menus closing, buttons changing colour) finish before a screenshot. */
const settle = () => page.waitForTimeout(400);

describe('node details panel', () => {
  it('opens from the hub row details action', async () => {
    await signUpWithOrganization(page, server.url, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: email,
      password: password,
      organization: 'Details Surveys',
      slug: org,
    });

    ids.archive = await createFolder('Archive');
    ids.deck = await createFolder('Bridge deck A');
    ids.span = await createFolder('Span 1', ids.deck);
    await page.reload();
    await row(ids.deck).getByTestId('hub-row-details').click();
    await expect.poll(() => panel().getAttribute('data-node-id')).toBe(ids.deck);
    await panel().getByTestId('node-details-header').waitFor();
    expect(await text(panel().getByTestId('node-details-type'))).toBe('Folder');
    expect(await text(panel().getByTestId('node-details-parent'))).toBe('in Top level');
    expect(await text(panel().getByTestId('node-details-created'))).toMatch(
      /^Created \d\d\. \w{3} \d{4} \d\d:\d\d$/,
    );
    await panel().getByTestId('comments-empty').getByText('No comments yet').waitFor();
    await screenshot(page, 'details-01-open');
  });

  it('renames the node inline, refusing an empty name', async () => {
    await panel().getByTestId('node-details-name').click();
    const input = panel().getByTestId('node-details-name-input');
    await input.fill('   ');
    await input.press('Enter');
    await panel().getByText('Name is required').waitFor();
    await input.fill('Bridge deck A1');
    await input.press('Enter');
    await expect.poll(() => text(panel().getByTestId('node-details-name'))).toBe('Bridge deck A1');
    await expect.poll(() => text(row(ids.deck))).toContain('Bridge deck A1');
  });

  it('posts markdown comments without running raw HTML', async () => {
    const composer = panel().getByTestId('comment-composer');
    expect(await composer.getByTestId('comment-composer-submit').isDisabled()).toBe(true);
    await composer
      .getByTestId('comment-composer-input')
      .fill(
        '**Cover** looks thin near [grid C](https://example.com/grid-c)\n\n- item one\n\n' +
          '<img src="x" onerror="window.__xss = 1"> <script>window.__xss = 2</script>',
      );
    await composer.getByTestId('comment-composer-submit').click();
    const content = panel().getByTestId('comment-content').first();
    await content.locator('strong', { hasText: 'Cover' }).waitFor();
    const link = content.locator('a', { hasText: 'grid C' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    expect(await content.locator('img, script').count()).toBe(0);
    expect(await text(content)).toContain('<script>');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await text(panel().getByTestId('comment-author').first())).toBe('Ada Lovelace');
    await screenshot(page, 'details-02-comment');
  });

  it("shows a colleague's comment without edit or delete, and the API refuses changing it", async () => {
    const organizations = (await (
      await page.request.get(`${server.url}/api/auth/organization/list`)
    ).json()) as {
      id: string;
      slug: string;
    }[];
    const organizationId = organizations.find((o) => o.slug === org)!.id;
    const colleague = await signUpColleague();
    const invite = await page.request.post(`${server.url}/api/auth/organization/invite-member`, {
      data: { email: colleagueEmail, role: 'member', organizationId },
      headers: { origin: server.url },
    });
    expect(invite.status()).toBe(200);
    const asColleague = { cookie: colleague, origin: server.url, 'content-type': 'application/json' };
    const accept = await fetch(`${server.url}/api/auth/organization/accept-invitation`, {
      method: 'POST',
      headers: asColleague,
      body: JSON.stringify({ invitationId: ((await invite.json()) as { id: string }).id }),
    });
    expect(accept.status).toBe(200);
    const posted = await fetch(`${server.url}/api/nodes/${ids.deck}/comments`, {
      method: 'POST',
      headers: { ...asColleague, 'x-organization': org },
      body: JSON.stringify({ content: 'Checked on site, _agreed_.' }),
    });
    expect(posted.status).toBe(201);
    const theirs = ((await posted.json()) as { id: string }).id;

    // The list refreshes every 10 s.
    const comment = panel().getByTestId(`comment-${theirs}`);
    await comment.waitFor({ timeout: 15_000 });
    expect(await text(comment.getByTestId('comment-author'))).toBe('Grace Hopper');
    expect(await comment.getAttribute('data-own')).toBe('false');
    await comment.hover();
    expect(await panel().getByTestId(`comment-edit-${theirs}`).count()).toBe(0);
    expect(await panel().getByTestId(`comment-delete-${theirs}`).count()).toBe(0);
    const steal = await page.request.patch(`${server.url}/api/node-comments/${theirs}`, {
      data: { content: 'mine now' },
      headers: { 'x-organization': org },
    });
    expect(steal.status()).toBe(403);
    await screenshot(page, 'details-03-colleague-comment');
  });

  it('edits and deletes its own comment, with confirmation', async () => {
    const own = panel().locator('[data-testid^="comment-"][data-own="true"]');
    const id = (await own.getAttribute('data-testid'))!.replace('comment-', '');
    await own.hover();
    await panel().getByTestId(`comment-edit-${id}`).click();
    await panel().getByTestId('comment-edit-form-input').fill('Cover is **fine** after all');
    await panel().getByTestId('comment-edit-form-submit').click();
    await own.getByText('edited').waitFor();
    expect(await text(own.getByTestId('comment-content'))).toBe('Cover is fine after all');
    await own.hover();
    await panel().getByTestId(`comment-delete-${id}`).click();
    await page.getByTestId('delete-comment-dialog').getByText('Are you sure').waitFor();
    await page.getByTestId('delete-comment-dialog-confirm').click();
    await expect.poll(() => own.count()).toBe(0);
    expect(await panel().locator('[data-testid^="comment-"][data-own="false"]').count()).toBe(1);
  });

  it('uploads pictures, refuses other extensions, and rotates and zooms in the lightbox', async () => {
    await panel().getByTestId('node-details-tab-images').click();
    await panel().getByTestId('images-empty').getByText('No images yet.').waitFor();
    const input = panel().getByTestId('images-file-input');
    await input.setInputFiles({
      name: 'scan-notes.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a'),
    });
    await panel().getByTestId('images-error').getByText('File extension gif is not supported').waitFor();
    await input.setInputFiles([
      { name: 'Slab-north.png', mimeType: 'image/png', buffer: makePng(320, 200) },
      { name: 'Slab-south.PNG', mimeType: 'image/png', buffer: makePng(200, 300) },
    ]);
    const tiles = panel().locator('[data-testid^="image-tile-"]');
    await expect.poll(() => tiles.count(), { timeout: 20_000 }).toBe(2);
    await expect
      .poll(() =>
        tiles
          .first()
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await screenshot(page, 'details-04-images');

    await tiles.first().click();
    const lightbox = page.getByTestId('image-lightbox');
    await lightbox.getByTestId('lightbox-image').waitFor();
    await page.getByTestId('lightbox-rotate-right').click();
    await expect.poll(() => page.getByTestId('lightbox-image').getAttribute('data-rotation')).toBe('90');
    await page.getByTestId('lightbox-zoom-in').click();
    await expect.poll(() => text(page.getByTestId('lightbox-zoom'))).toBe('110%');
    await screenshot(page, 'details-05-lightbox-rotated');
    for (let i = 0; i < 15; i++) await page.getByTestId('lightbox-zoom-out').click({ force: true });
    expect(await page.getByTestId('lightbox-zoom').getAttribute('data-zoom')).toBe('0.1');
    expect(await page.getByTestId('lightbox-zoom-out').isDisabled()).toBe(true);

    await page.getByTestId('lightbox-delete').click();
    await page.getByTestId('delete-image-dialog-confirm').click();
    await expect.poll(() => tiles.count()).toBe(1);
    await page.getByTestId('lightbox-close').click();
    await expect.poll(() => lightbox.count()).toBe(0);
  });

  it('reports that no camera is available instead of failing silently', async () => {
    await panel().getByTestId('images-camera').click();
    const dialog = page.getByTestId('camera-dialog');
    await dialog.getByTestId('camera-error').waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('takes a picture with a (fake) camera, mirrored, and remembers the mirror choice', async () => {
    // Chromium's fake camera, in a browser of its own (the shared one has no camera), signed in as the same user.
    const cameraBrowser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    });
    try {
      const context = await cameraBrowser.newContext({ viewport: { width: 1280, height: 860 } });
      await context.addCookies(await browser.context.cookies());
      await context.grantPermissions(['camera'], { origin: server.url });
      const cameraPage = await context.newPage();
      await cameraPage.goto(`${server.url}/hub?org=${org}&details=${ids.deck}`);
      const details = cameraPage.getByTestId('node-details-panel');
      await details.getByTestId('node-details-tab-images').click();
      await details.getByTestId('images-grid').waitFor();
      await details.getByTestId('images-camera').click();
      const capture = cameraPage.getByTestId('camera-capture');
      await expect.poll(() => capture.isEnabled(), { timeout: 15_000 }).toBe(true);
      await cameraPage.getByTestId('camera-mirror').click();
      await capture.click();
      await cameraPage.getByTestId('camera-save').waitFor();
      await cameraPage.waitForTimeout(300);
      await screenshot(cameraPage, 'details-13-camera-review');
      await cameraPage.getByTestId('camera-save').click();
      await expect.poll(() => cameraPage.getByTestId('camera-dialog').count(), { timeout: 20_000 }).toBe(0);
      const tiles = details.locator('[data-testid^="image-tile-"]');
      await expect.poll(() => tiles.count()).toBe(2);
      // Newest first: the picture just taken.
      expect(await tiles.first().getAttribute('title')).toMatch(/^Picture_\d{8}_\d{6}\.jpg$/);
      expect(await cameraPage.evaluate(() => localStorage.getItem('gprhub-camera-mirror'))).toBe('true');
      await details.getByTestId('images-camera').click();
      await expect.poll(() => capture.isEnabled(), { timeout: 15_000 }).toBe(true);
      expect(await cameraPage.getByTestId('camera-mirror').locator('input').isChecked()).toBe(true);
      await cameraPage.getByTestId('camera-dialog').getByRole('button', { name: 'Cancel' }).click();
    } finally {
      await cameraBrowser.close();
    }
  });

  it('adds TEXT, JSON, LOCATION and RELATED_NODE metadata', async () => {
    await panel().getByTestId('node-details-tab-metadata').click();
    await panel().getByTestId('metadata-empty').getByText('No metadata yet.').waitFor();
    const form = () => page.getByTestId('metadata-form-new');
    const submit = () => form().getByTestId('metadata-submit');
    const items = panel().locator('[data-testid^="metadata-item-"]');

    // TEXT
    await panel().getByTestId('metadata-add').click();
    expect(await submit().isDisabled()).toBe(true);
    await form().getByTestId('metadata-name-input').fill('Inspector');
    await chooseMetadataType('TEXT');
    await form().getByTestId('metadata-text-input').fill('Ada Lovelace');
    await expect.poll(() => submit().isEnabled()).toBe(true);
    await submit().click();
    await expect.poll(() => items.count()).toBe(1);

    // JSON, invalid first
    await panel().getByTestId('metadata-add').click();
    await form().getByTestId('metadata-name-input').fill('Readings');
    await chooseMetadataType('JSON');
    await form().getByTestId('metadata-json-input').fill('{"coverMm": 42,');
    await form().getByText('JSON is not valid').waitFor();
    expect(await submit().isDisabled()).toBe(true);
    await screenshot(page, 'details-06-json-invalid');
    await form().getByTestId('metadata-json-input').fill('{"coverMm": 42, "bars": [12, 16]}');
    await expect.poll(() => submit().isEnabled()).toBe(true);
    await submit().click();
    await expect.poll(() => items.count()).toBe(2);

    // LOCATION: offline, the map gives way to the coordinates view
    await panel().getByTestId('metadata-add').click();
    await form().getByTestId('metadata-name-input').fill('Site');
    await chooseMetadataType('LOCATION');
    await expect
      .poll(() => form().getByTestId('location-map').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('fallback');
    await form().getByTestId('metadata-latitude-input').fill('47,3769');
    await form().getByTestId('metadata-longitude-input').fill('8.5417');
    await form().getByTestId('metadata-latitude-input').fill('');
    await form().getByText('Location is required').waitFor();
    expect(await submit().isDisabled()).toBe(true);
    await form().getByTestId('metadata-latitude-input').fill('47,3769');
    await expect
      .poll(() => text(form().getByTestId('location-fallback-coordinates')))
      .toBe('47.37690° N, 8.54170° E');
    await screenshot(page, 'details-07-location-offline');
    await submit().click();
    await expect.poll(() => items.count()).toBe(3);
    const site = items.filter({ hasText: 'Site' });
    await expect
      .poll(() => site.getByTestId('location-map').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('fallback');
    expect(await text(site.getByTestId('location-fallback-coordinates'))).toBe('47.37690° N, 8.54170° E');

    // RELATED_NODE
    await panel().getByTestId('metadata-add').click();
    await form().getByTestId('metadata-name-input').fill('First span');
    await chooseMetadataType('RELATED_NODE');
    await submit().isDisabled();
    await pickNode('metadata-related-node', 'Span', ids.span);
    await expect.poll(() => submit().isEnabled()).toBe(true);
    await submit().click();
    await expect.poll(() => items.count()).toBe(4);
    const link = items.filter({ hasText: 'First span' }).getByTestId('metadata-related-link');
    await expect.poll(() => text(link)).toContain('Span 1');
    expect(await link.getAttribute('href')).toBe(`/hub/${ids.span}?org=${org}`);
    await link.scrollIntoViewIfNeeded();
    await settle();
    await screenshot(page, 'details-08-metadata');
  });

  it('suggests names, edits an item in place and deletes one with confirmation', async () => {
    await panel().getByTestId('metadata-add').click();
    const form = page.getByTestId('metadata-form-new');
    await form.getByTestId('metadata-name-input').fill('Ins');
    await page.getByRole('option', { name: 'Inspector' }).waitFor();
    await form.getByTestId('metadata-cancel').click();

    const inspector = panel().locator('[data-testid^="metadata-item-"]').filter({ hasText: 'Inspector' });
    const id = (await inspector.getAttribute('data-testid'))!.replace('metadata-item-', '');
    await panel().getByTestId(`metadata-edit-${id}`).click();
    const edit = page.getByTestId(`metadata-form-${id}`);
    expect(await edit.getByTestId('metadata-submit').isDisabled()).toBe(true);
    await edit.getByTestId('metadata-text-input').fill('Grace Hopper');
    await edit.getByTestId('metadata-submit').click();
    await expect.poll(() => text(panel().getByTestId(`metadata-item-${id}`))).toContain('Grace Hopper');

    await panel().getByTestId(`metadata-delete-${id}`).click();
    await page.getByTestId('delete-metadata-dialog-confirm').click();
    await expect.poll(() => panel().getByTestId(`metadata-item-${id}`).count()).toBe(0);
  });

  it('moves the node with the folder picker, refusing a move into its own subtree', async () => {
    await panel().getByTestId('node-details-edit').click();
    const dialog = page.getByTestId('edit-node-dialog');
    await dialog.getByText('Edit node').waitFor();
    expect(await dialog.getByTestId('edit-node-folder').locator('input').inputValue()).toBe('Top level');
    await pickNode('edit-node-folder', 'Span', ids.span);
    await settle();
    await screenshot(page, 'details-09-edit-dialog');
    await dialog.getByTestId('edit-node-submit').click();
    await dialog.getByText('A node cannot be moved into itself or one of its descendants').waitFor();

    await pickNode('edit-node-folder', 'Arch', ids.archive);
    await dialog.getByTestId('edit-node-submit').click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => text(panel().getByTestId('node-details-parent'))).toBe('in Archive');
    const moved = await page.request.get(`${server.url}/api/nodes/${ids.deck}`, {
      headers: { 'x-organization': org },
    });
    expect(((await moved.json()) as { parentId: string }).parentId).toBe(ids.archive);
  });

  it('fits a narrow panel', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/hub/${ids.archive}?org=${org}&details=${ids.deck}`);
    await panel().getByTestId('metadata-tab').waitFor();
    const width = await panel().evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(390);
    const overflow = await panel().evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'details-10-narrow-metadata');
    await panel().getByTestId('node-details-tab-comments').click();
    await panel().getByTestId('comments-list').waitFor();
    await screenshot(page, 'details-11-narrow-comments');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('theme-mode-switch').click();
    await panel().getByTestId('node-details-tab-images').click();
    await panel().getByTestId('images-grid').waitFor();
    await settle();
    await screenshot(page, 'details-12-dark-images');
    await page.getByTestId('theme-mode-switch').click();
  });

  it('deletes the node after confirmation', async () => {
    await page.goto(`${server.url}/hub/${ids.archive}?org=${org}&details=${ids.deck}`);
    await panel().getByTestId('node-details-delete').click();
    const dialog = page.getByTestId('delete-node-dialog');
    await dialog.getByText('Bridge deck A1').waitFor();
    await page.getByTestId('delete-node-dialog-cancel').click();
    await expect.poll(() => dialog.count()).toBe(0);
    await panel().getByTestId('node-details-delete').click();
    await page.getByTestId('delete-node-dialog-confirm').click();
    await expect.poll(() => panel().count()).toBe(0);
    await expect.poll(() => row(ids.deck).count()).toBe(0);
    const gone = await page.request.get(`${server.url}/api/nodes/${ids.deck}`, {
      headers: { 'x-organization': org },
    });
    expect(gone.status()).toBe(404);
  });
});
