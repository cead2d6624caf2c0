import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestPdf } from '../apps/api/src/test/pdf-builder.js';
import { type BrowserSession, createFolderByApi, openBrowser, screenshot, signUpWithOrganization } from './support/browser.js';
import { importZip, syntheticLineDzt, triggerAnalysis, zipFiles } from './support/scans.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
const org = 'tower-survey';
let buildingId = '';

async function shot(name: string): Promise<void> {
  await page.waitForTimeout(600);
  await screenshot(page, name);
}

/** A plan drawing: a white sheet with grey walls and a blue room, `width` × `height` pixels. */
async function planPng(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#fff"/>
    <rect x="20" y="20" width="${width - 40}" height="${height - 40}" fill="none" stroke="#555" stroke-width="8"/>
    <line x1="${width / 2}" y1="20" x2="${width / 2}" y2="${height - 20}" stroke="#555" stroke-width="6"/>
    <rect x="40" y="40" width="${width / 2 - 60}" height="${height / 3}" fill="#cfe3ff"/>
    <text x="60" y="${height / 3 - 10}" font-size="28" font-family="sans-serif">Room 0.01</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The floors' orders top to bottom, with their labels. */
async function floorCards(): Promise<string[]> {
  return page.getByTestId('floor-card').evaluateAll((cards) =>
    cards.map((c) => `${c.getAttribute('data-floor-order')}:${c.querySelector('[data-testid="floor-label"]')?.textContent}`),
  );
}

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.url);
  page = browser.page;
  await signUpWithOrganization(page, server.url, {
    firstName: 'Lena',
    lastName: 'Keller',
    email: `lena-${Date.now()}@example.com`,
    password: 'rebar-cover-2026',
    organization: 'Tower survey',
    slug: org,
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('creates a building with a location from the New menu and lands on its page', async () => {
  await page.getByTestId('hub-new-button').click();
  await page.getByTestId('hub-new-building').click();
  const save = page.getByTestId('new-building-submit');
  expect(await save.isDisabled()).toBe(true);
  const name = page.getByTestId('new-building-name');
  await name.fill('x');
  await name.fill('');
  await page.getByText('Name is required').waitFor();
  expect(await save.isDisabled()).toBe(true);
  await name.fill('Tower A');
  await page.getByTestId('new-building-latitude').fill('47.3769');
  await page.getByTestId('new-building-longitude').fill('200');
  await page.getByText('Property longitude cannot be higher than 180').waitFor();
  expect(await save.isDisabled()).toBe(true);
  await page.getByTestId('new-building-longitude').fill('8.5417');
  await shot('buildings-01-new-building');
  await save.click();
  // /hub/{id} sends a building to its own page.
  await page.waitForURL(/\/buildings\/[0-9a-f-]{36}/);
  buildingId = /buildings\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  await page.getByTestId('building-name').getByText('Tower A').waitFor();
  await page.getByTestId('building-overview').waitFor();
  expect(await page.getByTestId('building-coordinates').textContent()).toBe('47.37690° N, 8.54170° E');
  await page.getByText('No floors yet').waitFor();
});

it('adds three floors and moves them past the ground floor both ways', async () => {
  const addFloor = async (name: string, order?: string) => {
    await page.getByTestId('new-floor-button').click();
    if (name) await page.getByTestId('floor-name').fill(name);
    if (order !== undefined) await page.getByTestId('floor-order').fill(order);
    await page.getByTestId('floor-submit').click();
    await page.getByTestId('floor-dialog').waitFor({ state: 'detached' });
  };
  await addFloor('', '-1');
  // The next ones default to the highest order plus 1.
  await page.getByTestId('new-floor-button').click();
  expect(await page.getByTestId('floor-order').inputValue()).toBe('0');
  await page.getByTestId('floor-name').fill('Lobby');
  await page.getByTestId('floor-submit').click();
  await page.getByTestId('floor-dialog').waitFor({ state: 'detached' });
  await addFloor('Office level');
  await expect.poll(floorCards).toEqual(['1:Office level', '0:Lobby', '-1:U1']);
  // The top floor cannot go up, the lowest cannot go down.
  const card = (order: number) => page.locator(`[data-testid="floor-card"][data-floor-order="${order}"]`);
  expect(await card(1).getByTestId('floor-move-up').isDisabled()).toBe(true);
  expect(await card(-1).getByTestId('floor-move-down').isDisabled()).toBe(true);
  await shot('buildings-02-floors');

  // Up from 0: to 1, swapping with the office level.
  await card(0).getByTestId('floor-move-up').click();
  await expect.poll(floorCards).toEqual(['1:Lobby', '0:Office level', '-1:U1']);
  // Up from U1 skips 0: −1 → 1 (the lobby takes −1).
  await card(-1).getByTestId('floor-move-up').click();
  await expect.poll(floorCards).toEqual(['1:1', '0:Office level', '-1:Lobby']);
  // Down from 1 skips 0: 1 → −1.
  await card(1).getByTestId('floor-move-down').click();
  await expect.poll(floorCards).toEqual(['1:Lobby', '0:Office level', '-1:U1']);
  // Edit: a blank name is stored as none, and the order labels the floor.
  await card(0).getByTestId('floor-menu').click();
  await page.getByTestId('floor-edit').click();
  await page.getByTestId('floor-name').fill('');
  await page.getByTestId('floor-submit').click();
  await expect.poll(floorCards).toEqual(['1:Lobby', '0:Ground floor', '-1:U1']);
});

it('adds a plan from an image and two from a two-page PDF, rotates one and deletes one', async () => {
  // The ground floor holds the plans.
  await page.locator('[data-testid="floor-card"][data-floor-order="0"] button').first().click();
  await page.getByText('No floor plans found').waitFor();
  await page.getByTestId('new-floor-plan-button').click();
  const save = page.getByTestId('floor-plan-submit');
  expect(await save.isDisabled()).toBe(true);
  await page.getByTestId('floor-plan-name-input').fill('x');
  await page.getByTestId('floor-plan-name-input').fill('');
  await page.getByText('Name is required').waitFor();
  await page.getByTestId('floor-plan-file-input').setInputFiles({ name: 'ground.png', mimeType: 'image/png', buffer: await planPng(900, 600) });
  expect(await page.getByTestId('floor-plan-name-input').inputValue()).toBe('ground');
  await page.getByTestId('floor-plan-name-input').fill('Ground floor plan');
  await shot('buildings-03-new-floor-plan');
  await save.click();
  await page.getByTestId('new-floor-plan-dialog').waitFor({ state: 'detached' });
  await page.getByTestId('floor-plan-card').first().waitFor();
  await page.waitForFunction(() => (document.querySelector('[data-testid="floor-plan-image"]') as HTMLImageElement | null)?.naturalWidth === 900);

  const pdf = buildTestPdf([
    { widthPt: 842, heightPt: 595, rgb: [0.2, 0.5, 0.9] },
    { widthPt: 595, heightPt: 842, rgb: [0.9, 0.4, 0.1] },
  ]);
  await page.getByTestId('new-floor-plan-button').click();
  await page.getByTestId('floor-plan-file-input').setInputFiles({ name: 'Drawings.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) });
  await page.getByText('Each page of the PDF becomes a floor plan.').waitFor();
  await page.getByTestId('floor-plan-submit').click();
  await page.getByTestId('new-floor-plan-dialog').waitFor({ state: 'detached', timeout: 30_000 });
  await expect.poll(() => page.getByTestId('floor-plan-name').allTextContents()).toEqual(['Ground floor plan', 'Drawings – page 1', 'Drawings – page 2']);
  // The PDF pages were drawn on the server: landscape, then portrait, at 150 dpi.
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid="floor-plan-image"]')).every((img) => img.complete && img.naturalWidth > 0),
  );
  const sizes = await page.getByTestId('floor-plan-image').evaluateAll((imgs) => imgs.map((i) => `${(i as HTMLImageElement).naturalWidth}x${(i as HTMLImageElement).naturalHeight}`));
  expect(sizes).toEqual(['900x600', '1754x1240', '1240x1754']);
  expect(await page.locator('[data-testid="floor-card"][data-floor-order="0"]').textContent()).toContain('3 plans');

  // Rotate the image plan twice: kept after a reload.
  const first = page.getByTestId('floor-plan-card').first();
  await first.getByTestId('floor-plan-rotate').click();
  await expect.poll(() => first.getAttribute('data-rotation')).toBe('90');
  await first.getByTestId('floor-plan-rotate').click();
  await expect.poll(() => first.getAttribute('data-rotation')).toBe('180');
  await page.reload();
  await expect.poll(() => page.getByTestId('floor-plan-card').first().getAttribute('data-rotation')).toBe('180');
  expect(new URL(page.url()).searchParams.get('floorId')).toBeTruthy();
  await shot('buildings-04-building-page');

  // Delete the second PDF page, with the spec's question.
  await page.getByTestId('floor-plan-card').nth(2).getByTestId('floor-plan-delete').click();
  await page.getByText('Are you sure you want to delete this floor plan?').waitFor();
  await page.getByTestId('delete-floor-plan-dialog-confirm').click();
  await expect.poll(() => page.getByTestId('floor-plan-card').count()).toBe(2);

  // /floor-plans/{id} opens the building on the plan's floor.
  const planId = await page.getByTestId('floor-plan-card').first().getAttribute('data-plan-id');
  const floorId = new URL(page.url()).searchParams.get('floorId');
  await page.goto(`${server.url}/floor-plans/${planId}?org=${org}`);
  await page.waitForURL((url) => url.pathname === `/buildings/${buildingId}` && url.searchParams.get('floorId') === floorId);
  await page.getByTestId('floor-plan-card').first().waitFor();
});

it('uploads files into a folder by drag and drop and from the New menu, refuses other kinds, and downloads one', async () => {
  const folderId = await createFolderByApi(page, server.url, org, 'Site documents');
  await page.goto(`${server.url}/hub/${folderId}?org=${org}`);
  await page.getByText('This folder is empty').waitFor();

  // Drop a CSV of cover readings onto the listing.
  const readings = 'bar,cover_mm\n1,32\n2,35\n';
  const zone = page.getByTestId('hub-drop-zone');
  const dropped = await page.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'cover-readings.csv', { type: 'text/csv' }));
    return transfer;
  }, readings);
  await zone.dispatchEvent('dragenter', { dataTransfer: dropped });
  await page.getByText('Drop files to upload them here').waitFor();
  await shot('files-01-drop-overlay');
  await zone.dispatchEvent('drop', { dataTransfer: dropped });
  await page.getByTestId('upload-files-done').waitFor();
  await page.getByRole('gridcell', { name: /cover-readings\.csv/ }).first().waitFor();

  // Upload files from the New menu: an IFC model becomes an IFC file; an .exe is refused with the spec's message.
  await page.getByTestId('hub-new-button').click();
  await page.getByTestId('hub-upload-files').waitFor();
  await page.keyboard.press('Escape');
  const input = page.getByTestId('upload-files-input');
  await input.setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await page.getByText('File extension exe is not supported').waitFor();
  await input.setInputFiles({ name: 'Structure.ifc', mimeType: 'application/x-step', buffer: Buffer.from('ISO-10303-21;\nEND-ISO-10303-21;\n') });
  await page.getByRole('gridcell', { name: /Structure\.ifc/ }).first().waitFor();
  await shot('files-02-folder-with-files');

  // /hub/{id} of a file opens its page: name, download, details.
  const q = encodeURIComponent(JSON.stringify({ filter: { parentId: folderId } }));
  const listing = await (await page.request.get(`${server.url}/api/nodes/query?q=${q}`, { headers: { 'x-organization': org } })).json();
  const csv = listing.nodes.find((n: { name: string }) => n.name === 'cover-readings.csv');
  const ifc = listing.nodes.find((n: { name: string }) => n.name === 'Structure.ifc');
  expect(ifc.type).toBe('IFC_FILE');
  await page.goto(`${server.url}/hub/${csv.nodeId}?org=${org}`);
  await page.waitForURL((url) => url.pathname === `/files/${csv.nodeId}`);
  expect(await page.getByTestId('file-name').textContent()).toBe('cover-readings.csv');
  await page.getByTestId('node-details-panel').waitFor();
  await shot('files-03-file-page');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('file-download').click()]);
  expect(download.suggestedFilename()).toBe('cover-readings.csv');
  const { readFile } = await import('node:fs/promises');
  expect(await readFile((await download.path())!, 'utf8')).toBe(readings);
});

it('pins an imported scan and a 3D model on a plan; hover shows the rebars, a rotation keeps the spot, a pin opens its node', async () => {
  const imported = await importZip(page, server.url, org, 'line.zip', zipFiles({ 'L001.dzt': syntheticLineDzt() }));
  const scanId = imported.gprScans[0]!.node.nodeId;
  await triggerAnalysis(page, org, 'LINE_SCAN_REBAR_2', { gprScanNodeId: scanId });
  const model = await page.request.post(`${server.url}/api/3d-models`, { headers: { 'x-organization': org }, data: { name: 'Lobby scan room' } });
  const modelId = (await model.json()).nodeId as string;

  await page.goto(`${server.url}/buildings/${buildingId}?org=${org}`);
  await page.locator('[data-testid="floor-card"][data-floor-order="0"] button').first().click();
  const card = page.getByTestId('floor-plan-card').first();
  await card.waitFor();
  expect(await card.getAttribute('data-rotation')).toBe('180');
  const place = async (search: string, nodeId: string, u: number, v: number) => {
    await card.getByTestId('floor-plan-add-pin').click();
    const input = page.getByTestId('add-pin-search').locator('input');
    await input.click();
    await input.fill(search);
    await page.getByTestId(`add-pin-search-option-${nodeId}`).click();
    await page.getByTestId('add-pin-next').click();
    await card.getByTestId('floor-plan-banner').waitFor();
    // The dialog's backdrop covers the page until its fade-out ends: a click before that lands on it.
    await page.getByTestId('add-pin-dialog').waitFor({ state: 'detached' });
    const box = (await card.getByTestId('floor-plan-picture').boundingBox())!;
    await page.mouse.click(box.x + u * box.width, box.y + v * box.height);
    await card.locator(`[data-testid="plan-pin"][data-node-id="${nodeId}"]`).waitFor();
  };
  // The plan is turned 180°: a click at the top left of the picture is the image's bottom right.
  await place('L001', scanId, 0.25, 0.25);
  await place('Lobby', modelId, 0.7, 0.6);
  const scanPin = card.locator(`[data-testid="plan-pin"][data-node-id="${scanId}"]`);
  expect(Number(await scanPin.getAttribute('data-x'))).toBeCloseTo(0.75, 1);
  expect(Number(await scanPin.getAttribute('data-y'))).toBeCloseTo(0.75, 1);

  // Hover: the scan's rebars once its analysis has finished.
  await expect
    .poll(
      async () => {
        await page.reload();
        await page.getByTestId('floor-plan-card').first().locator(`[data-testid="plan-pin"][data-node-id="${scanId}"]`).hover();
        return (await page.getByTestId('pin-rebars').textContent({ timeout: 5000 })) ?? '';
      },
      { timeout: 90_000, interval: 2000 },
    )
    .toMatch(/^[1-9]\d* rebars · cover min \d+(\.\d)? \/ avg \d+(\.\d)? \/ max \d+(\.\d)? mm$/);
  await shot('buildings-05-pin-hover');

  // Rotating keeps the stored spot; on screen the pin turns with the plan (top left → top right at 270°).
  const before = (await scanPin.boundingBox())!;
  await page.getByTestId('floor-plan-card').first().getByTestId('floor-plan-rotate').click();
  await expect.poll(() => page.getByTestId('floor-plan-card').first().getAttribute('data-rotation')).toBe('270');
  await page.waitForTimeout(400);
  const after = (await scanPin.boundingBox())!;
  const picture = (await page.getByTestId('floor-plan-card').first().getByTestId('floor-plan-picture').boundingBox())!;
  expect(before.x).toBeLessThan(picture.x + picture.width / 2);
  expect(after.x).toBeGreaterThan(picture.x + picture.width / 2);
  expect(Number(await scanPin.getAttribute('data-x'))).toBeCloseTo(0.75, 1);
  await shot('buildings-06-pins-rotated');

  // Right-click removes a pin, after the app's own confirmation (no browser confirm box): Cancel keeps it.
  const nativeDialogs: string[] = [];
  page.on('dialog', (dialog) => {
    nativeDialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const planCard = page.getByTestId('floor-plan-card').first();
  const modelPin = planCard.locator(`[data-testid="plan-pin"][data-node-id="${modelId}"]`);
  await modelPin.click({ button: 'right' });
  const removeDialog = page.getByTestId('remove-pin-dialog');
  await removeDialog.waitFor();
  expect(await removeDialog.textContent()).toContain('Remove the pin of Lobby scan room from Ground floor plan? Only the pin goes: Lobby scan room itself is kept.');
  await shot('buildings-07-remove-pin-confirm');
  await page.getByTestId('remove-pin-dialog-cancel').click();
  await removeDialog.waitFor({ state: 'detached' });
  expect(await modelPin.count()).toBe(1);
  await modelPin.click({ button: 'right' });
  await page.getByTestId('remove-pin-dialog-confirm').click();
  await removeDialog.waitFor({ state: 'detached' });
  await expect.poll(() => modelPin.count()).toBe(0);
  await page.reload();
  await planCard.locator(`[data-testid="plan-pin"][data-node-id="${scanId}"]`).waitFor();
  expect(await modelPin.count()).toBe(0);
  expect(nativeDialogs).toEqual([]);

  // A pin opens its node.
  await scanPin.click();
  await page.waitForURL((url) => url.pathname === `/gpr-scans/${scanId}`);
});
